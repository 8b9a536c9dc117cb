package movegen

import (
	"runtime"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// A lexicon's layout and word map go with its graph: once nothing uses a graph (a lexicon
// opened for one command, a test's), the memory movegen built for it is freed too.
func TestLayoutFreedWithItsGraph(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	freed := make(chan struct{})
	func() {
		var words [][]lexicon.Tile
		for _, s := range []string{"CASA", "CASAS", "SACO", "COSA", "OCAS", "ASCO"} {
			w, err := ts.ParseWord(s)
			if err != nil {
				t.Fatal(err)
			}
			words = append(words, w)
		}
		g, err := lexicon.BuildKWG(words)
		if err != nil {
			t.Fatal(err)
		}
		gen := New(g, ts, engine.StandardLayout())
		rack, _ := ts.Parse("ACSOS", lexicon.ParseOptions{})
		for range 3 { // the second top-N generation builds the word map
			if moves := gen.Generate(rack, Options{Top: 1}); len(moves) == 0 {
				t.Fatal("no move")
			}
		}
		if again := graphFor(g); again != gen.gr {
			t.Fatal("a second generator of the graph laid it out again")
		}
		runtime.AddCleanup(g, func(ch chan struct{}) { close(ch) }, freed)
	}()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		runtime.GC()
		select {
		case <-freed:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatal("the graph was never freed: something process-wide keeps it")
}
