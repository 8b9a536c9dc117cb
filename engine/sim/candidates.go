package sim

import (
	"math"
	"slices"

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
			dup = dup || samePlay(&cands[i], &m)
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

// samePlay reports whether a and b put the same tiles on the same squares (or exchange the
// same tiles): a play read from the command line has no leave or equity, the engine's has.
func samePlay(a, b *engine.Move) bool {
	return a.Kind == b.Kind && a.Row == b.Row && a.Col == b.Col && a.Vertical == b.Vertical &&
		slices.Equal(a.Tiles[:a.Len], b.Tiles[:b.Len])
}
