package leaves

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The fit table has a row a generation, numbered from first, with the leaves measured summed.
func TestFitTable(t *testing.T) {
	t.Parallel()
	r := FitReport{Turns: 1200, Racks: 900, Baseline: 31.25, Measured: [7]int{0, 20, 100, 300, 0, 0, 0}, PriorSD: [7]float64{0, 1, 2, 3, 4, 5, 6}}
	var b strings.Builder
	doc := ui.NewDoc().Table(FitTable(i18n.For(i18n.English), []FitReport{r, r}, 4))
	if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(doc); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"4 ", "5 ", "1,200", "31.3", "420", "1.0 · 2.0 · 3.0"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", out)
	}
}
