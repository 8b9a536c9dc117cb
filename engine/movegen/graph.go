package movegen

import (
	"encoding/binary"
	"slices"
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
		var buf [32]lexicon.Tile
		var hashes []uint64
		gr.kwg.Walk(func(w []lexicon.Tile) bool {
			if len(w) >= rackSize && len(w) <= len(buf) {
				a := buf[:len(w)]
				copy(a, w)
				slices.Sort(a)
				hashes = append(hashes, alphaHash(a))
			}
			return true
		})
		gr.alphas = newAlphaSet(hashes)
	})
	return &gr.alphas
}

// alphaHash is FNV-1a over sorted tiles (never 0, the free-slot mark). A collision only makes
// a bound looser.
func alphaHash(sorted []lexicon.Tile) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range sorted {
		h ^= uint64(t)
		h *= 1099511628211
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
