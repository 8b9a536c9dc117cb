package game

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The run's document names the rules, the leaves and the strategies in the reader's words and
// gives each player's figures.
func TestReportDoc(t *testing.T) {
	t.Parallel()
	r := &Report{Summary: Summary{Games: 10, Players: [2]string{"equity", "score"}, MeanScore: [2]float64{412.5, 380}, Wins: [2]int{7, 3}},
		Seed: 4, Rules: SixScoreless.Name, Lexicon: "LEX", Leaves: "handset", Workers: 2, SavedTo: "out"}
	es := i18n.For(i18n.Spanish)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 200, func(string) string { return "" })
	if err := term.Print(r.Doc(es)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	out := b.String()
	for _, want := range []string{es.T("selfplay.rules_six"), es.T("names.handset"), StrategyName(es, "equity"), "412,5", "out"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if StrategyName(es, "equity") == "equity" || StrategyName(es, "other") != "other" {
		t.Errorf("strategy names %q %q", StrategyName(es, "equity"), StrategyName(es, "other"))
	}
}
