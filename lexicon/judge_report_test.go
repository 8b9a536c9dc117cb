package lexicon

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Every word gets a verdict: valid, not valid, a letter the set lacks (not valid), not letters
// (bad input); the judgement is valid only when every word is.
func TestJudge(t *testing.T) {
	t.Parallel()
	lex := buildLexicon(t, "CASA", "CHICO")
	j := Judge(lex, lex.Tiles, []string{"casa", "CHICO", "CASO"})
	if !(!j.Valid && j.Words[0].Valid && j.Words[1].Valid && !j.Words[2].Valid && !j.BadInput()) {
		t.Errorf("%+v", j)
	}
	if ok := Judge(lex, lex.Tiles, []string{"CASA"}); !ok.Valid {
		t.Errorf("%+v", ok)
	}
	odd := Judge(lex, lex.Tiles, []string{"KIWI", "CA5A"})
	if odd.Words[0].Problem != "not_in_tile_set" || odd.Words[1].Problem != "not_letters" || !odd.BadInput() || odd.Valid {
		t.Errorf("%+v", odd)
	}
	var b strings.Builder
	if err := ui.NewTerm(&b, false, 120, func(string) string { return "" }).Print(odd.Doc(i18n.For(i18n.English))); err != nil {
		t.Fatal(err)
	}
	if s := b.String(); strings.Contains(s, "[[") || !strings.Contains(s, "KIWI") || !strings.Contains(s, "CA5A") {
		t.Errorf("document:\n%s", s)
	}
}
