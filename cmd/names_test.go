package cmd

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// The judge card kind has one name wherever it is shown (stats weak, deck list, the drill),
// and Spanish output names tables and players in Spanish, not by their identifiers.
func TestNamesReadersSee(t *testing.T) {
	t.Parallel()
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		if a, b, c := p.T("stats.kind.judge"), p.T("deck.kind.judge"), p.T("drill.kind.judge"); a != b || b != c {
			t.Errorf("%s: the judge kind is %q in stats, %q in deck list, %q in drills", l, a, b, c)
		}
	}
	es := i18n.For(i18n.Spanish)
	for in, want := range map[string]string{"builtin": "la incorporada (builtin)", "handset (FISE2-LIBRE)": "la manual (handset) (FISE2-LIBRE)",
		"mine.klv2": "mine.klv2"} {
		if got := leaveTableName(es, in); got != want {
			t.Errorf("leaveTableName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := strategyName(es, "equity") + " / " + strategyName(es, "score"); got != "por valoración / por puntos" {
		t.Errorf("strategies %q", got)
	}
	if note := es.T("deck.list.today_note"); strings.Contains(note, "review") {
		t.Errorf("deck list note names the command: %q", note)
	}
}
