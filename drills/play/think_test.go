package play

import (
	"context"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// smallBudget keeps level 5's tests quick: a few candidates, few iterations.
var smallBudget = SimBudget{Candidates: 4, Iterations: 32, Plies: 2}

// endgameGame plays level 4 against itself until the bag is empty and the player to move holds
// at most maxRack tiles, the opponent at most as many: an endgame small enough to solve
// exactly at once. nil when no seed below 60 gives one.
func endgameGame(t *testing.T, lex *lexicon.Lexicon, maxRack int) *game.Game {
	t.Helper()
	l4, err := NewBot(BotConfig{Lexicon: lex, Level: 4})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 60; seed++ {
		g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, seed)
		for !g.Over() {
			if g.Bag.Len() == 0 && len(g.Racks[g.Turn].Tiles()) <= maxRack && len(g.Racks[1-g.Turn].Tiles()) <= maxRack {
				return g
			}
			m, _ := l4.Choose(context.Background(), g)
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return nil
}

// TestLevel5PlaysTheExactEndgame: with the bag empty level 5 plays a play of the best value the
// solver proves (solved again here, the bot's play alone and every play).
func TestLevel5PlaysTheExactEndgame(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	g := endgameGame(t, lex, 4)
	if g == nil {
		t.Fatal("no small endgame found")
	}
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 5, Workers: 1, Sim: smallBudget})
	if err != nil {
		t.Fatal(err)
	}
	m, err := bot.Choose(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if th := bot.Last(); th.How != ByEndgame || !th.Exact || th.Capped {
		t.Fatalf("chosen %+v, want an exact endgame", th)
	}
	s, err := endgame.New(endgame.Config{Lexicon: lex, Threads: 1, TableBytes: endgame.MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	pos := g.Position()
	best, err := s.Solve(context.Background(), pos, endgame.Options{})
	if err != nil || !best.Proven {
		t.Fatalf("solve: %v (proven %v)", err, best != nil && best.Proven)
	}
	mine, err := s.Solve(context.Background(), pos, endgame.Options{Only: []engine.Move{m}})
	if err != nil {
		t.Fatal(err)
	}
	ts := lex.Tiles
	if mine.Value != best.Value {
		t.Errorf("level 5 played %s worth %d; the best, %s, is worth %d", engine.FormatMove(&m, pos.Board, ts), mine.Value,
			engine.FormatMove(&best.Best.Move, pos.Board, ts), best.Value)
	}
	// A static player's choice there is no better, and the bot does not play worse than it.
	l4, _ := NewBot(BotConfig{Lexicon: lex, Level: 4})
	sm, _ := l4.Choose(context.Background(), g)
	static, err := s.Solve(context.Background(), pos, endgame.Options{Only: []engine.Move{sm}})
	if err != nil || static.Value > best.Value {
		t.Errorf("level 4's play is worth %d, more than the best %d (%v)", static.Value, best.Value, err)
	}
}

// TestLevel5Reproducible: two games of level 5 against level 4 from the same seed are the same
// move for move, whatever the number of goroutines level 5 thinks with, and no turn reached the
// time cap (which would be reported).
func TestLevel5Reproducible(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	play := func(workers int) ([]string, map[How]int) {
		b5, err := NewBot(BotConfig{Lexicon: lex, Level: 5, Workers: workers, Sim: smallBudget, Think: time.Minute, Seed: 11})
		if err != nil {
			t.Fatal(err)
		}
		b4, _ := NewBot(BotConfig{Lexicon: lex, Level: 4})
		g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, 5)
		var moves []string
		hows := map[How]int{}
		for !g.Over() {
			bot := b4
			if g.Turn == 0 {
				bot = b5
			}
			m, err := bot.Choose(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if bot == b5 {
				th := b5.Last()
				if th.Capped {
					t.Errorf("turn %d reached the cap: %+v", g.Turns, th)
				}
				hows[th.How]++
			}
			moves = append(moves, engine.FormatMove(&m, g.Board, lex.Tiles))
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
		}
		return moves, hows
	}
	a, hows := play(1)
	b, _ := play(2)
	if hows[BySim] == 0 {
		t.Errorf("level 5 never simulated: %v", hows)
	}
	if len(a) != len(b) {
		t.Fatalf("%d turns, then %d", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("turn %d: %s, then %s", i+1, a[i], b[i])
		}
	}
}

// TestLevel5Cap: a turn that reaches the time cap still plays (the best found so far) and says
// it was capped.
func TestLevel5Cap(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	g := midgames(t, lex, 1, 6)[0]
	bot, err := NewBot(BotConfig{Lexicon: lex, Level: 5, Workers: 1, Think: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	m, err := bot.Choose(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if th := bot.Last(); th.How != BySim || !th.Capped {
		t.Errorf("%+v: want a capped simulation", th)
	}
	if err := g.Apply(&m); err != nil {
		t.Errorf("the capped turn's move: %v", err)
	}
}

// TestLevel5SolvesThePreEndgame: with one tile in the bag level 5 chooses by the pre-endgame
// solver, and its play wins at least as often (by the solver, every tile the bag may hold) as
// level 4's static choice.
func TestLevel5SolvesThePreEndgame(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	l4, err := NewBot(BotConfig{Lexicon: lex, Level: 4})
	if err != nil {
		t.Fatal(err)
	}
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	for seed := uint64(1); seed < 40; seed++ {
		g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, seed)
		for !g.Over() && g.Bag.Len() > 8 {
			m, _ := l4.Choose(context.Background(), g)
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() || g.Bag.Len() < 2 {
			continue
		}
		// A play of as many tiles as leaves one in the bag.
		gen.SetBoard(g.Board)
		var pre *engine.Move
		for _, m := range gen.Generate(g.Rack(), movegen.Options{By: movegen.ByScore, Sort: true}) {
			if int(m.Placed) == g.Bag.Len()-1 {
				pre = &m
				break
			}
		}
		if pre == nil {
			continue
		}
		if err := g.Apply(pre); err != nil {
			t.Fatal(err)
		}
		if g.Bag.Len() != 1 || len(g.Rack()) != engine.RackSize {
			continue
		}
		bot, err := NewBot(BotConfig{Lexicon: lex, Level: 5, Workers: 1, Sim: smallBudget, Think: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		m, err := bot.Choose(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if th := bot.Last(); th.How != ByPeg || th.Capped || th.Iterations == 0 {
			t.Fatalf("seed %d: %+v, want the pre-endgame solver", seed, th)
		}
		sm, _ := l4.Choose(context.Background(), g)
		only := []engine.Move{m}
		if sm.Kind == engine.Play {
			only = append(only, sm)
		}
		r, err := endgame.PreEndgame(context.Background(), endgame.Config{Lexicon: lex, Threads: 1, TableBytes: endgame.MinTableBytes},
			g.Position(), endgame.PegOptions{Only: only, Plies: pegPlies})
		if err != nil || !r.Complete {
			t.Fatalf("peg: %v", err)
		}
		if best := r.Plays[0]; engine.FormatMove(&best.Move, g.Board, lex.Tiles) != engine.FormatMove(&m, g.Board, lex.Tiles) &&
			best.Win > r.Plays[len(r.Plays)-1].Win {
			t.Errorf("seed %d: level 5 played %s; %s wins more often", seed, engine.FormatMove(&m, g.Board, lex.Tiles),
				engine.FormatMove(&best.Move, g.Board, lex.Tiles))
		}
		if err := g.Apply(&m); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
		return
	}
	t.Fatal("no position with one tile in the bag found")
}
