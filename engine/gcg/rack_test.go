package gcg

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestReplayRefusesTilesNotOnTheRack: a turn whose rack does not hold the tiles it plays (or
// exchanges) is an error naming the file and line, not a turn taken silently.
func TestReplayRefusesTilesNotOnTheRack(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	head := "#player1 ana Ana\n#player2 beto Beto\n"
	for _, c := range []struct{ name, line, want string }{
		{"play", ">ana: ABEIRSX 8F BOCA +16 16\n", "game.gcg:3: 8F BOCA plays tiles that are not on the rack ABEIRSX"},
		{"exchange", ">ana: ABEIRSX -ZZ +0 0\n", "game.gcg:3: -ZZ plays tiles that are not on the rack ABEIRSX"},
	} {
		g, err := Read(strings.NewReader(head+c.line), "game.gcg", ts)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Replay(ts, engine.StandardLayout(), -1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// The blank plays a lower-case letter, and board tiles are not taken from the rack.
	ok := head + ">ana: ABCO?EI 8F BOCa +14 14\n>beto: ABEIRSX 8F ....S +8 8\n"
	g, err := Read(strings.NewReader(ok), "game.gcg", ts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Replay(ts, engine.StandardLayout(), -1); err != nil {
		t.Errorf("a blank and a board tile: %v", err)
	}
}

// TestNotesOnForeignPragmas: a game naming another tile distribution or lexicon says so.
func TestNotesOnForeignPragmas(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g, err := Read(strings.NewReader("#player1 a A\n#player2 b B\n#lexicon NWL2023\n#tile-distribution english\n"), "en.gcg", ts)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range g.Notes(ts, "FILE2017") {
		got = append(got, i18n.For(i18n.English).Err(n))
	}
	want := []string{
		`en.gcg: the game names the tile distribution "english"; it was read with the fise tile set`,
		`en.gcg: the game was played with lexicon "NWL2023"; atril judges it with FILE2017`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	g, _ = Read(strings.NewReader("#player1 a A\n#player2 b B\n#lexicon FILE2017\n#tile-distribution spanish\n"), "es.gcg", ts)
	if n := g.Notes(ts, "file2017"); len(n) != 0 {
		t.Errorf("a Spanish game has notes: %v", n)
	}
}
