package endgame

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
)

func BenchmarkGenerateEndgame(b *testing.B) {
	lex := testlex.FILE2017(b)
	ps := firstEndgames(b, lex, 12, 7)
	type pg struct {
		gen *movegen.Generator
		pos *engine.Position
	}
	var gs []pg
	for _, pos := range ps {
		racks, _ := endgameRacks(pos)
		k, _, _ := pruneGraph(lex.Graph, pos.Board, racks)
		g := movegen.New(k, lex.Tiles, engine.StandardLayout())
		g.SetBoard(pos.Board)
		gs = append(gs, pg{g, pos})
	}
	for _, o := range []struct {
		name string
		opts movegen.Options
	}{{"all", movegen.Options{}}, {"top1", movegen.Options{Top: 1, By: movegen.ByEquity, BagEmpty: true}}, {"top4", movegen.Options{Top: 4, By: movegen.ByEquity, BagEmpty: true}}} {
		b.Run(o.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, g := range gs {
					n += len(g.gen.Generate(g.pos.Racks[0], o.opts))
					n += len(g.gen.Generate(g.pos.Racks[1], o.opts))
				}
			}
			b.ReportMetric(float64(n)/float64(b.N), "moves/op")
		})
	}
}
