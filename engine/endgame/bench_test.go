package endgame

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

var (
	benchGames   = flag.Int("endgame.games", 12, "self-play games whose first endgame the FILE2017 benchmark solves")
	benchPlies   = flag.Int("endgame.plies", 0, "plies the benchmark solves to (0: to the end)")
	benchThreads = flag.Int("endgame.threads", 1, "threads of the benchmark's solver")
	benchVerbose = flag.Bool("endgame.v", false, "print each position's figures")
	benchOnly    = flag.Int("endgame.only", -1, "solve only this position of the set")
	benchSkip    = flag.String("endgame.skip", "", "positions not to solve")
	benchTime    = flag.Duration("endgame.time", 0, "time limit of each solve")
	benchNodes   = flag.Uint64("endgame.nodes", 0, "node limit of each solve (0: none)")
	benchPegDump = flag.String("endgame.pegdump", "", "write pre-endgames (one tile in the bag) of the games to this file and stop")
	benchDump    = flag.String("endgame.dump", "", "write the positions to this file, one CGP a line, and stop")
	benchAll     = flag.Bool("endgame.all", false, "every endgame of the games (the bag empty, any racks), not only the first")
	benchCGP     = flag.String("endgame.cgp", "", "solve the positions of this file (one CGP a line) instead of self-play's")
	benchTable   = flag.Int("endgame.tablemb", 0, "transposition table MiB (0: the default)")
	benchKeep    = flag.Bool("endgame.keep", false, "keep the table from one position to the next (by default each solve starts from an empty table, as a solve in its own process)")
	benchSpan    = flag.Bool("endgame.span", false, "measure each solve's span: the busiest thread's CPU time of each round of first moves, plus the rest")
)

// benchPositions are the benchmark's endgames: a file's, or seeded self-play's (the first
// endgame of each game, or with -endgame.all every position with the bag empty).
func benchPositions(b *testing.B, lex *lexicon.Lexicon) []*engine.Position {
	if *benchCGP != "" {
		data, err := os.ReadFile(*benchCGP)
		if err != nil {
			b.Fatal(err)
		}
		var ps []*engine.Position
		for n, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line == "" {
				continue
			}
			pos, err := engine.ParseCGP(line, lex.Tiles, engine.StandardLayout())
			if err != nil {
				b.Fatalf("%s:%d: %v", *benchCGP, n+1, err)
			}
			ps = append(ps, pos)
		}
		return ps
	}
	if !*benchAll {
		return firstEndgames(b, lex, *benchGames, 7)
	}
	var ps []*engine.Position
	for i := 0; i < *benchGames; i++ {
		ps = append(ps, selfPlayEndgames(b, lex, 1, game.GameSeed(7, i), 100, func(*engine.Position) bool { return true })...)
	}
	return ps
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSolveFILE2017 solves the first endgame (the bag just emptied) of seeded self-play
// games on FILE2017 (-endgame.all: every endgame of the games; -endgame.cgp: a file's), one
// after another with one solver: ns/op is one whole set, median-cpu-ms/solve the median
// position's CPU time, the figure compared with macondo's and MAGPIE's solvers (README).
// Skipped without ../shared.
func BenchmarkSolveFILE2017(b *testing.B) {
	lex := testlex.FILE2017(b)
	if *benchPegDump != "" {
		var sb strings.Builder
		for i := 0; i < *benchGames; i++ {
			for _, p := range selfPlayPositions(b, lex, game.GameSeed(7, i), func(g bagState) bool { return g.bag == 1 }) {
				p.SetOpcode("lex", "FILE2017")
				sb.WriteString(p.CGP() + "\n")
			}
		}
		if err := os.WriteFile(*benchPegDump, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Skip("positions written")
	}
	ps := benchPositions(b, lex)
	if *benchDump != "" {
		var sb strings.Builder
		for _, p := range ps {
			p.SetOpcode("lex", "FILE2017")
			sb.WriteString(p.CGP() + "\n")
		}
		if err := os.WriteFile(*benchDump, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		b.Skip("positions written")
	}
	s, err := New(Config{Lexicon: lex, Threads: *benchThreads, TableBytes: int64(*benchTable) << 20})
	if err != nil {
		b.Fatal(err)
	}
	s.measureCritical = *benchSpan
	b.ResetTimer()
	for b.Loop() {
		var nodes uint64
		var cpus []float64
		for i, pos := range ps {
			if *benchOnly >= 0 && i != *benchOnly || strings.Contains(","+*benchSkip+",", fmt.Sprintf(",%d,", i)) {
				continue
			}
			if !*benchKeep {
				s.Reset()
			}
			runtime.GC() // the garbage of loading and of the previous solve is not this solve's
			t0, c0 := time.Now(), cpuTime()
			s.critical, s.busy = 0, 0
			res, err := s.Solve(context.Background(), pos, Options{Plies: *benchPlies, Time: *benchTime, Nodes: *benchNodes, Progress: func(pr Progress) {
				if *benchVerbose {
					fmt.Printf("   depth %d value %d nodes %d %.2fs\n", pr.Depth, pr.Value, pr.Nodes, pr.Elapsed.Seconds())
				}
			}})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
			cpus = append(cpus, float64((cpuTime()-c0).Microseconds())/1000)
			if *benchVerbose && *benchSpan {
				// The span is what the solve would take on idle cores: the serial part (the
				// solve's CPU time outside the threads' rounds) and each round's busiest thread.
				fmt.Printf("   span %.3fcpu\n", (s.critical + cpuTime() - c0 - s.busy).Seconds())
			}
			if *benchVerbose {
				fmt.Printf("%2d %d/%d tiles value %4d proven %t depth %2d nodes %9d words %6d %8.3fs %8.3fcpu %s\n", i, len(pos.Racks[0]), len(pos.Racks[1]),
					res.Value, res.Proven, res.Depth, res.Nodes, res.Words, time.Since(t0).Seconds(), (cpuTime() - c0).Seconds(), pos.CGP())
			}
		}
		b.ReportMetric(float64(nodes), "nodes/op")
		// The figure compared with other solvers: the median position's CPU time (with one
		// thread, the solve's own; with more, all threads' together).
		slices.Sort(cpus)
		if n := len(cpus); n > 0 {
			b.ReportMetric((cpus[(n-1)/2]+cpus[n/2])/2, "median-cpu-ms/solve")
		}
	}
}
