package movegen

import (
	"math/bits"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// genAnchor generates every play whose leftmost anchor is position p of the loaded line.
func (g *Generator) genAnchor(p int) {
	g.anchor = p
	g.played = 0
	g.gen(p, g.gr.root, p, p, 0, 1, 0)
}

// gen is Gordon's Gen: try to fill position pos from the sibling list `list`. left and right are
// the word's extent so far; main is the main word's letter points (premiums applied), wmul its
// word multiplier, crossSum the cross-words' total score.
func (g *Generator) gen(pos int, list uint32, left, right int, main, wmul, crossSum int32) {
	sq := &g.row[pos]
	arr := g.arr
	mask := listMask(arr, list)
	if sq.tile != engine.Empty {
		if l := sq.tile.Letter(); mask&(1<<(l&63)) != 0 {
			g.goOn(pos, engine.PlayedThrough, childAt(arr, list, mask, l), left, right, main+g.points[sq.tile], wmul, crossSum)
		}
		return
	}
	if g.played >= g.rackTiles {
		return
	}
	blanks := g.rack[lexicon.Blank]
	possible := sq.cross & mask
	if blanks == 0 {
		possible &= g.rackBits
	}
	if possible == 0 {
		return
	}
	lm, wm, cs := int32(sq.lm), int32(sq.wm), int32(sq.cscore)
	hasCross := sq.hasCross
	for possible != 0 {
		l := lexicon.Tile(bits.TrailingZeros64(possible))
		possible &= possible - 1
		v := childAt(arr, list, mask, l)
		if g.rack[l] > 0 {
			g.rack[l]--
			if g.rack[l] == 0 {
				g.rackBits &^= 1 << l
			}
			g.leaveIdx -= g.place[l]
			g.played++
			pts := g.points[l] * lm
			cr := crossSum
			if hasCross {
				cr += (cs + pts) * wm
			}
			g.goOn(pos, l, v, left, right, main+pts, wmul*wm, cr)
			g.played--
			g.leaveIdx += g.place[l]
			if g.rack[l] == 0 {
				g.rackBits |= 1 << l
			}
			g.rack[l]++
		}
		if blanks > 0 {
			g.rack[lexicon.Blank]--
			g.leaveIdx -= g.place[lexicon.Blank]
			g.played++
			cr := crossSum
			if hasCross {
				cr += cs * wm
			}
			g.goOn(pos, l|lexicon.BlankBit, v, left, right, main, wmul*wm, cr)
			g.played--
			g.leaveIdx += g.place[lexicon.Blank]
			g.rack[lexicon.Blank]++
		}
	}
}

// goOn is Gordon's GoOn: t has been put (or found) at pos, reached through node v.
func (g *Generator) goOn(pos int, t lexicon.Tile, v uint32, left, right int, main, wmul, crossSum int32) {
	g.strip[pos] = t
	g.extend(pos, v, left, right, main, wmul, crossSum)
	g.strip[pos] = 0
}

// extend is the rest of GoOn: record the play if it is one, and extend it.
func (g *Generator) extend(pos int, v uint32, left, right int, main, wmul, crossSum int32) {
	arc := v & nodeList
	accepts := v&nodeAccepts != 0
	if pos <= g.anchor {
		left = pos
		noLeft := pos == 0 || g.row[pos-1].tile == engine.Empty
		if accepts && noLeft && g.played > 0 && right > left {
			g.record(left, right, main, wmul, crossSum)
		}
		if arc == 0 {
			return
		}
		if pos > 0 && pos-1 != g.lastAnchor {
			g.gen(pos-1, arc, left, right, main, wmul, crossSum)
		}
		// The separator is tile 0: when the list has it, it is the list's first node.
		if noLeft && g.anchor < dim-1 && g.arr[arc]&1 != 0 {
			if next := g.arr[arc+listHead] & nodeList; next != 0 {
				g.gen(g.anchor+1, next, left, right, main, wmul, crossSum)
			}
		}
		return
	}
	right = pos
	noRight := pos == dim-1 || g.row[pos+1].tile == engine.Empty
	if accepts && noRight && g.played > 0 {
		g.record(left, right, main, wmul, crossSum)
	}
	if arc != 0 && pos < dim-1 {
		g.gen(pos+1, arc, left, right, main, wmul, crossSum)
	}
}

// record emits the play on [left, right] of the current line.
func (g *Generator) record(left, right int, main, wmul, crossSum int32) {
	if g.played == 1 && g.dir == 1 {
		// A one-tile play is reported across when it forms an across word.
		for p := left; p <= right; p++ {
			if g.row[p].tile == engine.Empty && g.row[p].hasCross {
				return
			}
		}
	}
	score := main*wmul + crossSum
	if g.played == rackSize {
		score += engine.BingoBonus
	}
	eq := float64(score) + g.leaveVals[g.leaveIdx]
	if g.opts.Top > 0 && len(g.top) == g.opts.Top {
		worst := &g.top[0]
		v := float64(score)
		if g.opts.By == ByEquity {
			v = eq
		}
		if v < rankValue(worst, g.opts.By) {
			return
		}
	}
	var m *engine.Move
	if g.opts.Top > 0 {
		m = &g.scratch
	} else {
		if len(g.moves) == cap(g.moves) {
			g.moves = append(g.moves, engine.Move{})[:len(g.moves)]
		}
		g.moves = g.moves[:len(g.moves)+1]
		m = &g.moves[len(g.moves)-1]
	}
	m.Kind = engine.Play
	m.Vertical = g.dir == 1
	if g.dir == 0 {
		m.Row, m.Col = int8(g.line), int8(left)
	} else {
		m.Row, m.Col = int8(left), int8(g.line)
	}
	n := right - left + 1
	// Played-through squares hold PlayedThrough; the squares past the play are 0 (goOn clears
	// its square when it returns).
	m.Tiles = [dim]lexicon.Tile(g.strip[left : left+dim])
	m.Len = uint8(n)
	m.Placed = uint8(g.played)
	m.Score = score
	m.Equity = eq
	if g.leavesReady {
		lv := &g.leaves[g.leaveIdx]
		m.Leave = [rackSize]lexicon.Tile(lv[:rackSize])
		m.LeaveLn = uint8(lv[rackSize])
	} else {
		g.leaveOf(g.leaveIdx, m)
	}
	if g.opts.Top > 0 {
		g.pushTop(m)
	}
}
