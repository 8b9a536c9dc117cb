package lexicon

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The report of a difference: counts and words for JSON, a word list `lexicon add` reads back
// (with or without its comment headers), and a document with the counts by length.
func TestDiffReport(t *testing.T) {
	t.Parallel()
	a, b := buildLexicon(t, "CASA", "IN"), buildLexicon(t, "CASA", "CHICO", "RA")
	d, err := Diff(a, b)
	if err != nil {
		t.Fatal(err)
	}
	r := d.Report("A", "B", a.Tiles)
	if r.OnlyACount != 1 || r.OnlyBCount != 2 || r.Common != 1 || r.OnlyA[0] != "IN" || strings.Join(r.OnlyB, " ") != "CHICO RA" {
		t.Fatalf("report %+v", r)
	}
	if o := r.Only(true, false); o.OnlyA != nil || len(o.OnlyB) != 2 || o.OnlyACount != 1 || len(r.OnlyA) != 1 {
		t.Errorf("only added %+v (report %+v)", o, r)
	}
	p := i18n.For(i18n.English)
	var w strings.Builder
	if err := r.WriteList(&w, p, true, false); err != nil || w.String() != "CHICO\nRA\n" {
		t.Errorf("added list %q %v", w.String(), err)
	}
	w.Reset()
	if err := r.WriteList(&w, p, false, false); err != nil || !strings.HasPrefix(w.String(), "# ") || strings.Count(w.String(), "\n# ") != 1 {
		t.Errorf("whole list %q %v", w.String(), err)
	}
	var doc strings.Builder
	if err := ui.NewTerm(&doc, false, 100, func(string) string { return "" }).Print(r.Doc(p)); err != nil {
		t.Fatal(err)
	}
	if s := doc.String(); strings.Contains(s, "[[") || !strings.Contains(s, "A → B") || !strings.Contains(s, "CHICO RA") {
		t.Errorf("document:\n%s", s)
	}
}
