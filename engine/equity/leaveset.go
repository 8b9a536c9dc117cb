package equity

import (
	"io"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// MaxLeave is the most tiles a leave table values: a rack of seven minus the one tile a play
// uses at least (keeping all seven is a pass, which the table does not value).
const MaxLeave = 6

// LeaveSet numbers every leave of 1..maxLen tiles that a tile set can hold (no kind kept more
// often than the set has it) in KLV2 word order: tiles ascending, the blank (0) first, a leave
// before its extensions. The FISE set has 1,170,590 leaves of 1..MaxLeave tiles (and 4,167,929
// racks of seven). Finding a leave's number is arithmetic (its multiset rank), not a graph walk.
type LeaveSet struct {
	ts     *lexicon.TileSet
	r      ranker
	index  []int32 // by rank: the leave's number, -1 for a multiset the tile set cannot hold
	tiles  []lexicon.Tile
	starts []int32 // leave i is tiles[starts[i]:starts[i+1]]
}

// NewLeaveSet numbers the leaves of 1..maxLen tiles of a tile set (a leave table: MaxLeave).
func NewLeaveSet(ts *lexicon.TileSet, maxLen int) (*LeaveSet, error) {
	kinds := ts.Size()
	if kinds > lexicon.MaxLetters+1 {
		return nil, i18n.E("leavetable.kinds", "Tiles", ts.Name, "Kinds", kinds, "Max", lexicon.MaxLetters+1)
	}
	if maxLen < 1 || maxLen > maxSetLen {
		return nil, i18n.E("leavetable.max_len", "Length", maxLen, "Max", maxSetLen)
	}
	s := &LeaveSet{ts: ts, r: newRanker(kinds, maxLen)}
	if s.r.size() > maxRanks {
		return nil, i18n.E("leavetable.too_many", "Tiles", ts.Name, "Kinds", kinds, "Length", maxLen)
	}
	s.index = make([]int32, s.r.size())
	for i := range s.index {
		s.index[i] = -1
	}
	var buf [maxSetLen]lexicon.Tile
	var walk func(from lexicon.Tile, n int)
	walk = func(from lexicon.Tile, n int) {
		for t := from; int(t) < kinds; t++ {
			// t may repeat up to its count: the leave so far ends in a run of t's.
			used := 0
			for j := n - 1; j >= 0 && buf[j] == t; j-- {
				used++
			}
			if used >= ts.Count(t) {
				continue
			}
			buf[n] = t
			w := buf[:n+1]
			s.index[s.r.rank(w)] = int32(len(s.starts))
			s.starts = append(s.starts, int32(len(s.tiles)))
			s.tiles = append(s.tiles, w...)
			if n+1 < maxLen {
				walk(t, n+1)
			}
		}
	}
	walk(0, 0)
	s.starts = append(s.starts, int32(len(s.tiles)))
	return s, nil
}

// maxRanks bounds the rank arrays (4 bytes an entry): the FISE set needs 1,623,159 for leaves
// of up to six tiles and 8,347,679 for racks of up to seven.
const maxRanks = 1 << 24

// maxSetLen is the longest leave a LeaveSet numbers: a whole rack.
const maxSetLen = 7

// MaxLen is the most tiles a leave of the set holds.
func (s *LeaveSet) MaxLen() int { return s.r.maxLen }

// Tiles is the tile set the leaves are of.
func (s *LeaveSet) Tiles() *lexicon.TileSet { return s.ts }

// Len is the number of leaves.
func (s *LeaveSet) Len() int { return len(s.starts) - 1 }

// Leave is leave i's tiles, ascending (shared: do not modify).
func (s *LeaveSet) Leave(i int) []lexicon.Tile { return s.tiles[s.starts[i]:s.starts[i+1]] }

// Index is the number of a leave given in any order (a designated blank counts as a blank), -1
// when the tile set cannot hold it or it has no tiles or more than MaxLen.
func (s *LeaveSet) Index(leave []lexicon.Tile) int {
	var buf [maxSetLen]lexicon.Tile
	w, ok := sortLeave(buf[:s.r.maxLen], leave, s.r.kinds)
	if !ok {
		return -1
	}
	return int(s.index[s.r.rank(w)])
}

// IndexSorted is Index for a leave already in ascending order of plain tiles (blanks as 0), of
// 1..MaxLen tiles each below the tile set's size: the learning loops' fast path.
func (s *LeaveSet) IndexSorted(w []lexicon.Tile) int { return int(s.index[s.r.rank(w)]) }

// WriteKLV writes a KLV2 table of every leave with values[i] the value of leave i.
func (s *LeaveSet) WriteKLV(w io.Writer, values []float32) error {
	if len(values) != s.Len() {
		return i18n.E("leavetable.value_count", "Values", len(values), "Leaves", s.Len())
	}
	words := make([][]lexicon.Tile, s.Len())
	for i := range words {
		words[i] = s.Leave(i)
	}
	return writeKLV(w, words, values)
}

// sortLeave copies a leave into buf as plain tiles in ascending order; false when it is empty,
// longer than buf or has a tile of kind kinds or above.
func sortLeave(buf []lexicon.Tile, leave []lexicon.Tile, kinds int) ([]lexicon.Tile, bool) {
	if len(leave) == 0 || len(leave) > len(buf) {
		return nil, false
	}
	w := buf[:len(leave)]
	for i, t := range leave {
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		if int(t) >= kinds {
			return nil, false
		}
		// Insertion sort: leaves are short and usually come sorted already.
		j := i
		for ; j > 0 && w[j-1] > t; j-- {
			w[j] = w[j-1]
		}
		w[j] = t
	}
	return w, true
}

// ranker numbers the multisets of 1..maxLen tiles of kinds 0..kinds-1 (any multiplicity) with
// the combinatorial number system: a sorted multiset a0 <= a1 <= ... of k tiles is the set
// b_i = a_i + i, whose rank among k-sets is the sum of C(b_i, i+1); multisets of fewer tiles
// come first.
type ranker struct {
	kinds, maxLen int
	binom         [][]uint32 // binom[i][n] = C(n, i+1) for n < kinds+maxLen
	offset        []uint32   // offset[k]: the rank of the first multiset of k tiles
}

func newRanker(kinds, maxLen int) ranker {
	r := ranker{kinds: kinds, maxLen: maxLen, offset: make([]uint32, maxLen+2)}
	top := kinds + maxLen
	c := make([][]uint64, top+1) // Pascal's triangle
	for n := range c {
		c[n] = make([]uint64, maxLen+2)
		c[n][0] = 1
		for k := 1; k <= maxLen+1 && n > 0; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	r.binom = make([][]uint32, maxLen)
	for i := range r.binom {
		r.binom[i] = make([]uint32, top)
		for n := range top {
			r.binom[i][n] = uint32(min(c[n][i+1], 1<<32-1))
		}
	}
	// Multisets of k tiles of kinds kinds: C(kinds+k-1, k).
	for k := 1; k <= maxLen; k++ {
		r.offset[k+1] = uint32(min(uint64(r.offset[k])+c[kinds+k-1][k], 1<<32-1))
	}
	return r
}

// size is the number of ranks, one per multiset of 1..maxLen tiles.
func (r *ranker) size() int { return int(r.offset[r.maxLen+1]) }

// rank is the number of a sorted multiset of 1..maxLen tiles below kinds.
func (r *ranker) rank(w []lexicon.Tile) uint32 {
	x := r.offset[len(w)]
	for i, t := range w {
		x += r.binom[i][int(t)+i]
	}
	return x
}

// each calls fn for every multiset the ranker numbers (tests check the ranks with it).
func (r *ranker) each(fn func(w []lexicon.Tile)) {
	buf := make([]lexicon.Tile, r.maxLen)
	var rec func(from, n int)
	rec = func(from, n int) {
		for t := from; t < r.kinds; t++ {
			buf[n] = lexicon.Tile(t)
			fn(buf[:n+1])
			if n+1 < r.maxLen {
				rec(t, n+1)
			}
		}
	}
	rec(0, 0)
}
