package lexicon

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A word's hooks spell the words they make, digraph tiles whole; piped, a line a hook.
func TestWordHooks(t *testing.T) {
	t.Parallel()
	lex := buildLexicon(t, "ALA", "ALAS", "CALA", "CHALA")
	ts := lex.Tiles
	w, err := ts.ParseWord("ALA")
	if err != nil {
		t.Fatal(err)
	}
	h := WordHooks(lex, w)
	if !h.Valid || h.Word != "ALA" || len(h.Front) != 2 || len(h.Back) != 1 || h.Back[0] != (HookJSON{Hook: "S", Word: "ALAS"}) {
		t.Fatalf("hooks %+v", h)
	}
	p := i18n.For(i18n.English)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 80, func(string) string { return "" })
	if err := term.Print(h.LinesDoc(p)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "CH") || !strings.Contains(b.String(), "S   ALAS") {
		t.Errorf("lines:\n%s", b.String())
	}
	b.Reset()
	if err := term.Print(h.Doc(p, term)); err != nil || strings.Contains(b.String(), "[[") || !strings.Contains(b.String(), "CHALA") {
		t.Errorf("document (%v):\n%s", err, b.String())
	}
}
