package analysis

import (
	"bytes"
	"context"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// TestExactEndgameMistake: a game whose last turns hold a known endgame mistake (with the bag
// empty, a player makes the play the solver values worst, and then both play the solver's best
// to the end), written to GCG and read back, analysed with the real solver: the mistake's loss
// is exactly the final spread it gave away, proven, and the output says the turn was solved.
func TestExactEndgameMistake(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	leaves := equity.NewDefault(ts)
	gen := movegen.New(lex.Graph, ts, engine.StandardLayout())
	solver, err := endgame.New(endgame.Config{Lexicon: lex, Threads: 1, TableBytes: endgame.MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for seed := uint64(1); seed < 60; seed++ {
		g := game.New(ts, engine.StandardLayout(), game.FILERules, seed)
		g.Record = &gcg.Game{Players: [2]gcg.Player{{Nick: "uno"}, {Nick: "dos"}}}
		mistake, want := -1, 0.0
		for !g.Over() {
			small := g.Bag.Len() == 0 && len(g.Racks[0].Tiles()) <= 4 && len(g.Racks[1].Tiles()) <= 4
			var m engine.Move
			switch {
			case small && mistake < 0:
				// Every play valued exactly: the worst one is the mistake, if it is one.
				r, err := solver.Solve(ctx, g.Position(), endgame.Options{Rank: 1000})
				if err != nil || !r.Proven {
					t.Fatalf("seed %d: %v", seed, err)
				}
				worst := r.Plays[len(r.Plays)-1]
				if worst.Value == r.Value {
					m = r.Best.Move
					break
				}
				m, want = worst.Move, float64(r.Value-worst.Value)
				mistake = g.Turns + 1 // its number in the game
			case small:
				r, err := solver.Solve(ctx, g.Position(), endgame.Options{})
				if err != nil {
					t.Fatal(err)
				}
				m = r.Best.Move
			default:
				gen.SetBoard(g.Board)
				opts := movegen.Options{By: movegen.ByEquity, Top: 1, Leaves: leaves, Pass: true, BagEmpty: g.Bag.Len() == 0}
				if g.Bag.Len() > 0 {
					opts.Exchanges = min(engine.RackSize, g.Bag.Len())
				}
				m = gen.Generate(g.Rack(), opts)[0]
			}
			player := g.Turn
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
			if mistake == g.Turns {
				mistake = player<<16 | g.Turns
			}
		}
		if mistake < 0 {
			continue
		}
		player, number := mistake>>16, mistake&0xffff
		var text bytes.Buffer
		if err := g.Record.Write(&text, ts); err != nil {
			t.Fatal(err)
		}
		rec, err := gcg.Read(&text, "endgame.gcg", ts)
		if err != nil {
			t.Fatal(err)
		}
		oracle, err := endgame.New(endgame.Config{Lexicon: lex, TableBytes: endgame.MinTableBytes})
		if err != nil {
			t.Fatal(err)
		}
		an, err := New(Options{Lexicon: lex, Endgame: &endgame.Oracle{Solver: oracle}})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := an.Game(ctx, rec, player)
		if err != nil {
			t.Fatal(err)
		}
		var found *Turn
		for i := range rep.Turns {
			if rep.Turns[i].Number == number {
				found = &rep.Turns[i]
			}
		}
		if found == nil {
			t.Fatalf("seed %d: turn %d not analysed", seed, number)
		}
		if found.Method != ExactEndgame || !found.Proven || found.Loss != want || found.Loss <= 0 {
			t.Errorf("seed %d turn %d: %s by %s (proven %v) lost %v; the solver says %v", seed, number, found.PlayedText,
				found.Method, found.Proven, found.Loss, want)
		}
		js := rep.JSON(ts)
		if js.Summary.EndgameTurns == 0 {
			t.Error("JSON summary: no endgame turn")
		}
		for _, tj := range js.Turns {
			if tj.Turn == number && (tj.Method != "endgame" || !tj.Proven || tj.EquityLoss != want) {
				t.Errorf("JSON turn %+v", tj)
			}
		}
		return
	}
	t.Fatal("no game with a small endgame and a mistake in it")
}
