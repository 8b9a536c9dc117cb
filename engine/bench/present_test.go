package bench

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The report has a row a figure, in the reader's words, with atril's median and spread and
// each other engine's median and ratio; a figure another engine does not measure is a dash.
func TestReportDoc(t *testing.T) {
	t.Parallel()
	rep := &Report{Lexicon: "LEX", Positions: 40, Runs: 3, Seconds: 0.05, Seed: 7, Results: []Result{
		{Figure: TopEquity, LowerIsBetter: true, Atril: Stats{Median: 12.5, Min: 12, Max: 13},
			Others: []Comparison{{Engine: "magpie", Supported: true, Stats: &Stats{Median: 25}, Ratio: &Stats{Median: 0.5}}}},
		{Figure: Sim, Atril: Stats{Median: 900, Min: 850, Max: 950}, Others: []Comparison{{Engine: "magpie"}}},
	}}
	p := i18n.For(i18n.English)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 200, func(string) string { return "" })
	if err := term.Print(rep.Doc(p, "")); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{figureName(p, TopEquity), figureName(p, Sim), unitName(p, Sim), "12.5", "12.0–13.0", "0.50×", "—", "magpie"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", out)
	}
	if figureName(p, TopEquity) == figureName(p, Sim) || unitName(p, Endgame) == unitName(p, TopEquity) {
		t.Error("figures or units share a name")
	}
}
