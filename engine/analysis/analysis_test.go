package analysis

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// A game the engine played with the same leave values loses nothing on any turn: the analysis
// finds, turn after turn, the play the player made (or one worth as much).
func TestEnginePlayLosesNothing(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	leaves := equity.NewDefault(ts)
	gen := movegen.New(lex.Graph, ts, engine.StandardLayout())
	for _, seed := range []uint64{3, 4} {
		g := game.New(ts, engine.StandardLayout(), game.FILERules, seed)
		g.Record = &gcg.Game{Players: [2]gcg.Player{{Nick: "uno"}, {Nick: "dos"}}}
		for !g.Over() {
			gen.SetBoard(g.Board)
			opts := movegen.Options{By: movegen.ByEquity, Top: 1, Leaves: leaves, Pass: true, BagEmpty: g.Bag.Len() == 0}
			if g.Bag.Len() > 0 {
				opts.Exchanges = min(engine.RackSize, g.Bag.Len())
			}
			m := gen.Generate(g.Rack(), opts)[0]
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
		}
		an, err := New(Options{Lexicon: lex, Leaves: leaves})
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < 2; p++ {
			r, err := an.Game(context.Background(), g.Record, p)
			if err != nil {
				t.Fatal(err)
			}
			turns := 0
			for _, ev := range g.Record.Events {
				if ev.Player == p && ev.Kind <= gcg.Pass {
					turns++
				}
			}
			if r.Summary.Turns != turns || len(r.Turns) != turns || r.Skipped != 0 {
				t.Fatalf("seed %d player %d: %d turns analysed (%d skipped), %d played", seed, p, r.Summary.Turns, r.Skipped, turns)
			}
			for _, tn := range r.Turns {
				if math.Abs(tn.Loss) > 1e-6 || tn.Method != Static {
					t.Errorf("seed %d turn %d: %s lost %v against %s", seed, tn.Number, tn.PlayedText, tn.Loss, tn.BestText)
				}
				if tn.WinBefore < 0 || tn.WinBefore > 1 || math.Abs(tn.WinBefore-tn.WinAfter) > 1e-9 {
					t.Errorf("turn %d: win %v before, %v after", tn.Number, tn.WinBefore, tn.WinAfter)
				}
			}
			if r.Summary.MeanLoss != 0 || len(r.Summary.Biggest) != 0 || r.Summary.Phonies != 0 {
				t.Errorf("summary %+v", r.Summary)
			}
		}
	}
}

// A small record with a pass when a bingo was there, a phony withdrawn, a valid play
// challenged: the summary counts each.
const record = `#character-encoding UTF-8
#player1 ana Ana
#player2 beto Beto
>ana: ACEINOR - +0 0
>beto: AEILNST 8G SAL +6 6
>ana: ACEINOR H7 C.N +5 5
>ana: ACEINOR -- -5 0
>beto: AEINT?? - +0 6
>ana: ACEINOR H7 C.RO +6 6
>beto: AEINT?? (challenge) +0 6
`

func TestSummaryCounts(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "ANCORIE", "SAL", "CARO", "CANOA")
	g, err := gcg.Read(strings.NewReader(record), "test.gcg", lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	an, err := New(Options{Lexicon: lex})
	if err != nil {
		t.Fatal(err)
	}
	r, err := an.Game(context.Background(), g, PlayerIndex(g, "Ana"))
	if err != nil {
		t.Fatal(err)
	}
	s := r.Summary
	if s.Turns != 3 || s.Phonies != 1 || s.ChallengesLost != 2 || s.BingosMissed != 1 || s.BingosPlayed != 0 {
		t.Fatalf("summary %+v", s)
	}
	first := r.Turns[0]
	if first.Number != 1 || !slices.Equal(first.Bingos, []string{"ANCORIE"}) || first.Best.Placed != engine.RackSize || first.Loss < 50 {
		t.Errorf("turn 1: bingos %v, best %s, loss %v", first.Bingos, first.BestText, first.Loss)
	}
	ph := r.Turns[1]
	if ph.Number != 3 || !ph.Withdrawn || !slices.Equal(ph.Phony, []string{"CAN"}) || ph.Score != 0 || ph.Value != r.Turns[0].Value {
		t.Errorf("turn 3: %+v", ph)
	}
	if r.Turns[2].Number != 5 || r.Turns[2].Score != 6 || len(r.Turns[2].Phony) != 0 {
		t.Errorf("turn 5: %+v", r.Turns[2])
	}
	if s.Biggest[0] != 0 {
		t.Errorf("biggest mistakes %v: the missed bingo is the worst", s.Biggest)
	}
	js := r.JSON(lex.Tiles)
	if len(js.Turns) != 3 || js.Turns[0].Play != "-" || len(js.Summary.BingosMissed) != 1 || js.Summary.BingosMissed[0].Words[0] != "ANCORIE" ||
		len(js.Summary.Phonies) != 1 || !js.Summary.Phonies[0].Withdrawn || js.Summary.Scores["ana"] != 6 {
		t.Errorf("json %+v", js)
	}
	if PlayerIndex(g, "nadie") != -1 || PlayerIndex(g, "BETO") != 1 {
		t.Error("PlayerIndex")
	}
}

// A play's key does not depend on how it was written: down or across for one tile, board tiles
// named or not; exchanges compare as multisets.
func TestMoveKey(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "SAL", "SALA")
	ts := lex.Tiles
	b := engine.NewBoard(engine.StandardLayout())
	sal, _ := engine.ParseMove("8G SAL", b, ts)
	v := engine.Check(b, &sal, ts, lex, nil)
	b.Apply(&v.Move)
	a1, _ := engine.ParseMove("8G ...A", b, ts)
	a2, _ := engine.ParseMove("8G (SAL)A", b, ts)
	a3, _ := engine.ParseMove("8F A...", b, ts) // A at F8, not J8
	v1 := engine.Check(b, &a1, ts, lex, nil)
	v2 := engine.Check(b, &a2, ts, lex, nil)
	if MoveKey(&v1.Move) != MoveKey(&v2.Move) || MoveKey(&v1.Move) == MoveKey(&a3) {
		t.Errorf("keys %q %q %q", MoveKey(&v1.Move), MoveKey(&v2.Move), MoveKey(&a3))
	}
	x1, _ := engine.ParseMove("-ABC", nil, ts)
	x2, _ := engine.ParseMove("-CAB", nil, ts)
	x3, _ := engine.ParseMove("-ABD", nil, ts)
	if MoveKey(&x1) != MoveKey(&x2) || MoveKey(&x1) == MoveKey(&x3) {
		t.Error("exchange keys")
	}
}

// With --sim the turns with tiles in the bag are simulated: the play made is among the
// candidates, so nothing is lost against the simulation's winner unless the winner is better,
// and win chances are the simulation's.
func TestSimulatedAnalysis(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	g := game.New(ts, engine.StandardLayout(), game.FILERules, 9)
	g.Record = &gcg.Game{Players: [2]gcg.Player{{Nick: "uno"}, {Nick: "dos"}}}
	gen := movegen.New(lex.Graph, ts, engine.StandardLayout())
	for !g.Over() {
		gen.SetBoard(g.Board)
		// A score-greedy player: its plays are often not the simulation's choice.
		m := gen.Generate(g.Rack(), movegen.Options{By: movegen.ByScore, Top: 1, Pass: true})[0]
		if err := g.Apply(&m); err != nil {
			t.Fatal(err)
		}
	}
	an, err := New(Options{Lexicon: lex, Sim: true, SimIterations: 24, SimCandidates: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var progress []int
	an.o.Progress = func(done, total int) { progress = append(progress, done) }
	r, err := an.Game(context.Background(), g.Record, 0)
	if err != nil {
		t.Fatal(err)
	}
	sims := 0
	for _, tn := range r.Turns {
		switch {
		case tn.Bag > 0:
			if tn.Method != Simulated || !tn.WinKnown || tn.Loss < -1e-9 || tn.WinBefore < tn.WinAfter-0.5 {
				t.Errorf("turn %d: %s, loss %v, win %v→%v", tn.Number, tn.Method, tn.Loss, tn.WinBefore, tn.WinAfter)
			}
			sims++
		case tn.Method != Static:
			t.Errorf("turn %d with the bag empty: %s", tn.Number, tn.Method)
		}
	}
	if sims == 0 || len(progress) != len(r.Turns) || progress[len(progress)-1] != len(r.Turns) {
		t.Errorf("%d simulated turns, progress %v", sims, progress)
	}
	if js := r.JSON(ts); js.Summary.Method != "sim" || js.Summary.WinSource != "sim" {
		t.Errorf("summary method %q, win source %q", js.Summary.Method, js.Summary.WinSource)
	}
}

// brute is an exact endgame solver for tiny endgames (both racks of at most two tiles): every
// line of play to the end of the game, FILE's rules (going out wins twice the other rack; four
// passes in a row end the game, each losing their own rack). Larger ones it refuses.
type brute struct {
	lex *lexicon.Lexicon
	gen *movegen.Generator
}

var errTooBig = errors.New("too big for brute force")

func (b *brute) Solve(ctx context.Context, pos *engine.Position) (engine.Move, int, bool, error) {
	if len(pos.Racks[0]) > 2 || len(pos.Racks[1]) > 2 || len(pos.Racks[0]) == 0 {
		return engine.Move{}, 0, false, errTooBig
	}
	m, v := b.value(pos.Board, pos.Racks[0], pos.Racks[1], 0)
	return m, v, true, nil
}

func (b *brute) rack(r []lexicon.Tile) int {
	v := 0
	for _, t := range r {
		v += b.lex.Tiles.Points(t)
	}
	return v
}

// value is the best spread the side with rack me gains from here.
func (b *brute) value(board *engine.Board, me, opp []lexicon.Tile, passes int) (engine.Move, int) {
	b.gen.SetBoard(board)
	moves := append([]engine.Move(nil), b.gen.Generate(me, movegen.Options{By: movegen.ByScore, Sort: true, Pass: true})...)
	best, bestV := engine.Move{Kind: engine.Pass}, math.MinInt
	for i := range moves {
		m := &moves[i]
		var v int
		if m.Kind == engine.Pass {
			if passes+1 >= 4 {
				v = b.rack(opp) - b.rack(me)
			} else {
				_, o := b.value(board, opp, me, passes+1)
				v = -o
			}
		} else {
			left, _ := LeaveAfter(me, m)
			if len(left) == 0 {
				v = int(m.Score) + 2*b.rack(opp)
			} else {
				after := board.Clone()
				after.Apply(m)
				_, o := b.value(after, opp, left, 0)
				v = int(m.Score) - o
			}
		}
		if v > bestV {
			best, bestV = *m, v
		}
	}
	return best, bestV
}

// With an endgame solver the turns played with the bag empty are valued exactly (where it can
// solve them; the others keep their static values), and what the play made lost is the
// solver's difference.
func TestEndgameTurns(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	solver := &brute{lex: lex, gen: movegen.New(lex.Graph, ts, engine.StandardLayout())}
	gen := movegen.New(lex.Graph, ts, engine.StandardLayout())
	exact := 0
	for seed := uint64(1); seed < 40 && exact < 2; seed++ {
		g := game.New(ts, engine.StandardLayout(), game.FILERules, seed)
		g.Record = &gcg.Game{Players: [2]gcg.Player{{Nick: "uno"}, {Nick: "dos"}}}
		for !g.Over() {
			gen.SetBoard(g.Board)
			// Score-greedy, one tile at a time near the end: racks run down slowly.
			moves := gen.Generate(g.Rack(), movegen.Options{By: movegen.ByScore, Sort: true, Pass: true})
			m := moves[0]
			if g.Bag.Len() == 0 {
				for i := range moves {
					if moves[i].Kind == engine.Play && moves[i].Placed == 1 {
						m = moves[i]
						break
					}
				}
			}
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
		}
		an, err := New(Options{Lexicon: lex, Endgame: solver})
		if err != nil {
			t.Fatal(err)
		}
		for p := 0; p < 2; p++ {
			r, err := an.Game(context.Background(), g.Record, p)
			if err != nil {
				t.Fatal(err)
			}
			for _, tn := range r.Turns {
				if tn.Method != ExactEndgame {
					continue
				}
				exact++
				if tn.Bag != 0 || tn.Loss < 0 || !tn.WinKnown || !tn.Proven || tn.WinBefore < tn.WinAfter {
					t.Errorf("seed %d turn %d: %+v", seed, tn.Number, tn)
				}
				pos, err := g.Record.Replay(ts, engine.StandardLayout(), tn.Event)
				if err != nil {
					t.Fatal(err)
				}
				hidden := *pos
				hidden.Racks[1] = nil
				_, v, _, err := solver.Solve(context.Background(), &engine.Position{Board: pos.Board, Tiles: ts,
					Racks: [2][]lexicon.Tile{tn.Rack, hidden.UnseenTiles()}})
				if err != nil || float64(v) != tn.BestValue {
					t.Errorf("seed %d turn %d: best %v, the solver says %d (%v)", seed, tn.Number, tn.BestValue, v, err)
				}
			}
		}
	}
	if exact == 0 {
		t.Fatal("no endgame turn small enough was found")
	}
}
