package endgame

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

var update = flag.Bool("update", false, "rewrite the solve tables in testdata/")

// searchTablePath lists endgames (CGP) with what one thread's solve of each finds: the value,
// whether it is proven, the depth, the nodes searched from an empty table and again with the
// table the first solve left, and the best line. Nodes count every lookup the search cut short
// or not, so a change in how the transposition table is read or written, or in the move order,
// shows here even when the values stay right.
var searchTablePath = filepath.Join("testdata", "search-default.tsv")

// TestSearchTable: on the endgames of testdata/search-default.tsv (from seeded self-play with
// the shipped lexicon), the one-thread solver finds the recorded values, best lines and node
// counts, from an empty table and again from the table its first solve left. -update rewrites
// the figures of the listed positions (or, without the file, picks the positions anew); a
// change of the figures must be one the search meant to make.
func TestSearchTable(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	var cgps []string
	if data, err := os.ReadFile(searchTablePath); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for sc.Scan() {
			if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
				cgps = append(cgps, strings.Split(line, "\t")[0])
			}
		}
	} else if !*update {
		t.Fatal(err)
	} else {
		for _, p := range selfPlayEndgames(t, lex, 40, 23, 10, func(p *engine.Position) bool {
			n := tilesOnRacks(p)
			return n >= 5 && n <= 9
		}) {
			cgps = append(cgps, p.CGP())
		}
	}
	if len(cgps) < 8 {
		t.Fatalf("%d positions in %s", len(cgps), searchTablePath)
	}
	s, err := New(Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# cgp\tvalue\tproven\tdepth\tnodes\tnodes again\tbest line (go test ./engine/endgame -run SearchTable -update)\n")
	for i, cgp := range cgps {
		pos, err := engine.ParseCGP(cgp, lex.Tiles, engine.StandardLayout())
		if err != nil {
			t.Fatalf("%s:%d: %v", searchTablePath, i+2, err)
		}
		s.Reset()
		first, err := s.Solve(context.Background(), pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		again, err := s.Solve(context.Background(), pos, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if again.Value != first.Value || again.Proven != first.Proven {
			t.Errorf("position %d %s: %d (proven %t) with the table kept, %d (proven %t) from an empty one",
				i, cgp, again.Value, again.Proven, first.Value, first.Proven)
		}
		fmt.Fprintf(&b, "%s\t%d\t%t\t%d\t%d\t%d\t%s\n", cgp, first.Value, first.Proven, first.Depth, first.Nodes, again.Nodes,
			strings.Join(LineMoves(pos, first.Best.Line, lex.Tiles), " "))
	}
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(searchTablePath, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, _ := os.ReadFile(searchTablePath)
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(b.String(), "\n")
	for i := range max(len(wantLines), len(gotLines)) {
		var w, g string
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if w != g {
			t.Errorf("%s:%d:\n got  %s\n want %s", searchTablePath, i+1, g, w)
		}
	}
}
