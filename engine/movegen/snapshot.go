package movegen

// Snapshot is a generator's board as the generator holds it: every square in both directions
// with its cross-set and cross-score, and every line's cached bounds (topwords.go). Restore
// puts it back on a generator of the same lexicon and layout in the time of a copy, where
// SetBoard recomputes every cross-set and the next top-N generation rebuilds every line:
// a simulation that plays each candidate again every iteration restores it instead.
//
// A snapshot is never changed once made, so generators in several goroutines may restore the
// same one.
type Snapshot struct {
	gr     *graph
	rows   [2][dim][dim]square
	lines  [2][dim]lineCache // their anchors and stretches in the snapshot's own arrays
	nTiles int
}

// Snapshot saves the generator's board (building the lines' bounds first, so that they too
// are restored).
func (g *Generator) Snapshot() *Snapshot {
	for d := range g.lines {
		for line := range g.lines[d] {
			if !g.lines[d][line].valid {
				g.buildLine(d, line)
			}
		}
	}
	ns, na := 0, 0
	for d := range g.lines {
		for _, lc := range g.lines[d] {
			if lc.valid { // a line built before an arena was emptied is rebuilt when needed
				ns += len(lc.stretches)
				na += len(lc.anchors)
			}
		}
	}
	s := &Snapshot{gr: g.gr, rows: g.rows, nTiles: g.nTiles}
	stretches := make([]stretch, 0, ns)
	anchors := make([]lineAnchor, 0, na)
	for d := range g.lines {
		for line, lc := range g.lines[d] {
			if !lc.valid {
				continue
			}
			s0, a0 := len(stretches), len(anchors)
			stretches = append(stretches, lc.stretches...)
			anchors = append(anchors, lc.anchors...)
			s.lines[d][line] = lineCache{valid: true,
				stretches: stretches[s0:len(stretches):len(stretches)],
				anchors:   anchors[a0:len(anchors):len(anchors)]}
		}
	}
	return s
}

// Restore makes the snapshot's board the generator's. The snapshot must come from a generator
// of the same lexicon graph and layout.
func (g *Generator) Restore(s *Snapshot) {
	if s.gr != g.gr {
		panic("movegen: Restore of a snapshot of another lexicon graph")
	}
	g.rows = s.rows
	g.lines = s.lines
	g.nTiles = s.nTiles
}
