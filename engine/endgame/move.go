package endgame

import (
	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// tiny is a move in 64 bits: where it starts, its direction and the tiles it places, in order
// (played-through squares are read from the board). Bits 0-3 the row, 4-7 the column, 8 down,
// 9-11 the number of tiles placed, then 7 bits a tile (its letter and, in bit 6, whether it is a
// blank). The pass is tinyPass; 0 is no move.
type tiny uint64

const (
	tinyPass  tiny = 1 << 63
	tinyTile0      = 12
)

// encode makes the tiny of a generated play.
func encode(m *engine.Move) tiny {
	if m.Kind != engine.Play {
		return tinyPass
	}
	t := tiny(m.Row) | tiny(m.Col)<<4
	if m.Vertical {
		t |= 1 << 8
	}
	n := 0
	for _, l := range m.Tiles[:m.Len] {
		if l == engine.PlayedThrough {
			continue
		}
		b := tiny(l.Letter())
		if l.IsBlanked() {
			b |= 64
		}
		t |= b << (tinyTile0 + 7*n)
		n++
	}
	return t | tiny(n)<<9
}

func (t tiny) placed() int { return int(t>>9) & 7 }

// tile is the i-th tile placed, as it stands on the board (a blank with BlankBit).
func (t tiny) tile(i int) lexicon.Tile {
	b := lexicon.Tile(t>>(tinyTile0+7*i)) & 127
	if b&64 != 0 {
		return (b &^ 64) | lexicon.BlankBit
	}
	return b
}

// decode writes the play t on board into m (score left to the caller).
func (t tiny) decode(board *[engine.Dim * engine.Dim]lexicon.Tile, m *engine.Move) {
	*m = engine.Move{}
	if t == tinyPass {
		m.Kind = engine.Pass
		return
	}
	m.Kind = engine.Play
	r, c := int(t&15), int(t>>4)&15
	m.Row, m.Col, m.Vertical = int8(r), int8(c), t&(1<<8) != 0
	dr, dc := 0, 1
	if m.Vertical {
		dr, dc = 1, 0
	}
	n, placed := 0, t.placed()
	for r < engine.Dim && c < engine.Dim {
		sq := board[r*engine.Dim+c]
		switch {
		case sq != engine.Empty:
			m.Tiles[m.Len] = engine.PlayedThrough
		case n < placed:
			m.Tiles[m.Len] = t.tile(n)
			n++
		default:
			m.Placed = uint8(n)
			return
		}
		m.Len++
		r, c = r+dr, c+dc
	}
	m.Placed = uint8(n)
}

// smove is a move in a search's move list: its tiny, its estimated value for ordering, its
// score, and its index in the list as generated (what the transposition table keeps).
type smove struct {
	tiny  tiny
	est   int32
	score int16
	idx   uint16
}
