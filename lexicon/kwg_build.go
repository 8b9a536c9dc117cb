package lexicon

import (
	"bytes"
	"slices"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// BuildKWG compiles words into a KWG holding both the DAWG and the GADDAG (the convention
// described on KWG), minimised the way wolges does: identical sibling lists are stored once, and
// a sibling list that is the tail of a longer one points into it. Words may come in any order and
// repeat; each must be non-empty and made of letter tiles (1..MaxLetters, no blanks).
//
// The trie is built with Daciuk's incremental algorithm on sorted input, so memory stays near the
// size of the result; the GADDAG's strings are generated and sorted one first tile at a time.
func BuildKWG(words [][]Tile) (*KWG, error) {
	all, sorted, err := sortWords(words, 1)
	if err != nil {
		return nil, err
	}
	word := func(s gaddagString) []byte { return all[s.start : s.start+uint32(s.n)] }
	tmp := make([]gaddagString, 0, len(sorted))

	b := newKWGBuilder(len(sorted))
	for _, w := range sorted {
		b.add(word(w))
	}
	dawg := b.finish()
	if err := b.tooBig(); err != nil {
		return nil, err
	}

	// GADDAG: the strings whose first tile is t, for t in order, are a sorted run, so memory
	// holds one run at a time.
	masks := make([]uint64, len(sorted)) // which tiles each word has, to skip words quickly
	maxTile := byte(0)
	for k, s := range sorted {
		for _, t := range word(s) {
			masks[k] |= 1 << t
			maxTile = max(maxTile, t)
		}
	}
	var arena []byte
	var runs []gaddagString
	for t := byte(1); t <= maxTile; t++ {
		arena, runs = arena[:0], runs[:0]
		for k, s := range sorted {
			if masks[k]&(1<<t) == 0 {
				continue
			}
			w := word(s)
			for i := 1; i <= len(w); i++ {
				if w[i-1] != t {
					continue
				}
				start := len(arena)
				for j := i - 1; j >= 0; j-- {
					arena = append(arena, w[j])
				}
				if i < len(w) {
					arena = append(arena, byte(Separator))
					arena = append(arena, w[i:]...)
				}
				runs = append(runs, gaddagString{start: uint32(start), n: uint8(len(arena) - start)})
			}
		}
		tmp = slices.Grow(tmp[:0], len(runs))[:len(runs)]
		radixSort(arena, runs, tmp, 1) // all start with t
		for _, r := range runs {
			b.add(arena[r.start : r.start+uint32(r.n)])
		}
		if err := b.tooBig(); err != nil {
			return nil, err
		}
	}
	gaddag := b.finish()
	return b.layout(dawg, gaddag)
}

// maxWordTiles bounds a word so that the GADDAG's strings (word plus separator) fit in a byte
// length and the builder's stack; real words are at most 15 tiles.
const maxWordTiles = 64

// kwgMaxNodes is what the 22-bit child index can address.
const kwgMaxNodes = 1 << 22

// gaddagString is one GADDAG string: n bytes of an arena from start.
type gaddagString struct {
	start uint32
	n     uint8
}

// radixSort sorts strings that agree on their first depth bytes into byte order (a prefix
// first): most-significant-digit radix sort, several times faster than comparison sorting here.
func radixSort(arena []byte, a, tmp []gaddagString, depth int) {
	if len(a) < 24 {
		for i := 1; i < len(a); i++ {
			for j := i; j > 0 && gaddagLess(arena, a[j], a[j-1], depth); j-- {
				a[j], a[j-1] = a[j-1], a[j]
			}
		}
		return
	}
	var count [MaxLetters + 2]int // bucket 0: strings that end here; c+1: next byte c
	key := func(s gaddagString) int {
		if int(s.n) <= depth {
			return 0
		}
		return int(arena[s.start+uint32(depth)]) + 1
	}
	for _, s := range a {
		count[key(s)]++
	}
	var next [MaxLetters + 2]int
	sum := 0
	for c, n := range count {
		next[c] = sum
		sum += n
	}
	for _, s := range a {
		k := key(s)
		tmp[next[k]] = s
		next[k]++
	}
	copy(a, tmp[:len(a)])
	lo := count[0]
	for c := 1; c < len(count); c++ {
		if count[c] > 1 {
			radixSort(arena, a[lo:lo+count[c]], tmp, depth+1)
		}
		lo += count[c]
	}
}

func gaddagLess(arena []byte, x, y gaddagString, depth int) bool {
	return bytes.Compare(arena[x.start+uint32(depth):x.start+uint32(x.n)], arena[y.start+uint32(depth):y.start+uint32(y.n)]) < 0
}

// A state is one node of a sibling list: its tile, whether the path to it is a word, the first
// state of its children and the next state of its own list (0 for none). Equal states are stored
// once, so equal lists and equal list tails are shared.
type kwgState struct {
	tile    byte
	accepts bool
	arc     uint32
	next    uint32
}

func (s kwgState) key() uint64 {
	k := uint64(s.tile)<<56 | uint64(s.arc)<<28 | uint64(s.next)
	if s.accepts {
		k |= 1 << 55
	}
	return k
}

// stateIDLimit keeps a state id within the 27 bits key() gives it.
const stateIDLimit = 1 << 27

type kwgEdge struct {
	tile    byte
	accepts bool
	arc     uint32
}

type kwgBuilder struct {
	states []kwgState // index = state id; 0 is "none"
	index  stateTable
	levels [][]kwgEdge // the open path: levels[d] are the children of the node at depth d
	prev   []byte
	depth  int // len(prev), the open path's depth
}

func newKWGBuilder(words int) *kwgBuilder {
	return &kwgBuilder{
		states: []kwgState{{}},
		index:  newStateTable(words),
		levels: make([][]kwgEdge, maxWordTiles+2),
	}
}

func (b *kwgBuilder) intern(s kwgState) uint32 {
	key := s.key()
	mask := uint64(len(b.index.ids) - 1)
	i := (key * 0x9E3779B97F4A7C15) >> b.index.shift
	for ; b.index.ids[i] != 0; i = (i + 1) & mask {
		if id := b.index.ids[i]; b.states[id] == s {
			return id
		}
	}
	id := uint32(len(b.states))
	b.states = append(b.states, s)
	b.index.ids[i] = id
	b.index.used++
	if 4*b.index.used > 3*len(b.index.ids) {
		b.grow()
	}
	return id
}

// stateTable finds a state's id from the state: open addressing with linear probing over ids
// (the states themselves are in kwgBuilder.states), 4 bytes a slot; about twice as fast as a
// Go map here, where interning is most of the work.
type stateTable struct {
	ids   []uint32 // 0: empty
	used  int
	shift uint
}

func newStateTable(hint int) stateTable {
	size, shift := 1<<10, uint(64-10)
	for size < 2*hint {
		size, shift = size*2, shift-1
	}
	return stateTable{ids: make([]uint32, size), shift: shift}
}

// grow doubles the table once it is three quarters full.
func (b *kwgBuilder) grow() {
	t := &b.index
	old := t.ids
	t.ids = make([]uint32, 2*len(old))
	t.shift--
	mask := uint64(len(t.ids) - 1)
	for _, id := range old {
		if id == 0 {
			continue
		}
		i := (b.states[id].key() * 0x9E3779B97F4A7C15) >> t.shift
		for t.ids[i] != 0 {
			i = (i + 1) & mask
		}
		t.ids[i] = id
	}
}

// internList stores a finished sibling list and returns its first state.
func (b *kwgBuilder) internList(edges []kwgEdge) uint32 {
	next := uint32(0)
	for i := len(edges) - 1; i >= 0; i-- {
		e := edges[i]
		next = b.intern(kwgState{tile: e.tile, accepts: e.accepts, arc: e.arc, next: next})
	}
	return next
}

// closeTo finishes every open level deeper than d.
func (b *kwgBuilder) closeTo(d int) {
	for k := b.depth - 1; k > d; k-- {
		head := b.internList(b.levels[k])
		b.levels[k] = b.levels[k][:0]
		up := b.levels[k-1]
		up[len(up)-1].arc = head
	}
	b.depth = min(b.depth, d+1)
}

// add inserts a string; strings must come in increasing order within one trie.
func (b *kwgBuilder) add(s []byte) {
	p := 0
	for p < len(s) && p < len(b.prev) && s[p] == b.prev[p] {
		p++
	}
	if p == len(s) && p == len(b.prev) {
		return // repeated
	}
	b.closeTo(p)
	for d := p; d < len(s); d++ {
		b.levels[d] = append(b.levels[d], kwgEdge{tile: s[d]})
	}
	last := b.levels[len(s)-1]
	last[len(last)-1].accepts = true
	b.depth = len(s)
	b.prev = append(b.prev[:0], s...)
}

// finish closes the current trie and returns its root list; the builder is then ready for the
// next trie, sharing the states already stored.
func (b *kwgBuilder) finish() uint32 {
	b.closeTo(0)
	root := b.internList(b.levels[0])
	b.levels[0] = b.levels[0][:0]
	b.depth = 0
	b.prev = b.prev[:0]
	return root
}

func (b *kwgBuilder) tooBig() error {
	if len(b.states) >= stateIDLimit || len(b.states) >= 4*kwgMaxNodes {
		return i18n.E("kwg.build_too_big", "Max", i18n.Int(kwgMaxNodes))
	}
	return nil
}

// layout places the states in the node array. Each list must be contiguous. Lists are first
// assigned to blocks longest first, so that a list equal to the tail of a placed one points into
// it; blocks are then emitted breadth first from the roots, so that a node's children lie near it.
func (b *kwgBuilder) layout(dawg, gaddag uint32) (*KWG, error) {
	n := len(b.states)
	length := make([]uint8, n) // chain length from a state to the end of its list
	for id := 1; id < n; id++ {
		// A state's next was stored before it, so its length is known.
		length[id] = length[b.states[id].next] + 1
	}
	isHead := make([]bool, n)
	var heads []uint32
	mark := func(h uint32) {
		if h != 0 && !isHead[h] {
			isHead[h] = true
			heads = append(heads, h)
		}
	}
	mark(dawg)
	mark(gaddag)
	for id := 1; id < n; id++ {
		mark(b.states[id].arc)
	}
	slices.SortStableFunc(heads, func(x, y uint32) int { return int(length[y]) - int(length[x]) })

	// block[s] is the head of the block that holds state s (0: none yet), offset[s] its place.
	block := make([]uint32, n)
	offset := make([]uint8, n)
	for _, h := range heads {
		if block[h] != 0 {
			continue
		}
		k := uint8(0)
		for s := h; s != 0; s = b.states[s].next {
			if block[s] == 0 {
				block[s], offset[s] = h, k
			}
			k++
		}
	}

	base := make([]uint32, n) // block head -> its first node; 0: not placed (nodes 0, 1 are roots)
	nodes := make([]uint32, 2, n+2)
	queue := []uint32{dawg, gaddag}
	for qi := 0; qi < len(queue); qi++ {
		h := queue[qi]
		if h == 0 {
			continue
		}
		bh := block[h]
		if base[bh] != 0 {
			continue
		}
		base[bh] = uint32(len(nodes))
		if len(nodes)+int(length[bh]) > kwgMaxNodes {
			return nil, i18n.E("kwg.build_too_big", "Max", i18n.Int(kwgMaxNodes))
		}
		for s := bh; s != 0; s = b.states[s].next {
			nodes = append(nodes, s) // state ids for now; encoded below
			queue = append(queue, b.states[s].arc)
		}
	}
	pos := func(h uint32) uint32 {
		if h == 0 {
			return 0
		}
		return base[block[h]] + uint32(offset[h])
	}
	for i := 2; i < len(nodes); i++ {
		s := b.states[nodes[i]]
		v := uint32(s.tile)<<kwgTileShft | pos(s.arc)
		if s.accepts {
			v |= kwgAccepts
		}
		if s.next == 0 {
			v |= kwgIsEnd
		}
		nodes[i] = v
	}
	nodes[0] = kwgIsEnd | pos(dawg)
	nodes[1] = kwgIsEnd | pos(gaddag)
	return &KWG{nodes: nodes}, nil
}

// BuildDAWG compiles words into a KWG that holds only the DAWG (the GADDAG root is empty),
// minimised like BuildKWG. Unlike BuildKWG, tile 0 is allowed: without a GADDAG there is no
// separator, and KLV2 leave tables store the blank as tile 0. Words may come in any order and
// repeat; each must be non-empty and made of tiles 0..MaxLetters.
func BuildDAWG(words [][]Tile) (*KWG, error) {
	all, sorted, err := sortWords(words, 0)
	if err != nil {
		return nil, err
	}
	word := func(s gaddagString) []byte { return all[s.start : s.start+uint32(s.n)] }
	b := newKWGBuilder(len(sorted))
	for _, w := range sorted {
		b.add(word(w))
	}
	dawg := b.finish()
	if err := b.tooBig(); err != nil {
		return nil, err
	}
	return b.layout(dawg, 0)
}

// sortWords checks the words (non-empty, tiles minTile..MaxLetters) and returns their bytes in
// one arena with the distinct words as spans of it, in byte order.
func sortWords(words [][]Tile, minTile Tile) ([]byte, []gaddagString, error) {
	total := 0
	for _, w := range words {
		total += len(w)
	}
	all := make([]byte, 0, total) // every word's bytes; words are spans of it
	sorted := make([]gaddagString, 0, len(words))
	for i, w := range words {
		if len(w) == 0 {
			return nil, nil, i18n.E("kwg.build_empty_word", "Word", i+1)
		}
		if len(w) > maxWordTiles {
			return nil, nil, i18n.E("kwg.build_long_word", "Word", i+1, "Tiles", len(w), "Max", maxWordTiles)
		}
		for _, t := range w {
			if t < minTile || t > MaxLetters {
				if minTile == 1 {
					return nil, nil, i18n.E("kwg.build_bad_tile", "Word", i+1, "Tile", int(t), "Max", MaxLetters)
				}
				return nil, nil, i18n.E("kwg.build_bad_dawg_tile", "Word", i+1, "Tile", int(t), "Max", MaxLetters)
			}
		}
		start := len(all)
		for _, t := range w {
			all = append(all, byte(t))
		}
		sorted = append(sorted, gaddagString{start: uint32(start), n: uint8(len(w))})
	}
	word := func(s gaddagString) []byte { return all[s.start : s.start+uint32(s.n)] }
	// Words given in order (a leave table's are) need no sort.
	if !slices.IsSortedFunc(sorted, func(x, y gaddagString) int { return bytes.Compare(word(x), word(y)) }) {
		tmp := make([]gaddagString, len(sorted))
		radixSort(all, sorted, tmp, 0)
	}
	sorted = slices.CompactFunc(sorted, func(x, y gaddagString) bool { return bytes.Equal(word(x), word(y)) })
	return all, sorted, nil
}
