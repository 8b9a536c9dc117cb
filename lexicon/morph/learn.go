package morph

import (
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/atril-scrabble/atril/lexicon"
)

// What counts as a rule. A paradigm ending belongs to a theme's paradigm when at least
// minShare of its verbs have it (-ADA, -ARSE and -ADOR do, a coincidence such as CANT+ALETEA
// does not), and is an inflection (a tense: it marks words as verb forms) when inflectionShare
// do. Endings are at most maxAdd tiles (CANT+ARIAMOS is 7).
const (
	minShare        = 0.03
	inflectionShare = 0.30
	maxAdd          = 8
	// A candidate infinitive is a verb when it has most of its theme's commonest endings.
	probeEndings = 20
	probeNeeded  = 12
	// Stem changes and spelling rules need this many verbs showing them; a spelling rule, this
	// share of the verbs it applies to (SACAR, SAQUE: most verbs in -CAR).
	minVerbs = 5
	// A paradigm ending needs this many verbs too (a coincidence in a small theme is no rule).
	minParadigm = 30
	spellShare  = 0.3
	// Nominal rules: endings of at most maxNomStrip tiles swapped for at most maxNomAdd, seen
	// in minNomPairs pairs of words and for at least minNomShare of the words they apply to.
	maxNomStrip = 2
	maxNomAdd   = 3
	minNomPairs = 20
	minNomShare = 0.01
	minStem     = 3 // tiles a nominal rule leaves of its lemma
)

// themeLabels are the infinitive endings. The Spanish verb is the one piece of grammar assumed:
// which endings it has, and which tenses and derivations go with them, is learnt.
var themeLabels = []string{"AR", "ER", "IR"}

// Learn studies lex's words. It takes about a second on a full Spanish lexicon.
func Learn(lex *lexicon.Lexicon) *Model {
	m := &Model{lex: lex, ts: lex.Tiles, verbOf: map[string]int32{}, altRules: map[altKey]*Rule{},
		nomRules: map[string][]*Rule{}, cache: map[ctxKey][2]int32{}}
	lex.Graph.Walk(func(w []lexicon.Tile) bool {
		m.words = append(m.words, string(w))
		return true
	})
	m.formOf = make([]uint64, len(m.words)/64+1)
	var themes []string
	for _, l := range themeLabels {
		if t, err := m.ts.ParseWord(l); err == nil {
			themes = append(themes, string(t))
		}
	}
	m.learnVerbs(themes)
	m.learnNominal()
	m.learnNewVerbs()
	return m
}

// candidate is a word ending like an infinitive, with the paradigm endings after its stem.
type candidate struct {
	word  int32
	theme int8
	ends  []int32 // ids of the endings Y such that stem+Y is a word
	forms []int32 // the words stem+Y, in ends' order
}

func (m *Model) learnVerbs(themes []string) {
	if len(themes) == 0 {
		return
	}
	// Every ending seen after the stem of a word ending like an infinitive: the words are
	// scanned in parts, one a core.
	themeOf := func(w string) int {
		for i, t := range themes {
			if len(w) >= len(t)+2 && strings.HasSuffix(w, t) {
				return i
			}
		}
		return -1
	}
	parts := parallel(len(m.words), func(lo, hi int) []candidate {
		var out []candidate
		for wi := lo; wi < hi; wi++ {
			w := m.words[wi]
			th := themeOf(w)
			if th < 0 {
				continue
			}
			stem := w[:len(w)-len(themes[th])]
			a, b := m.prefixRange(stem)
			c := candidate{word: int32(wi), theme: int8(th)}
			for ui := a; ui < b; ui++ {
				if y := len(m.words[ui]) - len(stem); y > 0 && y <= maxAdd {
					c.forms = append(c.forms, int32(ui))
				}
			}
			out = append(out, c)
		}
		return out
	})
	var cands []candidate
	for _, p := range parts {
		cands = append(cands, p...)
	}
	ids := make([]map[uint64]int32, len(themes))
	names := make([][]string, len(themes))
	for i := range ids {
		ids[i] = map[uint64]int32{}
	}
	for ci := range cands {
		c := &cands[ci]
		w := m.words[c.word]
		stemLen := len(w) - len(themes[c.theme])
		c.ends = make([]int32, len(c.forms))
		for k, ui := range c.forms {
			y := m.words[ui][stemLen:]
			key := pack(y)
			id, ok := ids[c.theme][key]
			if !ok {
				id = int32(len(names[c.theme]))
				ids[c.theme][key] = id
				names[c.theme] = append(names[c.theme], y)
			}
			c.ends[k] = id
		}
	}
	df := func(keep func(c *candidate) bool) [][]int32 {
		out := make([][]int32, len(themes))
		for i := range out {
			out[i] = make([]int32, len(names[i]))
		}
		for i := range cands {
			if keep(&cands[i]) {
				for _, e := range cands[i].ends {
					out[cands[i].theme][e]++
				}
			}
		}
		return out
	}
	// A verb has most of its theme's commonest endings (a noun ending in -AR has few).
	all := df(func(*candidate) bool { return true })
	probes := make([]map[int32]bool, len(themes))
	for th := range themes {
		order := make([]int32, len(names[th]))
		for i := range order {
			order[i] = int32(i)
		}
		slices.SortFunc(order, func(a, b int32) int { return int(all[th][b] - all[th][a]) })
		probes[th] = map[int32]bool{}
		for _, e := range order[:min(probeEndings, len(order))] {
			probes[th][e] = true
		}
	}
	isVerb := func(c *candidate) bool {
		n := 0
		for _, e := range c.ends {
			if probes[c.theme][e] {
				n++
			}
		}
		return n >= min(probeNeeded, len(probes[c.theme]))
	}
	verbCands := cands[:0]
	for i := range cands {
		if isVerb(&cands[i]) {
			verbCands = append(verbCands, cands[i])
		}
	}
	cands = verbCands
	perTheme := make([]int, len(themes))
	for _, c := range cands {
		perTheme[c.theme]++
	}
	counts := df(func(*candidate) bool { return true })

	// The paradigm: endings most verbs of the theme have.
	m.byTheme = make([][]*Rule, len(themes))
	ruleOf := make([]map[int32]*Rule, len(themes))
	for th := range themes {
		ruleOf[th] = map[int32]*Rule{}
		need := max(minParadigm, int(minShare*float64(perTheme[th])+0.5))
		for e, n := range counts[th] {
			if int(n) < need {
				continue
			}
			r := &Rule{Class: VerbForm, Theme: themes[th], Strip: themes[th], Add: names[th][e],
				Inflection: float64(n) >= inflectionShare*float64(perTheme[th]),
				attested:   n, applicable: int32(perTheme[th])}
			ruleOf[th][int32(e)] = r
			m.addRule(r)
			m.byTheme[th] = append(m.byTheme[th], r)
		}
	}
	m.verbs = make([]verb, len(cands))
	for i, c := range cands {
		w := m.words[c.word]
		m.verbs[i] = verb{word: w, theme: c.theme, vowel: -1}
		m.verbOf[w] = int32(i)
	}
	all32 := make([]int32, len(m.verbs))
	for i := range all32 {
		all32[i] = int32(i)
	}
	m.verbEnds = newEndings(all32, m.verbWord)

	// Spelling changes before some endings: a rule of the stem's last tile and the theme
	// (SA+CAR → SA+QUE), found on verbs long enough for their stems to be telling.
	spell := map[[2]string]int32{}
	for _, v := range m.verbs {
		th := themes[v.theme]
		x := v.word[len(v.word)-len(th)-1:]
		stem := v.word[:len(v.word)-len(x)]
		if len(stem) < 4 {
			continue
		}
		lo, hi := m.prefixRange(stem)
		if m.ts.IsVowel(lexicon.Tile(x[0])) {
			continue // a spelling change is of the stem's last consonant
		}
		for ui := lo; ui < hi; ui++ {
			u := m.words[ui]
			if len(u) == len(stem) || len(u)-len(stem) > maxAdd || u[len(stem)] == x[0] || m.ts.IsVowel(lexicon.Tile(u[len(stem)])) {
				continue
			}
			spell[[2]string{x, u[len(stem):]}]++
		}
	}
	// In a fixed order: rule ids, and so every phony drawn with a seed, must not follow the
	// map's. Only the pairs seen often enough are sorted (sorting them all doubled the
	// learning's time).
	spellKeys := make([][2]string, 0, len(spell)/8)
	for k, n := range spell {
		if n >= minVerbs {
			spellKeys = append(spellKeys, k)
		}
	}
	slices.SortFunc(spellKeys, func(a, b [2]string) int {
		if c := strings.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return strings.Compare(a[1], b[1])
	})
	for _, k := range spellKeys {
		n := spell[k]
		x := k[0]
		th := slices.Index(themes, x[1:])
		lo, hi := m.verbEnds.of(x)
		if th < 0 || float64(n) < spellShare*float64(hi-lo) {
			continue
		}
		r := &Rule{Class: VerbForm, Theme: themes[th], Strip: x, Add: k[1], applicable: int32(hi - lo)}
		m.addRule(r)
		m.byTheme[th] = append(m.byTheme[th], r)
	}
	for i := range m.verbs {
		m.verbs[i].has = make([]uint64, 1+(len(m.rules)+255)/64) // room for stem changes
	}
	// What each verb has, and which words are its forms.
	for i, c := range cands {
		v := &m.verbs[i]
		for k, e := range c.ends {
			if r := ruleOf[c.theme][e]; r != nil {
				v.set(r)
				if r.Inflection {
					m.markForm(int(c.forms[k]))
				}
			}
		}
		for _, r := range m.byTheme[c.theme] {
			if r.Strip == r.Theme || !strings.HasSuffix(v.word, r.Strip) {
				continue
			}
			base := v.word[:len(v.word)-len(r.Strip)]
			if m.has(base + r.Add) {
				v.set(r)
				r.attested++
			}
		}
	}
	for _, rs := range m.byTheme {
		for _, r := range rs {
			if r.Strip != r.Theme {
				r.Inflection = float64(r.attested) >= inflectionShare*float64(r.applicable)
			}
		}
	}
	for i := range m.verbs {
		v := &m.verbs[i]
		for _, r := range m.byTheme[v.theme] {
			if r.Inflection && r.Strip != r.Theme && v.hasRule(r) {
				m.markForm(m.index(v.word[:len(v.word)-len(r.Strip)] + r.Add))
			}
		}
	}
	m.learnStemChanges(themes)
	for _, v := range m.verbs {
		m.markForm(m.index(v.word))
	}
}

func (m *Model) verbWord(i int32) string { return m.verbs[i].word }

func (m *Model) addRule(r *Rule) {
	r.id = len(m.rules)
	m.rules = append(m.rules, r)
}

func (v *verb) set(r *Rule) {
	if r.id/64 < len(v.has) {
		v.has[r.id/64] |= 1 << (r.id % 64)
	}
}

func (v *verb) hasRule(r *Rule) bool {
	return r.id/64 < len(v.has) && v.has[r.id/64]&(1<<(r.id%64)) != 0
}

// vowels are the tile strings a stem's last vowel may change to: one or two vowel tiles.
func (m *Model) vowelStrings() []string {
	var vs []string
	for t := 1; t < m.ts.Size(); t++ {
		if m.ts.IsVowel(lexicon.Tile(t)) {
			vs = append(vs, string([]byte{byte(t)}))
		}
	}
	out := slices.Clone(vs)
	for _, a := range vs {
		for _, b := range vs {
			out = append(out, a+b)
		}
	}
	return out
}

// lastVowel is the position of the stem's last vowel when a consonant follows it (CONT-AR: the
// O), else -1.
func (m *Model) lastVowel(stem string) int {
	for i := len(stem) - 1; i >= 0; i-- {
		if m.ts.IsVowel(lexicon.Tile(stem[i])) {
			if i == len(stem)-1 || i > 0 && m.ts.IsVowel(lexicon.Tile(stem[i-1])) {
				return -1
			}
			return i
		}
	}
	return -1
}

// learnStemChanges finds verbs whose stem's last vowel changes in some forms (CONTAR: CUENTA,
// CUENTE; PEDIR: PIDE, PIDIÓ): a changed stem that makes at least three forms the regular stem
// does not. The rules are the paradigm's endings with that change.
func (m *Model) learnStemChanges(themes []string) {
	alts := m.vowelStrings()
	// The probe: the theme's commonest one-tile inflection (CANT+A, COM+E).
	probe := make([]string, len(themes))
	best := make([]int32, len(themes))
	for th, rs := range m.byTheme {
		for _, r := range rs {
			if r.Strip == r.Theme && len(r.Add) == 1 && r.attested > best[th] {
				probe[th], best[th] = r.Add, r.attested
			}
		}
	}
	applicable := map[[2]string]int32{} // theme, vowel → verbs with that last stem vowel
	type found struct {
		verb int
		rule *Rule
	}
	var got []found
	for vi := range m.verbs {
		v := &m.verbs[vi]
		th := themes[v.theme]
		stem := v.word[:len(v.word)-len(th)]
		i := m.lastVowel(stem)
		if i < 0 || probe[v.theme] == "" {
			continue
		}
		v.vowel = i
		from := stem[i : i+1]
		applicable[[2]string{th, from}]++
		for _, to := range alts {
			if to == from {
				continue
			}
			alt := stem[:i] + to + stem[i+1:]
			if !m.has(alt + probe[v.theme]) {
				continue
			}
			// A stem of another verb is no change of this one's (CONTAR is not CENTAR's).
			if m.isStem(alt, themes) {
				continue
			}
			var rs []*Rule
			irregular := 0
			for _, r := range m.byTheme[v.theme] {
				if !r.Inflection || !strings.HasSuffix(v.word, r.Strip) {
					continue
				}
				base := alt[:len(alt)-(len(r.Strip)-len(th))]
				if m.has(base + r.Add) {
					rs = append(rs, r)
					if !v.hasRule(r) {
						irregular++
					}
				}
			}
			if len(rs) < 4 || irregular == 0 {
				continue
			}
			for _, r := range rs {
				k := altKey{theme: v.theme, from: from, to: to, strip: r.Strip, add: r.Add}
				ar := m.altRules[k]
				if ar == nil {
					ar = &Rule{Class: StemChange, Theme: th, Strip: r.Strip, Add: r.Add, From: from, To: to, Inflection: true}
					m.altRules[k] = ar
				}
				ar.attested++
				got = append(got, found{vi, ar})
			}
		}
	}
	for _, k := range sortedAltKeys(m.altRules) {
		r := m.altRules[k]
		if r.attested < minVerbs {
			delete(m.altRules, k)
			continue
		}
		r.applicable = applicable[[2]string{r.Theme, r.From}]
		m.addRule(r)
	}
	for _, f := range got {
		if _, kept := m.altRules[altKey{theme: m.verbs[f.verb].theme, from: f.rule.From, to: f.rule.To, strip: f.rule.Strip, add: f.rule.Add}]; !kept {
			continue
		}
		v := &m.verbs[f.verb]
		if f.rule.id/64 >= len(v.has) {
			v.has = append(v.has, make([]uint64, f.rule.id/64+1-len(v.has))...)
		}
		v.set(f.rule)
		m.markForm(m.index(m.applyVerb(v, f.rule)))
	}
}

// isStem reports whether some verb has this stem.
func (m *Model) isStem(stem string, themes []string) bool {
	for _, th := range themes {
		if _, ok := m.verbOf[stem+th]; ok {
			return true
		}
	}
	return false
}

func sortedAltKeys(m map[altKey]*Rule) []altKey {
	ks := make([]altKey, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, func(a, b altKey) int {
		return strings.Compare(string(rune(a.theme))+a.from+"\x00"+a.to+"\x00"+a.strip+"\x00"+a.add,
			string(rune(b.theme))+b.from+"\x00"+b.to+"\x00"+b.strip+"\x00"+b.add)
	})
	return ks
}

// applies reports whether a verb rule can make a form of v.
func (m *Model) applies(v *verb, r *Rule) bool {
	if r.Theme != "" && !strings.HasSuffix(v.word, r.Theme) || !strings.HasSuffix(v.word, r.Strip) {
		return false
	}
	if r.Class == StemChange {
		return v.vowel >= 0 && v.word[v.vowel:v.vowel+1] == r.From && v.vowel < len(v.word)-len(r.Strip)
	}
	return true
}

// applyVerb is the form a verb rule makes of v.
func (m *Model) applyVerb(v *verb, r *Rule) string {
	base := v.word[:len(v.word)-len(r.Strip)]
	if r.Class == StemChange {
		base = base[:v.vowel] + r.To + base[v.vowel+1:]
	}
	return base + r.Add
}

// learnNominal finds the ending swaps of nouns and adjectives: between words that are no verb
// form, the endings after their longest common start (NIÑ+O, NIÑ+AS: -O → -AS).
func (m *Model) learnNominal() {
	for i, w := range m.words {
		if len(w) >= minStem && !m.isVerbForm(i) {
			m.nominal = append(m.nominal, int32(i))
		}
	}
	// Pairs of nominal words, counted in parts, one a core.
	counts := parallel(len(m.nominal), func(lo, hi int) map[uint64]int32 {
		pairs := map[uint64]int32{}
		for _, ni := range m.nominal[lo:hi] {
			n := m.words[ni]
			// Every word sharing all but the last maxNomStrip tiles of n is in one range.
			a, b := m.prefixRange(n[:max(minStem, len(n)-maxNomStrip)])
			for ui := a; ui < b; ui++ {
				if ui == int(ni) || m.isVerbForm(ui) {
					continue
				}
				u := m.words[ui]
				l := commonPrefix(n, u)
				if l < minStem || len(n)-l > maxNomStrip || len(u)-l > maxNomAdd || len(u) == l {
					continue
				}
				pairs[pack(n[l:])<<32|pack(u[l:])]++
			}
		}
		return pairs
	})
	pairs := map[[2]string]int32{}
	for _, c := range counts {
		for k, n := range c {
			pairs[[2]string{unpack(k >> 32), unpack(k & (1<<32 - 1))}] += n
		}
	}
	m.nomEnds = newEndings(m.nominal, func(i int32) string { return m.words[i] })
	keys := make([][2]string, 0, len(pairs))
	for k, n := range pairs {
		if n >= minNomPairs {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	for _, k := range keys {
		lo, hi := m.nomEnds.of(k[0])
		n := 0
		for _, i := range m.nomEnds.idx[lo:hi] {
			if len(m.words[i])-len(k[0]) >= minStem {
				n++
			}
		}
		a := pairs[k]
		if n == 0 || float64(a) < minNomShare*float64(n) {
			continue
		}
		r := &Rule{Class: Nominal, Strip: k[0], Add: k[1], attested: a, applicable: int32(n)}
		m.nomRules[k[0]] = append(m.nomRules[k[0]], r)
		m.nomAll = append(m.nomAll, r)
	}
}

// parallel runs fn on parts of [0, n), one a core, and returns what each part gave, in order.
func parallel[T any](n int, fn func(lo, hi int) T) []T {
	workers := max(1, min(runtime.GOMAXPROCS(0), n/1000+1))
	out := make([]T, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[w] = fn(n*w/workers, n*(w+1)/workers)
		}()
	}
	wg.Wait()
	return out
}

// pack turns an ending of at most 9 tiles into a number: its length, then 6 bits a tile
// (tiles are below 64).
func pack(s string) uint64 {
	v := uint64(len(s))
	for i := 0; i < len(s); i++ {
		v |= uint64(s[i]) << (4 + 6*i)
	}
	return v
}

func unpack(v uint64) string {
	b := make([]byte, v&15)
	for i := range b {
		b[i] = byte(v >> (4 + 6*i) & 63)
	}
	return string(b)
}

func commonPrefix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// learnNewVerbs measures how often a noun or adjective in -O with a plural has a verb in the
// first theme (CANTO, CANTOS: CANTAR; PERRO, PERROS: none), by ending: how plausible a tense of
// a verb the lexicon lacks is.
func (m *Model) learnNewVerbs() {
	m.deriv.counts = map[string][2]int32{}
	if len(m.byTheme) == 0 || len(m.byTheme[0]) == 0 {
		return
	}
	o, okO := m.ts.Tile("O")
	s, okS := m.ts.Tile("S")
	if !okO || !okS {
		return
	}
	theme := m.byTheme[0][0].Theme
	for _, r := range m.byTheme[0] {
		if r.Inflection && r.Strip == r.Theme {
			m.newVerb = append(m.newVerb, r)
		}
	}
	sort.Slice(m.newVerb, func(i, j int) bool { return m.newVerb[i].attested > m.newVerb[j].attested })
	for _, w := range m.words {
		if len(w) < minStem+1 || w[len(w)-1] != byte(o) || !m.has(w+string([]byte{byte(s)})) {
			continue
		}
		verb := m.has(w[:len(w)-1] + theme)
		for l := 0; l <= 3 && l <= len(w); l++ {
			c := m.deriv.counts[w[len(w)-l:]]
			c[1]++
			if verb {
				c[0]++
			}
			m.deriv.counts[w[len(w)-l:]] = c
		}
	}
}
