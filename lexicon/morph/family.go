package morph

import (
	"math/rand/v2"
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
)

// Family is a lemma and the forms of it the lexicon has.
type Family struct {
	Lemma []lexicon.Tile
	// Class is VerbForm for a verb (the lemma is its infinitive), Nominal for a noun or
	// adjective (the lemma is the form the others are most reliably made from: NIÑO).
	Class Class
	Forms []Form // the lemma first, then by length and alphabet
}

// Form is one word of a family and the rule that makes it from the lemma.
type Form struct {
	Word       []lexicon.Tile
	Rule       string // "" for the lemma itself
	Class      Class
	Inflection bool // a tense, plural or gender form rather than a derivation (-ADOR)
}

// Words are the family's words.
func (f Family) Words() [][]lexicon.Tile {
	out := make([][]lexicon.Tile, len(f.Forms))
	for i, fm := range f.Forms {
		out[i] = fm.Word
	}
	return out
}

// FamiliesOf are the families w belongs to: the verbs it is a form of (CANTO: CANTAR), then
// its noun or adjective family (CANTOS, CANTO); none for a word no rule reaches.
func (m *Model) FamiliesOf(w []lexicon.Tile) []Family {
	s := string(w)
	if !m.has(s) {
		return nil
	}
	var out []Family
	for _, vi := range m.lemmasOf(s) {
		out = append(out, m.verbFamily(&m.verbs[vi]))
	}
	if i := m.index(s); i >= 0 && !m.isVerbForm(i) {
		if f, ok := m.nominalFamily(s); ok {
			out = append(out, f)
		}
	}
	return out
}

// lemmasOf are the verbs w is a form of, the infinitive itself first.
func (m *Model) lemmasOf(w string) []int32 {
	var out []int32
	add := func(vi int32) {
		if !slices.Contains(out, vi) {
			out = append(out, vi)
		}
	}
	if vi, ok := m.verbOf[w]; ok {
		add(vi)
	}
	for _, r := range m.rules {
		if len(w) < len(r.Add) || w[len(w)-len(r.Add):] != r.Add {
			continue
		}
		base := w[:len(w)-len(r.Add)]
		if r.Class != StemChange {
			if vi, ok := m.verbOf[base+r.Strip]; ok && m.verbs[vi].hasRule(r) {
				add(vi)
			}
			continue
		}
		for j := len(base) - len(r.To); j >= 0; j-- {
			if base[j:j+len(r.To)] != r.To {
				continue
			}
			if vi, ok := m.verbOf[base[:j]+r.From+base[j+len(r.To):]+r.Strip]; ok && m.verbs[vi].hasRule(r) {
				add(vi)
			}
		}
	}
	return out
}

// VerbFamily is the family of an infinitive, false when w is none.
func (m *Model) VerbFamily(w []lexicon.Tile) (Family, bool) {
	vi, ok := m.verbOf[string(w)]
	if !ok {
		return Family{}, false
	}
	return m.verbFamily(&m.verbs[vi]), true
}

func (m *Model) verbFamily(v *verb) Family {
	f := Family{Lemma: tiles(v.word), Class: VerbForm, Forms: []Form{{Word: tiles(v.word), Class: VerbForm, Inflection: true}}}
	seen := map[string]bool{v.word: true}
	for _, r := range m.rules {
		if !v.hasRule(r) || !m.applies(v, r) {
			continue
		}
		w := m.applyVerb(v, r)
		if seen[w] || !m.has(w) {
			continue
		}
		seen[w] = true
		f.Forms = append(f.Forms, Form{Word: tiles(w), Rule: m.ruleText(r, v), Class: r.Class, Inflection: r.Inflection})
	}
	sortForms(f.Forms[1:])
	return f
}

func sortForms(fs []Form) {
	slices.SortFunc(fs, func(a, b Form) int {
		if len(a.Word) != len(b.Word) {
			return len(a.Word) - len(b.Word)
		}
		return slices.Compare(a.Word, b.Word)
	})
}

// nominalFamily gathers a noun's or adjective's forms: the words one rule away from w or from
// a word one rule before it, around the one they are most reliably made from.
func (m *Model) nominalFamily(w string) (Family, bool) {
	members := map[string]bool{w: true}
	for _, b := range m.nominalNeighbours(w, true) {
		members[b] = true
	}
	for b := range maps(members) {
		for _, o := range m.nominalNeighbours(b, false) {
			members[o] = true
		}
	}
	if len(members) < 2 {
		return Family{}, false
	}
	// The lemma: the member from which the rules reach the others most reliably.
	var lemma string
	best := -1.0
	for _, b := range sortedKeys(members) {
		score := 0.0
		for _, r := range m.nomOf(b) {
			if members[b[:len(b)-len(r.Strip)]+r.Add] {
				score += share(r)
			}
		}
		if score > best {
			lemma, best = b, score
		}
	}
	f := Family{Lemma: tiles(lemma), Class: Nominal, Forms: []Form{{Word: tiles(lemma), Class: Nominal, Inflection: true}}}
	for _, o := range sortedKeys(members) {
		if o == lemma {
			continue
		}
		rule := ""
		for _, r := range m.nomOf(lemma) {
			if lemma[:len(lemma)-len(r.Strip)]+r.Add == o {
				rule = r.text(m.ts)
			}
		}
		f.Forms = append(f.Forms, Form{Word: tiles(o), Rule: rule, Class: Nominal, Inflection: true})
	}
	sortForms(f.Forms[1:])
	return f, true
}

// nomOf are the nominal rules that apply to n.
func (m *Model) nomOf(n string) []*Rule {
	var out []*Rule
	for k := 0; k <= maxNomStrip && len(n)-k >= minStem; k++ {
		out = append(out, m.nomRules[n[len(n)-k:]]...)
	}
	return out
}

// nominalNeighbours are the nominal words one rule from n (backwards: the words n is made
// from).
func (m *Model) nominalNeighbours(n string, backwards bool) []string {
	var out []string
	if !backwards {
		for _, r := range m.nomOf(n) {
			o := n[:len(n)-len(r.Strip)] + r.Add
			if i := m.index(o); i >= 0 && !m.isVerbForm(i) {
				out = append(out, o)
			}
		}
		return out
	}
	for _, r := range m.nomAll {
		if len(n) < len(r.Add) || n[len(n)-len(r.Add):] != r.Add {
			continue
		}
		b := n[:len(n)-len(r.Add)] + r.Strip
		if len(b)-len(r.Strip) < minStem {
			continue
		}
		if i := m.index(b); i >= 0 && !m.isVerbForm(i) {
			out = append(out, b)
		}
	}
	return out
}

func maps(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// FamilyPhonies are up to n phonies of the family's lemma, most plausible first: the forms the
// rules predict for it that the lexicon lacks.
func (m *Model) FamilyPhonies(rng *rand.Rand, f Family, n int) []Phony {
	lemma := string(f.Lemma)
	var all []Phony
	seen := map[string]bool{}
	add := func(p Phony) {
		if !seen[string(p.Word)] {
			seen[string(p.Word)] = true
			all = append(all, p)
		}
	}
	switch f.Class {
	case VerbForm:
		vi, ok := m.verbOf[lemma]
		if !ok {
			return nil
		}
		v := &m.verbs[vi]
		for _, r := range m.rules {
			if v.hasRule(r) || !m.applies(v, r) || !r.Inflection && share(r) < 0.25 {
				continue
			}
			w := m.applyVerb(v, r)
			if m.has(w) || !m.readsBack(w) {
				continue
			}
			add(Phony{Word: tiles(w), Stem: f.Lemma, Rule: m.ruleText(r, v), Class: r.Class, Plausibility: m.reliability(r, lemma, v)})
		}
	case Nominal:
		for _, fm := range f.Forms {
			b := string(fm.Word)
			for _, r := range m.nomOf(b) {
				w := b[:len(b)-len(r.Strip)] + r.Add
				if m.has(w) || !m.readsBack(w) {
					continue
				}
				add(Phony{Word: tiles(w), Stem: fm.Word, Rule: r.text(m.ts), Class: Nominal, Plausibility: m.reliability(r, b, nil)})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b Phony) int {
		if c := morePlausible(a, b); c != 0 {
			return c
		}
		return slices.Compare(a.Word, b.Word)
	})
	// The most plausible, and some drawn from the next ones so that a lemma's questions vary.
	if len(all) > n {
		top := all[:min(len(all), 3*n)]
		rng.Shuffle(len(top), func(i, j int) { top[i], top[j] = top[j], top[i] })
		top = top[:n]
		slices.SortStableFunc(top, morePlausible)
		all = top
	}
	return all
}

// Lemmas are the family lemmas of a class (VerbForm: infinitives; Nominal: nouns and
// adjectives), as tiles; for drawing a family drill's questions.
func (m *Model) Lemmas(class Class) [][]lexicon.Tile {
	var out [][]lexicon.Tile
	switch class {
	case VerbForm:
		for _, v := range m.verbs {
			out = append(out, tiles(v.word))
		}
	case Nominal:
		for _, i := range m.nominal {
			out = append(out, tiles(m.words[i]))
		}
	}
	return out
}

// HookPhonies are the back hooks the rules predict for w and the lexicon lacks: w and one
// tile more (a plural in -S of a noun that has none, CANTAR+A for a verb without CANTARA), at
// least min plausible, most plausible first. They tempt a player who knows the patterns.
func (m *Model) HookPhonies(w []lexicon.Tile, min float64) []Phony {
	s := string(w)
	var out []Phony
	consider := func(form, rule string, class Class, p float64) {
		if len(form) != len(s)+1 || form[:len(s)] != s || p < min || m.has(form) || !m.readsBack(form) {
			return
		}
		for _, o := range out {
			if string(o.Word) == form {
				return
			}
		}
		out = append(out, Phony{Word: tiles(form), Stem: w, Rule: rule, Class: class, Plausibility: p})
	}
	if vi, ok := m.verbOf[s]; ok {
		v := &m.verbs[vi]
		for _, r := range m.rules {
			if m.applies(v, r) && !v.hasRule(r) {
				consider(m.applyVerb(v, r), m.ruleText(r, v), r.Class, m.reliability(r, s, v))
			}
		}
	}
	if i := m.index(s); i >= 0 && !m.isVerbForm(i) {
		for _, r := range m.nomOf(s) {
			consider(s[:len(s)-len(r.Strip)]+r.Add, r.text(m.ts), Nominal, m.reliability(r, s, nil))
		}
	}
	slices.SortStableFunc(out, morePlausible)
	return out
}
