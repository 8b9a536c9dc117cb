package sim

import (
	"context"
	"flag"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// writeCGP, when set, writes the benchmark's positions as CGP lines to that file, so that
// another engine can be timed on the same positions.
var writeCGP = flag.String("sim.cgp", "", "write the benchmark positions to this file, one CGP a line")

// benchIters is the iterations a position is simulated per benchmark round (and in the warm-up
// round): two values' difference in instructions (callgrind) is the cost of the iterations.
var benchIters = flag.Int("sim.iters", 50, "iterations per position and round")

// leavesFile, when set, is a KLV2 leave table the benchmark uses instead of the built-in
// model (to time it as another engine that reads one).
var leavesFile = flag.String("sim.leaves", "", "a KLV2 leave table for the benchmark (default: the built-in model)")

// benchSim simulates 10 candidates 2 plies deep on midgame positions (8 turns played, as
// macondo's simulation benchmark), one worker, no stopping rule, and reports iterations (every
// candidate simulated once) per second of wall and CPU time.
func benchSim(b *testing.B, lex *lexicon.Lexicon) {
	ps := positions(b, lex, 10, 8)
	if *writeCGP != "" {
		var sb strings.Builder
		for _, p := range ps {
			sb.WriteString(p.CGP() + "\n")
		}
		if err := os.WriteFile(*writeCGP, []byte(sb.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	iters := *benchIters
	var leaves equity.Leaves = equity.NewDefault(lex.Tiles)
	if *leavesFile != "" {
		k, err := equity.ReadKLVFile(*leavesFile)
		if err != nil {
			b.Fatal(err)
		}
		leaves = k
	}
	sims := make([]*Simulator, len(ps))
	cands := make([][]engine.Move, len(ps))
	for i, p := range ps {
		cands[i] = candidatesWith(lex, p, 10, leaves)
		s, err := New(Config{Lexicon: lex, Leaves: leaves, Workers: 1, MaxIterations: iters, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		sims[i] = s
		s.Run(context.Background(), p, cands[i]) // warm up: the generators' slices grow
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	iterations := 0
	for n := 0; n < b.N; n++ {
		for i, p := range ps {
			res, err := sims[i].Run(context.Background(), p, cands[i])
			if err != nil {
				b.Fatal(err)
			}
			iterations += res.Iterations
		}
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(iterations)/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(iterations)/cpu.Seconds(), "iterations/cpu-s")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkSimFILE2017(b *testing.B) { benchSim(b, testlex.FILE2017(b)) }
func BenchmarkSimDefault(b *testing.B)  { benchSim(b, testlex.Default(b)) }

// cpuTime is the process's user+system CPU time: steadier than wall time on a shared machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
