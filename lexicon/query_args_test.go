package lexicon

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// A word or rack asked about reads as its tiles; what cannot be read says why, by the
// catalogue message for it.
func TestParseQueryArgs(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	if w, err := ts.ParseQueryWord("charro"); err != nil || ts.Display(w) != "CHARRO" || len(w) != 4 {
		t.Errorf("CHARRO: %v %v", w, err)
	}
	if r, err := ts.ParseQueryRack("AEIRS??"); err != nil || len(r) != 7 || r[6] != Blank {
		t.Errorf("AEIRS??: %v %v", r, err)
	}
	tests := []struct {
		rack bool
		in   string
		id   string
	}{
		{false, "CASA?", "words.bad_word"},
		{false, "", "words.no_tiles"},
		{false, strings.Repeat("A", MaxQueryTiles+1), "words.word_is"},
		{true, "AE~", "words.bad_rack"},
		{true, "", "words.no_tiles"},
		{true, strings.Repeat("A", MaxRackQuery+1), "words.rack_too_long"},
		{true, "AE???", "words.rack_is"}, // three blanks of two
	}
	for _, tc := range tests {
		var err error
		if tc.rack {
			_, err = ts.ParseQueryRack(tc.in)
		} else {
			_, err = ts.ParseQueryWord(tc.in)
		}
		if !errors.Is(err, &i18n.Error{ID: tc.id}) {
			t.Errorf("%q (rack %v): %v, want %s", tc.in, tc.rack, err, tc.id)
		}
	}
	if _, err := ts.ParseQueryRack(strings.Repeat("A", MaxRackQuery)); err != nil {
		t.Errorf("a rack of %d tiles: %v", MaxRackQuery, err)
	}
}

// Words for scripts read back as the same tiles: digraph tiles plain, separate C and H tiles
// bracketed, blanks' letters in upper case.
func TestDisplayWords(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	var ws [][]Tile
	for _, s := range []string{"CHARRO", "[C][H]E"} {
		w, err := ts.ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	ws = append(ws, []Tile{ws[0][0] | BlankBit, ws[0][1]})
	got := ts.DisplayWords(ws)
	if want := []string{"CHARRO", "[C][H]E", "CHA"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for i, s := range got[:2] {
		if back, err := ts.ParseWord(s); err != nil || !slices.Equal(back, ws[i]) {
			t.Errorf("%s reads back as %v (%v), not %v", s, back, err, ws[i])
		}
	}
}
