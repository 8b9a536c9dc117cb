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
