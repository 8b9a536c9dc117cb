package lexicon

import "github.com/atril-scrabble/atril/internal/i18n"

// maxGraphDepth bounds the longest path of a graph: Walk spells words in a 32-tile buffer, and
// real words are at most 15 tiles (16 GADDAG tiles with the separator).
const maxGraphDepth = 32

// Validate checks what KWGFromBytes cannot check node by node: that the graph has no cycles
// (a corrupt file would otherwise make a walk run forever), that no path is longer than 32
// tiles, and that every letter tile is at most maxTile (the alphabet's last letter). It takes
// a few milliseconds for a million nodes; run it on graphs from outside atril.
func (g *KWG) Validate(maxTile Tile) error {
	n := len(g.nodes)
	// depth[i] for a list starting at node i: 0 unvisited, 0xFF on the DFS stack, else 1 + the
	// longest path below it.
	depth := make([]uint8, n)
	const onStack = 0xFF
	type frame struct{ list, node uint32 }
	var stack []frame
	visit := func(root uint32) error {
		if root == 0 || depth[root] != 0 {
			return nil
		}
		depth[root] = onStack
		stack = append(stack[:0], frame{root, root})
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			i := f.node
			if t := g.Tile(i); t > maxTile {
				return i18n.E("kwg.tile_past_alphabet", "Node", i, "Tile", int(t), "Max", int(maxTile))
			}
			if child := g.ArcIndex(i); child != 0 {
				switch depth[child] {
				case onStack:
					return i18n.E("kwg.cycle", "Node", i)
				case 0:
					depth[child] = onStack
					stack = append(stack, frame{child, child})
					continue // come back to node i when the child list is done
				}
			}
			// Node i and its children are done: move along the sibling list or finish it.
			if !g.IsEnd(i) {
				f.node++
				continue
			}
			d := uint8(1)
			for j := f.list; ; j++ {
				if c := g.ArcIndex(j); c != 0 && depth[c]+1 > d {
					d = depth[c] + 1
				}
				if g.IsEnd(j) {
					break
				}
			}
			if d > maxGraphDepth {
				return i18n.E("kwg.too_deep", "Max", maxGraphDepth)
			}
			depth[f.list] = d
			// Back in the parent frame, its current node finds this list done and moves on.
			stack = stack[:len(stack)-1]
		}
		return nil
	}
	if err := visit(g.DawgRoot()); err != nil {
		return err
	}
	return visit(g.GaddagRoot())
}
