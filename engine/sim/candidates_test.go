package sim

import (
	"math"
	"strings"
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
	got, bag, err := Candidates(lex, p, leaves, 5, nil)
	if err != nil || bag != p.HiddenBag() || len(got) != len(top) {
		t.Fatalf("Candidates: %d moves, bag %d, %v; want %d moves, bag %d", len(got), bag, err, len(top), p.HiddenBag())
	}
	for i := range got {
		if got[i].Equity != top[i].Equity || got[i].Score != top[i].Score {
			t.Errorf("candidate %d: %+v, want %+v", i, got[i], top[i])
		}
	}
	// A play asked for joins the engine's; asked for twice, once.
	more, _, err := Candidates(lex, p, leaves, 5, []string{"pass", "pass"})
	if err != nil || len(more) != len(top)+1 || more[len(more)-1].Kind != engine.Pass {
		t.Errorf("with a pass asked for twice: %d moves, %v; want %d, the pass last", len(more), err, len(top)+1)
	}
	if _, _, err := Candidates(lex, p, leaves, 5, []string{"8H ZZZZ"}); err == nil || !strings.Contains(err.Error(), "8H ZZZZ") {
		t.Errorf("an illegal play: %v", err)
	}
}

func TestStopZ(t *testing.T) {
	t.Parallel()
	if StopZ(0) != 0 || math.Abs(StopZ(99)-2.5758) > 1e-3 || math.Abs(StopZ(95)-1.96) > 1e-3 {
		t.Errorf("StopZ: 0 → %v, 99 → %v, 95 → %v", StopZ(0), StopZ(99), StopZ(95))
	}
}
