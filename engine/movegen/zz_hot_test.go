package movegen

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

func BenchmarkTopEquityHot(b *testing.B) {
	graph := file2017(b)
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	ps := midgamePositions(b, graph, ts, layout, benchGames)
	klv, _ := benchLeaves(b)
	opts := topEquity(klv)
	gens := make([]*Generator, len(ps))
	for i, p := range ps {
		gens[i] = New(graph, ts, layout).load(p.board)
		gens[i].Generate(p.rack, opts)
		gens[i].Generate(p.rack, opts)
	}
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, p := range ps {
			for r := 0; r < 10; r++ {
				gens[j].Generate(p.rack, opts)
			}
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(cpu.Seconds()*1e6/float64(b.N*len(ps)*10), "cpu-µs/position")
}
