package endgame

import (
	"math/bits"
	"sync/atomic"
)

// The transposition table keeps what the search learned of a position: its value (for the player
// to move, from there to the end of the game) or a bound of it, the depth it was searched to, and
// the index of the best move in the position's move list. Positions are told apart by a Zobrist
// hash of the board, both racks, who is to move and whether a pass ends the game; since values are
// counted from the position to the end, they hold however the position was reached, and from one
// solve to the next on the same Solver.
//
// Entries are two words: check = key ^ data and data, written and read without locks (a torn
// entry fails the check and is a miss), four to a 64-byte bucket.
type ttEntry struct {
	check, data uint64
}

const (
	bucketSize = 4
	entryBytes = 16

	flagExact = 1
	flagLower = 2
	flagUpper = 3

	// depthDone marks a value proven to the end of the game: it holds at any depth.
	depthDone = 255
	noMove    = 0xffff
)

// MinTableBytes and MaxTableBytes bound the table's size (64 GiB: more than any endgame
// needs) and DefaultTableBytes defaults it.
const (
	MinTableBytes     = 1 << 20
	MaxTableBytes     = 64 << 30
	DefaultTableBytes = 1 << 30
)

// The table starts small and grows, between two depths of a search, while it fills up, to at
// most its size: a small endgame touches a few MiB and not a GiB of fresh pages. Its memory is
// reserved whole at the start but taken from the system only as it is written (see reserve),
// and it grows in place: no second copy is ever alive, so the process never holds more than
// the size given for the table.
type table struct {
	entries []ttEntry // the whole reservation; the table is its first mask+1 buckets
	mask    uint64    // buckets - 1
	age     uint8
	max     int64
	filled  atomic.Int64 // slots in use
}

// startTableBytes is the size a table starts at.
const startTableBytes = 16 << 20

// newTable makes a table that will hold at most size bytes (tableSize).
func newTable(size int64) *table {
	t := &table{max: tableSize(size)}
	t.reserve(int(t.max / entryBytes))
	adviseHuge(t.entries)
	t.mask = uint64(min(t.max, startTableBytes)/(bucketSize*entryBytes)) - 1
	return t
}

// tableSize is the size of a table asked for size bytes: a power of two of buckets, from
// MinTableBytes to MaxTableBytes.
func tableSize(size int64) int64 {
	return roundTable(min(max(size, MinTableBytes), MaxTableBytes))
}

func roundTable(size int64) int64 {
	buckets := int64(1) << (63 - bits.LeadingZeros64(uint64(size)/(bucketSize*entryBytes)))
	return buckets * bucketSize * entryBytes
}

// grow makes the table four times larger (up to its size) when more than half of it is in use,
// moving the entries whose bucket changes into the new part. No search may be using it.
func (t *table) grow() {
	if t.filled.Load() < t.slots()/2 || t.bytes() >= t.max {
		return
	}
	old := t.mask + 1
	t.mask = uint64(min(t.max, 4*t.bytes())/(bucketSize*entryBytes)) - 1
	// A key's new bucket is its old one plus a multiple of the old count: a part never written
	// before, where the at most four entries of an old bucket all fit.
	for b := uint64(0); b < old; b++ {
		for i := b * bucketSize; i < (b+1)*bucketSize; i++ {
			e := t.entries[i]
			if e.data == 0 {
				continue
			}
			nb := (e.check ^ e.data) & t.mask
			if nb == b {
				continue
			}
			dst := t.entries[nb*bucketSize : (nb+1)*bucketSize]
			for j := range dst {
				if dst[j].data == 0 {
					dst[j] = e
					break
				}
			}
			t.entries[i] = ttEntry{}
		}
	}
}

// clear empties the table (what it grew to stays: the pages are taken already).
func (t *table) clear() {
	clear(t.entries[:t.slots()])
	t.filled.Store(0)
}

// slots is how many entries the table holds now.
func (t *table) slots() int64 { return int64(t.mask+1) * bucketSize }

// bytes is the table's size now.
func (t *table) bytes() int64 { return t.slots() * entryBytes }

func pack(value int32, depth uint8, flag uint8, move uint16, age uint8) uint64 {
	return uint64(uint16(int16(value))) | uint64(depth)<<16 | uint64(flag)<<24 | uint64(move)<<32 | uint64(age)<<48
}

type probe struct {
	value int32
	depth uint8
	flag  uint8
	move  uint16
}

func unpack(d uint64) probe {
	return probe{value: int32(int16(uint16(d))), depth: uint8(d >> 16), flag: uint8(d>>24) & 3, move: uint16(d >> 32)}
}

// settles is what entry p says of a position to be searched depth plies deep in the window
// (alpha, beta) when it spares the search: its value, and whether that holds to the end of the
// game. It does only off the principal variation (a null window), from an entry proven or
// searched as deep, whose value is exact or a bound outside the window.
func (p probe) settles(depth int, alpha, beta int32) (value int32, done, ok bool) {
	if beta-alpha > 1 || p.depth != depthDone && int(p.depth) < depth {
		return 0, false, false
	}
	switch {
	case p.flag == flagExact,
		p.flag == flagLower && p.value >= beta,
		p.flag == flagUpper && p.value <= alpha:
		return p.value, p.depth == depthDone, true
	}
	return 0, false, false
}

func (t *table) bucket(key uint64) []ttEntry {
	i := (key & t.mask) * bucketSize
	return t.entries[i : i+bucketSize : i+bucketSize]
}

// lookup finds key's entry.
func (t *table) lookup(key uint64) (probe, bool) {
	b := t.bucket(key)
	for i := range b {
		d := atomic.LoadUint64(&b[i].data)
		if atomic.LoadUint64(&b[i].check)^d == key && d != 0 {
			return unpack(d), true
		}
	}
	return probe{}, false
}

// store records key's entry, in its own slot if it has one, else over an entry of an earlier
// solve or the one searched least deep.
func (t *table) store(key uint64, value int32, depth uint8, flag uint8, move uint16) {
	b := t.bucket(key)
	victim, worst := 0, 1<<30
	for i := range b {
		d := atomic.LoadUint64(&b[i].data)
		if d == 0 {
			victim = i
			t.filled.Add(1)
			break
		}
		if atomic.LoadUint64(&b[i].check)^d == key {
			if unpack(d).depth == depthDone && depth != depthDone {
				return // what was proven stays
			}
			victim = i
			break
		}
		p := unpack(d)
		score := int(p.depth)
		if uint8(d>>48) != t.age {
			score -= 512
		}
		if score < worst {
			victim, worst = i, score
		}
	}
	d := pack(value, depth, flag, move, t.age)
	atomic.StoreUint64(&b[victim].data, d)
	atomic.StoreUint64(&b[victim].check, key^d)
}
