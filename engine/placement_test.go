package engine

import (
	"errors"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestMoveFromPlacements: tiles put on squares one by one read as the play notation writes,
// board tiles between and around them played through, a single tile along the word it
// touches; placements that are no single play are refused with the reason.
func TestMoveFromPlacements(t *testing.T) {
	ts := lexicon.DefaultTileSet()
	// CASA across on row 8 from H8 (0-based row 7, cols 7-10).
	pos := mustCGP(t, rowsWith(map[int]string{7: "7CASA4"})+" ABCHO?S/ 0/0 0")
	b := pos.Board
	tile := func(label string) lexicon.Tile {
		tt, ok := ts.Tile(label)
		if !ok {
			t.Fatalf("no tile %s", label)
		}
		return tt
	}
	at := func(r, c int, label string) Placement { return Placement{Row: r, Col: c, Tile: tile(label)} }
	for _, tc := range []struct {
		name string
		ps   []Placement
		want string // notation, or the error's message ID
	}{
		{"down through the board's C", []Placement{at(6, 7, "O"), at(8, 7, "H")}, "H7 O(C)H"},
		{"across, extended over CASA", []Placement{at(7, 11, "S")}, "8H (CASA)S"},
		{"one tile under a letter goes down", []Placement{at(8, 8, "S")}, "I8 (A)S"},
		{"a digraph tile", []Placement{at(6, 10, "CH"), at(8, 10, "O")}, "K7 [CH](A)O"},
		{"a blank as a letter", []Placement{{Row: 8, Col: 10, Tile: tile("O") | lexicon.BlankBit}}, "K8 (A)o"},
		{"across below the word", []Placement{at(8, 7, "O"), at(8, 8, "S")}, "9H OS"},
		{"none", nil, "placement.none"},
		{"not in a line", []Placement{at(6, 7, "O"), at(8, 8, "S")}, "placement.not_in_line"},
		{"on a taken square", []Placement{at(7, 8, "O")}, "placement.taken"},
		{"two on one square", []Placement{at(6, 7, "O"), at(6, 7, "S")}, "placement.twice"},
		{"a gap", []Placement{at(3, 7, "O"), at(5, 7, "S")}, "placement.gap"},
		{"off the board", []Placement{at(15, 0, "O")}, "placement.off_board"},
		{"a blank without its letter", []Placement{{Row: 6, Col: 7, Tile: lexicon.Blank}}, "placement.no_letter"},
	} {
		m, err := MoveFromPlacements(b, tc.ps)
		var ie *i18n.Error
		switch {
		case err != nil && errors.As(err, &ie):
			if ie.ID != tc.want {
				t.Errorf("%s: error %s (%v), want %s", tc.name, ie.ID, err, tc.want)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		default:
			if got := FormatMove(&m, b, ts); got != tc.want {
				t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
			}
		}
	}
}
