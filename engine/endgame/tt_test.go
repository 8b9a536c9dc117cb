package endgame

import (
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestTableGrowsInPlace: entries stored before the table grows are found after, with their
// value, depth, flag and move, until it reaches its size, which it never passes.
func TestTableGrowsInPlace(t *testing.T) {
	t.Parallel()
	tt := newTable(64 << 20)
	rng := rand.New(rand.NewPCG(1, 2))
	keys := map[uint64]int32{}
	for tt.bytes() < tt.max {
		before := tt.bytes()
		for int64(len(keys)) < tt.slots()*3/5 {
			k := rng.Uint64()
			v := int32(rng.IntN(400) - 200)
			tt.store(k, v, uint8(k>>8)%60, flagExact, uint16(k>>20))
			keys[k] = v
		}
		tt.grow()
		if tt.bytes() != min(tt.max, 4*before) {
			t.Fatalf("grew from %d to %d bytes (max %d), %d of %d slots filled, %d keys", before, tt.bytes(), tt.max, tt.filled.Load(), tt.slots(), len(keys))
		}
		lost := 0
		for k, v := range keys {
			p, ok := tt.lookup(k)
			if !ok {
				lost++ // a full bucket replaced it before the growth: allowed, but rare
				continue
			}
			if p.value != v || p.depth != uint8(k>>8)%60 || p.flag != flagExact || p.move != uint16(k>>20) {
				t.Fatalf("key %x: %+v, want value %d", k, p, v)
			}
		}
		if lost > len(keys)/10 {
			t.Fatalf("%d of %d entries lost growing to %d bytes", lost, len(keys), tt.bytes())
		}
	}
	tt.grow()
	if tt.bytes() != tt.max || int64(len(tt.entries))*entryBytes != tt.max {
		t.Fatalf("table of %d bytes (reserved %d), max %d", tt.bytes(), len(tt.entries)*entryBytes, tt.max)
	}
}

// TestTableMemory: a table takes from the system only what it uses: making a 512 MiB table
// leaves the process's resident memory nearly as it was, filling its first 16 MiB and growing
// it to 64 MiB adds 64 MiB: no second copy.
func TestTableMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/statm")
	}
	rss := func() int64 { return residentBytes(t) }
	before := rss()
	tt := newTable(512 << 20)
	if d := rss() - before; d > 8<<20 {
		t.Fatalf("a new 512 MiB table took %d MiB", d>>20)
	}
	for i := uint64(1); int64(i) < tt.slots(); i++ {
		tt.store(i*0x9e3779b97f4a7c15, 1, 1, flagExact, 0)
	}
	tt.grow() // to 64 MiB, a quarter full: no further growth
	tt.grow()
	if d := rss() - before; tt.bytes() != 64<<20 || d > (64+8)<<20 {
		t.Fatalf("a table grown to %d MiB took %d MiB", tt.bytes()>>20, d>>20)
	}
	runtime.KeepAlive(tt)
}

// TestTablesOneAfterAnother: solvers made one after another (a pre-endgame's, each time) take
// only what their tables use, not the whole size of a table dropped before.
func TestTablesOneAfterAnother(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/statm")
	}
	before := residentBytes(t)
	for range 8 {
		tt := newTable(512 << 20)
		for i := uint64(1); int64(i) < tt.slots(); i++ {
			tt.store(i*0x9e3779b97f4a7c15, 1, 1, flagExact, 0)
		}
		runtime.GC()
	}
	if d := residentBytes(t) - before; d > 8*16<<20 {
		t.Fatalf("8 tables of 512 MiB, 16 MiB of each used, one after another: %d MiB taken", d>>20)
	}
}

// residentBytes is the process's resident memory.
func residentBytes(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	n, _ := strconv.ParseInt(f[1], 10, 64)
	return n * int64(os.Getpagesize())
}

// TestSettles: an entry spares the search of a position only off the principal variation (a
// null window), when it was proven or searched at least as deep, with an exact value or a
// bound outside the window; its value comes back, proven only from a proven entry.
func TestSettles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name         string
		p            probe
		depth        int
		alpha, beta  int32
		value        int32
		done, settle bool
	}{
		{"exact, as deep", probe{value: 7, depth: 3, flag: flagExact}, 3, 4, 5, 7, false, true},
		{"exact, deeper", probe{value: -7, depth: 5, flag: flagExact}, 3, 4, 5, -7, false, true},
		{"exact, shallower", probe{value: 7, depth: 2, flag: flagExact}, 3, 4, 5, 0, false, false},
		{"exact, proven", probe{value: 7, depth: depthDone, flag: flagExact}, 40, 4, 5, 7, true, true},
		{"exact, wide window", probe{value: 7, depth: depthDone, flag: flagExact}, 3, 4, 6, 0, false, false},
		{"lower, at beta", probe{value: 5, depth: 3, flag: flagLower}, 3, 4, 5, 5, false, true},
		{"lower, above beta, proven", probe{value: 9, depth: depthDone, flag: flagLower}, 3, 4, 5, 9, true, true},
		{"lower, below beta", probe{value: 4, depth: depthDone, flag: flagLower}, 3, 4, 5, 0, false, false},
		{"upper, at alpha", probe{value: 4, depth: 3, flag: flagUpper}, 3, 4, 5, 4, false, true},
		{"upper, below alpha", probe{value: -20, depth: 4, flag: flagUpper}, 3, 4, 5, -20, false, true},
		{"upper, above alpha", probe{value: 5, depth: depthDone, flag: flagUpper}, 3, 4, 5, 0, false, false},
		{"lower, shallower", probe{value: 9, depth: 2, flag: flagLower}, 3, 4, 5, 0, false, false},
		{"upper, wide window", probe{value: -20, depth: depthDone, flag: flagUpper}, 3, -100, 100, 0, false, false},
	} {
		value, done, settle := tc.p.settles(tc.depth, tc.alpha, tc.beta)
		if settle != tc.settle || settle && (value != tc.value || done != tc.done) {
			t.Errorf("%s: %+v at depth %d in (%d, %d): settles %t, value %d, done %t; want %t, %d, %t",
				tc.name, tc.p, tc.depth, tc.alpha, tc.beta, settle, value, done, tc.settle, tc.value, tc.done)
		}
	}
}

// A table's size is a power of two of buckets within its bounds, whatever is asked.
func TestTableSize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ asked, want int64 }{
		{0, MinTableBytes},
		{MinTableBytes - 1, MinTableBytes},
		{3 << 20, 2 << 20},
		{DefaultTableBytes, DefaultTableBytes},
		{MaxTableBytes, MaxTableBytes},
		{MaxTableBytes * 4, MaxTableBytes},
	} {
		if got := tableSize(tc.asked); got != tc.want {
			t.Errorf("tableSize(%d) = %d, want %d", tc.asked, got, tc.want)
		}
	}
}
