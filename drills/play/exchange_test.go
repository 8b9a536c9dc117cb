package play

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// An exchange of tiles not on the rack names the rack as the game shows it (alphagram, tiles
// apart), and a digraph tile typed where the rack holds its letters as single tiles (-RR with
// R R) gets how to write them ([R][R]); the exchange written so is accepted.
func TestExchangeNotOnRackShowsRackAndSingles(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	rules, err := game.RulesByName("")
	if err != nil {
		t.Fatal(err)
	}
	empty := strings.TrimSuffix(strings.Repeat("15/", engine.Dim), "/")
	for _, tc := range []struct {
		rack, in, en, es string
	}{
		{"DEILO[R][R]", "-RR",
			"those tiles are not all on your rack D E I L O R R: RR is the digraph tile; two R tiles are written [R][R]",
			"esas fichas no están todas en su atril D E I L O R R: RR es la ficha de dígrafo; dos fichas R se escriben [R][R]"},
		{"AE[L][L]OST", "-LL",
			"those tiles are not all on your rack A E L L O S T: LL is the digraph tile; two L tiles are written [L][L]",
			"esas fichas no están todas en su atril A E L L O S T: LL es la ficha de dígrafo; dos fichas L se escriben [L][L]"},
		{"A[C]HIOST", "-CHA",
			"those tiles are not all on your rack A C H I O S T: CH is the digraph tile; C and H tiles are written [C][H]",
			"esas fichas no están todas en su atril A C H I O S T: CH es la ficha de dígrafo; las fichas C y H se escriben [C][H]"},
		{"DEILO[R][R]", "-ZR",
			"those tiles are not all on your rack D E I L O R R",
			"esas fichas no están todas en su atril D E I L O R R"},
		{"DEILORS", "-RR", // one R tile: [R][R] would not be on the rack either
			"those tiles are not all on your rack D E I L O R S",
			"esas fichas no están todas en su atril D E I L O R S"},
	} {
		pos, err := engine.ParseCGP(empty+" "+tc.rack+"/ 0/0 0", ts, engine.StandardLayout())
		if err != nil {
			t.Fatalf("%s: %v", tc.rack, err)
		}
		g, err := game.FromPosition(pos, rules, 1)
		if err != nil {
			t.Fatal(err)
		}
		se := &Session{Lex: lex}
		_, err = se.readTurn(&State{Game: g}, tc.in)
		if err == nil {
			t.Fatalf("%s %s: accepted", tc.rack, tc.in)
		}
		if got := i18n.For(i18n.English).Err(err); got != tc.en {
			t.Errorf("%s %s:\n got %s\nwant %s", tc.rack, tc.in, got, tc.en)
		}
		if got := i18n.For(i18n.Spanish).Err(err); got != tc.es {
			t.Errorf("%s %s:\n got %s\nwant %s", tc.rack, tc.in, got, tc.es)
		}
	}
	// Written as the hint says, the exchange is made.
	pos, err := engine.ParseCGP(empty+" DEILO[R][R]/ 0/0 0", ts, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.FromPosition(pos, rules, 1)
	if err != nil {
		t.Fatal(err)
	}
	turn, err := (&Session{Lex: lex}).readTurn(&State{Game: g}, "-[R][R]")
	if err != nil || turn.Kind != KindExchange {
		t.Errorf("-[R][R] with R R on the rack: %+v, %v", turn, err)
	}
}
