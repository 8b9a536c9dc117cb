package cmd

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// familyJSON is a family a word belongs to, as `info --json` prints it: its lemma (an
// infinitive, or the noun or adjective the other forms come from), its kind (verb, nominal)
// and the forms the lexicon has, each with the rule that makes it from the lemma.
type familyJSON struct {
	Lemma string           `json:"lemma"`
	Kind  string           `json:"kind"`
	Forms []familyFormJSON `json:"forms"`
}

type familyFormJSON struct {
	Word string `json:"word"`
	Rule string `json:"rule,omitempty"`
}

// wordFamilies are the families of word under lex (lexicon/morph).
func wordFamilies(g *Globals, lex *lexicon.Lexicon, word []lexicon.Tile) []familyJSON {
	out := []familyJSON{}
	for _, f := range g.morphology(lex).FamiliesOf(word) {
		fj := familyJSON{Lemma: lex.Tiles.Display(f.Lemma), Kind: f.Class.String()}
		for _, fm := range f.Forms {
			fj.Forms = append(fj.Forms, familyFormJSON{Word: lex.Tiles.Display(fm.Word), Rule: fm.Rule})
		}
		out = append(out, fj)
	}
	return out
}

// familyShown is how many forms of a family `info` lists before saying how many more.
const familyShown = 40

// familyText is "verb CONTAR: CONTAR CONTA CONTE … and 30 more".
func familyText(p *i18n.Printer, fs []familyJSON) string {
	if len(fs) == 0 {
		return p.T("family.info.none")
	}
	var parts []string
	for _, f := range fs {
		lemma := p.T("family.info.nominal", "Lemma", f.Lemma)
		if f.Kind == morph.VerbForm.String() {
			lemma = p.T("family.info.verb", "Lemma", f.Lemma)
		}
		var ws []string
		for _, fm := range f.Forms[:min(familyShown, len(f.Forms))] {
			ws = append(ws, fm.Word)
		}
		forms := strings.Join(ws, " ")
		if n := len(f.Forms) - familyShown; n > 0 {
			forms += " " + p.T("family.info.more", "Count", p.Int(n))
		}
		parts = append(parts, p.T("family.info.forms", "Lemma", lemma, "Forms", forms))
	}
	return strings.Join(parts, "; ")
}
