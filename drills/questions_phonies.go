package drills

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
)

// Phonies are the judge drill's decoys: one tile edit of a real word (a tile changed, added,
// removed, or two neighbours swapped) that the lexicon does not hold. Random edits mostly make
// words no player would hesitate over (QXA...), so an edit keeps a tile's class (a vowel for a
// vowel), draws new tiles as often as the bag holds them, and among several candidates the one
// that reads most like the lexicon's words wins: the highest mean log-probability under a tile
// bigram model of the words it is drawn from.

// Edit names a one-tile change.
type Edit string

const (
	EditSubstitute Edit = "substitute" // a tile changed
	EditInsert     Edit = "insert"     // a tile added
	EditDelete     Edit = "delete"     // a tile removed
	EditTranspose  Edit = "transpose"  // two tiles swapped
)

// Text says what the edit did, in the reader's language ("a tile changed").
func (e Edit) Text() Text {
	switch e {
	case EditInsert:
		return T("drill.edit.insert")
	case EditDelete:
		return T("drill.edit.delete")
	case EditTranspose:
		return T("drill.edit.transpose")
	}
	return T("drill.edit.substitute")
}

// Phony is a non-word and the real word it was made from: by a one-tile edit, or by a rule of
// the lexicon's morphology (Rule, as morph.Phony spells it: -AR → -ADA).
type Phony struct {
	Word   []lexicon.Tile
	Source []lexicon.Tile
	Edit   Edit
	Rule   string
}

// phonyMaker makes phonies from a pool of words.
type phonyMaker struct {
	lex     *lexicon.Lexicon
	ts      *lexicon.TileSet
	rng     *rand.Rand
	vowels  []lexicon.Tile // one entry per tile in the bag: drawing from it follows the counts
	conson  []lexicon.Tile
	all     []lexicon.Tile
	bigram  [][]float64 // log P(next | prev); index 0 is the word's start (prev) or end (next)
	minLen  int
	maxLen  int
	choices int
}

// bigramSample is how many words of the pool train the bigram model.
const bigramSample = 20000

func newPhonyMaker(lex *lexicon.Lexicon, rng *rand.Rand, pool [][]lexicon.Tile) *phonyMaker {
	ts := lex.Tiles
	p := &phonyMaker{lex: lex, ts: ts, rng: rng, minLen: 2, maxLen: 15, choices: 8}
	for t := 1; t < ts.Size(); t++ {
		for range ts.Count(lexicon.Tile(t)) {
			if ts.IsVowel(lexicon.Tile(t)) {
				p.vowels = append(p.vowels, lexicon.Tile(t))
			} else {
				p.conson = append(p.conson, lexicon.Tile(t))
			}
			p.all = append(p.all, lexicon.Tile(t))
		}
	}
	// Letters a set lists with count 0 can still appear in words: let them be drawn rarely.
	for t := 1; t < ts.Size(); t++ {
		if ts.Count(lexicon.Tile(t)) == 0 {
			p.all = append(p.all, lexicon.Tile(t))
		}
	}
	// Bigram counts with add-one smoothing.
	size := ts.Size()
	counts := make([][]float64, size)
	for i := range counts {
		counts[i] = make([]float64, size)
		for j := range counts[i] {
			counts[i][j] = 1
		}
	}
	// A sample of the pool gives the same bigram shape as all of it, at a fraction of the cost.
	for _, i := range sample(rng, len(pool), bigramSample) {
		w := pool[i]
		prev := 0
		for _, t := range w {
			if int(t.Letter()) < size {
				counts[prev][t.Letter()]++
				prev = int(t.Letter())
			}
		}
		counts[prev][0]++
	}
	p.bigram = counts
	for i := range counts {
		sum := 0.0
		for _, c := range counts[i] {
			sum += c
		}
		for j := range counts[i] {
			counts[i][j] = math.Log(counts[i][j] / sum)
		}
	}
	return p
}

// score is the mean log-probability per transition: higher reads more like a word.
func (p *phonyMaker) score(w []lexicon.Tile) float64 {
	s, prev := 0.0, 0
	for _, t := range w {
		s += p.bigram[prev][t]
		prev = int(t)
	}
	s += p.bigram[prev][0]
	return s / float64(len(w)+1)
}

// draw picks a tile like the one given: a vowel for a vowel, a consonant for a consonant, most
// often; any tile now and then.
func (p *phonyMaker) draw(like lexicon.Tile) lexicon.Tile {
	from := p.all
	if p.rng.IntN(5) > 0 {
		if p.ts.IsVowel(like) && len(p.vowels) > 0 {
			from = p.vowels
		} else if !p.ts.IsVowel(like) && len(p.conson) > 0 {
			from = p.conson
		}
	}
	return from[p.rng.IntN(len(from))]
}

// edit makes one random one-tile edit of w (a new slice), or nil when the edit is impossible.
func (p *phonyMaker) edit(w []lexicon.Tile) ([]lexicon.Tile, Edit) {
	n := len(w)
	switch r := p.rng.IntN(20); {
	case r < 11: // substitution: the most natural-looking change
		i := p.rng.IntN(n)
		t := p.draw(w[i])
		if t == w[i] {
			return nil, ""
		}
		out := slices.Clone(w)
		out[i] = t
		return out, EditSubstitute
	case r < 15:
		if n+1 > p.maxLen {
			return nil, ""
		}
		i := p.rng.IntN(n + 1)
		near := w[min(i, n-1)]
		out := slices.Insert(slices.Clone(w), i, p.draw(near))
		return out, EditInsert
	case r < 17:
		if n-1 < p.minLen {
			return nil, ""
		}
		i := p.rng.IntN(n)
		return slices.Delete(slices.Clone(w), i, i+1), EditDelete
	default:
		if n < 2 {
			return nil, ""
		}
		i := p.rng.IntN(n - 1)
		if w[i] == w[i+1] {
			return nil, ""
		}
		out := slices.Clone(w)
		out[i], out[i+1] = out[i+1], out[i]
		return out, EditTranspose
	}
}

// make returns the most word-like of several phonies of w, or false when none was found. A
// phony reads back as itself (no C beside H that a player would take for the CH tile) and is
// no word of the lexicon.
func (p *phonyMaker) make(w []lexicon.Tile) (Phony, bool) {
	var best Phony
	bestScore := math.Inf(-1)
	found := 0
	for tries := 0; tries < 12*p.choices && found < p.choices; tries++ {
		cand, how := p.edit(w)
		if cand == nil || len(cand) < p.minLen || len(cand) > p.maxLen || p.lex.Contains(cand) {
			continue
		}
		if back, err := p.ts.ParseWord(p.ts.Word(cand)); err != nil || !slices.Equal(back, cand) {
			continue
		}
		found++
		if s := p.score(cand); s > bestScore {
			best, bestScore = Phony{Word: cand, Source: slices.Clone(w), Edit: how}, s
		}
	}
	return best, found > 0
}

// Phonies makes n phonies from random words of the pool, each different; fewer if the pool is
// too small to give them.
func Phonies(lex *lexicon.Lexicon, seed uint64, pool [][]lexicon.Tile, n int) []Phony {
	rng := newRand(seed)
	return newPhonyMaker(lex, rng, pool).many(pool, n)
}

func (p *phonyMaker) many(pool [][]lexicon.Tile, n int) []Phony {
	seen := map[string]bool{}
	var out []Phony
	for tries := 0; len(out) < n && tries < 20*n+100 && len(pool) > 0; tries++ {
		ph, ok := p.make(pool[p.rng.IntN(len(pool))])
		if !ok || seen[key(ph.Word)] {
			continue
		}
		seen[key(ph.Word)] = true
		out = append(out, ph)
	}
	return out
}
