package play

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// atril's play is told with its word in parentheses only when the notation does not already
// read as the word: through-tiles, a blank, or digraph brackets.
func TestPlayedWordOnlyWhenItAddsSomething(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	rows := make([]string, engine.Dim)
	for i := range rows {
		rows[i] = "15"
	}
	rows[7] = "7CASA4"
	pos, err := engine.ParseCGP(strings.Join(rows, "/")+" AEIOSU?/ 0/0 0", ts, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	empty := engine.NewBoard(engine.StandardLayout())
	for _, tc := range []struct {
		board      *engine.Board
		move, word string
	}{
		{empty, "8H DISUENE", ""},
		{empty, "H8 CASA", ""},
		{empty, "8H CaSA", "CASA"},       // a blank
		{pos.Board, "8H ....S", "CASAS"}, // through-tiles, as the engine plays them
	} {
		m, err := engine.ParseMove(tc.move, tc.board, ts)
		if err != nil {
			t.Fatalf("%s: %v", tc.move, err)
		}
		if got := playedWord(&m, tc.board, ts); got != tc.word {
			t.Errorf("%s: word %q, want %q", tc.move, got, tc.word)
		}
	}
	p := i18n.For(i18n.English)
	if got := p.T("play.engine_played_plain", "Move", "N2 DISUENE", "Score", "70", "Atril", "70", "You", "0"); got != "atril plays N2 DISUENE for 70. atril 70, you 0." {
		t.Errorf("plain: %s", got)
	}
}
