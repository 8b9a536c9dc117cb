package engine

import "github.com/atril-scrabble/atril/lexicon"

// MoveKind says what a turn does.
type MoveKind uint8

const (
	Play MoveKind = iota
	Exchange
	Pass
)

// PlayedThrough marks, in Move.Tiles, a square whose tile was already on the board. (A blank
// placed by a play is always a letter with BlankBit, so 0 is free.)
const PlayedThrough lexicon.Tile = 0

// Move is one turn. It is a plain value with fixed arrays so that move generation can fill a
// preallocated slice without allocating.
type Move struct {
	Kind MoveKind
	// Row and Col are the first square of the whole word (played-through tiles included).
	Row, Col int8
	Vertical bool
	// Tiles: for a play, the word's squares in order, PlayedThrough for tiles already on the
	// board; for an exchange, the tiles put back.
	Tiles   [Dim]lexicon.Tile
	Len     uint8 // squares used in Tiles
	Placed  uint8 // tiles taken from the rack
	Score   int32
	Equity  float64
	Leave   [7]lexicon.Tile // what stays on the rack, alphagram order
	LeaveLn uint8
}

// Word returns the move's squares (played-through tiles as PlayedThrough).
func (m *Move) Word() []lexicon.Tile { return m.Tiles[:m.Len] }

// LeaveTiles returns what stays on the rack.
func (m *Move) LeaveTiles() []lexicon.Tile { return m.Leave[:m.LeaveLn] }
