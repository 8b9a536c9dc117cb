package movegen

import (
	"encoding/binary"
	"sync"

	"github.com/atril-scrabble/atril/lexicon"
)

// graph is a KWG decoded for the generator into the flat node array the recursion reads.
type graph struct {
	nodes []uint32

	kwg       *lexicon.KWG
	alphaOnce sync.Once
	alphas    alphaSet // hashes of the alphagrams of words of rackSize tiles or more
}

// alphaSet is an open-addressing hash set of alphagram hashes (0 marks a free slot): one probe
// finds most answers, where a binary search would miss the cache a dozen times.
type alphaSet struct {
	slots []uint64
	mask  uint64
}

func newAlphaSet(hashes []uint64) alphaSet {
	n := uint64(16)
	for n < 2*uint64(len(hashes)) {
		n *= 2
	}
	s := alphaSet{slots: make([]uint64, n), mask: n - 1}
	for _, h := range hashes {
		i := h & s.mask
		for s.slots[i] != 0 && s.slots[i] != h {
			i = (i + 1) & s.mask
		}
		s.slots[i] = h
	}
	return s
}

func (s *alphaSet) has(h uint64) bool {
	if len(s.slots) == 0 {
		return false
	}
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}

// bingoAlphagrams is, built on first use, the sorted hashes of the alphagrams of every word long
// enough to be a bingo: the top-N bound asks it whether a rack plus board tiles can be a word.
func (gr *graph) bingoAlphagrams() *alphaSet {
	gr.alphaOnce.Do(func() {
		var hashes []uint64
		gr.kwg.Walk(func(w []lexicon.Tile) bool {
			if len(w) >= rackSize {
				hashes = append(hashes, alphaHash(w))
			}
			return true
		})
		gr.alphas = newAlphaSet(hashes)
	})
	return &gr.alphas
}

// tileHash gives each tile a random 64-bit value; a multiset of tiles hashes to the sum of its
// tiles' values, so a word's hash needs no sorting and adding a tile is one addition. A collision
// only makes a bound looser.
var tileHash = func() (h [64]uint64) {
	x := uint64(0x9e3779b97f4a7c15)
	for i := range h {
		// splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		h[i] = z ^ z>>31
	}
	return h
}()

// alphaHash is the multiset hash of a word's tiles (never 0, the free-slot mark).
func alphaHash(w []lexicon.Tile) uint64 {
	h := uint64(0)
	for _, t := range w {
		h += tileHash[t.Letter()&63]
	}
	if h == 0 {
		h = 1
	}
	return h
}

var (
	graphsMu sync.Mutex
	graphs   = map[*lexicon.KWG]*graph{}
)

// graphFor decodes a KWG once; generators of the same lexicon share the result.
func graphFor(k *lexicon.KWG) *graph {
	graphsMu.Lock()
	defer graphsMu.Unlock()
	if gr, ok := graphs[k]; ok {
		return gr
	}
	b := k.Bytes()
	n := len(b) / 4
	gr := &graph{nodes: make([]uint32, n), kwg: k}
	for i := range gr.nodes {
		gr.nodes[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	graphs[k] = gr
	return gr
}
