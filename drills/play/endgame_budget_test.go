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

// endgameAfter plays level 4 against itself from seed until the bag is empty, then turns more:
// nil when the game ends first.
func endgameAfter(t testing.TB, lex *lexicon.Lexicon, seed uint64, turns int) *game.Game {
	t.Helper()
	l4, err := NewBot(BotConfig{Lexicon: lex, Level: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(lex.Tiles, engine.StandardLayout(), game.FILERules, seed)
	for !g.Over() {
		if g.Bag.Len() == 0 {
			if turns == 0 {
				return g
			}
			turns--
		}
		m, _ := l4.Choose(context.Background(), g)
		if err := g.Apply(&m); err != nil {
			t.Fatal(err)
		}
	}
	return nil
}

// overrun is a depth of level 5's endgame deepening that grows more than the bot estimates.
type overrun struct {
	depth  int    // the last depth that fits
	budget uint64 // a budget by which the next depth is searched, and overruns
	best   engine.Move
	nodes  uint64 // the nodes of the solves to depth
	next   uint64 // the next depth's nodes, searched in full
}

// findOverrun replays level 5's deepening on g's position without a node bound (the same
// solver, table and solves as solveEndgame), up to about most nodes, and returns the first
// depth after which the next is estimated to fit a budget (the least that lets the deepening
// reach it) and overruns it by more than the 1024 nodes between the solver's checks; ok false
// when none does.
func findOverrun(t testing.TB, lex *lexicon.Lexicon, g *game.Game, most uint64) (overrun, bool) {
	t.Helper()
	s, err := endgame.New(endgame.Config{Lexicon: lex, Threads: 1, TableBytes: endgameTable, Rules: endgame.GameRules(g.Rules)})
	if err != nil {
		t.Fatal(err)
	}
	s.Reset()
	pos := g.Position()
	var cand overrun
	var cum, prev, budget uint64
	for d := 1; d < endgameMaxPlies && cum < most; d++ {
		r, err := s.Solve(context.Background(), pos, endgame.Options{Plies: d})
		if err != nil {
			t.Fatal(err)
		}
		if d > 1 && r.Nodes > cand.budget-cand.nodes+2048 {
			cand.next = r.Nodes
			return cand, true
		}
		if r.Proven {
			return overrun{}, false
		}
		cum += r.Nodes
		growth := uint64(4)
		if prev > 0 {
			growth = max(growth, r.Nodes/prev)
		}
		budget = max(budget, cum+r.Nodes*growth*growth)
		cand = overrun{depth: d, budget: budget, best: r.Best.Move, nodes: cum}
		prev = max(1, r.Nodes)
	}
	return overrun{}, false
}

// TestLevel5EndgameBudget: in endgames of seeded level-4 self-play where level 5's estimate
// lets it search a depth that then needs more nodes than its budget leaves (the premise is
// checked by replaying the deepening without a bound), the solver stops that depth at the
// budget: level 5 plays the last complete depth's best move, not capped, the same move with a
// safety cap of a minute or an hour, run after run.
func TestLevel5EndgameBudget(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	for _, tc := range []struct {
		seed  uint64
		turns int // turns played with the bag empty
	}{
		{seed: 24, turns: 0},
		{seed: 37, turns: 1},
		{seed: 38, turns: 0},
	} {
		g := endgameAfter(t, lex, tc.seed, tc.turns)
		if g == nil {
			t.Fatalf("seed %d: the game ends before %d endgame turns", tc.seed, tc.turns)
		}
		o, ok := findOverrun(t, lex, g, 100_000)
		if !ok {
			t.Fatalf("seed %d turn %d: no depth overruns its estimate", tc.seed, tc.turns)
		}
		want := engine.FormatMove(&o.best, g.Board, lex.Tiles)
		for run, think := range []time.Duration{time.Minute, time.Hour, time.Minute} {
			bot, err := NewBot(BotConfig{Lexicon: lex, Level: 5, Workers: 1, Sim: smallBudget, Think: think})
			if err != nil {
				t.Fatal(err)
			}
			bot.egNodes = o.budget
			m, err := bot.Choose(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			th := bot.Last()
			if th.How != ByEndgame || th.Capped || th.Exact || th.Iterations != o.depth {
				t.Errorf("seed %d turn %d, run %d (budget %d, depth %d needs %d more): %+v, want depth %d, not capped",
					tc.seed, tc.turns, run, o.budget, o.depth+1, o.next, th, o.depth)
			}
			if got := engine.FormatMove(&m, g.Board, lex.Tiles); got != want {
				t.Errorf("seed %d turn %d, run %d: played %s, depth %d's best is %s", tc.seed, tc.turns, run, got, o.depth, want)
			}
		}
	}
}
