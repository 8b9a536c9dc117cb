package endgame

import (
	"context"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// SelfPlayTableBytes is each self-play or simulation worker's table: its solves are reset
// before each move, so a small table does.
const SelfPlayTableBytes = 32 << 20

// PlayerMaker makes the exact endgame players of self-play and simulation workers
// (game.SelfPlayConfig.Endgame) under a rule set's end rules: each call gives a new *Player
// with its own solver (one thread, its table reset before each solve so that games depend on
// their seeds alone), solving plies deep (0: to the end of the game).
func PlayerMaker(lex *lexicon.Lexicon, rules game.Rules, plies int) func() game.EndgamePlayer {
	cfg := Config{Lexicon: lex, Rules: GameRules(rules), Threads: 1, TableBytes: SelfPlayTableBytes}
	return func() game.EndgamePlayer {
		s, err := New(cfg)
		if err != nil {
			panic(err) // New fails only without a lexicon
		}
		return &Player{Solver: s, Plies: plies}
	}
}

// Judged is a simulation's candidates judged exactly: by the endgame solver when the bag is
// empty (Endgame), by the pre-endgame solver when it holds one tile (Peg).
type Judged struct {
	Endgame *Result
	Peg     *PegResult
}

// JudgeCandidates judges cands exactly instead of by sampling when the bag holds at most one
// tile (bag); ok is false, and nothing is done, when it holds more. With one tile in the bag
// only the candidates that place tiles are judged (an error when there are none).
func JudgeCandidates(ctx context.Context, lex *lexicon.Lexicon, threads, plies int, pos *engine.Position, bag int, cands []engine.Move) (j Judged, ok bool, err error) {
	if bag > 1 {
		return j, false, nil
	}
	cfg := Config{Lexicon: lex, Threads: threads}
	if bag == 1 {
		var plays []engine.Move
		for _, m := range cands {
			if m.Kind == engine.Play {
				plays = append(plays, m)
			}
		}
		if len(plays) == 0 {
			return j, true, i18n.E("sim.no_candidates")
		}
		j.Peg, err = PreEndgame(ctx, cfg, pos, PegOptions{Only: plays, Plies: plies})
		return j, true, err
	}
	s, err := New(cfg)
	if err != nil {
		return j, true, err
	}
	j.Endgame, err = s.Solve(ctx, pos, Options{Plies: plies, Rank: len(cands), Only: cands})
	return j, true, err
}
