package morph

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
)

// Phony is a form the rules predict for a real lemma that the lexicon lacks.
type Phony struct {
	Word  []lexicon.Tile
	Stem  []lexicon.Tile // the real word it was made from: an infinitive, a noun, an adjective
	Rule  string         // the ending swap, as a player reads it: -AR → -ADA
	Class Class
	// Plausibility is how strongly the lexicon's patterns predict the form (0-1): the share of
	// lemmas ending like Stem that have the form the rule makes.
	Plausibility float64
}

// Filter limits the phonies made: a length in tiles (0: any), and the lemmas they come from.
type Filter struct {
	MinLen, MaxLen int
	// Lemma, when set, keeps phonies of lemmas it accepts (tiles as bytes).
	Lemma func(lemma []lexicon.Tile) bool
}

func (f Filter) length(n int) bool {
	return n >= 2 && n <= MaxTiles && (f.MinLen == 0 || n >= f.MinLen) && (f.MaxLen == 0 || n <= f.MaxLen)
}

// MaxTiles is the longest word a board holds.
const MaxTiles = 15

// tries is how many candidates each phony is the most plausible of.
const tries = 4

// exhausted is how many attempts in a row may find no new phony before Phonies gives up.
const exhausted = 3000

// MinPlausibility is the least plausibility a phony may have: below it the rules hardly
// predict the form (a stem change few verbs of that ending show), and players reject it at a
// glance.
const MinPlausibility = 0.05

// classWeights is how often each kind of phony is drawn: as often as the lexicon's words are
// verb forms or not (most of a Spanish list is verb forms), a tenth of the verb phonies with a
// stem change, a quarter of the others a tense of a verb the list lacks.
func (m *Model) classWeights() []classWeight {
	forms := 0
	for _, b := range m.formOf {
		forms += bits.OnesCount64(b)
	}
	verbs := float64(forms) / float64(max(1, len(m.words)))
	return []classWeight{{VerbForm, 0.9 * verbs}, {StemChange, 0.1 * verbs}, {Nominal, 0.75 * (1 - verbs)}, {NewVerb, 0.25 * (1 - verbs)}}
}

type classWeight struct {
	class  Class
	weight float64
}

// Phonies makes n different phonies, most plausible first; fewer when the lexicon and the
// filter do not give them. The same rng state gives the same phonies.
func (m *Model) Phonies(rng *rand.Rand, n int, f Filter) []Phony {
	seen := map[string]bool{}
	var out []Phony
	weights := m.classWeights()
	// The rules give a lemma only so many phonies: when a long run of attempts finds nothing
	// new, the filter's pool is spent.
	lastNew := 0
	for attempts := 0; len(out) < n && attempts-lastNew < exhausted; attempts++ {
		c, _ := pick(rng, weights, func(c classWeight) float64 { return c.weight })
		class := c.class
		var best Phony
		for range tries {
			if p, ok := m.draw(rng, class, f); ok && p.Plausibility >= MinPlausibility && p.Plausibility > best.Plausibility && !seen[string(p.Word)] {
				best = p
			}
		}
		if best.Word == nil {
			continue
		}
		seen[string(best.Word)] = true
		out = append(out, best)
		lastNew = attempts
	}
	slices.SortStableFunc(out, morePlausible)
	return out
}

// draw makes one candidate phony of a class from a random lemma.
func (m *Model) draw(rng *rand.Rand, class Class, f Filter) (Phony, bool) {
	switch class {
	case VerbForm, StemChange:
		if len(m.verbs) == 0 {
			return Phony{}, false
		}
		v := &m.verbs[rng.IntN(len(m.verbs))]
		return m.verbPhony(rng, v, class, f)
	case Nominal:
		if len(m.nominal) == 0 {
			return Phony{}, false
		}
		return m.nominalPhony(rng, m.words[m.nominal[rng.IntN(len(m.nominal))]], f)
	case NewVerb:
		if len(m.nominal) == 0 {
			return Phony{}, false
		}
		return m.newVerbPhony(rng, m.words[m.nominal[rng.IntN(len(m.nominal))]], f)
	}
	return Phony{}, false
}

// pick draws one of rs, each as likely as its weight.
func pick[T any](rng *rand.Rand, rs []T, weight func(T) float64) (T, bool) {
	var zero T
	sum := 0.0
	for _, r := range rs {
		sum += weight(r)
	}
	if sum <= 0 {
		return zero, false
	}
	x := rng.Float64() * sum
	for _, r := range rs {
		if x -= weight(r); x < 0 {
			return r, true
		}
	}
	return rs[len(rs)-1], true
}

func share(r *Rule) float64 {
	return (float64(r.attested) + 1) / (float64(r.applicable) + 2)
}

// verbPhony is a form of v that a rule of the class predicts and the lexicon lacks.
func (m *Model) verbPhony(rng *rand.Rand, v *verb, class Class, f Filter) (Phony, bool) {
	if f.Lemma != nil && !f.Lemma(tiles(v.word)) {
		return Phony{}, false
	}
	var cands []*Rule
	for _, r := range m.verbRules(v, class) {
		if n := len(v.word) - len(r.Strip) + len(r.Add) + len(r.To) - len(r.From); !v.hasRule(r) && f.length(n) {
			cands = append(cands, r)
		}
	}
	r, ok := pick(rng, cands, share)
	if !ok {
		return Phony{}, false
	}
	w := m.applyVerb(v, r)
	if m.has(w) || !m.readsBack(w) {
		return Phony{}, false
	}
	return Phony{Word: tiles(w), Stem: tiles(v.word), Rule: m.ruleText(r, v), Class: r.Class,
		Plausibility: m.reliability(r, v.word, v)}, true
}

// verbRules are the rules of a class that apply to v.
func (m *Model) verbRules(v *verb, class Class) []*Rule {
	var out []*Rule
	if class == StemChange {
		for _, r := range m.rules {
			if r.Class == StemChange && m.applies(v, r) {
				out = append(out, r)
			}
		}
		return out
	}
	for _, r := range m.byTheme[v.theme] {
		if m.applies(v, r) {
			out = append(out, r)
		}
	}
	return out
}

// ruleText spells a rule for a lemma: a stem change as the whole ending from the vowel that
// changes (CONTAR: -ONTAR → -UENTA).
func (m *Model) ruleText(r *Rule, v *verb) string {
	if r.Class != StemChange || v == nil {
		return r.text(m.ts)
	}
	form := m.applyVerb(v, r)
	return "-" + m.word(v.word[v.vowel:]) + " → -" + m.word(form[v.vowel:])
}

// nominalPhony is an ending swap of a noun or adjective that the lexicon lacks.
func (m *Model) nominalPhony(rng *rand.Rand, n string, f Filter) (Phony, bool) {
	if f.Lemma != nil && !f.Lemma(tiles(n)) {
		return Phony{}, false
	}
	var cands []*Rule
	for k := 0; k <= maxNomStrip && len(n)-k >= minStem; k++ {
		for _, r := range m.nomRules[n[len(n)-k:]] {
			if f.length(len(n) - k + len(r.Add)) {
				cands = append(cands, r)
			}
		}
	}
	for range 3 {
		r, ok := pick(rng, cands, share)
		if !ok {
			return Phony{}, false
		}
		w := n[:len(n)-len(r.Strip)] + r.Add
		if m.has(w) || !m.readsBack(w) {
			continue
		}
		return Phony{Word: tiles(w), Stem: tiles(n), Rule: r.text(m.ts), Class: Nominal,
			Plausibility: m.reliability(r, n, nil)}, true
	}
	return Phony{}, false
}

// newVerbPhony is a tense of a verb the lexicon lacks, made from a noun or adjective in -O with
// a plural (PERRO → PERRABAN).
func (m *Model) newVerbPhony(rng *rand.Rand, n string, f Filter) (Phony, bool) {
	if len(m.newVerb) == 0 || f.Lemma != nil && !f.Lemma(tiles(n)) {
		return Phony{}, false
	}
	o, _ := m.ts.Tile("O")
	s, _ := m.ts.Tile("S")
	if len(n) < minStem+1 || n[len(n)-1] != byte(o) || !m.has(n+string([]byte{byte(s)})) {
		return Phony{}, false
	}
	stem := n[:len(n)-1]
	for _, th := range themeLabels {
		t, err := m.ts.ParseWord(th)
		if err == nil && m.has(stem+string(t)) {
			return Phony{}, false
		}
	}
	var cands []*Rule
	for _, r := range m.newVerb {
		if f.length(len(stem) + len(r.Add)) {
			cands = append(cands, r)
		}
	}
	r, ok := pick(rng, cands, share)
	if !ok {
		return Phony{}, false
	}
	w := stem + r.Add
	if m.has(w) || !m.readsBack(w) {
		return Phony{}, false
	}
	return Phony{Word: tiles(w), Stem: tiles(n), Rule: "-" + m.word(n[len(n)-1:]) + " → -" + m.word(r.Add), Class: NewVerb,
		Plausibility: m.derivShare(n) * share(r)}, true
}

// derivShare is how often a word ending like n (in -O, with a plural) has a verb: the longest
// ending seen often enough, smoothed towards the shorter ones.
func (m *Model) derivShare(n string) float64 {
	c := m.deriv.counts[""]
	p := (float64(c[0]) + 1) / (float64(c[1]) + 2)
	for l := 1; l <= 3 && l <= len(n); l++ {
		c, ok := m.deriv.counts[n[len(n)-l:]]
		if !ok {
			break
		}
		p = (float64(c[0]) + backoff*p) / (float64(c[1]) + backoff)
	}
	return p
}

// backoff is how many lemmas' worth of weight the shorter ending's estimate has against a
// longer one's counts.
const backoff = 3.0

// reliability is how often lemmas ending like lemma have the form r makes: the rule's share
// over all the lemmas it applies to, refined by the lemmas that share one, two and three more
// tiles of ending.
func (m *Model) reliability(r *Rule, lemma string, v *verb) float64 {
	p := share(r)
	base := len(r.Strip)
	if r.Class == StemChange && v != nil {
		base = len(v.word) - v.vowel
	}
	for extra := 1; extra <= 3; extra++ {
		l := base + extra
		if l >= len(lemma) {
			break
		}
		c := m.contextCounts(r, lemma[len(lemma)-l:])
		if c[1] == 0 {
			break
		}
		p = (float64(c[0]) + backoff*p) / (float64(c[1]) + backoff)
	}
	return p
}

// ctxSample is how many nouns and adjectives of an ending are checked at most.
const ctxSample = 64

// contextCounts are how many lemmas ending in ctx have r's form, and how many r applies to.
func (m *Model) contextCounts(r *Rule, ctx string) [2]int32 {
	k := ctxKey{r, ctx}
	m.mu.Lock()
	c, ok := m.cache[k]
	m.mu.Unlock()
	if ok {
		return c
	}
	if r.Class == Nominal {
		// A long range is sampled evenly: the share is what matters, and checking every noun
		// in -A would cost more than all the rest.
		lo, hi := m.nomEnds.of(ctx)
		step := max(1, (hi-lo)/ctxSample)
		for k := lo; k < hi; k += step {
			n := m.words[m.nomEnds.idx[k]]
			if len(n)-len(r.Strip) < minStem {
				continue
			}
			c[1]++
			if m.has(n[:len(n)-len(r.Strip)] + r.Add) {
				c[0]++
			}
		}
	} else {
		lo, hi := m.verbEnds.of(ctx)
		for _, i := range m.verbEnds.idx[lo:hi] {
			v := &m.verbs[i]
			if !m.applies(v, r) {
				continue
			}
			c[1]++
			if v.hasRule(r) {
				c[0]++
			}
		}
	}
	m.mu.Lock()
	m.cache[k] = c
	m.mu.Unlock()
	return c
}

// PhoniesSeed is Phonies drawn from seed: the same seed gives the same phonies.
func (m *Model) PhoniesSeed(seed uint64, n int, f Filter) []Phony {
	return m.Phonies(rand.New(rand.NewPCG(seed, 0x6d6f7270)), n, f) // "morp"
}

// morePlausible orders phonies the most plausible first; a stable sort keeps equals in their
// order.
func morePlausible(a, b Phony) int {
	switch {
	case a.Plausibility > b.Plausibility:
		return -1
	case a.Plausibility < b.Plausibility:
		return 1
	}
	return 0
}
