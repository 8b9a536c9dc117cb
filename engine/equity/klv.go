package equity

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
)

// KLV is a KLV2 leave table, the format of wolges and macondo: a little-endian u32 count of KWG
// nodes, the KWG whose DAWG holds every leave (tiles in ascending order, the blank as tile 0),
// a u32 count of values, then one f32 value per leave in the DAWG's word order. A leave's value
// is found by counting the words before it in the DAWG (each node knows how many words lie below
// it and its later siblings). Leaves absent from the table are worth 0.
type KLV struct {
	g      *lexicon.KWG
	counts []uint32
	values []float32
}

// ReadKLVFile loads a .klv2 file.
func ReadKLVFile(path string) (*KLV, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	k, err := KLVFromBytes(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// KLVFromBytes reads a KLV2 table from its file bytes.
func KLVFromBytes(b []byte) (*KLV, error) {
	if len(b) < 4 {
		return nil, fmt.Errorf("not a KLV2 leave table: %d bytes, need at least a 4-byte node count", len(b))
	}
	n := int(binary.LittleEndian.Uint32(b))
	if n < 0 || 4+4*n+4 > len(b) || 4+4*n+4 < 0 {
		return nil, fmt.Errorf("not a KLV2 leave table: %d KWG nodes do not fit in %d bytes", n, len(b))
	}
	k := &KLV{}
	off := 4 + 4*n
	if n >= 2 {
		g, err := lexicon.KWGFromBytes(b[4:off])
		if err != nil {
			return nil, fmt.Errorf("KLV2 leave table: %w", err)
		}
		k.g = g
	}
	nv := int(binary.LittleEndian.Uint32(b[off:]))
	off += 4
	if nv < 0 || off+4*nv > len(b) || off+4*nv < 0 {
		return nil, fmt.Errorf("not a KLV2 leave table: %d f32 values do not fit in the %d bytes after the KWG", nv, len(b)-off)
	}
	if off+4*nv != len(b) {
		return nil, fmt.Errorf("not a KLV2 leave table: %d bytes after the values", len(b)-off-4*nv)
	}
	k.values = make([]float32, nv)
	for i := range k.values {
		k.values[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[off+4*i:]))
	}
	if k.g != nil {
		k.counts = countWords(k.g)
		if root := k.g.DawgRoot(); root != 0 && int(k.counts[root]) > nv {
			return nil, fmt.Errorf("not a KLV2 leave table: %d leaves but only %d values", k.counts[root], nv)
		}
	}
	return k, nil
}

// countWords gives, for each node, the number of words accepted at or below it and its later
// siblings, so that a word's index is the sum of what is skipped on the way to it.
func countWords(g *lexicon.KWG) []uint32 {
	n := g.NumNodes()
	counts := make([]uint32, n)
	done := make([]bool, n)
	var count func(p uint32) uint32
	count = func(p uint32) uint32 {
		if p == 0 || int(p) >= n {
			return 0
		}
		if done[p] {
			return counts[p]
		}
		done[p] = true // a malformed graph with a cycle then counts it once instead of recursing forever
		c := uint32(0)
		if g.Accepts(p) {
			c = 1
		}
		c += count(g.ArcIndex(p))
		if !g.IsEnd(p) {
			c += count(p + 1)
		}
		counts[p] = c
		return c
	}
	for p := n - 1; p >= 1; p-- {
		count(uint32(p))
	}
	return counts
}

// Len is the number of values in the table.
func (k *KLV) Len() int { return len(k.values) }

// SingleTiles lists the tiles that are a leave on their own, in ascending order: a table made
// for an alphabet values every tile kind alone (blank 0, letters 1..n), so this tells which
// alphabet it was made for (a KLV2 file does not say).
func (k *KLV) SingleTiles() []lexicon.Tile {
	if k.g == nil || k.g.DawgRoot() == 0 {
		return nil
	}
	var out []lexicon.Tile
	for p := k.g.DawgRoot(); ; p++ {
		if k.g.Accepts(p) {
			out = append(out, k.g.Tile(p))
		}
		if k.g.IsEnd(p) {
			return out
		}
	}
}

// LeaveValue is the table's value of the leave (0 for the empty leave or one not in the table).
func (k *KLV) LeaveValue(leave []lexicon.Tile) float64 {
	if len(leave) == 0 || k.g == nil || len(leave) > 15 {
		return 0
	}
	var buf [15]lexicon.Tile
	w := buf[:len(leave)]
	for i, t := range leave {
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		w[i] = t
	}
	slices.Sort(w)
	i := k.index(w)
	if i < 0 || i >= len(k.values) {
		return 0
	}
	return float64(k.values[i])
}

// index is the word's position in the DAWG's word order, -1 if absent.
func (k *KLV) index(w []lexicon.Tile) int {
	g := k.g
	p := g.DawgRoot()
	idx := uint32(0)
	for j, t := range w {
		if p == 0 {
			return -1
		}
		idx += k.counts[p]
		for g.Tile(p) != t {
			if g.IsEnd(p) {
				return -1
			}
			p++
		}
		idx -= k.counts[p]
		if j == len(w)-1 {
			if !g.Accepts(p) {
				return -1
			}
			return int(idx)
		}
		if g.Accepts(p) {
			idx++
		}
		p = g.ArcIndex(p)
	}
	return -1
}

// Leave is one entry of a leave table to write.
type Leave struct {
	Tiles []lexicon.Tile
	Value float32
}

// WriteKLV writes leaves as a KLV2 table (a plain trie, not minimised: correct for any reader,
// just larger than wolges' output). Each leave's tiles are sorted; duplicates keep the last value.
func WriteKLV(w io.Writer, leaves []Leave) error {
	type entry struct {
		tiles []lexicon.Tile
		value float32
	}
	es := make([]entry, 0, len(leaves))
	for _, l := range leaves {
		if len(l.Tiles) == 0 {
			return fmt.Errorf("KLV2: the empty leave cannot be stored")
		}
		t := slices.Clone(l.Tiles)
		for i := range t {
			if t[i].IsBlanked() {
				t[i] = lexicon.Blank
			}
			if t[i] >= 64 {
				return fmt.Errorf("KLV2: tile %d out of range", t[i])
			}
		}
		slices.Sort(t)
		es = append(es, entry{t, l.Value})
	}
	slices.SortStableFunc(es, func(a, b entry) int { return slices.Compare(a.tiles, b.tiles) })
	// Deduplicate, keeping the last value given.
	out := es[:0]
	for i, e := range es {
		if i+1 < len(es) && slices.Equal(e.tiles, es[i+1].tiles) {
			continue
		}
		out = append(out, e)
	}
	es = out

	// Trie nodes: children kept in ascending tile order because leaves are sorted.
	type tnode struct {
		tile     lexicon.Tile
		accepts  bool
		children []int
	}
	nodes := []tnode{{}}
	for _, e := range es {
		cur := 0
		for _, t := range e.tiles {
			ch := nodes[cur].children
			if len(ch) > 0 && nodes[ch[len(ch)-1]].tile == t {
				cur = ch[len(ch)-1]
				continue
			}
			nodes = append(nodes, tnode{tile: t})
			nodes[cur].children = append(nodes[cur].children, len(nodes)-1)
			cur = len(nodes) - 1
		}
		nodes[cur].accepts = true
	}
	// Lay out sibling lists breadth first after the two root nodes; listAt[trie node] is the
	// KWG index of its children's list.
	kwg := []uint32{0, 1<<22 | 0}
	listAt := make([]uint32, len(nodes))
	queue := []int{0}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		ch := nodes[cur].children
		if len(ch) == 0 {
			continue
		}
		listAt[cur] = uint32(len(kwg))
		for range ch {
			kwg = append(kwg, 0)
		}
		queue = append(queue, ch...)
	}
	if len(kwg) > 1<<22 {
		return fmt.Errorf("KLV2: %d nodes exceed the KWG's 22-bit indexes", len(kwg))
	}
	for cur := range nodes {
		ch := nodes[cur].children
		for i, c := range ch {
			v := uint32(nodes[c].tile)<<24 | listAt[c]
			if nodes[c].accepts {
				v |= 1 << 23
			}
			if i == len(ch)-1 {
				v |= 1 << 22
			}
			kwg[int(listAt[cur])+i] = v
		}
	}
	kwg[0] = 1<<22 | listAt[0]
	var buf bytes.Buffer
	le := binary.LittleEndian
	buf.Write(le.AppendUint32(nil, uint32(len(kwg))))
	for _, v := range kwg {
		buf.Write(le.AppendUint32(nil, v))
	}
	buf.Write(le.AppendUint32(nil, uint32(len(es))))
	for _, e := range es {
		buf.Write(le.AppendUint32(nil, math.Float32bits(e.value)))
	}
	_, err := w.Write(buf.Bytes())
	return err
}
