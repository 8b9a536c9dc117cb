package morph_test

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// A word's facts: its tiles (a digraph one tile), rank, anagrams, hooks and families; the
// document gives the word and its verdict first when piped.
func TestWordInfo(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := morph.For(lex)
	info := m.WordInfo(lex, lex.Tiles, word(t, lex, "CHICO"))
	if !info.Valid || info.Length != 4 || strings.Join(info.Tiles, " ") != "CH I C O" || info.Rank == nil || info.WordsOfLength == 0 ||
		info.Combinations == 0 || info.Probability <= 0 {
		t.Fatalf("info %+v", info)
	}
	p := i18n.For(i18n.English)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 120, func(string) string { return "" })
	if err := term.Print(info.Doc(p, term)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "[[") || !strings.Contains(out, "CHICO") || !strings.Contains(out, p.T("judge.valid")) {
		t.Errorf("document:\n%s", out)
	}
	phony := m.WordInfo(lex, lex.Tiles, word(t, lex, "ZZZQ"))
	if phony.Valid || phony.Rank != nil {
		t.Errorf("a phony: %+v", phony)
	}
}
