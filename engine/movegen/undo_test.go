package movegen

import (
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestPlayUndo: plays made with PlayUndoable and taken back with Undo, several deep, leave the
// generator's board exactly as a fresh load of the same board, and it generates the same moves.
func TestPlayUndo(t *testing.T) {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := defaultGraph(t)
	g := New(graph, ts, layout)
	n := 0
	for seed := uint64(1); seed <= 4; seed++ {
		playout(New(graph, ts, layout), ts, layout, seed, 24, pickTop, func(turn int, p position) {
			if len(p.rack) == 0 {
				return
			}
			g.SetBoard(p.board)
			fresh := New(graph, ts, layout).load(p.board)
			before := slices.Clone(g.Generate(p.rack, Options{}))
			// Three plays deep, each the first play generated after the last.
			for depth := 0; depth < 3; depth++ {
				ms := g.Generate(p.rack, Options{Sort: true})
				if len(ms) == 0 {
					break
				}
				m := ms[0]
				g.PlayUndoable(&m)
				n++
			}
			for len(g.undoMarks) > 0 {
				g.Undo()
			}
			if g.rows != fresh.rows || g.nTiles != fresh.nTiles {
				t.Fatalf("seed %d turn %d: the board after undoing differs from a fresh load", seed, turn)
			}
			if after := g.Generate(p.rack, Options{}); !slices.Equal(before, after) {
				t.Fatalf("seed %d turn %d: %d moves before the plays, %d after undoing them", seed, turn, len(before), len(after))
			}
		})
	}
	if n < 50 {
		t.Fatalf("only %d plays undone", n)
	}
}
