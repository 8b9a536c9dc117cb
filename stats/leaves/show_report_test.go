package leaves

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Show: leaves asked for get their value, spelt blanks last; bad ones are returned in order
// and named in English in the report; with none asked for, the best and worst of each length.
func TestShow(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	table, err := leavetable.Table(leavetable.Builtin, ts)
	if err != nil {
		t.Fatal(err)
	}
	out, bad, err := Show(ts, table, "builtin", []string{"?S", "XX9", "AEIOUSR"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Leaves) != 1 || out.Leaves[0].Leave != "S?" || out.Leaves[0].Value <= 0 || len(bad) != 2 || len(out.Errors) != 2 ||
		!strings.Contains(out.Errors[0], "XX9") || !strings.Contains(out.Errors[1], "AEIOUSR") {
		t.Fatalf("report %+v, bad %v", out, bad)
	}
	all, bad, err := Show(ts, table, "builtin", nil, 3)
	if err != nil || len(bad) != 0 || len(all.ByLength) != 6 || len(all.ByLength[0].Best) != 3 || all.ByLength[0].Best[0].Value < all.ByLength[0].Worst[0].Value {
		t.Fatalf("extremes %+v %v %v", all, bad, err)
	}
	var b strings.Builder
	term := ui.NewTerm(&b, false, 120, func(string) string { return "" })
	if err := term.Print(all.Doc(i18n.For(i18n.English), "the builtin")); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); strings.Contains(s, "[[") || !strings.Contains(s, "the builtin") || !strings.Contains(s, all.ByLength[5].Worst[0].Leave) {
		t.Errorf("document:\n%s", s)
	}
}
