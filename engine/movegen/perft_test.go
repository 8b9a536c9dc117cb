package movegen

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

var update = flag.Bool("update", false, "rewrite the perft tables in testdata/")

// Perft-style regression tables: testdata/perft-LEXICON.tsv lists positions (CGP, the first
// rack to move) with the number of plays, the number of plays with exchanges and pass, and the
// best score. The positions come from seeded games (top-score and random plays); -update
// regenerates them. Only the small test lexicon and the shipped default have tables: nothing
// derived from FILE2017 is committed.
func TestPerftTables(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for _, tc := range []struct {
		name  string
		graph func(testing.TB) *lexicon.KWG
	}{
		{"small", func(tb testing.TB) *lexicon.KWG { return smallGraph(tb, ts) }},
		{"default", defaultGraph},
	} {
		t.Run(tc.name, func(t *testing.T) {
			graph := tc.graph(t)
			path := filepath.Join("testdata", "perft-"+tc.name+".tsv")
			if *update {
				writePerft(t, path, graph, ts)
			}
			checkPerft(t, path, graph, ts)
		})
	}
}

func perftCounts(g *Generator, rack []lexicon.Tile, bag int) (plays, all, best int) {
	moves := g.Generate(rack, Options{Sort: true})
	plays = len(moves)
	if plays > 0 {
		best = int(moves[0].Score)
	}
	all = len(g.Generate(rack, Options{Exchanges: min(engine.RackSize, bag), Pass: true}))
	return
}

func writePerft(t *testing.T, path string, graph *lexicon.KWG, ts *lexicon.TileSet) {
	layout := engine.StandardLayout()
	g := New(graph, ts, layout)
	check := New(graph, ts, layout)
	var b strings.Builder
	b.WriteString("# cgp\tplays\tplays+exchanges+pass\tbest score (go test ./engine/movegen -run Perft -update)\n")
	for seed := uint64(1); seed <= 6; seed++ {
		pick := pickTop
		if seed%2 == 0 {
			pick = pickRandom
		}
		playout(g, ts, layout, seed, 16, pick, func(turn int, p position) {
			if turn%3 != 0 {
				return
			}
			pos := &engine.Position{Board: p.board, Tiles: ts, Racks: [2][]lexicon.Tile{p.rack, nil}}
			plays, all, best := perftCounts(check.load(p.board), p.rack, p.bag)
			fmt.Fprintf(&b, "%s\t%d\t%d\t%d\n", pos.CGP(), plays, all, best)
		})
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

func checkPerft(t *testing.T, path string, graph *lexicon.KWG, ts *lexicon.TileSet) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (go test ./engine/movegen -run Perft -update creates it)", err)
	}
	defer f.Close()
	layout := engine.StandardLayout()
	g := New(graph, ts, layout)
	sc := bufio.NewScanner(f)
	line, rows := 0, 0
	for sc.Scan() {
		line++
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 4 {
			t.Fatalf("%s:%d: %d fields, want 4", path, line, len(fields))
		}
		var want [3]int
		for i := range want {
			if want[i], err = strconv.Atoi(fields[i+1]); err != nil {
				t.Fatalf("%s:%d: %v", path, line, err)
			}
		}
		pos, err := engine.ParseCGP(fields[0], ts, layout)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		plays, all, best := perftCounts(g.load(pos.Board), pos.Racks[0], pos.BagCount())
		if [3]int{plays, all, best} != want {
			t.Errorf("%s:%d: %d plays, %d with exchanges and pass, best %d; table says %v", path, line, plays, all, best, want)
		}
		if n := len(bruteMoves(pos.Board, pos.Racks[0], graph, ts)); n != want[0] {
			t.Errorf("%s:%d: brute force finds %d plays, table says %d", path, line, n, want[0])
		}
		rows++
	}
	if rows < 20 {
		t.Errorf("%s: only %d positions", path, rows)
	}
}
