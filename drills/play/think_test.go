package play

import (
	"context"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/game"
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
