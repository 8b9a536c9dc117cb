package morph_test

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// A word's families for scripts and in words: the verb's lemma, its forms with their rules,
// a long family cut with how many more; none said so.
func TestFamiliesReport(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := morph.For(lex)
	fs := m.Families(lex.Tiles, word(t, lex, "CUENTAN"))
	var verb *morph.FamilyJSON
	for i := range fs {
		if fs[i].Lemma == "CONTAR" {
			verb = &fs[i]
		}
	}
	if verb == nil || verb.Kind != morph.VerbForm.String() || len(verb.Forms) < 40 {
		t.Fatalf("families %+v", fs)
	}
	p := i18n.For(i18n.English)
	text := morph.FamilyText(p, fs)
	if !strings.Contains(text, "CONTAR") || !strings.Contains(text, p.T("family.info.more", "Count", p.Int(len(verb.Forms)-40))) {
		t.Errorf("text %q", text)
	}
	if none := morph.FamilyText(p, nil); none != p.T("family.info.none") {
		t.Errorf("none %q", none)
	}
}
