package lexicon

import (
	"slices"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Difference is what Diff finds: the words only in A, only in B (each in alphabet order), and
// how many both hold.
type Difference struct {
	OnlyA, OnlyB [][]Tile
	Common       int
}

// Diff compares two lexicons numbered by the same alphabet (open both under one tile set). It
// walks both graphs together, so a prefix the two share is read once and a word is never looked
// up from the root: the cost is the nodes of the two graphs, not words × length.
func Diff(a, b *Lexicon) (Difference, error) {
	if !a.Tiles.SameAlphabet(b.Tiles) {
		return Difference{}, i18n.E("diff.different_alphabets", "A", a.Name, "B", b.Name)
	}
	d := &differ{x: a.Graph, y: b.Graph}
	d.node(a.Graph.DawgRoot(), b.Graph.DawgRoot(), 0)
	return Difference{OnlyA: d.onlyA.words(), OnlyB: d.onlyB.words(), Common: d.common}, nil
}

type differ struct {
	x, y         *KWG
	buf          [maxQueryDepth + 1]Tile
	xs, ys       [maxQueryDepth + 1][]uint32
	onlyA, onlyB wordArena
	common       int
}

// node compares the sibling lists xl of A and yl of B reached by the same prefix buf[:depth]
// (either may be 0, the empty list), tile by tile in order, so each list comes out sorted.
func (d *differ) node(xl, yl uint32, depth int) {
	if depth >= len(d.buf) {
		return
	}
	// Each depth has its own buffers: the recursion below uses deeper ones.
	d.xs[depth] = d.x.siblings(d.xs[depth][:0], xl)
	d.ys[depth] = d.y.siblings(d.ys[depth][:0], yl)
	xs, ys := d.xs[depth], d.ys[depth]
	for len(xs) > 0 || len(ys) > 0 {
		var i, j uint32 // nodes of A and of B with the next tile; 0 when the graph lacks it
		switch {
		case len(ys) == 0 || len(xs) > 0 && d.x.Tile(xs[0]) < d.y.Tile(ys[0]):
			i, xs = xs[0], xs[1:]
		case len(xs) == 0 || d.y.Tile(ys[0]) < d.x.Tile(xs[0]):
			j, ys = ys[0], ys[1:]
		default:
			i, j, xs, ys = xs[0], ys[0], xs[1:], ys[1:]
		}
		var inA, inB bool
		var xChild, yChild uint32
		if i != 0 {
			d.buf[depth], inA, xChild = d.x.Tile(i), d.x.Accepts(i), d.x.ArcIndex(i)
		}
		if j != 0 {
			d.buf[depth], inB, yChild = d.y.Tile(j), d.y.Accepts(j), d.y.ArcIndex(j)
		}
		switch {
		case inA && inB:
			d.common++
		case inA:
			d.onlyA.add(d.buf[:depth+1])
		case inB:
			d.onlyB.add(d.buf[:depth+1])
		}
		d.node(xChild, yChild, depth+1)
	}
}

// siblings appends to out the nodes of the sibling list at list in tile order (graphs from
// other tools may list them otherwise).
func (g *KWG) siblings(out []uint32, list uint32) []uint32 {
	if list == 0 {
		return out
	}
	for i := list; ; i++ {
		out = append(out, i)
		if g.IsEnd(i) {
			break
		}
	}
	if !slices.IsSortedFunc(out, func(a, b uint32) int { return int(g.Tile(a)) - int(g.Tile(b)) }) {
		slices.SortFunc(out, func(a, b uint32) int { return int(g.Tile(a)) - int(g.Tile(b)) })
	}
	return out
}
