package movegen

import (
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// midgamePositions plays seeded games with the generator taking the top-scoring play and keeps
// the positions of turns 6 to 12: a fixed, deterministic set for the benchmarks.
func midgamePositions(tb testing.TB, graph *lexicon.KWG, ts *lexicon.TileSet, layout *engine.Layout, games int) []position {
	g := New(graph, ts, layout)
	var out []position
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playout(g, ts, layout, seed, 13, pickTop, func(turn int, p position) {
			if turn >= 6 && len(p.rack) > 0 {
				out = append(out, p)
			}
		})
	}
	if len(out) == 0 {
		tb.Fatal("no midgame positions")
	}
	return out
}

// benchGenerate generates on every position per iteration and reports µs per position and
// plays per second; generators are loaded beforehand so only generation is timed.
//
// Each position has its own generator, asked about the same rack every pass (so it keeps its
// rack's tables, as MAGPIE keeps its per-rack caches when its driver runs the same positions).
// On a shared machine compare CPU time, one core, several runs: for instance
//
//	taskset -c 1 go test ./engine/movegen -run XXX -bench FILE2017 -cpu 1 -count 10 | tee new.txt
//	benchstat old.txt new.txt   # medians and spread (golang.org/x/perf/cmd/benchstat)
//
// or count instructions, which do not depend on the load:
//
//	valgrind --tool=callgrind --toggle-collect='*movegen.benchPass' ./movegen.test -test.run XXX \
//	    -test.bench TopEquityFILE2017 -test.benchtime 10x
//
// TestWriteBenchData writes the positions and the leave table for other engines' drivers.
func benchGenerate(b *testing.B, graph *lexicon.KWG, opts Options) {
	benchGenerateReuse(b, graph, opts, true)
}

// benchGenerateReuse is benchGenerate; with reuse false each generation forgets the rack's
// tables first, as when a generator meets a new rack every turn (self-play, simulation).
func benchGenerateReuse(b *testing.B, graph *lexicon.KWG, opts Options, reuse bool) {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	ps := midgamePositions(b, graph, ts, layout, benchGames)
	gens := make([]*Generator, len(ps))
	for i, p := range ps {
		gens[i] = New(graph, ts, layout).load(p.board)
	}
	// Warm up so the move slices have grown to size and (top-N, from a generator's second call)
	// the bingo alphagram set is built.
	for range 2 {
		for i, p := range ps {
			gens[i].Generate(p.rack, opts)
		}
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	plays := 0
	for i := 0; i < b.N; i++ {
		if reuse {
			plays += benchPass(gens, ps, opts)
		} else {
			plays += benchPassFresh(gens, ps, opts)
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	positions := float64(b.N) * float64(len(ps))
	sec := b.Elapsed().Seconds()
	b.ReportMetric(sec*1e6/positions, "µs/position")
	b.ReportMetric(cpu.Seconds()*1e6/positions, "cpu-µs/position")
	if opts.Top == 0 {
		// Plays per second compare all-moves generators; a top-N run finds one play a position.
		b.ReportMetric(float64(plays)/sec, "plays/s")
		b.ReportMetric(float64(plays)/cpu.Seconds(), "plays/cpu-s")
		b.ReportMetric(float64(plays)/positions, "plays/position")
	} else {
		b.ReportMetric(positions/sec, "positions/s")
	}
	b.ReportMetric(0, "ns/op")
}

func BenchmarkAllMovesFILE2017(b *testing.B) { benchGenerate(b, file2017(b), Options{}) }
func BenchmarkTopPlayFILE2017(b *testing.B)  { benchGenerate(b, file2017(b), Options{Top: 1}) }
func BenchmarkTopEquityFILE2017(b *testing.B) {
	klv, _ := benchLeaves(b)
	benchGenerate(b, file2017(b), topEquity(klv))
}

// topEquity is how self-play asks for a move: the top play by equity, exchanges and the pass
// included (as MAGPIE's and macondo's drivers do).
func topEquity(l equity.Leaves) Options {
	return Options{Top: 1, By: ByEquity, Leaves: l, Exchanges: engine.RackSize, Pass: true}
}

// benchPass generates once on every position and counts the moves. It is the only code a
// profile needs to look at (valgrind --tool=callgrind --toggle-collect='*movegen.benchPass').
//
//go:noinline
func benchPass(gens []*Generator, ps []position, opts Options) int {
	plays := 0
	for j, p := range ps {
		plays += len(gens[j].Generate(p.rack, opts))
	}
	return plays
}

// benchPassFresh is benchPass with every generator's rack tables forgotten first.
//
//go:noinline
func benchPassFresh(gens []*Generator, ps []position, opts Options) int {
	plays := 0
	for j, p := range ps {
		gens[j].lastRack = rackKey{}
		plays += len(gens[j].Generate(p.rack, opts))
	}
	return plays
}

// cpuTime is the process's user+system CPU time: on a shared machine it is steadier than the
// wall clock, which also counts time spent waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkTopEquityNoReuseFILE2017 is BenchmarkTopEquityFILE2017 without the rack's tables
// kept from the previous pass.
func BenchmarkTopEquityNoReuseFILE2017(b *testing.B) {
	klv, _ := benchLeaves(b)
	benchGenerateReuse(b, file2017(b), topEquity(klv), false)
}

func BenchmarkAllMovesDefault(b *testing.B) { benchGenerate(b, defaultGraph(b), Options{}) }
func BenchmarkTopPlayDefault(b *testing.B)  { benchGenerate(b, defaultGraph(b), Options{Top: 1}) }
func BenchmarkTopEquityDefault(b *testing.B) {
	klv, _ := benchLeaves(b)
	benchGenerate(b, defaultGraph(b), topEquity(klv))
}

// BenchmarkReplayIncremental replays a seeded game's plays with Play (cross-sets of the
// affected squares only); BenchmarkReplaySetBoard reloads the whole board after each play.
func BenchmarkReplayIncremental(b *testing.B) { benchReplay(b, false) }
func BenchmarkReplaySetBoard(b *testing.B)    { benchReplay(b, true) }

func benchReplay(b *testing.B, full bool) {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := defaultGraph(b)
	g := New(graph, ts, layout)
	var plays []engine.Move
	var boards []*engine.Board
	playout(g, ts, layout, 1, 40, pickTop, func(turn int, p position) {
		boards = append(boards, p.board)
	})
	for i := 1; i < len(boards); i++ {
		plays = append(plays, diffMove(boards[i-1], boards[i]))
	}
	empty := engine.NewBoard(layout)
	g.SetBoard(empty)
	for i := range plays {
		g.Play(&plays[i])
	}
	if want := New(graph, ts, layout).load(boards[len(boards)-1]); g.rows != want.rows {
		b.Fatal("replayed plays do not rebuild the game's board")
	}
	b.ResetTimer()
	for b.Loop() {
		g.SetBoard(empty)
		for i := range plays {
			if full {
				g.SetBoard(boards[i+1])
			} else {
				g.Play(&plays[i])
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*len(plays)), "µs/play")
}

// diffMove is the play that turns board a into board b (its new tiles, as one line).
func diffMove(a, b *engine.Board) engine.Move {
	var m engine.Move
	first := true
	for r := 0; r < engine.Dim; r++ {
		for c := 0; c < engine.Dim; c++ {
			if a.At(r, c) == b.At(r, c) {
				continue
			}
			if first {
				m.Row, m.Col, first = int8(r), int8(c), false
			} else if int(m.Row) != r {
				m.Vertical = true
			}
		}
	}
	m.Kind = engine.Play
	r, c := int(m.Row), int(m.Col)
	for r < engine.Dim && c < engine.Dim && (b.At(r, c) != engine.Empty) {
		if a.At(r, c) == engine.Empty {
			m.Tiles[m.Len] = b.At(r, c)
		}
		m.Len++
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
	return m
}
