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
	alphas    []uint64 // sorted hashes of the alphagrams of words of rackSize tiles or more
}

// bingoAlphagrams is, built on first use, the sorted hashes of the alphagrams of every word long
// enough to be a bingo: the top-N bound asks it whether a rack plus board tiles can be a word.
func (gr *graph) bingoAlphagrams() []uint64 {
	gr.alphaOnce.Do(func() {
		var buf [32]lexicon.Tile
		gr.kwg.Walk(func(w []lexicon.Tile) bool {
			if len(w) >= rackSize && len(w) <= len(buf) {
				a := buf[:len(w)]
				copy(a, w)
				slices.Sort(a)
				gr.alphas = append(gr.alphas, alphaHash(a))
			}
			return true
		})
		slices.Sort(gr.alphas)
		gr.alphas = slices.Compact(gr.alphas)
	})
	return gr.alphas
}

// alphaHash is FNV-1a over sorted tiles. A collision only makes a bound looser.
func alphaHash(sorted []lexicon.Tile) uint64 {
	h := uint64(14695981039346656037)
	for _, t := range sorted {
		h ^= uint64(t)
		h *= 1099511628211
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
