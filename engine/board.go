// Package engine plays Spanish Scrabble: the board and its premiums, scoring, legal move
// generation over the KWG word graph, equity, positions (CGP), game records (GCG) and self-play.
//
// It must not import drills, puzzles, stats, internal/studystore or a front end (cmd,
// internal/web): it sits below them all.
package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/atril-scrabble/atril/data"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Dim is the board's side.
const Dim = 15

// Premium is what a square does to the tile first placed on it.
type Premium uint8

const (
	Plain Premium = iota
	DoubleLetter
	TripleLetter
	DoubleWord
	TripleWord
)

// LetterMultiplier and WordMultiplier give a premium's factors.
func (p Premium) LetterMultiplier() int {
	switch p {
	case DoubleLetter:
		return 2
	case TripleLetter:
		return 3
	}
	return 1
}

func (p Premium) WordMultiplier() int {
	switch p {
	case DoubleWord:
		return 2
	case TripleWord:
		return 3
	}
	return 1
}

// Layout is a board's premium squares and its start square.
type Layout struct {
	Name               string
	Premiums           [Dim * Dim]Premium
	StartRow, StartCol int
}

// LoadLayout reads data/boards/NAME.txt.
func LoadLayout(name string) (*Layout, error) {
	b, err := data.FS.ReadFile("boards/" + name + ".txt")
	if err != nil {
		return nil, i18n.E("board.no_layout", "Name", name)
	}
	return ParseLayout(name, "boards/"+name+".txt", b)
}

// standardLayout is parsed once per process: every position and generator shares it.
var standardLayout = sync.OnceValue(func() *Layout {
	l, err := LoadLayout("standard")
	if err != nil {
		panic(err)
	}
	return l
})

// StandardLayout is the standard board, parsed once and shared (do not modify it); it cannot
// fail (a test proves it).
func StandardLayout() *Layout { return standardLayout() }

// ParseLayout reads 15 rows of 15 squares: T D t d * . ('#' lines are comments).
func ParseLayout(name, file string, b []byte) (*Layout, error) {
	l := &Layout{Name: name, StartRow: -1}
	sc := bufio.NewScanner(bytes.NewReader(b))
	row, line := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		if row >= Dim {
			return nil, i18n.E("board.too_many_rows", "File", file, "Line", line, "Rows", Dim)
		}
		if len(text) != Dim {
			return nil, i18n.E("board.row_length", "File", file, "Line", line, "Squares", len(text), "Want", Dim)
		}
		for col := 0; col < Dim; col++ {
			var p Premium
			switch text[col] {
			case '.':
				p = Plain
			case 'd':
				p = DoubleLetter
			case 't':
				p = TripleLetter
			case 'D':
				p = DoubleWord
			case 'T':
				p = TripleWord
			case '*':
				p = DoubleWord
				l.StartRow, l.StartCol = row, col
			default:
				return nil, i18n.E("board.bad_square", "File", file, "Line", line, "Square", col+1, "Char", fmt.Sprintf("%q", text[col]))
			}
			l.Premiums[row*Dim+col] = p
		}
		row++
	}
	if row != Dim {
		return nil, i18n.E("board.rows", "File", file, "Rows", row, "Want", Dim)
	}
	if l.StartRow < 0 {
		return nil, i18n.E("board.no_start", "File", file)
	}
	return l, nil
}

// Premium is the premium of square (row, col).
func (l *Layout) Premium(row, col int) Premium { return l.Premiums[row*Dim+col] }

// Empty marks an empty square. (No unplayed blank is ever on a board, so 0 is free.)
const Empty lexicon.Tile = 0

// Coords names a square the way players write it: row 1-15 and column A-O.
func SquareName(row, col int) string { return fmt.Sprintf("%c%d", 'A'+col, row+1) }

// Board is the tiles on the 15x15 grid with its layout. Squares hold Empty or a letter (with
// BlankBit for a blank played as that letter).
type Board struct {
	Layout  *Layout
	Squares [Dim * Dim]lexicon.Tile
	Tiles   int // tiles on the board; 0 means the next play is the first
}

// NewBoard is an empty board of the given layout.
func NewBoard(l *Layout) *Board { return &Board{Layout: l} }

// At is the tile on (row, col), Empty if none.
func (b *Board) At(row, col int) lexicon.Tile { return b.Squares[row*Dim+col] }

// IsEmpty reports whether (row, col) has no tile.
func (b *Board) IsEmpty(row, col int) bool { return b.Squares[row*Dim+col] == Empty }

// Set puts a tile on (row, col), keeping the tile count right.
func (b *Board) Set(row, col int, t lexicon.Tile) {
	i := row*Dim + col
	switch {
	case b.Squares[i] == Empty && t != Empty:
		b.Tiles++
	case b.Squares[i] != Empty && t == Empty:
		b.Tiles--
	}
	b.Squares[i] = t
}

// Clone copies the board (the layout is shared: it never changes).
func (b *Board) Clone() *Board { c := *b; return &c }

// Apply puts a play's new tiles on the board. It does not check legality.
func (b *Board) Apply(m *Move) {
	if m.Kind != Play {
		return
	}
	r, c := int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); i++ {
		if t := m.Tiles[i]; t != PlayedThrough {
			b.Set(r, c, t)
		}
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
}
