package lexicon

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"sync"
	"unsafe"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// KWG is the word-graph format of wolges, macondo and Woogles: a DAWG and a GADDAG in one array
// of little-endian u32 nodes. A node holds a tile (bits 24-31), "accepts" (bit 23: the path to
// and including this node is a word), "is end" (bit 22: last node of its sibling list) and the
// index of its children's sibling list (bits 0-21, 0 for none). Node 0's arc is the DAWG root
// list, node 1's the GADDAG root list. In the GADDAG, tile 0 is the separator: every word w of
// n tiles is stored as rev(w[:i]) + 0 + w[i:] for 1 <= i < n, and as rev(w) whole.
type KWG struct {
	nodes []uint32
	// derived holds what other packages build from the graph once (movegen's layout and word
	// map): kept with the graph and freed with it, not in a process-wide cache.
	derived sync.Map // key → *derivedValue
}

type derivedValue struct {
	once sync.Once
	v    any
}

// Derived is what build makes of the graph for key, built once per graph (concurrent callers
// wait for the first) and kept as long as the graph is. key is a value of a type of the caller's
// own, so that packages never share an entry.
func (g *KWG) Derived(key any, build func() any) any {
	e, _ := g.derived.LoadOrStore(key, &derivedValue{})
	d := e.(*derivedValue)
	d.once.Do(func() { d.v = build() })
	return d.v
}

const (
	kwgAccepts  = 1 << 23
	kwgIsEnd    = 1 << 22
	kwgArcMask  = 1<<22 - 1
	kwgTileShft = 24
	// Separator is the GADDAG's tile between the reversed prefix and the suffix.
	Separator Tile = 0
)

// KWGFromBytes reads a KWG from its file bytes, checking that it is well formed.
func KWGFromBytes(b []byte) (*KWG, error) {
	if len(b)%4 != 0 {
		return nil, i18n.E("kwg.bad_size", "Bytes", len(b))
	}
	n := len(b) / 4
	if n < 2 {
		return nil, i18n.E("kwg.too_few_nodes", "Nodes", n)
	}
	nodes := make([]uint32, n)
	for i := range nodes {
		nodes[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	g := &KWG{nodes: nodes}
	if err := g.check(); err != nil {
		return nil, err
	}
	return g, nil
}

// readKWGFileCopy is ReadKWGFile through a byte buffer: for big-endian machines, and for the
// error message of a file whose size is not a graph's.
func readKWGFileCopy(path string) (*KWG, error) {
	b, err := fileio.ReadFile(path, 4*kwgMaxNodes)
	if err != nil {
		return nil, err
	}
	g, err := KWGFromBytes(b)
	if err != nil {
		return nil, i18n.Wrap(err, "kwg.in_file", "File", path)
	}
	return g, nil
}

// check proves that every arc points inside the array and every sibling list ends, so that
// traversals cannot run off the end whatever file was loaded.
func (g *KWG) check() error {
	n := uint32(len(g.nodes))
	for i, v := range g.nodes {
		arc := v & kwgArcMask
		if arc >= n {
			return i18n.E("kwg.arc_outside", "Node", i, "Arc", arc, "Nodes", n)
		}
		if v&kwgIsEnd == 0 && uint32(i)+1 >= n { // also a root node: an arc may point at node 1
			return i18n.E("kwg.unended_list", "Node", i)
		}
	}
	return nil
}

// WriteTo writes the graph in the KWG file format.
func (g *KWG) WriteTo(w io.Writer) (int64, error) {
	buf := make([]byte, 4*len(g.nodes))
	for i, v := range g.nodes {
		binary.LittleEndian.PutUint32(buf[4*i:], v)
	}
	n, err := w.Write(buf)
	return int64(n), err
}

// Bytes is the graph in the KWG file format.
func (g *KWG) Bytes() []byte {
	buf := make([]byte, 4*len(g.nodes))
	for i, v := range g.nodes {
		binary.LittleEndian.PutUint32(buf[4*i:], v)
	}
	return buf
}

// Checksum is a CRC-32C of the graph's file bytes, as "crc32c:0123abcd": what the lexicon
// registry records when it stores a graph and compares when it opens it again, so that a file
// changed since (a bad disk, a hand edit) is caught in a fraction of a millisecond instead of the
// full Validate.
func (g *KWG) Checksum() string {
	var crc uint32
	if littleEndian {
		if len(g.nodes) > 0 {
			crc = crc32.Checksum(unsafe.Slice((*byte)(unsafe.Pointer(&g.nodes[0])), 4*len(g.nodes)), castagnoli)
		}
	} else {
		crc = crc32.Checksum(g.Bytes(), castagnoli)
	}
	return fmt.Sprintf("crc32c:%08x", crc)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// NumNodes is the size of the node array.
func (g *KWG) NumNodes() int { return len(g.nodes) }

// Tile is the tile on node i.
func (g *KWG) Tile(i uint32) Tile { return Tile(g.nodes[i] >> kwgTileShft) }

// Accepts reports whether the path ending at node i spells a word.
func (g *KWG) Accepts(i uint32) bool { return g.nodes[i]&kwgAccepts != 0 }

// IsEnd reports whether node i is the last of its sibling list.
func (g *KWG) IsEnd(i uint32) bool { return g.nodes[i]&kwgIsEnd != 0 }

// ArcIndex is the first node of node i's children, 0 when it has none.
func (g *KWG) ArcIndex(i uint32) uint32 { return g.nodes[i] & kwgArcMask }

// DawgRoot is the first node of the DAWG's root sibling list.
func (g *KWG) DawgRoot() uint32 { return g.nodes[0] & kwgArcMask }

// GaddagRoot is the first node of the GADDAG's root sibling list.
func (g *KWG) GaddagRoot() uint32 { return g.nodes[1] & kwgArcMask }

// Seek finds the node with tile t in the sibling list starting at list; 0 if there is none
// (list 0 is the empty list).
func (g *KWG) Seek(list uint32, t Tile) uint32 {
	if list == 0 {
		return 0
	}
	for i := list; ; i++ {
		v := g.nodes[i]
		if Tile(v>>kwgTileShft) == t {
			return i
		}
		if v&kwgIsEnd != 0 {
			return 0
		}
	}
}

// Contains reports whether the DAWG holds the word (letters only; blank designations ignored).
func (g *KWG) Contains(word []Tile) bool {
	if len(word) < 1 {
		return false
	}
	list := g.DawgRoot()
	var node uint32
	for _, t := range word {
		node = g.Seek(list, t.Letter())
		if node == 0 {
			return false
		}
		list = g.ArcIndex(node)
	}
	return g.Accepts(node)
}

// Walk calls fn for every word in the DAWG, in tile order; the slice is reused between calls.
// It stops early when fn returns false.
func (g *KWG) Walk(fn func(word []Tile) bool) {
	var buf [32]Tile
	var rec func(list uint32, depth int) bool
	rec = func(list uint32, depth int) bool {
		if list == 0 || depth >= len(buf) {
			return true
		}
		for i := list; ; i++ {
			buf[depth] = g.Tile(i)
			if g.Accepts(i) && !fn(buf[:depth+1]) {
				return false
			}
			if !rec(g.ArcIndex(i), depth+1) {
				return false
			}
			if g.IsEnd(i) {
				return true
			}
		}
	}
	rec(g.DawgRoot(), 0)
}
