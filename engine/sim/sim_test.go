package sim

import (
	"context"
	"math"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// positions plays seeded equity-player games and keeps, for each, the position after turns
// turns (the side to move's rack known, the other hidden): the positions the benchmarks and
// tests simulate.
func positions(tb testing.TB, lex *lexicon.Lexicon, n, turns int) []*engine.Position {
	tb.Helper()
	ts := lex.Tiles
	layout := engine.StandardLayout()
	gen := movegen.New(lex.Graph, ts, layout)
	leaves := equity.NewDefault(ts)
	var out []*engine.Position
	for i := 0; len(out) < n; i++ {
		if i > 10*n {
			tb.Fatalf("only %d positions from %d games", len(out), i)
		}
		g := game.New(ts, layout, game.FILERules, game.GameSeed(4242, i))
		gen.SetBoard(g.Board)
		for !g.Over() && g.Turns < turns {
			opts := movegen.Options{Top: 1, By: movegen.ByEquity, Leaves: leaves, Pass: true, Exchanges: min(7, g.Bag.Len())}
			ms := gen.Generate(g.Rack(), opts)
			m := engine.Move{Kind: engine.Pass}
			if len(ms) > 0 {
				m = ms[0]
			}
			if err := g.Apply(&m); err != nil {
				tb.Fatal(err)
			}
			gen.Play(&m)
		}
		if g.Over() || g.Bag.Len() < 7 {
			continue
		}
		p := g.Position()
		p.Racks[1] = nil
		out = append(out, p)
	}
	return out
}

// candidates are the position's top n plays by static equity, exchanges included.
func candidates(lex *lexicon.Lexicon, p *engine.Position, n int) []engine.Move {
	return candidatesWith(lex, p, n, equity.NewDefault(lex.Tiles))
}

func candidatesWith(lex *lexicon.Lexicon, p *engine.Position, n int, leaves equity.Leaves) []engine.Move {
	gen := movegen.New(lex.Graph, lex.Tiles, p.Board.Layout)
	gen.SetBoard(p.Board)
	ms := gen.Generate(p.Racks[0], movegen.Options{Top: n, By: movegen.ByEquity, Leaves: leaves,
		Exchanges: min(7, p.BagCount()), Pass: true})
	return append([]engine.Move(nil), ms...)
}

// TestSameForAnyWorkers: a run's figures depend on the seed only, not on how many workers
// share the iterations (stopping rule included).
func TestSameForAnyWorkers(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	p := positions(t, lex, 1, 6)[0]
	cands := candidates(lex, p, 5)
	var first *Result
	for _, workers := range []int{1, 2, 3} {
		s, err := New(Config{Lexicon: lex, Workers: workers, MaxIterations: 96, MinIterations: 32, StopZ: 2, Batch: 8, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(context.Background(), p, cands)
		if err != nil {
			t.Fatal(err)
		}
		if res.Iterations == 0 || res.Samples == 0 {
			t.Fatalf("workers %d: nothing simulated: %+v", workers, res)
		}
		if first == nil {
			first = res
			continue
		}
		if res.Iterations != first.Iterations || res.Samples != first.Samples || len(res.Candidates) != len(first.Candidates) {
			t.Fatalf("workers %d: %d iterations, %d samples; 1 worker: %d, %d", workers, res.Iterations, res.Samples, first.Iterations, first.Samples)
		}
		for i := range res.Candidates {
			a, b := res.Candidates[i], first.Candidates[i]
			if a.Equity != b.Equity || a.Win != b.Win || a.Iterations != b.Iterations || a.Dropped != b.Dropped ||
				movegen.Compare(&a.Move, &b.Move, movegen.ByEquity) != 0 {
				t.Errorf("workers %d, candidate %d: %+v; with 1 worker %+v", workers, i, a, b)
			}
		}
	}
	// Another seed draws other racks.
	s, _ := New(Config{Lexicon: lex, Workers: 1, MaxIterations: 96, Seed: 12})
	res, _ := s.Run(context.Background(), p, cands)
	if res.Candidates[0].Equity == first.Candidates[0].Equity && res.Candidates[1].Equity == first.Candidates[1].Equity {
		t.Errorf("seeds 11 and 12 gave the same figures: %+v", res.Candidates[:2])
	}
}

// TestEndgameExact: with at most seven unseen tiles the opponent's rack is known and the bag
// empty, so a 2-ply simulation has one outcome, which is worked out here with the generator.
func TestEndgameExact(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	layout := engine.StandardLayout()
	gen := movegen.New(lex.Graph, ts, layout)
	leaves := equity.NewDefault(ts)
	checked := 0
	for i := 0; checked < 5 && i < 200; i++ {
		g := game.New(ts, layout, game.FILERules, game.GameSeed(77, i))
		gen.SetBoard(g.Board)
		for !g.Over() && !(g.Bag.Len() == 0 && g.Racks[0].Len() == 7 && g.Racks[1].Len() > 0 && g.Turn == 0) {
			ms := gen.Generate(g.Rack(), movegen.Options{Top: 1, By: movegen.ByEquity, Leaves: leaves, Pass: true, BagEmpty: g.Bag.Len() == 0, Exchanges: min(7, g.Bag.Len())})
			m := engine.Move{Kind: engine.Pass}
			if len(ms) > 0 {
				m = ms[0]
			}
			g.Apply(&m)
			gen.Play(&m)
		}
		if g.Over() {
			continue
		}
		p := g.Position()
		oppRack := append([]lexicon.Tile(nil), p.Racks[1]...)
		p.Racks[1] = nil
		cand := candidates(lex, p, 1)[0]
		if cand.Kind != engine.Play || int(cand.Placed) == len(p.Racks[0]) {
			continue // a play that goes out ends the game at once: covered below
		}
		// By hand: the opponent's best, then ours, under the endgame leave rule.
		b := p.Board.Clone()
		b.Apply(&cand)
		hg := movegen.New(lex.Graph, ts, layout)
		hg.SetBoard(b)
		mine, _ := leaveOf(p.Racks[0], &cand)
		endOpts := movegen.Options{Top: 1, By: movegen.ByEquity, BagEmpty: true, Pass: true}
		oppMove := engine.Move{Kind: engine.Pass}
		if ms := hg.Generate(oppRack, endOpts); len(ms) > 0 {
			oppMove = ms[0]
		}
		want := float64(cand.Score - oppMove.Score)
		oppLeave, _ := leaveOf(oppRack, &oppMove)
		var ourLeave []lexicon.Tile
		over := false
		if oppMove.Kind == engine.Play && len(oppLeave) == 0 {
			want -= 2 * float64(points(ts, mine))
			over = true
		} else {
			hg.Play(&oppMove)
			ourMove := engine.Move{Kind: engine.Pass}
			if ms := hg.Generate(mine, endOpts); len(ms) > 0 {
				ourMove = ms[0]
			}
			want += float64(ourMove.Score)
			ourLeave, _ = leaveOf(mine, &ourMove)
			if ourMove.Kind == engine.Play && len(ourLeave) == 0 {
				want += 2 * float64(points(ts, oppLeave))
				over = true
			} else {
				want += equity.EndgameLeave(ts, ourLeave) - equity.EndgameLeave(ts, oppLeave)
			}
		}
		s, err := New(Config{Lexicon: lex, Workers: 1, MaxIterations: 20})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(context.Background(), p, []engine.Move{cand})
		if err != nil {
			t.Fatal(err)
		}
		c := res.Candidates[0]
		if math.Abs(c.Equity.Mean-want) > 1e-9 || c.Equity.StdErr != 0 {
			t.Errorf("game %d: simulated %.3f ± %.3f, worked out %.3f (over: %v)", i, c.Equity.Mean, c.Equity.StdErr, want, over)
		}
		final := float64(p.Scores[0]-p.Scores[1]) + want
		if over && ((final > 0) != (c.Win.Mean == 1) || (final < 0) != (c.Win.Mean == 0)) {
			t.Errorf("game %d: game over at spread %.0f, win %.2f", i, final, c.Win.Mean)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d endgame positions checked", checked)
	}
}

func points(ts *lexicon.TileSet, tiles []lexicon.Tile) int {
	n := 0
	for _, t := range tiles {
		n += ts.Points(t)
	}
	return n
}

// TestPassLoses: passing with a full rack in the midgame is clearly worse than the best play;
// the stopping rule drops it and ends the run early.
func TestPassLoses(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	for _, p := range positions(t, lex, 3, 4) {
		best := candidates(lex, p, 1)[0]
		if best.Kind != engine.Play || best.Score < 15 {
			continue
		}
		pass := engine.Move{Kind: engine.Pass}
		s, err := New(Config{Lexicon: lex, MaxIterations: 2000, StopZ: 3, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Run(context.Background(), p, []engine.Move{pass, best})
		if err != nil {
			t.Fatal(err)
		}
		w := res.Winner()
		if w.Move.Kind != engine.Play || !res.Stopped || res.Iterations >= 2000 || !res.Candidates[1].Dropped {
			t.Errorf("winner %v, stopped %v after %d iterations, %+v", w.Move.Kind, res.Stopped, res.Iterations, res.Candidates)
		}
		if w.Equity.Mean <= res.Candidates[1].Equity.Mean || w.Win.Mean <= res.Candidates[1].Win.Mean {
			t.Errorf("the play (%.1f, %.3f) is not above the pass (%.1f, %.3f)", w.Equity.Mean, w.Win.Mean, res.Candidates[1].Equity.Mean, res.Candidates[1].Win.Mean)
		}
		return
	}
	t.Fatal("no position with a play of 15+ points")
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	if _, err := New(Config{Lexicon: lex, Plies: MaxPlies + 1}); err == nil {
		t.Error("plies above the maximum accepted")
	}
	if _, err := New(Config{Lexicon: lex, MaxIterations: -1}); err == nil {
		t.Error("negative iterations accepted")
	}
	p := positions(t, lex, 1, 4)[0]
	s, _ := New(Config{Lexicon: lex, MaxIterations: 10})
	if _, err := s.Run(context.Background(), p, nil); err == nil {
		t.Error("no candidates accepted")
	}
	m := candidates(lex, p, 1)[0]
	other := *p
	other.Racks[0] = []lexicon.Tile{lexicon.Blank}
	if _, err := s.Run(context.Background(), &other, []engine.Move{m}); err == nil {
		t.Error("a candidate using tiles not on the rack accepted")
	}
}

// TestWinModel re-measures the win model's two figures on self-play games: the spread's
// standard deviation per root unseen tile and the advantage of being on turn.
func TestWinModel(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("self-play")
	}
	lex := testlex.Default(t)
	ts := lex.Tiles
	layout := engine.StandardLayout()
	gen := movegen.New(lex.Graph, ts, layout)
	leaves := equity.NewDefault(ts)
	var n, sum, sumSq float64
	for i := 0; i < 400; i++ {
		g := game.New(ts, layout, game.FILERules, game.GameSeed(123, i))
		gen.SetBoard(g.Board)
		type rec struct {
			mover, unseen int
			spread        float64
		}
		var recs []rec
		for !g.Over() {
			me := g.Turn
			recs = append(recs, rec{me, g.Bag.Len() + g.Racks[1-me].Len(), float64(g.Scores[me] - g.Scores[1-me])})
			ms := gen.Generate(g.Rack(), movegen.Options{Top: 1, By: movegen.ByEquity, Leaves: leaves, Pass: true, BagEmpty: g.Bag.Len() == 0, Exchanges: min(7, g.Bag.Len())})
			m := engine.Move{Kind: engine.Pass}
			if len(ms) > 0 {
				m = ms[0]
			}
			g.Apply(&m)
			gen.Play(&m)
		}
		for _, r := range recs {
			if r.unseen < 20 {
				continue
			}
			d := float64(g.Scores[r.mover]-g.Scores[1-r.mover]) - r.spread
			n++
			sum += d
			sumSq += d * d / float64(r.unseen)
		}
	}
	mean := sum / n
	sdPerRoot := math.Sqrt(sumSq / n) // d's small mean adds about 2% here
	if math.Abs(mean-turnAdvantage) > 8 {
		t.Errorf("advantage of the side on turn: measured %.1f, the model uses %.1f", mean, turnAdvantage)
	}
	if math.Abs(sdPerRoot-spreadSDPerRootTile) > 2 {
		t.Errorf("spread sd per root unseen tile: measured %.2f, the model uses %.2f", sdPerRoot, spreadSDPerRootTile)
	}
	// And the model is a probability that moves the right way.
	if !(WinChance(50, 40, false) > WinChance(0, 40, false) && WinChance(0, 40, true) > 0.5 && WinChance(0, 40, false) < 0.5 &&
		WinChance(-1, 0, true) == 0 && WinChance(30, 10, false) > WinChance(30, 80, false)) {
		t.Error("WinChance is not monotone in spread or does not shrink with more tiles to come")
	}
}

// TestNoAllocationsPerIteration: a run allocates for its setup only; more iterations allocate
// nothing more.
func TestNoAllocationsPerIteration(t *testing.T) {
	lex := testlex.Default(t)
	p := positions(t, lex, 1, 6)[0]
	cands := candidates(lex, p, 5)
	allocs := func(iters int) float64 {
		s, _ := New(Config{Lexicon: lex, Workers: 1, MaxIterations: iters, Batch: 16})
		s.Run(context.Background(), p, cands) // the generators' slices grow
		return testing.AllocsPerRun(3, func() { s.Run(context.Background(), p, cands) })
	}
	// An allocation an iteration would add 48 from 16 to 64 iterations; a few either way are
	// the run's fixed costs (goroutines, a pool refilled after a GC), which vary by one or two.
	if a, b := allocs(16), allocs(64); math.Abs(b-a) > 4 {
		t.Errorf("16 iterations allocate %.0f times, 64 iterations %.0f", a, b)
	}
}
