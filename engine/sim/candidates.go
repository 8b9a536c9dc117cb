package sim

import (
	"math"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
)

// Candidates are the plays a simulation of pos weighs for the player to move (pos.Racks[0]),
// who does not see the opponent's rack: the engine's best n by static equity with leaves
// (passes and exchanges included, as movegen.SideToMove allows them), then each of asked (plays
// the player named, checked legal) that is not among them already. bag is the bag the player
// to move sees (Position.HiddenBag).
func Candidates(lex *lexicon.Lexicon, pos *engine.Position, leaves equity.Leaves, n int, asked []engine.Move) (cands []engine.Move, bag int) {
	bag = pos.HiddenBag()
	gen := movegen.New(lex.Graph, lex.Tiles, pos.Board.Layout)
	gen.SetBoard(pos.Board)
	mo := movegen.SideToMove(bag, leaves)
	mo.Top = n
	cands = append([]engine.Move(nil), gen.Generate(pos.Racks[0], mo)...)
	for _, m := range asked {
		dup := false
		for i := range cands {
			dup = dup || movegen.Compare(&cands[i], &m, movegen.ByScore) == 0
		}
		if !dup {
			cands = append(cands, m)
		}
	}
	return cands, bag
}

// StopZ is the stopping rule's z for a confidence given in percent (99: a candidate is dropped
// once it is behind the best by 2.58 standard errors); 0, no stopping rule, for 0.
func StopZ(percent float64) float64 {
	if percent <= 0 {
		return 0
	}
	return math.Sqrt2 * math.Erfinv(percent/100)
}
