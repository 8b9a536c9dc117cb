package movegen

import "github.com/atril-scrabble/atril/engine"

// undoEntry is a square of one direction's grid as it was before a journaled play changed it.
type undoEntry struct {
	d, line, pos uint8
	sq           square
}

// undoMark is where a journaled play starts in the journal, and the board's tile count then.
type undoMark struct {
	at     int
	nTiles int
}

// PlayUndoable is Play, remembering the squares it changes so that Undo can put them back:
// what a search that plays and takes back plays many times a second needs (the endgame solver),
// where a Snapshot would copy the whole board each time. Plays made with it are undone last in,
// first out.
func (g *Generator) PlayUndoable(m *engine.Move) {
	g.undoMarks = append(g.undoMarks, undoMark{at: len(g.journal), nTiles: g.nTiles})
	g.journaling = true
	g.Play(m)
	g.journaling = false
}

// Undo takes back the last PlayUndoable not yet taken back. The lines it touches lose their
// cached top-N bounds, which the next top-N generation rebuilds.
func (g *Generator) Undo() {
	mk := g.undoMarks[len(g.undoMarks)-1]
	g.undoMarks = g.undoMarks[:len(g.undoMarks)-1]
	for i := len(g.journal) - 1; i >= mk.at; i-- {
		e := &g.journal[i]
		g.rows[e.d][e.line][e.pos] = e.sq
		g.lines[e.d][e.line].valid = false
	}
	g.journal = g.journal[:mk.at]
	if (g.nTiles == 0) != (mk.nTiles == 0) {
		g.invalidateLines()
	}
	g.nTiles = mk.nTiles
}

// remember journals square pos of line `line` in direction d's grid before it changes.
func (g *Generator) remember(d, line, pos int) {
	g.journal = append(g.journal, undoEntry{d: uint8(d), line: uint8(line), pos: uint8(pos), sq: g.rows[d][line][pos]})
}
