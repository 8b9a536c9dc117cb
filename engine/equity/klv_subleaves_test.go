package equity

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// TestSubLeavesMatchesLeaveValue: every entry SubLeaves writes is LeaveValue of the leave its
// index spells, on racks with blanks and repeated tiles, for a table holding about half of the
// leaves (absent ones and prefixes of absent ones must read 0).
func TestSubLeavesMatchesLeaveValue(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	rng := rand.New(rand.NewPCG(3, 9))
	var leaves []Leave
	for i := 0; i < 20000; i++ {
		leaves = append(leaves, Leave{Tiles: randomLeave(rng, ts), Value: float32(rng.NormFloat64() * 10)})
	}
	var buf bytes.Buffer
	if err := WriteKLV(&buf, leaves); err != nil {
		t.Fatal(err)
	}
	k, err := KLVFromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var out [128]float64
	nonzero := 0
	for r := 0; r < 500; r++ {
		var rack []lexicon.Tile
		if r%10 == 0 { // racks sharing most tiles with a stored leave
			rack = append(rack, leaves[rng.IntN(len(leaves))].Tiles...)
		}
		for len(rack) < 7 {
			rack = append(rack, lexicon.Tile(rng.IntN(ts.Size())))
		}
		if r%7 == 0 {
			rack[0], rack[1] = lexicon.Blank, lexicon.Blank
		}
		var counts [lexicon.MaxLetters + 1]uint8
		for _, x := range rack {
			counts[x]++
		}
		var distinct []lexicon.Tile
		var cs []uint8
		for x := range counts {
			if counts[x] > 0 {
				distinct = append(distinct, lexicon.Tile(x))
				cs = append(cs, counts[x])
			}
		}
		size := 1
		for _, c := range cs {
			size *= int(c) + 1
		}
		for i := range out {
			out[i] = 999 // SubLeaves must write every entry of the rack's range
		}
		k.SubLeaves(distinct, cs, out[:])
		for i := 0; i < size; i++ {
			var leave []lexicon.Tile
			rem := i
			for j, x := range distinct {
				for c := rem % (int(cs[j]) + 1); c > 0; c-- {
					leave = append(leave, x)
				}
				rem /= int(cs[j]) + 1
			}
			if want := k.LeaveValue(leave); out[i] != want {
				t.Fatalf("rack %v: leave %d %s is %v, want %v", rack, i, ts.Notation(leave), out[i], want)
			}
			if out[i] != 0 {
				nonzero++
			}
		}
	}
	if nonzero < 1000 {
		t.Errorf("only %d leaves found in the table: the test does not exercise lookups", nonzero)
	}
	var empty KLV
	out[0] = 5
	empty.SubLeaves([]lexicon.Tile{1}, []uint8{1}, out[:])
	if out[0] != 0 || out[1] != 0 {
		t.Errorf("empty table: %v %v, want 0 0", out[0], out[1])
	}
}
