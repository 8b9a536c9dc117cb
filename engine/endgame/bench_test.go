package endgame

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/testlex"
)

var (
	benchGames   = flag.Int("endgame.games", 12, "self-play games whose first endgame the FILE2017 benchmark solves")
	benchPlies   = flag.Int("endgame.plies", 0, "plies the benchmark solves to (0: to the end)")
	benchThreads = flag.Int("endgame.threads", 1, "threads of the benchmark's solver")
	benchVerbose = flag.Bool("endgame.v", false, "print each position's figures")
	benchOnly    = flag.Int("endgame.only", -1, "solve only this position of the set")
	benchSkip    = flag.String("endgame.skip", "", "positions not to solve")
	benchTime    = flag.Duration("endgame.time", 0, "time limit of each solve")
	benchPegDump = flag.String("endgame.pegdump", "", "write pre-endgames (one tile in the bag) of the games to this file and stop")
	benchDump    = flag.String("endgame.dump", "", "write the positions to this file, one CGP a line, and stop")
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSolveFILE2017 solves the first endgame (the bag just emptied) of seeded self-play
// games on FILE2017, one after another with one solver: ns/op is one whole set. Skipped without
// ../shared.
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
	ps := firstEndgames(b, lex, *benchGames, 7)
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
	s, err := New(Config{Lexicon: lex, Threads: *benchThreads})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		var nodes uint64
		for i, pos := range ps {
			if *benchOnly >= 0 && i != *benchOnly || strings.Contains(","+*benchSkip+",", fmt.Sprintf(",%d,", i)) {
				continue
			}
			t0, c0 := time.Now(), cpuTime()
			res, err := s.Solve(context.Background(), pos, Options{Plies: *benchPlies, Time: *benchTime, Progress: func(pr Progress) {
				if *benchVerbose {
					fmt.Printf("   depth %d value %d nodes %d %.2fs\n", pr.Depth, pr.Value, pr.Nodes, pr.Elapsed.Seconds())
				}
			}})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
			if *benchVerbose {
				fmt.Printf("%2d %d/%d tiles value %4d proven %t depth %2d nodes %9d words %6d %8.3fs %8.3fcpu %s\n", i, len(pos.Racks[0]), len(pos.Racks[1]),
					res.Value, res.Proven, res.Depth, res.Nodes, res.Words, time.Since(t0).Seconds(), (cpuTime() - c0).Seconds(), pos.CGP())
			}
		}
		b.ReportMetric(float64(nodes), "nodes/op")
	}
}
