package puzzles

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// exactFingerprint adds an exact puzzle's values to fingerprint.
func exactFingerprint(ps []*Puzzle) []string {
	out := fingerprint(ps)
	for i, p := range ps {
		if p.Exact != nil {
			var vs []string
			for _, e := range p.Exact.Plays {
				vs = append(vs, fmt.Sprintf("%s=%v/%t/%v", e.Move, e.Value, e.AtMost, e.Line))
			}
			out[i] += " | " + strings.Join(vs, ",")
		}
	}
	return out
}

// checkEndgamePuzzle checks a stored endgame puzzle against a solve of its own: the value,
// every answer worth it, and that it is a real puzzle (a top scorer wrong, or the static best
// losing the margin).
func checkEndgamePuzzle(t *testing.T, lex *lexicon.Lexicon, pz *Puzzle) {
	t.Helper()
	pos := pz.Position
	if pz.Kind != KindEndgame || pos.BagCount() != 0 || len(pos.Racks[1]) == 0 || len(pz.Answers) == 0 || pz.Exact == nil {
		t.Fatalf("puzzle %d: kind %s, bag %d, racks %v, %d answers", pz.ID, pz.Kind, pos.BagCount(), pos.Racks, len(pz.Answers))
	}
	s, err := endgame.New(endgame.Config{Lexicon: lex, Threads: 1, TableBytes: endgame.MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), pos, endgame.Options{Rank: 100})
	if err != nil || !res.Proven || float64(res.Value) != pz.Exact.Value {
		t.Fatalf("puzzle %d: solved again %d (proven %t), stored %v: %v", pz.ID, res.Value, res.Proven, pz.Exact.Value, err)
	}
	for _, a := range pz.Answers {
		m, err := engine.ParseMove(a.Move, pos.Board, lex.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind == engine.Play {
			m = engine.Check(pos.Board, &m, lex.Tiles, lex, pos.Racks[0]).Move
		}
		r, err := s.Solve(context.Background(), pos, endgame.Options{Only: []engine.Move{m}})
		if err != nil || r.Value != res.Value {
			t.Errorf("puzzle %d: answer %s worth %d, the best %d (%v)", pz.ID, a.Move, r.Value, res.Value, err)
		}
	}
	// Every optimal play is an answer: no play is left with a bound that reaches the optimum.
	for _, p := range res.Plays {
		if p.Bound != endgame.Exact {
			continue
		}
		pl := exactPlay(lex.Tiles, pos.Board, pos.Racks[0], &p.Move)
		if (p.Value == res.Value) != isAnswer(pz, &pl) {
			t.Errorf("puzzle %d: %s worth %d (best %d): answer %t", pz.ID, pl.Move, p.Value, res.Value, isAnswer(pz, &pl))
		}
	}
	for _, p := range pz.Exact.Plays {
		if p.AtMost && p.Value >= pz.Exact.Value {
			t.Errorf("puzzle %d: %s is worth at most %v, the optimum %v: maybe right, not an answer", pz.ID, p.Move, p.Value, pz.Exact.Value)
		}
	}
	topRight, staticLoss := false, 0.0
	for _, p := range pz.Exact.Plays {
		if p.Score == pz.Exact.TopScore && isAnswer(pz, &p.Play) {
			topRight = true
		}
		if p.Key == pz.Exact.StaticBest {
			staticLoss = pz.Exact.Value - p.Value
		}
	}
	if topRight && staticLoss < DefaultExactMargin {
		t.Errorf("puzzle %d is a formality: the top scorer is right and the static best loses %v", pz.ID, staticLoss)
	}
}

// TestEndgameSelfPlay: self-play on the shipped lexicon makes endgame puzzles whose values a
// fresh solve confirms, the same on one worker or two.
func TestEndgameSelfPlay(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	o := GenOptions{SelfPlay: 6, Seed: 11, Kinds: []Kind{KindEndgame}}
	a := generate(t, openStore(t), lex, o, nil, 1)
	b := generate(t, openStore(t), lex, o, nil, 2)
	fa, fb := exactFingerprint(a.Stored), exactFingerprint(b.Stored)
	if len(fa) < 2 || !slices.Equal(fa, fb) {
		t.Fatalf("1 worker: %d puzzles, 2 workers: %d; first differences:\n%s", len(fa), len(fb), firstDiff(fa, fb))
	}
	for _, pz := range a.Stored {
		if pz.Source != SourceSelfPlay || !strings.Contains(pz.SourceRef, "seed 11") {
			t.Errorf("puzzle %d: source %s %q", pz.ID, pz.Source, pz.SourceRef)
		}
		checkEndgamePuzzle(t, lex, pz)
	}
}

// TestEndgameResume: an endgame run interrupted and resumed makes the puzzles a run left alone
// makes.
func TestEndgameResume(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	o := GenOptions{SelfPlay: 6, Seed: 12, Kinds: []Kind{KindEndgame}}
	whole := generate(t, openStore(t), lex, o, nil, 2)
	st := openStore(t)
	plan, err := NewPlan(o, nil, lex, equity.Table{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	commits := 0
	// One worker: a commit after each game, the run stopped after the second.
	gn := &Generator{Store: st, Workers: 1, CommitEvery: time.Nanosecond, Progress: func(done, jobs, stored int) {
		if commits++; commits == 2 {
			cancel()
		}
	}}
	first, err := gn.Run(ctx, plan, 0, 0, 0)
	if err != context.Canceled || first.Finished || first.Done >= 6 {
		t.Fatalf("interrupted run: %v, %+v", err, first)
	}
	run, err := st.LastUnfinishedPuzzleRun(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	gn.Progress, gn.Workers = nil, 2
	rest, err := gn.Run(context.Background(), plan, run.ID, run.Done, run.Stored)
	if err != nil || !rest.Finished {
		t.Fatalf("resumed: %v, %+v", err, rest)
	}
	got, want := exactFingerprint(append(first.Stored, rest.Stored...)), exactFingerprint(whole.Stored)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Fatalf("interrupted and resumed: %d puzzles, straight: %d\n%s", len(got), len(want), firstDiff(got, want))
	}
}

// TestEndgameGCG: game records make endgame puzzles of their turns with an empty bag (the
// opponent's rack the unseen tiles); --player keeps only that player's turns where the move
// made was not right, with the move and what it lost.
func TestEndgameGCG(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	var in []Input
	var names []string
	for i := range 6 {
		name := fmt.Sprintf("g%d.gcg", i)
		in = append(in, Input{Name: name, Data: selfPlayGCG(t, lex, uint64(20+i))})
		names = append(names, name)
	}
	all := generate(t, openStore(t), lex, GenOptions{GCG: names, Kinds: []Kind{KindEndgame}}, in, 2)
	if len(all.Stored) == 0 {
		t.Fatal("no endgame puzzle from 6 games")
	}
	for _, pz := range all.Stored {
		if pz.Source != SourceGCG || !strings.HasPrefix(pz.SourceRef, "g") {
			t.Errorf("puzzle %d: %s %q", pz.ID, pz.Source, pz.SourceRef)
		}
		checkEndgamePuzzle(t, lex, pz)
	}
	// Player 2 plays the top scorer: their wrong endgame moves.
	mine := generate(t, openStore(t), lex, GenOptions{GCG: names, Player: "score2", Kinds: []Kind{KindEndgame}}, in, 2)
	for _, pz := range mine.Stored {
		if pz.Player != "score2" || pz.Played == nil || isAnswer(pz, pz.Played) {
			t.Errorf("puzzle %d: player %q, played %+v", pz.ID, pz.Player, pz.Played)
		}
	}
	if len(mine.Stored) > len(all.Stored) {
		t.Errorf("--player kept %d of %d", len(mine.Stored), len(all.Stored))
	}
}
