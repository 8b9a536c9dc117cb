package sim

import (
	"math"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Candidates are the plays a simulation of pos weighs for the player to move (pos.Racks[0]),
// who does not see the opponent's rack: the engine's best n by static equity with leaves
// (passes and exchanges included, as movegen.SideToMove allows them), then each of plays
// (engine notation: "8H CASA", "exch AEI", "pass") that is not among them already. bag is the
// bag the player to move sees (Position.HiddenBag). A play that does not parse or is not
// legal is an error naming it: bad input.
func Candidates(lex *lexicon.Lexicon, pos *engine.Position, leaves equity.Leaves, n int, plays []string) (cands []engine.Move, bag int, err error) {
	ts := lex.Tiles
	bag = pos.HiddenBag()
	gen := movegen.New(lex.Graph, ts, pos.Board.Layout)
	gen.SetBoard(pos.Board)
	mo := movegen.SideToMove(bag, leaves)
	mo.Top = n
	cands = append([]engine.Move(nil), gen.Generate(pos.Racks[0], mo)...)
	for _, s := range plays {
		m, err := engine.ParseMove(s, pos.Board, ts)
		if err != nil {
			return nil, bag, i18n.Wrap(err, "sim.bad_play", "Play", s)
		}
		if m.Kind == engine.Play {
			v := engine.Check(pos.Board, &m, ts, lex, pos.Racks[0])
			if !v.Legal {
				return nil, bag, i18n.E("sim.illegal_play", "Play", s, "Why", v.Problems[0].Reason)
			}
			m = v.Move
		}
		dup := false
		for i := range cands {
			dup = dup || movegen.Compare(&cands[i], &m, movegen.ByScore) == 0
		}
		if !dup {
			cands = append(cands, m)
		}
	}
	return cands, bag, nil
}

// StopZ is the stopping rule's z for a confidence given in percent (99: a candidate is dropped
// once it is behind the best by 2.58 standard errors); 0, no stopping rule, for 0.
func StopZ(percent float64) float64 {
	if percent <= 0 {
		return 0
	}
	return math.Sqrt2 * math.Erfinv(percent/100)
}
