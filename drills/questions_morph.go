package drills

import (
	"math/rand/v2"
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// Decoys: the phonies the judge, digraph and hooks drills ask are forms the lexicon's own
// morphology predicts for a real lemma and the lexicon lacks (lexicon/morph): a participle of an
// intransitive verb, a plural that is not in the list. No rule makes a two-tile word, so the
// two-tile words' decoys stay one-tile edits, as do any lengths the rules cannot fill.

// maxMorphDecoys bounds the morphological phonies of one length that decoys makes: a deck of a
// search of hundreds of thousands of words gets one-tile edits beyond them, in seconds rather
// than minutes.
const maxMorphDecoys = 1000

// decoys makes n phonies with the pool's lengths, as often as the pool has each length (its
// words' lengths, keep limiting the phonies when not nil): morphological where the rules give
// them, one-tile edits of pool words otherwise.
func decoys(lex *lexicon.Lexicon, rng *rand.Rand, pm *phonyMaker, pool [][]lexicon.Tile, n int, keep func([]lexicon.Tile) bool) []Phony {
	if n <= 0 || len(pool) == 0 {
		return nil
	}
	byLen := map[int]int{}
	for _, w := range pool {
		byLen[len(w)]++
	}
	lengths := make([]int, 0, len(byLen))
	for l := range byLen {
		lengths = append(lengths, l)
	}
	slices.Sort(lengths)
	m := morph.For(lex)
	seen := map[string]bool{}
	var out []Phony
	edits := 0
	given := 0
	for i, l := range lengths {
		want := n * byLen[l] / len(pool)
		if i == len(lengths)-1 {
			want = n - given // the rounding's remainder
		}
		given += want
		if l <= 2 {
			edits += want
			continue
		}
		ask := min(want, maxMorphDecoys) * 2
		if keep != nil {
			ask = min(want, maxMorphDecoys) * 8
		}
		got := 0
		for _, p := range m.Phonies(rng, ask, morph.Filter{MinLen: l, MaxLen: l}) {
			if got == want {
				break
			}
			if seen[key(p.Word)] || keep != nil && !keep(p.Word) {
				continue
			}
			seen[key(p.Word)] = true
			out = append(out, Phony{Word: p.Word, Source: p.Stem, Rule: p.Rule})
			got++
		}
		edits += want - got
	}
	for _, p := range pm.many(pool, edits*2) {
		if edits == 0 {
			break
		}
		if seen[key(p.Word)] || keep != nil && !keep(p.Word) {
			continue
		}
		seen[key(p.Word)] = true
		out = append(out, p)
		edits--
	}
	return out
}

// phonyNote says what a phony was made from: the rule that predicts it, or the edit.
func phonyNote(ts *lexicon.TileSet, p Phony, show func([]lexicon.Tile) string) Text {
	if p.Rule != "" {
		return T("drill.note.morph_phony", "Word", show(p.Source), "Rule", p.Rule)
	}
	return T("drill.note.phony", "Word", show(p.Source), "Edit", p.Edit.Text())
}
