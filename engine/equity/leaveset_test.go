package equity

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// fiseLeaveSet is the FISE set's leaves of 1 to MaxLeave tiles, built once for the tests that
// read it.
var fiseLeaveSet = sync.OnceValues(func() (*LeaveSet, error) { return NewLeaveSet(lexicon.DefaultTileSet(), MaxLeave) })

// TestLeaveSetFISE: the FISE set holds 1,170,590 leaves of 1 to 6 tiles (29 kinds with their
// counts: 29 + 424 + 4,170 + 31,056 + 186,939 + 947,972), numbered in KLV2 word order, each
// found again from its tiles in any order.
func TestLeaveSetFISE(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	s, err := fiseLeaveSet()
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 1_170_590 {
		t.Fatalf("%d leaves, want 1,170,590", s.Len())
	}
	byLen := make([]int, MaxLeave+1)
	rng := rand.New(rand.NewPCG(1, 1))
	var prev []lexicon.Tile
	for i := 0; i < s.Len(); i++ {
		w := s.Leave(i)
		byLen[len(w)]++
		if i > 0 && slices.Compare(prev, w) >= 0 {
			t.Fatalf("leave %d %v does not follow %v in word order", i, w, prev)
		}
		prev = w
		if !slices.IsSorted(w) {
			t.Fatalf("leave %d %v not sorted", i, w)
		}
		for _, x := range w {
			if bytesCount(w, x) > ts.Count(x) {
				t.Fatalf("leave %v holds more %s than the set", w, ts.Label(x))
			}
		}
		if got := s.IndexSorted(w); got != i {
			t.Fatalf("IndexSorted(%v) = %d, want %d", w, got, i)
		}
		if i%97 == 0 {
			sh := slices.Clone(w)
			rng.Shuffle(len(sh), func(a, b int) { sh[a], sh[b] = sh[b], sh[a] })
			if got := s.Index(sh); got != i {
				t.Fatalf("Index(%v) = %d, want %d", sh, got, i)
			}
		}
	}
	if want := []int{0, 29, 424, 4170, 31056, 186939, 947972}; !slices.Equal(byLen, want) {
		t.Errorf("leaves by length %v, want %v", byLen, want)
	}
	q, _ := ts.Tile("Q")
	a, _ := ts.Tile("A")
	for name, w := range map[string][]lexicon.Tile{
		"two Q":        {q, q},
		"seven tiles":  {a, a, a, a, a, a, a},
		"empty":        nil,
		"beyond set":   {a, lexicon.Tile(ts.Size())},
		"three blanks": {0, 0, 0},
	} {
		if got := s.Index(w); got != -1 {
			t.Errorf("%s %v: index %d, want -1", name, w, got)
		}
	}
	if got, want := s.Index([]lexicon.Tile{a | lexicon.BlankBit, q}), s.Index([]lexicon.Tile{q, lexicon.Blank}); got != want || got < 0 {
		t.Errorf("a designated blank: index %d, want the blank's %d", got, want)
	}
}

// TestRanker: every multiset the ranker covers gets its own rank below size.
func TestRanker(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ kinds, maxLen int }{{1, 3}, {2, 4}, {5, 3}, {29, 3}, {7, 7}} {
		r := newRanker(c.kinds, c.maxLen)
		seen := make([]bool, r.size())
		n := 0
		r.each(func(w []lexicon.Tile) {
			x := r.rank(w)
			if int(x) >= len(seen) || seen[x] {
				t.Fatalf("kinds %d: %v ranks %d (size %d, seen before: %v)", c.kinds, w, x, r.size(), int(x) < len(seen) && seen[x])
			}
			seen[x] = true
			n++
		})
		if n != r.size() {
			t.Errorf("kinds %d max %d: %d multisets, size %d", c.kinds, c.maxLen, n, r.size())
		}
	}
}

// TestLeaveSetKLVRoundTrip writes every FISE leave with its own value as KLV2 and reads each one
// back, through the rank array and through the graph walk (what tables too big to rank use).
func TestLeaveSetKLVRoundTrip(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	s, err := fiseLeaveSet()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	values := make([]float32, s.Len())
	for i := range values {
		values[i] = float32(rng.NormFloat64() * 20)
	}
	var buf bytes.Buffer
	if err := s.WriteKLV(&buf, values); err != nil {
		t.Fatal(err)
	}
	k, err := KLVFromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if k.Len() != s.Len() || k.byRank == nil {
		t.Fatalf("read %d values (rank array %v), want %d", k.Len(), k.byRank != nil, s.Len())
	}
	slow := *k
	slow.byRank = nil
	var sh [MaxLeave]lexicon.Tile
	for i, v := range values {
		w := s.Leave(i)
		n := copy(sh[:], w)
		rng.Shuffle(n, func(a, b int) { sh[a], sh[b] = sh[b], sh[a] })
		if got := k.LeaveValue(sh[:n]); got != float64(v) {
			t.Fatalf("leave %v: %v, want %v", w, got, v)
		}
		if i%50 == 0 {
			if got := slow.LeaveValue(sh[:n]); got != float64(v) {
				t.Fatalf("leave %v by the graph: %v, want %v", w, got, v)
			}
		}
	}
	if got := k.SingleTiles(); len(got) != ts.Size() {
		t.Errorf("%d single tiles, want %d", len(got), ts.Size())
	}
	// Minimised: far fewer nodes than leaves.
	if nodes := k.g.NumNodes(); nodes > s.Len()/4 {
		t.Errorf("%d KWG nodes for %d leaves: not minimised", nodes, s.Len())
	}
	if err := s.WriteKLV(&buf, values[1:]); err == nil {
		t.Error("too few values written without an error")
	}
	if math.IsNaN(k.LeaveValue([]lexicon.Tile{1, 1, 1, 1, 1, 1, 1})) || k.LeaveValue([]lexicon.Tile{1, 1, 1, 1, 1, 1, 1}) != 0 {
		t.Error("a seven-tile leave is not in the table: 0")
	}
}

// TestKLVRankAgreesWithGraph: on random partial tables the rank array and the graph walk give
// the same value for every leave tried, present or absent.
func TestKLVRankAgreesWithGraph(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	rng := rand.New(rand.NewPCG(9, 9))
	for round := 0; round < 20; round++ {
		var leaves []Leave
		for i := 0; i < 1+rng.IntN(500); i++ {
			leaves = append(leaves, Leave{randomLeave(rng, ts), float32(rng.IntN(100))})
		}
		var buf bytes.Buffer
		if err := WriteKLV(&buf, leaves); err != nil {
			t.Fatal(err)
		}
		k, err := KLVFromBytes(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if k.byRank == nil {
			t.Fatal("no rank array for a FISE table")
		}
		slow := *k
		slow.byRank = nil
		for i := 0; i < 2000; i++ {
			l := randomLeave(rng, ts)
			if i < len(leaves) {
				l = leaves[i].Tiles
			}
			if a, b := k.LeaveValue(l), slow.LeaveValue(l); a != b {
				t.Fatalf("round %d leave %v: rank %v, graph %v", round, l, a, b)
			}
		}
	}
}

func BenchmarkKLVLeaveValue(b *testing.B) {
	ts := lexicon.DefaultTileSet()
	s, err := NewLeaveSet(ts, MaxLeave)
	if err != nil {
		b.Fatal(err)
	}
	values := make([]float32, s.Len())
	var buf bytes.Buffer
	if err := s.WriteKLV(&buf, values); err != nil {
		b.Fatal(err)
	}
	k, err := KLVFromBytes(buf.Bytes())
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	ls := make([][]lexicon.Tile, 4096)
	for i := range ls {
		ls[i] = randomLeave(rng, ts)
		slices.Sort(ls[i])
	}
	for _, c := range []struct {
		name   string
		leaves Leaves
	}{{"rank", k}, {"graph", &KLV{g: k.g, counts: k.counts, values: k.values}}, {"handset", NewDefault(ts)}} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			for b.Loop() {
				c.leaves.LeaveValue(ls[i&4095])
				i++
			}
		})
	}
}

// TestLeaveSetRacks: the FISE set deals 4,167,929 distinct racks of seven.
func TestLeaveSetRacks(t *testing.T) {
	t.Parallel()
	s, err := NewLeaveSet(lexicon.DefaultTileSet(), 7)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Len() - 1_170_590; got != 4_167_929 {
		t.Errorf("%d racks of seven, want 4,167,929", got)
	}
	sevens := 0
	for i := 0; i < s.Len(); i += 101 {
		if w := s.Leave(i); len(w) == 7 {
			sevens++
			if s.IndexSorted(w) != i {
				t.Fatalf("rack %v: index %d, want %d", w, s.IndexSorted(w), i)
			}
		}
	}
	if sevens == 0 {
		t.Error("no rack of seven")
	}
	if _, err := NewLeaveSet(lexicon.DefaultTileSet(), 8); err == nil {
		t.Error("leaves of eight tiles numbered")
	}
}
