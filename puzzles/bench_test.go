package puzzles

import (
	"context"
	"runtime"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// benchGenerate makes puzzles from self-play games on every core (the store's commits
// included) and reports puzzles per second and, with the simulation check, simulation
// iterations per second.
func benchGenerate(b *testing.B, games int, verify bool) {
	lex := testlex.Default(b)
	puzzles, iterations := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st := openStore(b)
		plan, err := NewPlan(GenOptions{SelfPlay: games, Seed: uint64(i + 1), Verify: verify}, nil, lex, equity.Table{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		sum, err := (&Generator{Store: st}).Run(context.Background(), plan, 0, 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		puzzles += len(sum.Stored)
		iterations += sum.SimIterations
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(puzzles)/sec, "puzzles/s")
	if verify {
		b.ReportMetric(float64(iterations)/sec, "sim-iterations/s")
	}
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "cores")
	b.ReportMetric(0, "ns/op")
}

func BenchmarkGenerate(b *testing.B)    { benchGenerate(b, 20, false) }
func BenchmarkGenerateSim(b *testing.B) { benchGenerate(b, 2, true) }
