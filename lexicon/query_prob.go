package lexicon

import (
	"bytes"
	"cmp"
	"math"
	"math/bits"
	"slices"
	"sync"
)

// Probability follows Zyzzyva: a word's combinations are the ways to draw its tiles from a full
// bag, blanks standing in for any of them:
//
//	combos(W) = Σ_k C(blanks,k) · Σ_{multisets S of k tiles of W} Π_t C(count_t, n_t(W) − s_t)
//
// and its probability is combos / C(total tiles, tiles of W). The inner sum over multisets is
// the coefficient of x^k in Π_t Σ_s C(count_t, n_t − s)·x^s, which costs one pass over the
// word's distinct tiles instead of an enumeration of multisets.

// maxBlankTerms bounds the blanks a set may have for the polynomial's fixed-size arrays.
const maxBlankTerms = 16

// pascal holds C(n, k) for the small n every real tile set uses, built on first use.
var (
	pascalOnce sync.Once
	pascal     [pascalN][pascalN]uint64
)

const pascalN = 128

func buildPascal() {
	for n := 0; n < pascalN; n++ {
		pascal[n][0] = 1
		for k := 1; k <= n; k++ {
			pascal[n][k] = addSat(pascal[n-1][k-1], pascal[n-1][k])
		}
	}
}

// binom is C(n, k) saturating at MaxUint64 (never reached by real sets: C(100,15) < 2^58).
func binom(n, k int) uint64 {
	if k < 0 || n < 0 || k > n {
		return 0
	}
	if n < pascalN {
		pascalOnce.Do(buildPascal)
		return pascal[n][k]
	}
	k = min(k, n-k)
	r := uint64(1)
	for i := 1; i <= k; i++ {
		// r * (n-k+i) / i is exact at each step.
		hi, lo := bits.Mul64(r, uint64(n-k+i))
		if hi != 0 {
			return math.MaxUint64
		}
		r = lo / uint64(i)
	}
	return r
}

func mulSat(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

func addSat(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return math.MaxUint64
	}
	return s
}

// Combinations counts the ways to draw the word's tiles from a full bag of the set (blank
// designations ignored: the word's letters are what is drawn).
func (ts *TileSet) Combinations(w []Tile) uint64 {
	var n [256]uint8
	for _, t := range w {
		n[t.Letter()]++
	}
	return ts.combinations(w, &n)
}

// combinations is Combinations given the word's tile counts (n is left as it was).
func (ts *TileSet) combinations(w []Tile, n *[256]uint8) uint64 {
	deg := min(ts.Blanks(), len(w), maxBlankTerms-1)
	if deg <= 2 && ts.total <= fastCombosMaxTiles && len(w) <= 15 {
		if c, ok := ts.combinations2(w, n, deg); ok {
			return c
		}
	}
	var poly [maxBlankTerms]uint64
	poly[0] = 1
	for i, t := range w {
		t = t.Letter()
		if slices.ContainsFunc(w[:i], func(u Tile) bool { return u.Letter() == t }) {
			continue // each distinct tile once
		}
		c, nt := 0, int(n[t])
		if int(t) < len(ts.letters) && t != Blank {
			c = ts.letters[t].Count
		}
		// Multiply poly by Σ_{s=0..min(nt,deg)} C(c, nt−s)·x^s, truncated at deg.
		var next [maxBlankTerms]uint64
		for s := 0; s <= min(nt, deg); s++ {
			f := binom(c, nt-s)
			if f == 0 {
				continue
			}
			for j := 0; j+s <= deg; j++ {
				if poly[j] != 0 {
					next[j+s] = addSat(next[j+s], mulSat(poly[j], f))
				}
			}
		}
		poly = next
	}
	total := uint64(0)
	for k := 0; k <= deg; k++ {
		total = addSat(total, mulSat(binom(ts.Blanks(), k), poly[k]))
	}
	return total
}

// fastCombosMaxTiles bounds the sets for which combinations2's plain arithmetic cannot
// overflow: each coefficient (and each partial product) counts distinct draws of at most 15
// tiles, so it is at most C(110,15) ≈ 1.2e18, and the total at most 4·C(110,15) < 2^64.
const fastCombosMaxTiles = 110

// combinations2 is combinations for sets with at most two blanks (every real set), with the
// polynomial kept in three scalars; ranking a length's words is mostly this. ok is false for a
// tile beyond the fast path's 64-bit "seen" set.
func (ts *TileSet) combinations2(w []Tile, n *[256]uint8, deg int) (uint64, bool) {
	pascalOnce.Do(buildPascal)
	var seen uint64
	p0, p1, p2 := uint64(1), uint64(0), uint64(0)
	for _, t := range w {
		t = t.Letter()
		if t >= 64 || int(t) >= len(ts.letters) || t == Blank {
			return 0, false
		}
		if seen&(1<<t) != 0 {
			continue // each distinct tile once
		}
		seen |= 1 << t
		c, k := ts.letters[t].Count, int(n[t])
		row := &pascal[c]
		var f0, f1, f2 uint64
		if k <= c {
			f0 = row[k]
		}
		if k >= 1 && k-1 <= c {
			f1 = row[k-1]
		}
		if k >= 2 && k-2 <= c {
			f2 = row[k-2]
		}
		p0, p1, p2 = p0*f0, p0*f1+p1*f0, p0*f2+p1*f1+p2*f0
	}
	b := ts.Blanks()
	total := p0
	if deg >= 1 {
		total += uint64(b) * p1
	}
	if deg >= 2 {
		total += pascal[b][2] * p2
	}
	return total, true
}

// Probability is Combinations over the ways to draw that many tiles from a full bag.
func (ts *TileSet) Probability(w []Tile) float64 {
	return probability(ts.Combinations(w), binom(ts.Total(), len(w)))
}

func probability(combos, draws uint64) float64 {
	if draws == 0 {
		return 0
	}
	return float64(combos) / float64(draws)
}

// rankTable ranks the words of one length by probability: most probable first, ties in
// alphabet order (the DAWG's order).
type rankTable struct {
	length int
	words  []byte   // every word of the length, alphabet order, length bytes each
	combos []uint64 // per word, alphabet order
	rank   []uint32 // per word, 1-based
	byRank []uint32 // word index (alphabet order) at rank-1
}

// rankCache holds a lexicon's rank tables, built per length on first use and kept with the
// lexicon (a program asking many ranks, a study session or a search after a search, builds each
// length's table once; dropping the lexicon frees them).
type rankCache struct {
	mu     sync.Mutex
	tables map[int]*rankTable
}

func (l *Lexicon) ranks(length int) *rankTable {
	c := &l.rankCache
	c.mu.Lock()
	defer c.mu.Unlock()
	if t := c.tables[length]; t != nil {
		return t
	}
	if c.tables == nil {
		c.tables = map[int]*rankTable{}
	}
	t := l.buildRankTable(length)
	c.tables[length] = t
	return t
}

// forgetRanks drops the rank tables (benchmarks of a cold start).
func (l *Lexicon) forgetRanks() {
	l.rankCache.mu.Lock()
	l.rankCache.tables = nil
	l.rankCache.mu.Unlock()
}

func (l *Lexicon) buildRankTable(length int) *rankTable {
	t := &rankTable{length: length}
	if length <= 0 || length > maxQueryDepth {
		return t
	}
	var n [256]uint8
	w := walker{g: l.Graph, minLen: length, maxLen: length}
	w.emit = func(word []Tile) bool {
		if len(word) != length {
			return true
		}
		for _, x := range word {
			n[x]++
			t.words = append(t.words, byte(x))
		}
		t.combos = append(t.combos, l.Tiles.combinations(word, &n))
		for _, x := range word {
			n[x]--
		}
		return true
	}
	w.run()
	count := len(t.combos)
	// A foreign graph may list siblings out of order; alphabet order is what ranks and lookups
	// rely on.
	if !t.sorted() {
		t.sortAlphabetically()
	}
	// Sort (combinations, index) pairs: contiguous keys sort faster than indices into combos.
	type entry struct {
		combos uint64
		i      uint32
	}
	order := make([]entry, count)
	for i, c := range t.combos {
		order[i] = entry{c, uint32(i)}
	}
	slices.SortFunc(order, func(a, b entry) int {
		if a.combos != b.combos {
			return cmp.Compare(b.combos, a.combos)
		}
		return cmp.Compare(a.i, b.i) // alphabet order among ties
	})
	t.byRank = make([]uint32, count)
	for r, e := range order {
		t.byRank[r] = e.i
	}
	t.rank = make([]uint32, count)
	for r, i := range t.byRank {
		t.rank[i] = uint32(r + 1)
	}
	return t
}

func (t *rankTable) word(i int) []byte { return t.words[i*t.length : (i+1)*t.length] }

func (t *rankTable) sorted() bool {
	for i := 1; i < len(t.combos); i++ {
		if bytes.Compare(t.word(i-1), t.word(i)) >= 0 {
			return false
		}
	}
	return true
}

func (t *rankTable) sortAlphabetically() {
	idx := make([]int, len(t.combos))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return bytes.Compare(t.word(a), t.word(b)) })
	words := make([]byte, 0, len(t.words))
	combos := make([]uint64, 0, len(t.combos))
	for _, i := range idx {
		words = append(words, t.word(i)...)
		combos = append(combos, t.combos[i])
	}
	t.words, t.combos = words, combos
}

// find is the word's index in alphabet order, -1 if it is not a word of the table.
func (t *rankTable) find(w []Tile) int {
	if len(w) != t.length || len(w) > maxQueryDepth {
		return -1
	}
	var key [maxQueryDepth]byte
	for i, x := range w {
		key[i] = byte(x.Letter())
	}
	k := key[:len(w)]
	lo, hi := 0, len(t.combos)
	for lo < hi {
		mid := (lo + hi) / 2
		if bytes.Compare(t.word(mid), k) < 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(t.combos) && bytes.Equal(t.word(lo), k) {
		return lo
	}
	return -1
}

// Rank is the word's place among the lexicon's words of its length by probability under the
// lexicon's tile set (1 = most probable; ties in alphabet order), and how many words have that
// length. Rank is 0 when the word is not in the lexicon.
func (l *Lexicon) Rank(w []Tile) (rank, of int) {
	t := l.ranks(len(w))
	i := t.find(w)
	if i < 0 {
		return 0, len(t.combos)
	}
	return int(t.rank[i]), len(t.combos)
}

// TopByProbability returns the n most probable words of a length, most probable first.
func (l *Lexicon) TopByProbability(length, n int) [][]Tile {
	t := l.ranks(length)
	n = min(n, len(t.byRank))
	buf := make([]Tile, 0, n*length)
	out := make([][]Tile, n)
	for r := 0; r < n; r++ {
		start := len(buf)
		for _, b := range t.word(int(t.byRank[r])) {
			buf = append(buf, Tile(b))
		}
		out[r] = buf[start:len(buf):len(buf)]
	}
	return out
}

// MaxProbability bounds the probability of any word of length tiles under the set: no word of
// that length is more probable. With b blanks, a word W's combinations are a sum over the k
// blanks used of C(b,k) times, for each of W's at most C(length,k) sub-multisets S of k tiles,
// the ways to draw W−S, which is at most best(length−k), the most ways any multiset of length−k
// tiles can be drawn. Searches for the most probable words across lengths use it to skip the
// lengths (and their rank tables) that cannot reach the top.
func (ts *TileSet) MaxProbability(length int) float64 {
	if length < 0 || length > maxQueryDepth {
		return 0
	}
	best := ts.bestDraws(length)
	combos := 0.0
	for k := 0; k <= min(ts.Blanks(), length); k++ {
		combos += float64(binom(ts.Blanks(), k)) * float64(binom(length, k)) * best[length-k]
	}
	draws := float64(binom(ts.Total(), length))
	if draws == 0 {
		return 0
	}
	// Rounding up a little keeps the bound a bound after float arithmetic.
	return combos / draws * (1 + 1e-9)
}

// bestDraws[m] is the most ways to draw any multiset of m real tiles: the maximum over
// multisets of Π_t C(count_t, m_t), by a knapsack over the tile kinds.
func (ts *TileSet) bestDraws(maxLen int) []float64 {
	best := make([]float64, maxLen+1)
	best[0] = 1 // m > 0: 0 until some kinds can fill m
	next := make([]float64, maxLen+1)
	for t := 1; t < len(ts.letters); t++ {
		c := ts.letters[t].Count
		copy(next, best)
		for m := 1; m <= maxLen; m++ {
			for x := 1; x <= min(c, m); x++ {
				if v := float64(binom(c, x)) * best[m-x]; v > next[m] {
					next[m] = v
				}
			}
		}
		best, next = next, best
	}
	return best
}
