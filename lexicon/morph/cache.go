package morph

import (
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/lexicon"
)

// cacheFormat changes whenever what Learn makes, or how it is saved, changes: a cache file of
// another format is learnt again.
const cacheFormat = 1

// ForCached is For, the model kept in dir between runs: read from there when a file for lex's
// graph and alphabet is there, else learnt and written there (atomically, so that a run killed
// while writing leaves no half file) for the next run. A file that does not read back is learnt
// again and replaced; a dir that cannot be written only costs the next run the learning. An
// empty dir is For.
func ForCached(lex *lexicon.Lexicon, dir string) *Model {
	return lex.Graph.Derived(modelKey{alphabet(lex)}, func() any {
		if dir == "" {
			return Learn(lex)
		}
		path := cachePath(lex, dir)
		if m, err := readModel(lex, path); err == nil {
			return m
		}
		m := Learn(lex)
		_ = writeModel(m, path)
		return m
	}).(*Model)
}

// cachePath names the cache file of lex's model in dir: its graph's checksum and its alphabet.
func cachePath(lex *lexicon.Lexicon, dir string) string {
	sum := strings.ReplaceAll(lex.Graph.Checksum(), ":", "-")
	ab := crc32.Checksum([]byte(alphabet(lex)), crc32.MakeTable(crc32.Castagnoli))
	return filepath.Join(dir, fmt.Sprintf("morph-%s-%08x.gob", sum, ab))
}

// cacheKey is what a cache file was made for, checked when it is read.
func cacheKey(lex *lexicon.Lexicon) string { return lex.Graph.Checksum() + "|" + alphabet(lex) }

// The model as saved: rules as indices into one list instead of pointers.
type savedModel struct {
	Format            int
	Key               string
	Rules             []savedRule // m.rules (ids 0..), then the nominal rules
	NumRules          int         // how many of Rules are m.rules
	ByTheme           [][]int32
	Alt               []savedAlt
	Verbs             []savedVerb
	FormOf            []uint64
	Nominal           []int32
	NomAll            []int32
	NewVerb           []int32
	Deriv             map[string][2]int32
	VerbEnds, NomEnds savedEndings
}

type savedRule struct {
	Class                       Class
	Theme, Strip, Add, From, To string
	Inflection                  bool
	ID                          int
	Attested, Applicable        int32
}

type savedAlt struct {
	Theme                int8
	From, To, Strip, Add string
	Rule                 int32
}

type savedVerb struct {
	Word  string
	Theme int8
	Vowel int
	Has   []uint64
}

type savedEndings struct {
	Rev []string
	Idx []int32
}

// save is m as saved.
func save(m *Model) *savedModel {
	s := &savedModel{Format: cacheFormat, Key: cacheKey(m.lex), FormOf: m.formOf, Nominal: m.nominal, Deriv: m.deriv.counts,
		VerbEnds: savedEndings{m.verbEnds.rev, m.verbEnds.idx}, NomEnds: savedEndings{m.nomEnds.rev, m.nomEnds.idx}}
	index := map[*Rule]int32{}
	add := func(r *Rule) int32 {
		if i, ok := index[r]; ok {
			return i
		}
		i := int32(len(s.Rules))
		index[r] = i
		s.Rules = append(s.Rules, savedRule{Class: r.Class, Theme: r.Theme, Strip: r.Strip, Add: r.Add, From: r.From, To: r.To,
			Inflection: r.Inflection, ID: r.id, Attested: r.attested, Applicable: r.applicable})
		return i
	}
	ids := func(rs []*Rule) []int32 {
		out := make([]int32, len(rs))
		for i, r := range rs {
			out[i] = add(r)
		}
		return out
	}
	ids(m.rules)
	s.NumRules = len(m.rules)
	for _, rs := range m.byTheme {
		s.ByTheme = append(s.ByTheme, ids(rs))
	}
	for _, k := range sortedAltKeys(m.altRules) {
		s.Alt = append(s.Alt, savedAlt{Theme: k.theme, From: k.from, To: k.to, Strip: k.strip, Add: k.add, Rule: add(m.altRules[k])})
	}
	s.NomAll = ids(m.nomAll)
	s.NewVerb = ids(m.newVerb)
	for _, v := range m.verbs {
		s.Verbs = append(s.Verbs, savedVerb{Word: v.word, Theme: v.theme, Vowel: v.vowel, Has: v.has})
	}
	return s
}

func writeModel(m *Model, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	s := save(m)
	return fileio.WriteFile(path, func(w io.Writer) error { return gob.NewEncoder(w).Encode(s) })
}

var errStale = errors.New("morph cache: made for another lexicon or format")

func readModel(lex *lexicon.Lexicon, path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var s savedModel
	if err := gob.NewDecoder(f).Decode(&s); err != nil {
		return nil, err
	}
	if s.Format != cacheFormat || s.Key != cacheKey(lex) {
		return nil, errStale
	}
	m := &Model{lex: lex, ts: lex.Tiles, verbOf: map[string]int32{}, altRules: map[altKey]*Rule{},
		nomRules: map[string][]*Rule{}, cache: map[ctxKey][2]int32{}}
	lex.Graph.Walk(func(w []lexicon.Tile) bool {
		m.words = append(m.words, string(w))
		return true
	})
	rules := make([]*Rule, len(s.Rules))
	for i, r := range s.Rules {
		rules[i] = &Rule{Class: r.Class, Theme: r.Theme, Strip: r.Strip, Add: r.Add, From: r.From, To: r.To,
			Inflection: r.Inflection, id: r.ID, attested: r.Attested, applicable: r.Applicable}
	}
	rule := func(i int32) (*Rule, error) {
		if i < 0 || int(i) >= len(rules) {
			return nil, errStale
		}
		return rules[i], nil
	}
	list := func(is []int32) ([]*Rule, error) {
		var out []*Rule
		for _, i := range is {
			r, err := rule(i)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
		return out, nil
	}
	if s.NumRules > len(rules) {
		return nil, errStale
	}
	m.rules = slices.Clone(rules[:s.NumRules])
	for _, is := range s.ByTheme {
		rs, err := list(is)
		if err != nil {
			return nil, err
		}
		m.byTheme = append(m.byTheme, rs)
	}
	for _, a := range s.Alt {
		r, err := rule(a.Rule)
		if err != nil {
			return nil, err
		}
		m.altRules[altKey{theme: a.Theme, from: a.From, to: a.To, strip: a.Strip, add: a.Add}] = r
	}
	if m.nomAll, err = list(s.NomAll); err != nil {
		return nil, err
	}
	for _, r := range m.nomAll {
		m.nomRules[r.Strip] = append(m.nomRules[r.Strip], r)
	}
	if m.newVerb, err = list(s.NewVerb); err != nil {
		return nil, err
	}
	m.verbs = make([]verb, len(s.Verbs))
	for i, v := range s.Verbs {
		m.verbs[i] = verb{word: v.Word, theme: v.Theme, vowel: v.Vowel, has: v.Has}
		m.verbOf[v.Word] = int32(i)
	}
	m.formOf, m.nominal, m.deriv.counts = s.FormOf, s.Nominal, s.Deriv
	if m.deriv.counts == nil {
		m.deriv.counts = map[string][2]int32{}
	}
	m.verbEnds = endings{rev: s.VerbEnds.Rev, idx: s.VerbEnds.Idx}
	m.nomEnds = endings{rev: s.NomEnds.Rev, idx: s.NomEnds.Idx}
	return m, nil
}
