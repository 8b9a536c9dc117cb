package endgame

import "github.com/atril-scrabble/atril/engine/game"

// GameRules are the solver's end rules of a game's rule set.
func GameRules(r game.Rules) Rules {
	return Rules{ConsecutivePasses: r.ConsecutivePasses, ScorelessTurns: r.ScorelessTurns}
}

// RulesNamed are the end rules of the rule set called name (game.RulesByName).
func RulesNamed(name string) (Rules, error) {
	r, err := game.RulesByName(name)
	if err != nil {
		return Rules{}, err
	}
	return GameRules(r), nil
}
