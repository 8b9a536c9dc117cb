package endgame

import (
	"testing"

	"github.com/atril-scrabble/atril/engine/game"
)

// The solver's end rules are the rule set's: FILE's by default (art. 44), six scoreless
// turns by that name or its aliases, and no rule set of another name.
func TestRulesNamed(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]Rules{"": FILERules, "file": FILERules, "woogles": GameRules(game.SixScoreless)} {
		if got, err := RulesNamed(name); err != nil || got != want {
			t.Errorf("RulesNamed(%q) = %+v, %v; want %+v", name, got, err, want)
		}
	}
	if six := GameRules(game.SixScoreless); six.ScorelessTurns != game.SixScoreless.ScorelessTurns || six.ConsecutivePasses != game.SixScoreless.ConsecutivePasses || six == FILERules {
		t.Errorf("six scoreless turns: %+v", six)
	}
	if _, err := RulesNamed("tournament"); err == nil {
		t.Error("an unknown rule set read")
	}
}
