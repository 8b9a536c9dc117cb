package morph_test

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/ui/uitest"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// The report is the phonies the seed draws, spelt for reading, in the same order; its table
// has a title on a terminal only, and says so when the lexicon gives fewer than asked for.
func TestPhoniesReport(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := morph.For(lex)
	f := morph.Filter{MinLen: 6, MaxLen: 8}
	r := m.PhoniesReport(lex.Tiles, "LEX", 9, 6, f)
	ps := m.PhoniesSeed(9, 6, f)
	if len(r.Phonies) != 6 || len(ps) != 6 || r.Asked != 6 || r.Lexicon != "LEX" {
		t.Fatalf("report %+v of %d phonies", r, len(ps))
	}
	for i, ph := range r.Phonies {
		if ph.Word != lex.Tiles.Display(ps[i].Word) || ph.Stem != lex.Tiles.Display(ps[i].Stem) || ph.Rule != ps[i].Rule ||
			ph.Kind != ps[i].Class.String() || ph.Plausibility != ps[i].Plausibility {
			t.Errorf("phony %d: %+v, drawn %+v", i, ph, ps[i])
		}
	}
	p := i18n.For(i18n.English)
	title := p.T("phonies.title", "Lexicon", "LEX")
	out := uitest.Plain(t, r.Doc(p, true), 120)
	if !strings.Contains(out, title) || !strings.Contains(out, r.Phonies[0].Word) || !strings.Contains(out, p.T("phonies.kind."+r.Phonies[0].Kind)) {
		t.Errorf("titled:\n%s", out)
	}
	if out := uitest.Plain(t, r.Doc(p, false), 120); strings.Contains(out, title) || strings.Contains(out, p.T("phonies.fewer", "Made", 6, "Want", 6)) {
		t.Errorf("untitled:\n%s", out)
	}
	none := m.PhoniesReport(lex.Tiles, "LEX", 9, 3, morph.Filter{MinLen: 2, MaxLen: 2})
	if len(none.Phonies) != 0 || !strings.Contains(uitest.Plain(t, none.Doc(p, false), 120), p.T("phonies.fewer", "Made", 0, "Want", 3)) {
		t.Errorf("two-tile phonies: %+v", none)
	}
}
