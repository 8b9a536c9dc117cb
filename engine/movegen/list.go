package movegen

import (
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
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

// ParseSortBy reads how moves are ranked: "equity" or "score", in any case.
func ParseSortBy(s string) (SortBy, bool) {
	switch strings.ToLower(s) {
	case "equity":
		return ByEquity, true
	case "score":
		return ByScore, true
	}
	return ByEquity, false
}

// PositionMoves lists the moves of pos's player to move (ListMoves) from the words of graph:
// the side to move's options (SideToMove) with leaves, ranked by, the top ones (0: all).
func PositionMoves(graph *lexicon.KWG, pos *engine.Position, leaves equity.Leaves, by SortBy, top int, withExchanges bool) (moves []engine.Move, noTilePlay bool) {
	mo := SideToMove(pos.BagCount(), leaves)
	mo.By, mo.Sort, mo.Top = by, true, top
	g := New(graph, pos.Tiles, pos.Board.Layout)
	g.SetBoard(pos.Board)
	return g.ListMoves(pos.Racks[0], mo, withExchanges)
}
