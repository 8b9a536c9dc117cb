package lexicon

import (
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A listing by word holds the search's words, by alphagram each alphagram with its words; the
// JSON, the lines and the document each follow the listing's kind.
func TestSearchListing(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	q, err := ParseSearch("length:4 prefix:CA", l.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	words, err := l.SearchListing(q, false)
	if err != nil {
		t.Fatal(err)
	}
	// Four tiles: CALLA and CARRO too.
	if got := words.Lines(); !slices.Equal(got, []string{"CALA", "CALLA", "CAMA", "CARRO", "CASA"}) {
		t.Errorf("words %q", got)
	}
	if j, ok := words.JSON().(SearchJSON); !ok || len(j.Results) != len(words.Words) || len(j.Results) != 5 {
		t.Errorf("words JSON %#v", words.JSON())
	}
	q2, err := ParseSearch("anagram:CASA", l.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	alpha, err := l.SearchListing(q2, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := alpha.Lines(); len(got) != 1 || got[0] != "AACS  CASA SACA" {
		t.Errorf("alphagram lines %q", got)
	}
	if j, ok := alpha.JSON().(AlphagramsJSON); !ok || len(j.Alphagrams) != 1 || !slices.Equal(j.Alphagrams[0].Words, []string{"CASA", "SACA"}) {
		t.Errorf("alphagrams JSON %#v", alpha.JSON())
	}
	p := i18n.For(i18n.English)
	render := func(d *ui.Doc) string {
		var b strings.Builder
		if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(d); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if out := render(alpha.Doc(p)); !strings.Contains(out, "CASA SACA") || !strings.Contains(out, p.T("search.note_alphagrams")) {
		t.Errorf("alphagrams doc:\n%s", out)
	}
	if out := render(words.Doc(p)); !strings.Contains(out, "CAMA") || strings.Contains(out, p.T("search.note_alphagrams")) {
		t.Errorf("words doc:\n%s", out)
	}
}

func TestParseSearchBy(t *testing.T) {
	t.Parallel()
	for s, want := range map[string][2]bool{"": {false, true}, "word": {false, true}, "Palabra": {false, true},
		"ALPHAGRAM": {true, true}, "alfagrama": {true, true}, "anagram": {false, false}} {
		if by, ok := ParseSearchBy(s); by != want[0] || ok != want[1] {
			t.Errorf("%q: %v %v, want %v", s, by, ok, want)
		}
	}
}
