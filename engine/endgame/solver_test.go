package endgame

import (
	"context"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
)

func tilesOnRacks(p *engine.Position) int { return len(p.Racks[0]) + len(p.Racks[1]) }

// TestAgainstBruteForce: on small endgames from self-play with the shipped lexicon, the solver's
// proven value equals plain minimax on the whole lexicon under FILE's rules (four passes, twelve
// scoreless turns, counted exactly), its best play is worth that value, and its line adds up to
// it; with one thread and two, with the pruned lexicon and the whole one.
func TestAgainstBruteForce(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 60, 11, 40, func(p *engine.Position) bool {
		return tilesOnRacks(p) <= 5 && len(p.Racks[0]) >= 1
	})
	if len(ps) < 30 {
		t.Fatalf("only %d small endgames", len(ps))
	}
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	for i, pos := range ps {
		gen.SetBoard(pos.Board)
		b := &brute{gen: gen, ts: lex.Tiles, rules: FILERules}
		want := b.value(pos.Racks[0], pos.Racks[1], pos.ScorelessTurns, pos.ScorelessTurns, -1<<30, 1<<30)
		for _, cfg := range []Config{
			{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes},
			{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes, FullLexicon: true},
		} {
			res := solve(t, cfg, pos, Options{})
			if !res.Proven || res.Value != want {
				t.Fatalf("position %d %s (threads %d): value %d (proven %t), minimax %d", i, pos.CGP(), cfg.Threads, res.Value, res.Proven, want)
			}
			if got := lineValue(lex.Tiles, pos, res.Best.Line); got != want || res.Best.Line.End == NotEnded {
				t.Fatalf("position %d %s: the line adds up to %d (end %d), value %d", i, pos.CGP(), got, res.Best.Line.End, want)
			}
		}
	}
}

// TestThreadsSameValues: on endgames of six to eight tiles from self-play with the shipped
// lexicon, two threads (first moves shared, split points, helpers) prove the same values as
// one, and their best play is worth that value; split points were opened.
func TestThreadsSameValues(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 40, 5, 6, func(p *engine.Position) bool {
		n := tilesOnRacks(p)
		return n >= 6 && n <= 8
	})
	if len(ps) < 6 {
		t.Fatalf("only %d endgames", len(ps))
	}
	one, err := New(Config{Lexicon: lex, Threads: 1, TableBytes: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	two, err := New(Config{Lexicon: lex, Threads: 2, TableBytes: 16 << 20})
	if err != nil {
		t.Fatal(err)
	}
	proven := 0
	for i, pos := range ps {
		r1, err1 := one.Solve(context.Background(), pos, Options{Time: 5 * time.Second})
		r2, err2 := two.Solve(context.Background(), pos, Options{Time: 5 * time.Second})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !r1.Proven || !r2.Proven {
			continue // too long for a test: compared only when both are proven
		}
		proven++
		if r1.Value != r2.Value {
			t.Fatalf("position %d %s: one thread %d, two threads %d", i, pos.CGP(), r1.Value, r2.Value)
		}
		if got := lineValue(lex.Tiles, pos, r2.Best.Line); got != r2.Value {
			t.Fatalf("position %d %s: two threads' line adds up to %d, value %d", i, pos.CGP(), got, r2.Value)
		}
	}
	if two.splits.Load() == 0 || proven < 4 {
		t.Errorf("%d split points opened, %d of %d endgames proven", two.splits.Load(), proven, len(ps))
	}
}
