package movegen

import (
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// ListMoves is what a player asking for the moves of rack is shown: the moves mo asks for, its
// passes and exchanges only when withExchanges; and when no word can be played, the best
// exchanges (while the bag has tiles, mo.Exchanges being the side to move's) and the pass, as the
// player still has a move (noTilePlay). The moves are the generator's, valid until it next
// generates.
func (g *Generator) ListMoves(rack []lexicon.Tile, mo Options, withExchanges bool) (moves []engine.Move, noTilePlay bool) {
	exchanges := mo.Exchanges
	if !withExchanges {
		mo.Pass, mo.Exchanges = false, 0
	}
	moves = g.Generate(rack, mo)
	if len(moves) == 0 && !withExchanges {
		mo.Pass, mo.Exchanges = true, exchanges
		return g.Generate(rack, mo), true
	}
	return moves, false
}
