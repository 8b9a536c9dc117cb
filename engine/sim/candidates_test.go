package sim

import (
	"math"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/testlex"
)

func TestCandidates(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	p := positions(t, lex, 1, 4)[0]
	leaves := equity.NewDefault(lex.Tiles)
	top := candidatesWith(lex, p, 5, leaves)
	got, bag := Candidates(lex, p, leaves, 5, nil)
	if bag != p.HiddenBag() || len(got) != len(top) {
		t.Fatalf("Candidates: %d moves, bag %d; want %d moves, bag %d", len(got), bag, len(top), p.HiddenBag())
	}
	for i := range got {
		if got[i].Equity != top[i].Equity || got[i].Score != top[i].Score {
			t.Errorf("candidate %d: %+v, want %+v", i, got[i], top[i])
		}
	}
	// A play asked for joins the engine's; asked for twice, once.
	pass := engine.Move{Kind: engine.Pass}
	more, _ := Candidates(lex, p, leaves, 5, []engine.Move{pass, pass})
	if len(more) != len(top)+1 || more[len(more)-1].Kind != engine.Pass {
		t.Errorf("with a pass asked for twice: %d moves; want %d, the pass last", len(more), len(top)+1)
	}
	// The engine's own best, asked for as the command line reads it (no leave, no equity), is
	// not simulated twice.
	typed := top[0]
	typed.LeaveLn, typed.Equity = 0, 0
	if again, _ := Candidates(lex, p, leaves, 5, []engine.Move{typed}); len(again) != len(top) {
		t.Errorf("the engine's best asked for again: %d moves, want %d", len(again), len(top))
	}
}

func TestStopZ(t *testing.T) {
	t.Parallel()
	if StopZ(0) != 0 || math.Abs(StopZ(99)-2.5758) > 1e-3 || math.Abs(StopZ(95)-1.96) > 1e-3 {
		t.Errorf("StopZ: 0 → %v, 99 → %v, 95 → %v", StopZ(0), StopZ(99), StopZ(95))
	}
}
