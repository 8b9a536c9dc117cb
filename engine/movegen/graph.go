package movegen

import (
	"math/bits"
	"slices"
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
	n := k.NumNodes()
	at := make([]uint32, n) // new index of the list starting at each KWG node, 0 if not reached
	type entry struct {
		tile lexicon.Tile
		node uint32
	}
	var lists []uint32 // KWG list starts in the order laid out
	arr = []uint32{0, 0}
	size := uint32(listHead)
	var buf []entry
	entries := func(start uint32) []entry {
		buf = buf[:0]
		var seen uint64
		for i := start; ; i++ {
			if t := k.Tile(i); t <= lexicon.MaxLetters && seen&(1<<t) == 0 {
				seen |= 1 << t
				buf = append(buf, entry{t, i})
			}
			if k.IsEnd(i) || int(i)+1 >= n {
				break
			}
		}
		slices.SortFunc(buf, func(a, b entry) int { return int(a.tile) - int(b.tile) })
		return buf
	}
	visit := func(start uint32) {
		if start != 0 && at[start] == 0 {
			at[start] = size
			size += listHead + uint32(len(entries(start)))
			lists = append(lists, start)
		}
	}
	visit(k.GaddagRoot())
	var children []uint32
	for q := 0; q < len(lists); q++ {
		children = children[:0]
		for _, e := range entries(lists[q]) {
			children = append(children, k.ArcIndex(e.node))
		}
		for _, c := range children {
			visit(c)
		}
	}
	arr = slices.Grow(arr, int(size)-len(arr))[:size]
	for _, start := range lists {
		es := entries(start)
		i := at[start]
		var mask uint64
		for j, e := range es {
			mask |= 1 << e.tile
			v := at[k.ArcIndex(e.node)]
			if k.Accepts(e.node) {
				v |= nodeAccepts
			}
			arr[i+listHead+uint32(j)] = v
		}
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

var (
	graphsMu sync.Mutex
	graphs   = map[*lexicon.KWG]*graph{}
)

// graphFor lays a KWG out once; generators of the same lexicon share the result.
func graphFor(k *lexicon.KWG) *graph {
	graphsMu.Lock()
	defer graphsMu.Unlock()
	if gr, ok := graphs[k]; ok {
		return gr
	}
	gr := &graph{kwg: k}
	gr.arr, gr.root = layOut(k)
	graphs[k] = gr
	return gr
}
