package equity

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
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
	// byRank is every value again, by the rank of its leave (see ranker), 0 for the multisets
	// the table does not hold: one array load per lookup instead of a graph walk. Built when the
	// table's leaves are short enough for the ranks to fit (always for a rack of seven and the
	// FISE set); otherwise nil and lookups walk the graph.
	byRank []float32
	r      ranker
	// checksum is a CRC-32C of the file's bytes (Checksum).
	checksum string
}

// maxKLVBytes bounds what ReadKLVFile reads: a table of every leave of 1 to 6 tiles of the FISE
// set takes under 10 MB, and a device or a wrong file must not take all memory.
const maxKLVBytes = 128 << 20

// ReadKLVFile loads a .klv2 file.
func ReadKLVFile(path string) (*KLV, error) {
	b, err := fileio.ReadFile(path, maxKLVBytes)
	if errors.As(err, new(*fileio.TooBigError)) {
		return nil, i18n.E("leavetable.too_big", "File", path, "Max", "128 MB")
	}
	if err != nil {
		return nil, err
	}
	k, err := KLVFromBytes(b)
	if err != nil {
		return nil, i18n.Wrap(err, "leavetable.file", "File", path)
	}
	return k, nil
}

// KLVFromBytes reads a KLV2 table from its file bytes. Its errors say what is wrong with the
// bytes; ReadKLVFile's name the file too.
func KLVFromBytes(b []byte) (*KLV, error) {
	if len(b) < 4 {
		return nil, i18n.E("leavetable.short", "Size", len(b))
	}
	n := int(binary.LittleEndian.Uint32(b))
	if n < 0 || 4+4*n+4 > len(b) || 4+4*n+4 < 0 {
		return nil, i18n.E("leavetable.nodes", "Nodes", n, "Size", len(b))
	}
	k := &KLV{checksum: crc32c(b)}
	off := 4 + 4*n
	if n >= 2 {
		g, err := lexicon.KWGFromBytes(b[4:off])
		if err != nil {
			return nil, i18n.Wrap(err, "leavetable.graph")
		}
		k.g = g
	}
	nv := int(binary.LittleEndian.Uint32(b[off:]))
	off += 4
	if nv < 0 || off+4*nv > len(b) || off+4*nv < 0 {
		return nil, i18n.E("leavetable.values", "Values", nv, "Size", len(b)-off)
	}
	if off+4*nv != len(b) {
		return nil, i18n.E("leavetable.trailing", "Extra", len(b)-off-4*nv)
	}
	k.values = make([]float32, nv)
	for i := range k.values {
		v := math.Float32frombits(binary.LittleEndian.Uint32(b[off+4*i:]))
		if !saneValue(v) {
			return nil, badValue(k.g, i, v)
		}
		k.values[i] = v
	}
	if k.g != nil {
		k.counts = countWords(k.g)
		if root := k.g.DawgRoot(); root != 0 && int(k.counts[root]) > nv {
			return nil, i18n.E("leavetable.few_values", "Leaves", k.counts[root], "Values", nv)
		}
		k.rankValues()
	}
	return k, nil
}

// MaxLeaveValue bounds a leave's value in points: the best leaves are worth a few dozen, so a
// value beyond this (or not a number at all) is a damaged table, which would otherwise rank
// every play by nonsense (an equity of -9.2e18) and be stored with puzzles.
const MaxLeaveValue = 1000

func saneValue(v float32) bool {
	f := float64(v)
	return !math.IsNaN(f) && !math.IsInf(f, 0) && math.Abs(f) <= MaxLeaveValue
}

// badValue is the error of value number i, naming its leave (its tiles as the FISE set spells
// them, as a KLV2 file does not say its alphabet, and their numbers).
func badValue(g *lexicon.KWG, i int, v float32) error {
	leave := "?"
	if tiles, ok := leaveAt(g, i); ok {
		ts := lexicon.DefaultTileSet()
		var letters, numbers []string
		for _, t := range tiles {
			numbers = append(numbers, strconv.Itoa(int(t)))
			if int(t) <= ts.NumLetters() {
				letters = append(letters, ts.Label(t))
			} else {
				letters = append(letters, "#"+strconv.Itoa(int(t)))
			}
		}
		leave = strings.Join(letters, "") + " (" + strings.Join(numbers, " ") + ")"
	}
	return i18n.E("leavetable.bad_value", "Leave", leave, "Index", i+1, "Value", strconv.FormatFloat(float64(v), 'g', 6, 32), "Max", MaxLeaveValue)
}

// leaveAt is the tiles of the i-th leave in the DAWG's word order; false when there is none.
func leaveAt(g *lexicon.KWG, i int) ([]lexicon.Tile, bool) {
	if g == nil || g.DawgRoot() == 0 {
		return nil, false
	}
	n := 0
	var path []lexicon.Tile
	var walk func(list uint32) bool
	walk = func(list uint32) bool {
		if len(path) > 15 { // a cycle, in a damaged graph
			return false
		}
		for p := list; p != 0 && int(p) < g.NumNodes(); p++ {
			path = append(path, g.Tile(p))
			if g.Accepts(p) {
				if n == i {
					return true
				}
				n++
			}
			if walk(g.ArcIndex(p)) {
				return true
			}
			path = path[:len(path)-1]
			if g.IsEnd(p) {
				break
			}
		}
		return false
	}
	if !walk(g.DawgRoot()) {
		return nil, false
	}
	return path, true
}

// rankValues builds byRank when the leaves have at most MaxLeave+1 tiles (a table may hold the
// full rack) and the graph is a sane DAWG: no cycles, tiles ascending along every path, no more
// leaves than values. Otherwise byRank stays nil and lookups walk the graph as they always did.
func (k *KLV) rankValues() {
	g := k.g
	n := g.NumNodes()
	// The alphabet is the largest tile on any node; the longest leave the graph's depth.
	kinds := 0
	for p := 2; p < n; p++ {
		kinds = max(kinds, int(g.Tile(uint32(p)))+1)
	}
	depth := make([]int8, n) // longest path from a list (by its first node); -1 while visiting
	var longest func(list uint32) int
	longest = func(list uint32) int {
		if list == 0 {
			return 0
		}
		switch d := depth[list]; {
		case d < 0:
			return 1 << 20 // a cycle
		case d > 0:
			return int(d)
		}
		depth[list] = -1
		best := 0
		for p := list; int(p) < n; p++ {
			best = max(best, 1+longest(g.ArcIndex(p)))
			if best > MaxLeave+1 || g.IsEnd(p) {
				break
			}
		}
		depth[list] = int8(min(best, MaxLeave+2))
		return best
	}
	maxLen := longest(g.DawgRoot())
	if kinds == 0 || kinds > lexicon.MaxLetters+1 || maxLen > MaxLeave+1 {
		return
	}
	r := newRanker(kinds, maxLen)
	if r.size() > maxRanks {
		return
	}
	w := rankWalk{g: g, r: &r, values: k.values, byRank: make([]float32, r.size())}
	if w.walk(g.DawgRoot(), 0, 0, 0) {
		k.byRank, k.r = w.byRank, r
	}
}

// rankWalk visits a DAWG's leaves in word order, carrying each prefix's partial rank.
type rankWalk struct {
	g      *lexicon.KWG
	r      *ranker
	values []float32
	byRank []float32
	next   int // the number of the next leave in word order
}

// walk visits the list at depth d whose parent tile is prev; partial is the prefix's sum of
// binomials. False when the graph is not a sane leave DAWG.
func (w *rankWalk) walk(list uint32, d int, prev lexicon.Tile, partial uint32) bool {
	g := w.g
	for p := list; p != 0; p++ {
		t := g.Tile(p)
		if d > 0 && t < prev {
			return false
		}
		x := partial + w.r.binom[d][int(t)+d]
		if g.Accepts(p) {
			if w.next >= len(w.values) {
				return false
			}
			w.byRank[w.r.offset[d+1]+x] = w.values[w.next]
			w.next++
		}
		if arc := g.ArcIndex(p); arc != 0 && !w.walk(arc, d+1, t, x) {
			return false
		}
		if g.IsEnd(p) {
			return true
		}
	}
	return true
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

// Checksum identifies the table: a CRC-32C of its file's bytes, as "crc32c:0123abcd" (see
// TableInfo.Checksum).
func (k *KLV) Checksum() string { return k.checksum }

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
	if k.byRank != nil {
		var buf [MaxLeave + 1]lexicon.Tile
		w, ok := sortLeave(buf[:k.r.maxLen], leave, k.r.kinds)
		if !ok {
			return 0
		}
		return float64(k.byRank[k.r.rank(w)])
	}
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

// WriteKLV writes leaves as a KLV2 table: the leaves' DAWG built and minimised by
// lexicon.BuildDAWG, then the values in its word order. Each leave's tiles are sorted (a
// designated blank counts as a blank); duplicates keep the last value.
func WriteKLV(w io.Writer, leaves []Leave) error {
	type entry struct {
		tiles []lexicon.Tile
		value float32
	}
	es := make([]entry, 0, len(leaves))
	for _, l := range leaves {
		if len(l.Tiles) == 0 {
			return i18n.E("leavetable.empty_leave")
		}
		t := slices.Clone(l.Tiles)
		for i := range t {
			if t[i].IsBlanked() {
				t[i] = lexicon.Blank
			}
			if t[i] > lexicon.MaxLetters {
				return i18n.E("leavetable.tile_range", "Tile", int(t[i]), "Max", lexicon.MaxLetters)
			}
		}
		slices.Sort(t)
		if !saneValue(l.Value) {
			return i18n.E("leavetable.bad_value", "Leave", fmt.Sprint(t), "Index", len(es)+1, "Value", strconv.FormatFloat(float64(l.Value), 'g', 6, 32), "Max", MaxLeaveValue)
		}
		es = append(es, entry{t, l.Value})
	}
	slices.SortStableFunc(es, func(a, b entry) int { return slices.Compare(a.tiles, b.tiles) })
	// Deduplicate, keeping the last value given.
	words := make([][]lexicon.Tile, 0, len(es))
	values := make([]float32, 0, len(es))
	for i, e := range es {
		if i+1 < len(es) && slices.Equal(e.tiles, es[i+1].tiles) {
			continue
		}
		words = append(words, e.tiles)
		values = append(values, e.value)
	}
	return writeKLV(w, words, values)
}

// writeKLV writes distinct sorted words in ascending order with their values.
func writeKLV(w io.Writer, words [][]lexicon.Tile, values []float32) error {
	g, err := lexicon.BuildDAWG(words)
	if err != nil {
		return i18n.Wrap(err, "leavetable.build")
	}
	b := g.Bytes()
	out := make([]byte, 0, 8+len(b)+4*len(values))
	le := binary.LittleEndian
	out = le.AppendUint32(out, uint32(len(b)/4))
	out = append(out, b...)
	out = le.AppendUint32(out, uint32(len(values)))
	for _, v := range values {
		out = le.AppendUint32(out, math.Float32bits(v))
	}
	_, err = w.Write(out)
	return err
}
