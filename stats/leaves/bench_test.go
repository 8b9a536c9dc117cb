package leaves

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// BenchmarkSelfPlay compares, on one core and the embedded default lexicon, plain self-play
// (engine/game's Player, as `atril selfplay` plays) with learning self-play (the same games with
// every turn recorded), both with the hand-set model's values as a KLV2 table, as generation 0
// plays them; plain self-play with the hand-set model itself is there for reference. The
// learning run's fit, once a generation, is not included (about a second per 100,000 games).
//
//	go test -run '^$' -bench SelfPlay -count 5 -cpu 1 ./stats/leaves
func BenchmarkSelfPlay(b *testing.B) {
	lex := testlex.Default(b)
	ts := lex.Tiles
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		b.Fatal(err)
	}
	racks, err := equity.NewLeaveSet(ts, engine.RackSize)
	if err != nil {
		b.Fatal(err)
	}
	table, err := klvOf(set, Materialize(set, equity.NewDefault(ts)))
	if err != nil {
		b.Fatal(err)
	}
	cfg := func(l equity.Leaves) game.SelfPlayConfig {
		return game.SelfPlayConfig{Lexicon: lex, Rules: game.FILERules, Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Leaves: l, Seed: 1}
	}
	l := &learner{opts: LearnOptions{MinBag: 1}, set: set, racks: racks}
	l.st.tot = newTotals(racks.Len(), set.Len())
	for _, c := range []struct {
		name string
		p    *game.Player
	}{
		{"plain-handset", game.NewPlayer(cfg(equity.NewDefault(ts)))},
		{"plain-klv", game.NewPlayer(cfg(table))},
		{"learning-klv", l.newRecorder(cfg(table)).p},
	} {
		b.Run(c.name, func(b *testing.B) {
			if _, err := c.p.PlayGame(0); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 1; b.Loop(); i++ {
				if _, err := c.p.PlayGame(i); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
