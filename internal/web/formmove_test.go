package web

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// The game and the puzzle pages read a move the same way: the tiles placed on the board when
// the form sends any (a blank marked), else the move typed; placements that do not make a
// play are an error.
func TestFormMove(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	board := engine.NewBoard(engine.StandardLayout())
	for _, tc := range []struct {
		move, placements string
		want             string
		bad              bool
	}{
		{move: "  8G casa ", want: "8G casa"},
		{move: "pass", want: "pass"},
		{placements: "7,7,C,0;7,8,A,0;7,9,S,0;7,10,A,1", want: "8H CASa"},
		{move: "ignored", placements: "7,7,CH,0;7,8,E,0", want: "8H [CH]E"},
		{placements: "7,7,C,0;8,8,A,0", bad: true}, // not in one line
		{placements: "7,7,K,0", bad: true},         // no such tile
		{placements: "7,7,C", bad: true},           // a field short
	} {
		v := url.Values{"move": {tc.move}}
		if tc.placements != "" {
			v.Set("placements", tc.placements)
		}
		r := httptest.NewRequest("POST", "/", strings.NewReader(v.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		got, err := formMove(r, board, ts)
		if tc.bad {
			if err == nil {
				t.Errorf("%q %q: %q, want an error", tc.move, tc.placements, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q %q: %q, %v; want %q", tc.move, tc.placements, got, err, tc.want)
		}
	}
}
