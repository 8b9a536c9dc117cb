package morph

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// FamilyJSON is a family a word belongs to, as `info --json` prints it: its lemma (an
// infinitive, or the noun or adjective the other forms come from), its kind (verb, nominal)
// and the forms the lexicon has, each with the rule that makes it from the lemma.
type FamilyJSON struct {
	Lemma string           `json:"lemma"`
	Kind  string           `json:"kind"`
	Forms []FamilyFormJSON `json:"forms"`
}

// FamilyFormJSON is one form of a family and the rule that makes it.
type FamilyFormJSON struct {
	Word string `json:"word"`
	Rule string `json:"rule,omitempty"`
}

// Families are the families of word under m, spelt in ts's display.
func (m *Model) Families(ts *lexicon.TileSet, word []lexicon.Tile) []FamilyJSON {
	out := []FamilyJSON{}
	for _, f := range m.FamiliesOf(word) {
		fj := FamilyJSON{Lemma: ts.Display(f.Lemma), Kind: f.Class.String()}
		for _, fm := range f.Forms {
			fj.Forms = append(fj.Forms, FamilyFormJSON{Word: ts.Display(fm.Word), Rule: fm.Rule})
		}
		out = append(out, fj)
	}
	return out
}

// familyShown is how many forms of a family `info` lists before saying how many more.
const familyShown = 40

// FamilyText is "verb CONTAR: CONTAR CONTA CONTE … and 30 more".
func FamilyText(p *i18n.Printer, fs []FamilyJSON) string {
	if len(fs) == 0 {
		return p.T("family.info.none")
	}
	var parts []string
	for _, f := range fs {
		lemma := p.T("family.info.nominal", "Lemma", f.Lemma)
		if f.Kind == VerbForm.String() {
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
