package equity

import (
	"bufio"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// TestKLVFile reads a real KLV2 file written by wolges or macondo, named by
// $ATRIL_KLV2_TEST_FILE (no such file is in the repository: their licences are unknown), and
// checks the whole table: every leave of its DAWG is found at its own index (the i-th leave in
// the DAWG's order gets the i-th value) in any tile order, the number of leaves is the number of
// values, every value is finite and no leave is longer than a rack minus one tile.
//
// If $ATRIL_KLV2_TEST_VALUES also names a text file of lines "T,T,T value" (tile numbers of a
// leave, blank 0, then its value) written by an independent reader such as macondo's, every
// line is compared too.
func TestKLVFile(t *testing.T) {
	t.Parallel()
	path := os.Getenv("ATRIL_KLV2_TEST_FILE")
	if path == "" {
		t.Skip("set ATRIL_KLV2_TEST_FILE to a .klv2 file to check the reader on it")
	}
	k, err := ReadKLVFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if k.g == nil {
		t.Fatalf("%s: an empty table", path)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	n := 0
	byLen := map[int]int{}
	k.g.Walk(func(w []lexicon.Tile) bool {
		if len(w) > 6 {
			t.Errorf("leave %v has %d tiles", w, len(w))
		}
		if !slices.IsSorted(w) {
			t.Errorf("leave %v not stored in ascending tile order", w)
		}
		if i := k.index(w); i != n {
			t.Fatalf("leave %v: index %d, want %d (its place in the DAWG's order)", w, i, n)
		}
		shuffled := slices.Clone(w)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := k.LeaveValue(shuffled); got != float64(k.values[n]) {
			t.Fatalf("leave %v shuffled to %v: %v, want %v", w, shuffled, got, k.values[n])
		}
		if v := float64(k.values[n]); math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("leave %v: value %v", w, v)
		}
		byLen[len(w)]++
		n++
		return true
	})
	if n != k.Len() {
		t.Errorf("%d leaves in the DAWG, %d values", n, k.Len())
	}
	t.Logf("%s: %d leaves (by length %v), %d tile kinds; ? = %.4f", path, n, byLen, len(k.SingleTiles()), k.LeaveValue([]lexicon.Tile{lexicon.Blank}))

	vpath := os.Getenv("ATRIL_KLV2_TEST_VALUES")
	if vpath == "" {
		return
	}
	f, err := os.Open(vpath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		lines++
		tiles, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if !ok {
			t.Fatalf("%s:%d: expected \"T,T,T value\"", vpath, lines)
		}
		var w []lexicon.Tile
		for _, s := range strings.Split(tiles, ",") {
			x, err := strconv.Atoi(s)
			if err != nil || x < 0 || x > lexicon.MaxLetters {
				t.Fatalf("%s:%d: tile %q", vpath, lines, s)
			}
			w = append(w, lexicon.Tile(x))
		}
		want, err := strconv.ParseFloat(value, 32)
		if err != nil {
			t.Fatalf("%s:%d: value %q", vpath, lines, value)
		}
		if got := k.LeaveValue(w); float32(got) != float32(want) {
			t.Errorf("%s:%d: leave %v: %v, independent reader %v", vpath, lines, w, got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d values from %s agree", lines, vpath)
}

// TestKLVMinimisedDAWG reads a hand-encoded table whose DAWG shares a sibling list between two
// parents, as minimised output (wolges', and WriteKLV's through lexicon.BuildDAWG) does: leaves
// A, AB, B, BB share the list [B] and the index must still count each path separately.
func TestKLVMinimisedDAWG(t *testing.T) {
	t.Parallel()
	const (
		accepts = 1 << 23
		isEnd   = 1 << 22
	)
	a, b := uint32(1), uint32(2)
	nodes := []uint32{
		isEnd | 2,                   // 0: DAWG root -> list at 2
		isEnd,                       // 1: GADDAG root (empty)
		a<<24 | accepts | 4,         // 2: A (a leave), children at 4
		b<<24 | accepts | isEnd | 4, // 3: B (a leave), the same children
		b<<24 | accepts | isEnd,     // 4: B, shared by A and B
	}
	values := []float32{1.5, -2, 3.25, -4}
	var buf []byte
	le := binary.LittleEndian
	buf = le.AppendUint32(buf, uint32(len(nodes)))
	for _, v := range nodes {
		buf = le.AppendUint32(buf, v)
	}
	buf = le.AppendUint32(buf, uint32(len(values)))
	for _, v := range values {
		buf = le.AppendUint32(buf, math.Float32bits(v))
	}
	k, err := KLVFromBytes(buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		leave []lexicon.Tile
		want  float64
	}{
		{[]lexicon.Tile{1}, 1.5}, {[]lexicon.Tile{1, 2}, -2}, {[]lexicon.Tile{2, 1}, -2},
		{[]lexicon.Tile{2}, 3.25}, {[]lexicon.Tile{2, 2}, -4},
		{[]lexicon.Tile{1, 1}, 0}, {[]lexicon.Tile{2, 2, 2}, 0}, {[]lexicon.Tile{3}, 0},
		{[]lexicon.Tile{0}, 0},
	} {
		if got := k.LeaveValue(c.leave); got != c.want {
			t.Errorf("leave %v: %v, want %v", c.leave, got, c.want)
		}
	}
}

// TestKLVEdgeLeaves: leaves the table cannot hold are worth 0 and never index out of range —
// a prefix of a leave that is not itself a leave, a leave longer than any rack, tiles beyond the
// table's alphabet, designated blanks.
func TestKLVEdgeLeaves(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	if err := WriteKLV(&buf, []Leave{{[]lexicon.Tile{1, 2, 3}, 7}, {[]lexicon.Tile{0, 0}, 50}}); err != nil {
		t.Fatal(err)
	}
	k, err := KLVFromBytes([]byte(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	long := make([]lexicon.Tile, 16)
	for i := range long {
		long[i] = 1
	}
	for name, c := range map[string]struct {
		leave []lexicon.Tile
		want  float64
	}{
		"whole leave":            {[]lexicon.Tile{3, 1, 2}, 7},
		"prefix not a leave":     {[]lexicon.Tile{1, 2}, 0},
		"one tile not a leave":   {[]lexicon.Tile{1}, 0},
		"longer than the leave":  {[]lexicon.Tile{1, 2, 3, 4}, 0},
		"sixteen tiles":          {long, 0},
		"tile beyond the table":  {[]lexicon.Tile{1, 2, 60}, 0},
		"blanks":                 {[]lexicon.Tile{0, 0}, 50},
		"designated blanks":      {[]lexicon.Tile{3 | lexicon.BlankBit, 1 | lexicon.BlankBit}, 50},
		"one blank, not a leave": {[]lexicon.Tile{0}, 0},
	} {
		if got := k.LeaveValue(c.leave); got != c.want {
			t.Errorf("%s %v: %v, want %v", name, c.leave, got, c.want)
		}
	}
}

func TestKLVSingleTiles(t *testing.T) {
	t.Parallel()
	var buf strings.Builder
	if err := WriteKLV(&buf, []Leave{{[]lexicon.Tile{3}, 1}, {[]lexicon.Tile{0}, 20}, {[]lexicon.Tile{1, 2}, 2}, {[]lexicon.Tile{5}, -1}}); err != nil {
		t.Fatal(err)
	}
	k, err := KLVFromBytes([]byte(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if got := k.SingleTiles(); !slices.Equal(got, []lexicon.Tile{0, 3, 5}) {
		t.Errorf("single tiles %v, want [0 3 5] (1 is only a prefix of 1,2)", got)
	}
	empty, err := KLVFromBytes([]byte{1, 0, 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if got := empty.SingleTiles(); got != nil {
		t.Errorf("empty table: %v", got)
	}
}
