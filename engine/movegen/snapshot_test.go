package movegen

import (
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestSnapshotRestore: a generator restored from a snapshot has the board a fresh load gives
// it and generates the same moves (top-N by equity and all moves), before and after a play,
// whatever board it held before.
func TestSnapshotRestore(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := defaultGraph(t)
	leaves := equity.NewDefault(ts)
	src, dst := New(graph, ts, layout), New(graph, ts, layout)
	topOpts := Options{Top: 5, By: ByEquity, Leaves: leaves, Exchanges: engine.RackSize, Pass: true}
	n := 0
	for seed := uint64(1); seed <= 6; seed++ {
		playout(New(graph, ts, layout), ts, layout, seed, 20, pickTop, func(turn int, p position) {
			if len(p.rack) == 0 {
				return
			}
			src.SetBoard(p.board)
			if turn%2 == 0 {
				src.Generate(p.rack, topOpts) // some lines built before the snapshot, some not
			}
			snap := src.Snapshot()
			fresh := New(graph, ts, layout).load(p.board)
			dst.Restore(snap)
			if dst.rows != fresh.rows || dst.nTiles != fresh.nTiles {
				t.Fatalf("seed %d turn %d: restored board differs from a fresh load", seed, turn)
			}
			for _, o := range []Options{topOpts, {}} {
				got, want := slices.Clone(dst.Generate(p.rack, o)), fresh.Generate(p.rack, o)
				if !slices.Equal(got, want) {
					t.Fatalf("seed %d turn %d (top %d): restored generator finds %d moves, a fresh one %d", seed, turn, o.Top, len(got), len(want))
				}
			}
			// A play on the restored board updates it as on a loaded one, and the snapshot
			// is left as it was.
			top := dst.Generate(p.rack, topOpts)
			if len(top) == 0 || top[0].Kind != engine.Play {
				return
			}
			m := top[0]
			dst.Play(&m)
			fresh.Play(&m)
			if dst.rows != fresh.rows {
				t.Fatalf("seed %d turn %d: after a play the restored board differs", seed, turn)
			}
			if got, want := slices.Clone(dst.Generate(p.rack, topOpts)), fresh.Generate(p.rack, topOpts); !slices.Equal(got, want) {
				t.Fatalf("seed %d turn %d: after a play the restored generator finds other moves", seed, turn)
			}
			dst.Restore(snap)
			if again := New(graph, ts, layout).load(p.board); dst.rows != again.rows {
				t.Fatalf("seed %d turn %d: the snapshot changed after a play on a generator restored from it", seed, turn)
			}
			n++
		})
	}
	if n < 30 {
		t.Fatalf("only %d positions checked", n)
	}
}
