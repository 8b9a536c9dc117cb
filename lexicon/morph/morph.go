// Package morph learns, from a lexicon's own words, how Spanish words inflect: the -AR, -ER and
// -IR paradigms (tenses, participles, the pronominal -SE infinitive and whatever else the list
// holds for most verbs), the spelling changes before some endings (-CAR → -QUE, -ZAR → -CE,
// -CER → -ZCO), stem changes (CONTAR → CUENTA), and the plural, gender and other endings of
// nouns and adjectives. No dictionary is used: a rule is an ending swap (strip X, add Y) that
// many words of the lexicon show, and its reliability is measured on the lexicon too, finer for
// words that end alike (a Laplace estimate backed off from long endings to short ones).
//
// Two things come of it: families (a word's lemma and the forms of it the lexicon has, for
// `atril info` and the family drill), and phonies: forms the rules predict for a real lemma
// that the lexicon lacks (a participle of an intransitive verb, a regular present of a verb
// whose stem changes, a plural or a feminine that is not in the list, a tense of a verb that
// does not exist), ranked by how strongly the rules predict them. Words are tiles throughout:
// CH, LL and RR are single tiles, as in the lexicon.
//
// Like all of lexicon/, it must not import engine, drills, puzzles, stats, internal/studystore or a
// front end.
package morph

import (
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/atril-scrabble/atril/lexicon"
)

// Class says what kind of rule made a form.
type Class uint8

const (
	// VerbForm: an ending of a verb's paradigm (CANTAR → CANTABAN, CANTADA, CANTARSE), with the
	// spelling change some endings bring (SACAR → SAQUE).
	VerbForm Class = iota + 1
	// StemChange: a paradigm ending with the stem's last vowel changed (CONTAR → CUENTA).
	StemChange
	// Nominal: a noun's or adjective's ending swapped (plural, gender: NIÑO → NIÑAS).
	Nominal
	// NewVerb: a tense of a verb the lexicon lacks, made from a noun or adjective
	// (PERRO → PERRABAN when there is no PERRAR).
	NewVerb
)

var classNames = [...]string{"", "verb", "stem", "nominal", "new_verb"}

// String is the class's stable identifier (JSON, tests): verb, stem, nominal, new_verb.
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "?"
}

// Model is what a lexicon says about its words' inflection.
type Model struct {
	lex   *lexicon.Lexicon
	ts    *lexicon.TileSet
	words []string // every word as tile bytes, sorted

	verbs    []verb
	verbOf   map[string]int32 // infinitive → index in verbs
	verbEnds endings          // verbs by their infinitives' endings
	rules    []*Rule          // verb rules (paradigm, spelling, stem change); index = Rule.id
	byTheme  [][]*Rule        // paradigm and spelling rules by theme
	altRules map[altKey]*Rule // stem-change rules

	formOf []uint64 // bitset over words: an inflected form of some verb

	nominal  []int32 // nominal lemmas: indices into words
	nomEnds  endings // the nominal lemmas by ending
	nomRules map[string][]*Rule
	nomAll   []*Rule
	newVerb  []*Rule // the first theme's inflections, for verbs made from nouns
	deriv    ctxStats

	mu    sync.Mutex
	cache map[ctxKey][2]int32 // reliability counts by rule and ending, filled as asked
}

// Rule is an ending swap: strip Strip from a lemma's end, add Add (tiles as bytes). A stem-change
// rule also changes the last vowel of the stem (Theme stripped) from From to To.
type Rule struct {
	Class    Class
	Theme    string // verb rules: the infinitive's ending (AR, ER, IR) as tile bytes
	Strip    string
	Add      string
	From, To string // StemChange: the vowel(s) changed
	// Inflection is a verb ending most verbs of its theme have (a tense), not a derivation
	// (-ADOR, -ACIÓN) that only some do: inflections mark words as verb forms.
	Inflection bool

	id         int
	attested   int32 // lemmas having the form
	applicable int32 // lemmas the rule applies to
}

type verb struct {
	word  string
	theme int8 // index into Model.themes
	vowel int  // position of the stem's last vowel, -1 when none fits a stem change
	has   []uint64
}

type altKey struct {
	theme    int8
	from, to string
	strip    string
	add      string
}

type ctxKey struct {
	rule *Rule
	ctx  string
}

// ctxStats counts, by word ending, how often something holds: the derivation of a verb from a
// noun.
type ctxStats struct {
	counts map[string][2]int32
}

// For is the model of lex, learned on first use and kept with the lexicon's graph (see
// ForCached to keep it between runs).
func For(lex *lexicon.Lexicon) *Model {
	return lex.Graph.Derived(modelKey{alphabet(lex)}, func() any { return Learn(lex) }).(*Model)
}

// modelKey keys a graph's model by alphabet: tile sets spelling the same alphabet (each opening
// of a lexicon makes its own) share it.
type modelKey struct{ alphabet string }

// alphabet spells lex's letters, vowels marked: what a model depends on besides the graph.
func alphabet(lex *lexicon.Lexicon) string {
	var b strings.Builder
	for _, l := range lex.Tiles.Letters()[1:] {
		b.WriteString(l.Label)
		if l.Vowel {
			b.WriteString("*")
		}
		b.WriteString(",")
	}
	return b.String()
}

// has reports whether w (tile bytes) is a word.
func (m *Model) has(w string) bool {
	g := m.lex.Graph
	list := g.DawgRoot()
	var node uint32
	for i := 0; i < len(w); i++ {
		node = g.Seek(list, lexicon.Tile(w[i]))
		if node == 0 {
			return false
		}
		list = g.ArcIndex(node)
	}
	return len(w) > 0 && g.Accepts(node)
}

// prefixRange is the range of words starting with p.
func (m *Model) prefixRange(p string) (int, int) {
	i := sort.SearchStrings(m.words, p)
	j := i + sort.Search(len(m.words)-i, func(k int) bool { return !strings.HasPrefix(m.words[i+k], p) })
	return i, j
}

// index is w's position in words, or -1.
func (m *Model) index(w string) int {
	i := sort.SearchStrings(m.words, w)
	if i < len(m.words) && m.words[i] == w {
		return i
	}
	return -1
}

func (m *Model) isVerbForm(i int) bool { return i >= 0 && m.formOf[i/64]&(1<<(i%64)) != 0 }

func (m *Model) markForm(i int) {
	if i >= 0 {
		m.formOf[i/64] |= 1 << (i % 64)
	}
}

func tiles(s string) []lexicon.Tile { return []lexicon.Tile(s) }

// readsBack reports whether w spelt plainly reads back as the same tiles: a C tile then an H
// tile would read as CH, and a player could never tell such a phony from a word.
func (m *Model) readsBack(w string) bool {
	back, err := m.ts.ParseWord(m.ts.Word(tiles(w)))
	return err == nil && string(back) == w
}

// Word spells tile bytes in plain upper case.
func (m *Model) word(w string) string { return m.ts.Word(tiles(w)) }

// Lexicon is the lexicon the model was learned from.
func (m *Model) Lexicon() *lexicon.Lexicon { return m.lex }

// Stats are counts of what was learned, for tests and `atril phonies --json`.
type Stats struct {
	Words, Verbs, VerbRules, StemRules, NominalLemmas, NominalRules int
}

// Stats counts what the model learned.
func (m *Model) Stats() Stats {
	s := Stats{Words: len(m.words), Verbs: len(m.verbs), NominalLemmas: len(m.nominal), NominalRules: len(m.nomAll)}
	for _, r := range m.rules {
		if r.Class == StemChange {
			s.StemRules++
		} else {
			s.VerbRules++
		}
	}
	return s
}

// Text is the rule as a player reads it: -AR → -ADA, -CAR → -QUE, +S.
func (r *Rule) text(ts *lexicon.TileSet) string {
	if r.Strip == "" {
		return "+" + ts.Word(tiles(r.Add))
	}
	return "-" + ts.Word(tiles(r.Strip)) + " → -" + ts.Word(tiles(r.Add))
}

// endings index words by their reversed spelling, so that the words of an ending make a range.
type endings struct {
	rev []string // reversed words, sorted
	idx []int32  // what each stands for (an index into words, or into verbs)
}

func newEndings(idx []int32, word func(int32) string) endings {
	type entry struct {
		rev string
		i   int32
	}
	es := make([]entry, len(idx))
	for k, i := range idx {
		w := word(i)
		b := make([]byte, len(w))
		for j := range b {
			b[j] = w[len(w)-1-j]
		}
		es[k] = entry{string(b), i}
	}
	slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.rev, b.rev) })
	e := endings{rev: make([]string, len(es)), idx: make([]int32, len(es))}
	for k, x := range es {
		e.rev[k], e.idx[k] = x.rev, x.i
	}
	return e
}

// of is the range of entries whose word ends with suffix.
func (e endings) of(suffix string) (int, int) {
	b := make([]byte, len(suffix))
	for j := range b {
		b[j] = suffix[len(suffix)-1-j]
	}
	p := string(b)
	lo := sort.SearchStrings(e.rev, p)
	hi := lo + sort.Search(len(e.rev)-lo, func(k int) bool { return !strings.HasPrefix(e.rev[lo+k], p) })
	return lo, hi
}
