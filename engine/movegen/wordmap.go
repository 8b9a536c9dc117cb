package movegen

import (
	"github.com/atril-scrabble/atril/lexicon"
	"math/bits"
)

// wordMap holds every word of a lexicon by its alphagram (the multiset of its tiles, as the
// alphaHash of the tiles): the words a set of rack tiles and board tiles can spell are one
// lookup away, which is how top-N mode generates (topwords.go) instead of walking the GADDAG.
// It is MAGPIE's word map in spirit; blanks are handled by trying each letter for the blank.
//
// The table is open addressing on the 64-bit hash (0 marks a free slot); an entry's words are
// stored together in words: a little-endian uint16 count, then the words, all of one length.
// A small filter (two bits per hash in one word) answers most misses before the table is
// read. Two multisets with the same hash would share an entry; generation checks the tiles it
// places, so that only makes a lookup slower.
type wordMap struct {
	keys   []uint64
	offs   []uint32
	mask   uint64
	words  []lexicon.Tile
	filter []uint64
	fshift uint
	// blank1 is a filter of the alphagrams less one of their letters (two bits set per key, in
	// one word): the hash of a subrack with a blank, plus board tiles, can only be completed
	// to a word if blank1 holds it, which spares trying each letter for the blank.
	blank1 []uint64
	bshift uint
}

// newWordMap builds the map of a graph's words (all of them: a word of 16 tiles or more, which
// no board holds, included).
func newWordMap(k *lexicon.KWG) *wordMap {
	type entry struct {
		h   uint64
		off uint32
		n   uint8
	}
	words, tiles, blankKeys := 0, 0, 0
	k.Walk(func(w []lexicon.Tile) bool {
		words++
		tiles += len(w)
		blankKeys += bits.OnesCount64(letterSet(w))
		return true
	})
	// blank1: 6 bits per key, counting a key once per word (anagrams add theirs again, which
	// is harmless): about 8 per distinct key.
	m := &wordMap{}
	bwords := uint64(1)
	for 64*bwords < 6*uint64(blankKeys) {
		bwords *= 2
	}
	m.blank1 = make([]uint64, bwords)
	m.bshift = 64
	for s := bwords; s > 1; s >>= 1 {
		m.bshift--
	}
	es := make([]entry, 0, words)
	flat := make([]lexicon.Tile, 0, tiles)
	k.Walk(func(w []lexicon.Tile) bool {
		h := alphaHash(w)
		es = append(es, entry{h, uint32(len(flat)), uint8(len(w))})
		flat = append(flat, w...)
		for set := letterSet(w); set != 0; set &= set - 1 {
			wi, b := m.blankBits(h - tileHash[bits.TrailingZeros64(set)])
			m.blank1[wi] |= b
		}
		return true
	})
	// Sort by hash, stable so that an alphagram's words keep the graph's order: a radix sort,
	// 16 bits a pass.
	tmp := make([]entry, len(es))
	for shift := uint(0); shift < 64; shift += 16 {
		var count [1<<16 + 1]int
		for i := range es {
			count[es[i].h>>shift&0xffff+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for i := range es {
			d := es[i].h >> shift & 0xffff
			tmp[count[d]] = es[i]
			count[d]++
		}
		es, tmp = tmp, es
	}
	groups := 0
	for i := range es {
		if i == 0 || es[i].h != es[i-1].h {
			groups++
		}
	}
	size := uint64(16)
	for size < 2*uint64(groups) {
		size *= 2
	}
	m.keys, m.offs, m.mask = make([]uint64, size), make([]uint32, size), size-1
	// The filter: at least 8 bits per group, two set per key in one word (a cache line read
	// per test, and half the memory of one bit per key at the same false-positive rate).
	fwords := uint64(1)
	for 64*fwords < 8*uint64(groups) {
		fwords *= 2
	}
	m.filter = make([]uint64, fwords)
	m.fshift = 64
	for s := fwords; s > 1; s >>= 1 {
		m.fshift--
	}
	m.words = make([]lexicon.Tile, 0, len(flat)+2*groups)
	for i := 0; i < len(es); {
		j := i
		for j < len(es) && es[j].h == es[i].h {
			j++
		}
		h := es[i].h
		slot := h & m.mask
		for m.keys[slot] != 0 {
			slot = (slot + 1) & m.mask
		}
		m.keys[slot] = h
		m.offs[slot] = uint32(len(m.words))
		m.words = append(m.words, lexicon.Tile(j-i), lexicon.Tile((j-i)>>8))
		for _, e := range es[i:j] {
			m.words = append(m.words, flat[e.off:e.off+uint32(e.n)]...)
		}
		w, b := m.filterBits(h)
		m.filter[w] |= b
		i = j
	}
	return m
}

// letterSet is the set of a word's letters.
func letterSet(w []lexicon.Tile) (set uint64) {
	for _, t := range w {
		set |= 1 << (t.Letter() & 63)
	}
	return set
}

// blankBits is the word of blank1 and the two bits of key h.
func (m *wordMap) blankBits(h uint64) (w uint64, bits uint64) {
	if h == 0 {
		h = 1
	}
	// The word from the top bits, the bit positions from the low ones (the table's slot bits
	// are the lowest: mix them first).
	x := h * 0x9e3779b97f4a7c15
	return h >> m.bshift, 1<<(x>>58) | 1<<((x>>52)&63)
}

// maybeBlank reports whether some letter added to the tiles of hash h could make a word.
func (m *wordMap) maybeBlank(h uint64) bool {
	w, bits := m.blankBits(h)
	return m.blank1[w]&bits == bits
}

// lookup is the words with alphagram hash h (each of n tiles, n being the alphagram's size),
// as a count and the offset of the first word in m.words.
func (m *wordMap) lookup(h uint64) (off, count int) {
	if h == 0 {
		h = 1 // as alphaHash
	}
	if !m.mayHave(h) {
		return 0, 0
	}
	for slot := h & m.mask; ; slot = (slot + 1) & m.mask {
		switch m.keys[slot] {
		case h:
			o := int(m.offs[slot])
			return o + 2, int(m.words[o]) | int(m.words[o+1])<<8
		case 0:
			return 0, 0
		}
	}
}

// mayHave is false when no word has alphagram hash h (h != 0), from the filter alone: small
// enough to be inlined where most lookups miss.
func (m *wordMap) mayHave(h uint64) bool {
	w, b := m.filterBits(h)
	return m.filter[w]&b == b
}

// filterBits is the word of the filter and the two bits of hash h: the word from the top bits,
// the bits from the middle ones (the table's slots use the low ones).
func (m *wordMap) filterBits(h uint64) (w uint64, bits uint64) {
	return h >> m.fshift, 1<<(h>>24&63) | 1<<(h>>30&63)
}

// has reports whether some word has alphagram hash h.
func (m *wordMap) has(h uint64) bool {
	_, n := m.lookup(h)
	return n > 0
}

// bytes is the map's memory.
func (m *wordMap) bytes() int {
	return 8*len(m.keys) + 4*len(m.offs) + len(m.words) + 8*len(m.filter) + 8*len(m.blank1)
}
