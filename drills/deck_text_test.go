package drills

import (
	"fmt"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/ui/uitest"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Long lists of dropped or unheld questions show twenty and say how many more.
func TestDeckTexts(t *testing.T) {
	t.Parallel()
	p := i18n.For(i18n.English)
	var many []string
	for i := range 25 {
		many = append(many, fmt.Sprintf("Q%02d", i))
	}
	moved := uitest.Plain(t, Moved{Deck: "d", From: "A", To: "B", Kept: 3, Dropped: many, shown: many}.Doc(p), 400)
	if !strings.Contains(moved, "Q19") || strings.Contains(moved, "Q20") || !strings.Contains(moved, p.T("deck.and_more", "More", "5")) {
		t.Errorf("moved:\n%s", moved)
	}
	imp := uitest.Plain(t, ZyzzyvaImport{Deck: "d", Lexicon: "L", File: "f.db", Imported: 2, NotHeld: many[:3], OutsideCardbox: 4, Duplicates: many[:2]}.Doc(p), 400)
	if !strings.Contains(imp, "Q02") || strings.Contains(imp, p.T("deck.and_more", "More", "0")) || !strings.Contains(imp, "4") {
		t.Errorf("import:\n%s", imp)
	}
	if got := ZyzzyvaDeckName("/x/mis palabras.db"); got != "zyzzyva-mis palabras" {
		t.Errorf("deck name %q", got)
	}
	if j := (DeckAdded{Added: 3, Total: 5}).JSON("d", "L"); j["deck"] != "d" || j["lexicon"] != "L" || j["cards_added"] != 3 || j["cards"] != 5 {
		t.Errorf("json %v", j)
	}
}
