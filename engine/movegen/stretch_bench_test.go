package movegen

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// The benchmarks of bench_test.go ask each generator about one board again and again, so they
// time neither of the two walks over a line's stretches (the callers of premiums and sortEffs):
// buildLine, which runs when a play changes a line, and anchorBound, the bound of a
// generator's first top-N call (before it has a word map). These two do.

// BenchmarkTopEquityGameDefault is self-play's use: one generator follows seeded games,
// generating the top play by equity before each play, so the lines each play changes are built
// again.
func BenchmarkTopEquityGameDefault(b *testing.B) {
	klv, _ := benchLeaves(b)
	opts := topEquity(klv)
	graph := defaultGraph(b)
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	type turn struct {
		rack []lexicon.Tile
		play engine.Move
	}
	var games [][]turn
	g := New(graph, ts, layout)
	for seed := uint64(1); seed <= benchGames; seed++ {
		var boards []*engine.Board
		var racks [][]lexicon.Tile
		playout(g, ts, layout, seed, 40, pickTop, func(_ int, p position) {
			boards, racks = append(boards, p.board), append(racks, p.rack)
		})
		var game []turn
		for i := 1; i < len(boards); i++ {
			game = append(game, turn{rack: racks[i-1], play: diffMove(boards[i-1], boards[i])})
		}
		games = append(games, game)
	}
	empty := engine.NewBoard(layout)
	pass := func() (positions int) {
		for _, game := range games {
			g.SetBoard(empty)
			for i := range game {
				if len(g.Generate(game[i].rack, opts)) == 0 {
					b.Fatal("no move")
				}
				g.Play(&game[i].play)
				positions++
			}
		}
		return positions
	}
	pass() // the word map and the buffers
	cpu0 := cpuTime()
	b.ResetTimer()
	positions := 0
	for b.Loop() {
		positions += pass()
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(b.Elapsed().Seconds()*1e6/float64(positions), "µs/position")
	b.ReportMetric(cpu.Seconds()*1e6/float64(positions), "cpu-µs/position")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkTopEquityFirstCallDefault is a one-off question (a generator's first top-N call,
// which walks the GADDAG best-first from anchorBound's bounds) on the midgame positions.
func BenchmarkTopEquityFirstCallDefault(b *testing.B) {
	klv, _ := benchLeaves(b)
	opts := topEquity(klv)
	graph := defaultGraph(b)
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	ps := midgamePositions(b, graph, ts, layout, benchGames)
	gens := make([]*Generator, len(ps))
	for i, p := range ps {
		gens[i] = New(graph, ts, layout).load(p.board)
	}
	pass := func() {
		for i, p := range ps {
			gens[i].wmap, gens[i].topCalls = nil, 0
			if len(gens[i].Generate(p.rack, opts)) == 0 {
				b.Fatal("no move")
			}
		}
	}
	pass()
	cpu0 := cpuTime()
	b.ResetTimer()
	for b.Loop() {
		pass()
	}
	cpu := cpuTime() - cpu0
	positions := float64(b.N) * float64(len(ps))
	b.ReportMetric(b.Elapsed().Seconds()*1e6/positions, "µs/position")
	b.ReportMetric(cpu.Seconds()*1e6/positions, "cpu-µs/position")
	b.ReportMetric(0, "ns/op")
}
