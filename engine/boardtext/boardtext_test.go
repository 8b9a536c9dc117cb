package boardtext

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

func noEnv(string) string { return "" }

func position(t *testing.T, cgp string) *engine.Position {
	t.Helper()
	ts := lexicon.DefaultTileSet()
	pos, err := engine.ParseCGP(cgp, ts, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// The board is drawn plain without colour: column letters, row numbers, premiums, the centre,
// tiles (a digraph tile in its square, a blank in lower case) and the legend.
func TestDraw(t *testing.T) {
	t.Parallel()
	pos := position(t, "15/15/15/15/15/15/15/7[CH]a6/15/15/15/15/15/15/15 AEI/ 0/0 0")
	var b strings.Builder
	out := Draw(ui.NewTerm(&b, false, 80, noEnv), i18n.For(i18n.English), pos, nil)
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "    A  B  C") || !strings.HasPrefix(lines[1], " 1  =  .  . ") {
		t.Errorf("header and first row:\n%s\n%s", lines[0], lines[1])
	}
	if !strings.Contains(lines[8], " CH a ") || !strings.HasSuffix(lines[8], " 8") {
		t.Errorf("row 8: %q", lines[8])
	}
	if !strings.Contains(out, "triple word") {
		t.Errorf("no legend:\n%s", out)
	}
}

// Tiles are counted by kind; none is said so.
func TestTileCounts(t *testing.T) {
	t.Parallel()
	pos := position(t, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AAA[LL]L?/ 0/0 0")
	ts := pos.Tiles
	p := i18n.For(i18n.English)
	if got := TileCounts(p, ts, pos.Racks[0]); got != "A×3 L LL ?" && got != "A×3 LL L ?" {
		t.Errorf("counts %q", got)
	}
	if got := TileCounts(p, ts, nil); got != p.T("show.no_tiles") {
		t.Errorf("none %q", got)
	}
}

// A position's view has its rows, racks, bag and unseen tiles.
func TestPositionView(t *testing.T) {
	t.Parallel()
	pos := position(t, "15/15/15/15/15/15/15/7A7/15/15/15/15/15/15/15 EI/ 3/0 0")
	v := PositionView(pos)
	if len(v.Rows) != 15 || v.Racks[0] != "EI" || v.Scores[0] != 3 || v.Bag != 100-1-2-7 || v.Players[0] != "to move" {
		t.Errorf("view %+v", v)
	}
}
