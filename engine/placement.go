package engine

import (
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Placement is one tile put on a square: a play as a board under the mouse says it, tile by
// tile. A blank carries the letter it stands for with lexicon.BlankBit.
type Placement struct {
	Row, Col int
	Tile     lexicon.Tile
}

// MoveFromPlacements is the play that puts these tiles on board b, written as notation writes
// it (FormatMove): along the row or column the tiles share, from the first to the last, the
// board's tiles between them played through. A single tile goes along the line where it
// touches the board's tiles (across when both or neither). Whether the play is legal is the
// validator's to say (Check). The error is for placements that are not one play at all: none,
// off the board, two on one square, on a taken square, not in one line, or with an empty
// square between them.
func MoveFromPlacements(b *Board, ps []Placement) (Move, error) {
	var m Move
	if len(ps) == 0 {
		return m, i18n.E("placement.none")
	}
	if len(ps) > RackSize {
		return m, i18n.E("placement.too_many", "Count", len(ps), "Max", RackSize)
	}
	var at [Dim * Dim]lexicon.Tile
	sameRow, sameCol := true, true
	for _, p := range ps {
		if p.Row < 0 || p.Row >= Dim || p.Col < 0 || p.Col >= Dim {
			return m, i18n.E("placement.off_board")
		}
		sq := p.Row*Dim + p.Col
		if p.Tile.Letter() == 0 || p.Tile.Letter() == lexicon.Blank {
			return m, i18n.E("placement.no_letter", "Square", SquareName(p.Row, p.Col))
		}
		if at[sq] != 0 {
			return m, i18n.E("placement.twice", "Square", SquareName(p.Row, p.Col))
		}
		if !b.IsEmpty(p.Row, p.Col) {
			return m, i18n.E("placement.taken", "Square", SquareName(p.Row, p.Col))
		}
		at[sq] = p.Tile
		sameRow = sameRow && p.Row == ps[0].Row
		sameCol = sameCol && p.Col == ps[0].Col
	}
	vertical := false
	switch {
	case len(ps) == 1:
		r, c := ps[0].Row, ps[0].Col
		taken := func(r, c int) bool { return r >= 0 && r < Dim && c >= 0 && c < Dim && !b.IsEmpty(r, c) }
		across := taken(r, c-1) || taken(r, c+1)
		down := taken(r-1, c) || taken(r+1, c)
		vertical = down && !across
	case sameRow:
	case sameCol:
		vertical = true
	default:
		return m, i18n.E("placement.not_in_line")
	}
	// From the first tile to the last, then out over the board's tiles at both ends.
	lo, hi := Dim, -1
	for _, p := range ps {
		k := p.Col
		if vertical {
			k = p.Row
		}
		lo, hi = min(lo, k), max(hi, k)
	}
	fixed := ps[0].Row
	if vertical {
		fixed = ps[0].Col
	}
	square := func(k int) (r, c int) {
		if vertical {
			return k, fixed
		}
		return fixed, k
	}
	for lo > 0 {
		if r, c := square(lo - 1); b.IsEmpty(r, c) {
			break
		}
		lo--
	}
	for hi < Dim-1 {
		if r, c := square(hi + 1); b.IsEmpty(r, c) {
			break
		}
		hi++
	}
	m.Kind, m.Vertical = Play, vertical
	r0, c0 := square(lo)
	m.Row, m.Col = int8(r0), int8(c0)
	for k := lo; k <= hi; k++ {
		r, c := square(k)
		switch t := at[r*Dim+c]; {
		case t != 0:
			m.Tiles[m.Len] = t
			m.Placed++
		case b.IsEmpty(r, c):
			return Move{}, i18n.E("placement.gap", "Square", SquareName(r, c))
		default:
			m.Tiles[m.Len] = PlayedThrough
		}
		m.Len++
	}
	return m, nil
}
