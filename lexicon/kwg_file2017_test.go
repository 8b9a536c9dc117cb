package lexicon

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex/refdata"
)

// file2017Path is the reference lexicon beside the project (shared/ above the repository,
// present in CI), "" when absent. It is used for tests and comparisons only; nothing derived
// from it is committed. (This package's tests cannot import testlex, which imports lexicon.)
var file2017Path = refdata.Path(refdata.FILE2017)

func loadFILE2017(t testing.TB) *KWG {
	t.Helper()
	g, err := ReadKWGFile(refdata.Require(t, refdata.FILE2017))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fullLexicon is a whole Spanish lexicon a test runs on, with what it knows of it.
type fullLexicon struct {
	name  string
	lex   *Lexicon
	words int // words in the graph
}

// fullLexicons are the whole lexicons the tests that need one run on: the embedded default
// always, and the reference FILE2017.kwg when it is beside the project (tests only).
func fullLexicons(t testing.TB) []fullLexicon {
	t.Helper()
	def, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	out := []fullLexicon{{"default", def, 636624}}
	if file2017Path != "" {
		out = append(out, fullLexicon{"FILE2017", &Lexicon{Name: "FILE2017", Tiles: DefaultTileSet(), Graph: loadFILE2017(t)}, 639293})
	}
	return out
}

func TestReadFullLexicons(t *testing.T) {
	t.Parallel()
	for _, fl := range fullLexicons(t) {
		g, ts := fl.lex.Graph, fl.lex.Tiles
		n := 0
		g.Walk(func([]Tile) bool { n++; return true })
		if n != fl.words {
			t.Errorf("%s has %d words, want %d", fl.name, n, fl.words)
		}
		chico, err := ts.ParseWord("CHICO")
		if err != nil {
			t.Fatal(err)
		}
		if len(chico) != 4 || !g.Contains(chico) {
			t.Errorf("%s: CHICO with the CH tile (%v) should be valid", fl.name, chico)
		}
		split, err := ts.ParseWord("[C][H]ICO")
		if err != nil {
			t.Fatal(err)
		}
		if len(split) != 5 || g.Contains(split) {
			t.Errorf("%s: CHICO with C and H tiles (%v) should not be valid", fl.name, split)
		}
	}
}
