package movegen

import (
	"math/bits"
	"sync"

	"github.com/atril-scrabble/atril/lexicon"
)

// graph is a KWG's GADDAG laid out again for the generator. Every sibling list starts with a
// 64-bit mask of the tiles it holds (two words, low half first) followed by one word per tile in
// ascending tile order: the index of that node's own list, and an accepts bit. A tile's node is
// found by counting the mask's bits below it, so the recursion visits only the nodes of letters
// it can play instead of scanning whole sibling lists. Index 0 holds an empty list (mask 0), so
// a node without children needs no special case.
type graph struct {
	arr  []uint32
	root uint32 // the GADDAG's root list

	kwg      *lexicon.KWG
	wmapOnce sync.Once
	wmap     *wordMap // every word by its alphagram, built on first use
}

const (
	nodeAccepts = 1 << 31
	nodeList    = 1<<31 - 1
	listHead    = 2 // words of a list's mask
)

// listMask is the mask of tiles of the list at index list.
func listMask(arr []uint32, list uint32) uint64 {
	return uint64(arr[list]) | uint64(arr[list+1])<<32
}

// childAt is the node of tile t, which mask (the list's) must hold.
func childAt(arr []uint32, list uint32, mask uint64, t lexicon.Tile) uint32 {
	return arr[list+listHead+uint32(bits.OnesCount64(mask&(1<<t-1)))]
}

// seek is the node of tile t in the list, ok false if the list has none.
func (gr *graph) seek(list uint32, t lexicon.Tile) (node uint32, ok bool) {
	mask := listMask(gr.arr, list)
	if t > lexicon.MaxLetters || mask&(1<<t) == 0 {
		return 0, false
	}
	return childAt(gr.arr, list, mask, t), true
}

// layOut builds the generator's layout of a KWG's GADDAG: every list reachable from the GADDAG
// root once, tiles sorted and each kept once (the first, as a scan would find it), tiles past
// MaxLetters (which no alphabet has) left out.
func layOut(k *lexicon.KWG) (arr []uint32, root uint32) {
	n := uint32(k.NumNodes())
	at := make([]uint32, n) // new index of the list starting at each KWG node, 0 if not reached
	// each calls fn for every node of the list at start whose tile is the first of its kind
	// (and a letter), and returns the list's tile mask.
	each := func(start uint32, fn func(node uint32, t lexicon.Tile)) (mask uint64) {
		for i := start; ; i++ {
			if t := k.Tile(i); t <= lexicon.MaxLetters && mask&(1<<t) == 0 {
				mask |= 1 << t
				if fn != nil {
					fn(i, t)
				}
			}
			if k.IsEnd(i) || i+1 >= n {
				return mask
			}
		}
	}
	var lists []uint32 // KWG list starts in the order laid out
	size := uint32(listHead)
	visit := func(start uint32) {
		if start != 0 && at[start] == 0 {
			at[start] = size
			size += listHead + uint32(bits.OnesCount64(each(start, nil)))
			lists = append(lists, start)
		}
	}
	visit(k.GaddagRoot())
	for q := 0; q < len(lists); q++ {
		each(lists[q], func(node uint32, _ lexicon.Tile) { visit(k.ArcIndex(node)) })
	}
	arr = make([]uint32, size)
	for _, start := range lists {
		i := at[start]
		mask := each(start, nil)
		// Tiles in ascending order: a tile's place is the number of the list's tiles below it.
		each(start, func(node uint32, t lexicon.Tile) {
			v := at[k.ArcIndex(node)]
			if k.Accepts(node) {
				v |= nodeAccepts
			}
			arr[i+listHead+uint32(bits.OnesCount64(mask&(1<<t-1)))] = v
		})
		arr[i], arr[i+1] = uint32(mask), uint32(mask>>32)
	}
	return arr, at[k.GaddagRoot()]
}

// words is the lexicon's word map (wordmap.go), built on first use: about 0.3 s and 25 MB for
// a lexicon of 640,000 words, so only generators used more than once ask for it.
func (gr *graph) words() *wordMap {
	gr.wmapOnce.Do(func() { gr.wmap = newWordMap(gr.kwg) })
	return gr.wmap
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

// graphKey is movegen's entry among what a KWG keeps derived from it.
type graphKey struct{}

// graphFor lays a KWG out once; generators of the same lexicon share the result, which the
// graph keeps (lexicon.KWG.Derived) and which goes when the graph goes.
func graphFor(k *lexicon.KWG) *graph {
	return k.Derived(graphKey{}, func() any {
		gr := &graph{kwg: k}
		gr.arr, gr.root = layOut(k)
		return gr
	}).(*graph)
}
