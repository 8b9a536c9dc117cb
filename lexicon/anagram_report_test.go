package lexicon

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Anagrams are grouped by length, longest first; none is said so.
func TestAnagramDoc(t *testing.T) {
	t.Parallel()
	lex := buildLexicon(t, "CASA", "SACA", "AS", "SAC")
	rack, err := lex.Tiles.ParseRack("AACS")
	if err != nil {
		t.Fatal(err)
	}
	p := i18n.For(i18n.English)
	text := func(d *ui.Doc) string {
		var b strings.Builder
		if err := ui.NewTerm(&b, false, 80, func(string) string { return "" }).Print(d); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "[[") {
			t.Errorf("a message missing from the catalogue:\n%s", b.String())
		}
		return b.String()
	}
	s := text(AnagramDoc(p, lex.Tiles, rack, lex.Subanagrams(rack, 2), true))
	if i, j := strings.Index(s, "CASA"), strings.Index(s, "AS "); i < 0 || j < 0 && !strings.HasSuffix(strings.TrimSpace(s), "AS") || strings.Index(s, "SAC") < i {
		t.Errorf("subanagrams by length, longest first:\n%s", s)
	}
	if none := text(AnagramDoc(p, lex.Tiles, rack, nil, false)); !strings.Contains(none, strings.TrimSpace(p.T("anagram.none"))) {
		t.Errorf("none:\n%s", none)
	}
}
