package lexicon

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A search's results for scripts, for a pipe and for a reader, by word and by alphagram.
func TestSearchReports(t *testing.T) {
	t.Parallel()
	lex := buildLexicon(t, "CASA", "SACA", "CHICO", "AS")
	ts := lex.Tiles
	q, err := ParseSearch("length:4", ts)
	if err != nil {
		t.Fatal(err)
	}
	results, err := lex.Search(q)
	if err != nil || len(results) != 3 { // CHICO is four tiles
		t.Fatalf("%d results: %v", len(results), err)
	}
	j := ResultsJSON(ts, results)
	if len(j.Results) != 3 || j.Results[0].Rank == 0 || j.Results[0].Alphagram == "" {
		t.Errorf("JSON %+v", j)
	}
	if w := ResultWords(ts, results); strings.Join(w, " ") != j.Results[0].Word+" "+j.Results[1].Word+" "+j.Results[2].Word {
		t.Errorf("words %v", w)
	}
	as, err := lex.SearchAlphagrams(q)
	if err != nil || len(as) != 2 {
		t.Fatalf("%d alphagrams: %v", len(as), err)
	}
	if l := strings.Join(AlphagramLines(ts, as), "\n"); !strings.Contains(l, "AACS  CASA SACA") && !strings.Contains(l, "AACS  SACA CASA") {
		t.Errorf("lines %q", l)
	}
	if aj := AlphagramResultsJSON(ts, as); len(aj.Alphagrams) != 2 || len(aj.Alphagrams[0].Words)+len(aj.Alphagrams[1].Words) != 3 {
		t.Errorf("alphagram JSON %+v", aj)
	}
	p := i18n.For(i18n.English)
	for _, d := range []*ui.Doc{SearchDoc(p, ts, q, results), AlphagramsDoc(p, ts, q, as), SearchDoc(p, ts, q, nil)} {
		var b strings.Builder
		if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(d); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "[[") {
			t.Errorf("a message missing from the catalogue:\n%s", b.String())
		}
	}
}
