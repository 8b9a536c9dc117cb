package movegen

import (
	"math/bits"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// Top-N generation from the word map (the idea of MAGPIE's word map generation).
//
// Every play of an anchor covers some number b of the line's tile runs (0 for a play beside
// them) and places some number k of rack tiles; for given b and k its board tiles are the same
// whatever square it starts on, so its word is an anagram of a k-tile subrack plus those tiles.
// The anchor's plays are bounded per (b, k) — a "sub-anchor", with the squares its plays can
// start on — and the sub-anchors are visited best bound first. Visiting one looks up, for each
// subrack of k tiles whose leave can still reach the threshold, the words of that alphagram,
// and tries each at each start square against the board tiles and cross-sets: no walk of the
// GADDAG, and no work at all for the many long stretches through board tiles that hold no word.
//
// Each play is found once: by the leftmost anchor it covers (as in the GADDAG generator), by
// its own b and k, its subrack and its start.

// subAnchor is the plays of one anchor covering b tile runs with k tiles placed.
type subAnchor struct {
	bound   float64 // score plus the best leave a play can keep
	score   int32   // bound on the score
	through uint64  // multiset hash of the board tiles covered
	starts  uint16  // the squares the plays can start on
	dir     int8
	line    int8
	k, n    int8 // tiles placed, word length
}

// subAcc accumulates one (b, k) of the anchor being bounded.
type subAcc struct {
	score  int32
	starts uint16
}

// maxRuns bounds the tile runs a play can cover on a line of 15 squares.
const maxRuns = (dim + 1) / 2

// generateTopWords is top-N mode with the word map.
func (g *Generator) generateTopWords() {
	g.sortRackValues()
	if !g.sameRack {
		g.loadNonplaythrough()
	}
	if g.subAnchors == nil {
		// Room for more than any board needs, so that generating allocates nothing once warm.
		g.subAnchors = make([]subAnchor, 0, 4096)
		g.subHeap = make([]heapEntry, 0, 2*dim*dim)
	}
	g.subAnchors = g.subAnchors[:0]
	g.subHeap = g.subHeap[:0]
	possible := g.rackBits &^ 1
	if g.rack[lexicon.Blank] > 0 {
		possible = g.letters
	}
	for d := 0; d < 2; d++ {
		for line := 0; line < dim; line++ {
			lc := &g.lines[d][line]
			if !lc.valid {
				g.buildLine(d, line)
			}
			if len(lc.anchors) == 0 {
				continue
			}
			g.loadLine(d, line)
			// What the rack brings to each square: the squares it can fill, and the points of
			// its best tile that fits times the letter premium (for the main word) and the
			// cross-word's multipliers, summed from the line's start.
			var fill uint16
			for p := 0; p < dim; p++ {
				sq := &g.row[p]
				g.plc[p+1], g.pxc[p+1] = g.plc[p], g.pxc[p]
				if sq.cross&possible != 0 { // an empty square the rack can fill
					fill |= 1 << p
					c := g.maxFit(sq.cross)
					g.plc[p+1] += int32(sq.lm) * c
					if sq.hasCross {
						g.pxc[p+1] += int32(sq.lm) * int32(sq.wm) * c
					}
				}
			}
			for i := range lc.anchors {
				g.boundSubAnchors(lc, &lc.anchors[i], fill)
			}
		}
	}
	// A heap of anchors, each keyed by its best sub-anchor not yet visited: visiting one takes
	// it out and keys the anchor by the next best.
	h := g.subHeap
	for i := len(h)/2 - 1; i >= 0; i-- {
		siftDownSub(h, i)
	}
	for len(h) > 0 && h[0].bound >= g.thr {
		e := &h[0]
		a := g.subAnchors[e.i]
		// Take it out of the anchor's list and key the anchor by the best left.
		end := e.end - 1
		g.subAnchors[e.i] = g.subAnchors[end]
		if e.end = end; end > e.start {
			e.i, e.bound = bestSub(g.subAnchors[e.start:end], e.start)
		} else {
			*e = h[len(h)-1]
			h = h[:len(h)-1]
		}
		siftDownSub(h, 0)
		g.visit(&a)
	}
}

// bestSub is the index (counting from start) and bound of the best of subs.
func bestSub(subs []subAnchor, start int32) (int32, float64) {
	best := 0
	for i := 1; i < len(subs); i++ {
		if subs[i].bound > subs[best].bound {
			best = i
		}
	}
	return start + int32(best), subs[best].bound
}

// heapEntry is an anchor in the max-heap by bound: its sub-anchors not yet visited are
// g.subAnchors[start:end], the best at i.
type heapEntry struct {
	bound         float64
	i, start, end int32
}

func siftDownSub(h []heapEntry, i int) {
	n := len(h)
	for {
		m, l, r := i, 2*i+1, 2*i+2
		if l < n && h[l].bound > h[m].bound {
			m = l
		}
		if r < n && h[r].bound > h[m].bound {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// boundSubAnchors bounds the sub-anchors of an anchor from its stretches (buildLine) and the
// rack's contribution to the line's squares (fill: the squares it can fill; plc, pxc).
func (g *Generator) boundSubAnchors(lc *lineCache, an *lineAnchor, fill uint16) {
	var touched [64]uint8 // b<<3 | k of the accumulators in use
	nTouched := 0
	rackTiles := int8(g.rackTiles)
	for si := an.from; si < an.to; si++ {
		st := &lc.stretches[si]
		if st.k > rackTiles || st.empties&^fill != 0 {
			si += int32(st.rest) // the longer stretches from L cover this one
			continue
		}
		b, k := int(st.b), int(st.k)
		acc := &g.subAcc[b][k]
		if acc.starts == 0 {
			touched[nTouched] = uint8(b<<3 | k)
			nTouched++
			acc.score = -1 << 30
		}
		acc.starts |= 1 << st.L
		L, R := int(st.L), int(st.R)
		capped := int32(st.wm)*(g.plc[R+1]-g.plc[L]) + g.pxc[R+1] - g.pxc[L]
		base := st.base
		if k == rackSize {
			if !g.bingoPossible(an.runHash[b]) {
				continue
			}
			base += engine.BingoBonus
		}
		if base+capped <= acc.score {
			continue
		}
		sorted := int32(0)
		for i := 0; i < k; i++ {
			sorted += int32(st.effs[i]) * g.shadowDescV[i]
		}
		acc.score = max(acc.score, base+min(capped, sorted))
	}
	start := len(g.subAnchors)
	for _, bk := range touched[:nTouched] {
		b, k := int(bk>>3), int(bk&7)
		acc := &g.subAcc[b][k]
		score, starts := acc.score, acc.starts
		*acc = subAcc{}
		if score == -1<<30 {
			continue // only bingo stretches, none of which can be a word
		}
		leave := 0.0
		switch {
		case b == 0:
			leave = g.npBestLeave[k] // -Inf when no k tiles of the rack make a word
		case g.opts.By == ByEquity:
			leave = g.bestLeave[g.rackTiles-k]
		}
		bound := float64(score) + leave
		if bound == negInf || bound < g.thr {
			continue
		}
		g.subAnchors = append(g.subAnchors, subAnchor{bound: bound, score: score, through: an.runHash[b],
			starts: starts, dir: int8(g.dir), line: int8(g.line), k: int8(k), n: int8(k) + an.runTiles[b]})
	}
	if end := len(g.subAnchors); end > start {
		i, bound := bestSub(g.subAnchors[start:end], int32(start))
		g.subHeap = append(g.subHeap, heapEntry{bound, i, int32(start), int32(end)})
	}
}

// loadNonplaythrough looks up the words of every blank-free subrack on its own, for the plays
// beside the board's tiles, and the best leave of each size whose subracks make a word (a
// subrack with a blank is assumed to make one).
func (g *Generator) loadNonplaythrough() {
	for k := range g.npBestLeave {
		g.npBestLeave[k] = negInf
	}
	for k := 1; k <= g.rackTiles; k++ {
		for _, si := range g.subOrder[g.subStart[k]:g.subStart[k+1]] {
			s := &g.subs[si]
			if s.blanks == 0 {
				off, count := g.wmap.lookup(s.hash)
				s.npOff, s.npCount = int32(off), int32(count)
				if count == 0 {
					continue
				}
			}
			g.npBestLeave[k] = max(g.npBestLeave[k], s.leave)
		}
	}
}

// visit generates the plays of a sub-anchor that can reach the threshold.
func (g *Generator) visit(a *subAnchor) {
	g.dir, g.line = int(a.dir), int(a.line)
	row := &g.rows[a.dir][a.line]
	k, n := int(a.k), int(a.n)
	for _, si := range g.subOrder[g.subStart[k]:g.subStart[k+1]] {
		s := &g.subs[si]
		if float64(a.score)+s.leave < g.thr {
			break // the rest keep worse leaves
		}
		if s.blanks == 0 {
			off, count := int(s.npOff), int(s.npCount)
			if n != k {
				if h := s.hash + a.through; h == 0 || g.wmap.mayHave(h) {
					off, count = g.wmap.lookup(h)
				} else {
					continue
				}
			}
			if count > 0 {
				g.placeWords(row, a, s, off, count, 0, 0)
			}
			continue
		}
		// Blanks: try each letter (each pair, x <= y, for two) where the filter allows it.
		h := s.hash + a.through
		if s.blanks == 1 {
			if !g.wmap.maybeBlank(h) {
				continue
			}
			for x := 1; x < g.tiles.Size(); x++ {
				if hx := h + tileHash[x]; hx == 0 || g.wmap.mayHave(hx) {
					if off, count := g.wmap.lookup(hx); count > 0 {
						g.placeWords(row, a, s, off, count, lexicon.Tile(x), 0)
					}
				}
			}
			continue
		}
		for x := 1; x < g.tiles.Size(); x++ {
			if !g.wmap.maybeBlank(h + tileHash[x]) {
				continue
			}
			for y := x; y < g.tiles.Size(); y++ {
				if hxy := h + tileHash[x] + tileHash[y]; hxy == 0 || g.wmap.mayHave(hxy) {
					if off, count := g.wmap.lookup(hxy); count > 0 {
						g.placeWords(row, a, s, off, count, lexicon.Tile(x), lexicon.Tile(y))
					}
				}
			}
		}
	}
}

// placeWords tries count words of a.n tiles from g.wmap.words[off:] at each start square of the
// sub-anchor, with subrack s and the letters x and y its blanks stand for (0 for none).
func (g *Generator) placeWords(row *[dim]square, a *subAnchor, s *subrack, off, count int, x, y lexicon.Tile) {
	n := int(a.n)
	words := g.wmap.words[off : off+count*n]
	// The placed tiles must be the subrack's, its blanks as x and y: checked exactly, so
	// that a hash shared by two alphagrams cannot place tiles the rack does not have.
	want := s.br
	for _, b := range [2]lexicon.Tile{x, y} {
		if b != 0 {
			w, v := brInc(b)
			want[w] += v
			want[0] -= 1 // one blank (tile 0) fewer
		}
	}
	for w := 0; w < count; w++ {
		word := words[w*n : (w+1)*n]
		for starts := a.starts; starts != 0; starts &= starts - 1 {
			L := bits.TrailingZeros16(starts)
			if L+n > dim {
				continue
			}
			var br [3]uint64 // the placed tiles'
			np := 0
			fits := true
			for i, l := range word {
				sq := &row[L+i]
				if sq.tile != engine.Empty {
					if sq.tile.Letter() != l {
						fits = false
						break
					}
				} else {
					if sq.cross&(1<<(l&63)) == 0 {
						fits = false
						break
					}
					w, v := brInc(l)
					br[w] += v
					np++
				}
			}
			if !fits || np != int(a.k) || br != want {
				continue
			}
			if x == 0 {
				g.recordWord(row, a, s, word, L, 0)
				continue
			}
			// Each choice of squares for the blanks among the word's x's (and y's) on empty
			// squares is a play of its own.
			for i, l := range word {
				if l != x || row[L+i].tile != engine.Empty {
					continue
				}
				if y == 0 {
					g.recordWord(row, a, s, word, L, 1<<i)
					continue
				}
				for j, m := range word {
					if m == y && row[L+j].tile == engine.Empty && j != i && (x != y || j > i) {
						g.recordWord(row, a, s, word, L, 1<<i|1<<j)
					}
				}
			}
		}
	}
}

// recordWord scores a fitted word (blanks on the squares of bit mask blanks) and keeps it if it
// can enter the top list.
func (g *Generator) recordWord(row *[dim]square, a *subAnchor, s *subrack, word []lexicon.Tile, L int, blanks uint16) {
	k := int(a.k)
	if k == 1 && g.dir == 1 {
		// A one-tile play is reported across when it forms an across word.
		for i := range word {
			if sq := &row[L+i]; sq.tile == engine.Empty && sq.hasCross {
				return
			}
		}
	}
	var main, cross int32
	wm := int32(1)
	for i, l := range word {
		sq := &row[L+i]
		if sq.tile != engine.Empty {
			main += g.points[sq.tile]
			continue
		}
		v := g.points[l]
		if blanks&(1<<i) != 0 {
			v = 0
		}
		main += v * int32(sq.lm)
		wm *= int32(sq.wm)
		if sq.hasCross {
			cross += (int32(sq.cscore) + v*int32(sq.lm)) * int32(sq.wm)
		}
	}
	score := main*wm + cross
	if k == rackSize {
		score += engine.BingoBonus
	}
	eq := float64(score) + g.leaveVals[s.idx]
	if len(g.top) == g.opts.Top {
		v := float64(score)
		if g.opts.By == ByEquity {
			v = eq
		}
		if v < rankValue(&g.top[0], g.opts.By) {
			return
		}
	}
	m := &g.scratch
	m.Kind = engine.Play
	m.Vertical = g.dir == 1
	if g.dir == 0 {
		m.Row, m.Col = int8(g.line), int8(L)
	} else {
		m.Row, m.Col = int8(L), int8(g.line)
	}
	m.Tiles = [dim]lexicon.Tile{}
	for i, l := range word {
		switch {
		case row[L+i].tile != engine.Empty:
			m.Tiles[i] = engine.PlayedThrough
		case blanks&(1<<i) != 0:
			m.Tiles[i] = l | lexicon.BlankBit
		default:
			m.Tiles[i] = l
		}
	}
	m.Len = uint8(len(word))
	m.Placed = uint8(k)
	m.Score = score
	m.Equity = eq
	g.leaveOf(s.idx, m)
	g.pushTop(m)
}

// subrack is one sub-multiset of the rack a play could use.
type subrack struct {
	hash    uint64    // multiset hash of its letters
	br      [3]uint64 // bit rack of its tiles (blanks as tile 0): counts, exactly
	leave   float64   // what the rest of the rack is worth (0 when ranking by score)
	npOff   int32     // its own words in the word map (blank-free subracks)
	npCount int32     //
	idx     int32     // index of the leave
	size    int8
	blanks  int8
}

// loadSubracks orders the subracks loadRack filled by size and, within a size, by decreasing
// leave: g.subs[g.subOrder[i]] for i in g.subStart[k]:g.subStart[k+1].
func (g *Generator) loadSubracks(radix int32) {
	var at [rackSize + 2]int
	for i := int32(0); i < radix; i++ {
		at[g.subs[i].size+1]++
	}
	for k := 1; k <= rackSize+1; k++ {
		at[k] += at[k-1]
	}
	copy(g.subStart[:], at[:])
	for i := int32(0); i < radix; i++ {
		s := &g.subs[i]
		lo, j := g.subStart[s.size], at[s.size]
		for j > lo && g.subs[g.subOrder[j-1]].leave < s.leave {
			g.subOrder[j] = g.subOrder[j-1]
			j--
		}
		g.subOrder[j] = uint8(i)
		at[s.size]++
	}
}

// lineCache is what top-N bounding needs of one line of the board alone: its anchors and,
// for each, the stretches [L, R] its plays can cover (as many tiles as a full rack allows, on
// squares some letter can fill). The rack's part is added every generation (boundSubAnchors);
// this part is built again only when a square of the line changes.
type lineCache struct {
	valid     bool
	anchors   []lineAnchor
	stretches []stretch
}

// lineAnchor is an anchor and its stretches, lineCache.stretches[from:to].
type lineAnchor struct {
	from, to int32
	// By number of tile runs covered: the multiset hash of their tiles, and how many.
	runHash  [maxRuns + 1]uint64
	runTiles [maxRuns + 1]int8
}

// stretch is the squares [L, R] of a play: the board's part of anchorBound's bound.
type stretch struct {
	base    int32            // board points: tiles times the word multiplier, plus cross-words'
	empties uint16           // the empty squares
	wm      uint16           // word multiplier (3^7 at most)
	effs    [rackSize]uint16 // the empty squares' letter multiplier times wm plus cross-word's, decreasing
	L, R    int8
	b, k    int8  // tile runs covered, empty squares
	rest    uint8 // how many stretches after this one start on the same square (they cover it)
}

const (
	// maxLineStretches bounds the stretches of a line: each of at most 15 anchors starts them on
	// at most 8 squares and ends them on at most 15.
	maxLineStretches = dim * (rackSize + 1) * dim
	// The arenas hold a board's lines many times over before they are emptied.
	stretchArenaSize = 4 * maxLineStretches
	anchorArenaSize  = 32 * dim
)

// invalidateLines drops every line's cache.
func (g *Generator) invalidateLines() {
	for d := range g.lines {
		for i := range g.lines[d] {
			g.lines[d][i].valid = false
		}
	}
}

// buildLine fills the cache of line `line` in direction d: each anchor's stretches, walked as
// anchorBound walks them with a full rack that could fill any square.
func (g *Generator) buildLine(d, line int) {
	// Lines keep their anchors and stretches in two arenas, appended to as lines are built.
	// When an arena might not hold another line, it is emptied and every line rebuilt as it is
	// needed again: arenas of fixed size, so that generating allocates nothing once they exist.
	if g.stretchArena == nil {
		g.stretchArena = make([]stretch, 0, stretchArenaSize)
		g.anchorArena = make([]lineAnchor, 0, anchorArenaSize)
	}
	if cap(g.stretchArena)-len(g.stretchArena) < maxLineStretches || cap(g.anchorArena)-len(g.anchorArena) < dim {
		g.stretchArena, g.anchorArena = g.stretchArena[:0], g.anchorArena[:0]
		g.invalidateLines()
	}
	lc := &g.lines[d][line]
	lc.valid = true
	stretchBase, anchorBase := len(g.stretchArena), len(g.anchorArena)
	g.loadLine(d, line)
	row := g.row
	last := -1
	for p := 0; p < dim; p++ {
		if !g.isAnchor(p) {
			continue
		}
		from := int32(len(g.stretchArena) - stretchBase)
		an := &lineAnchor{}
		var lms, xs [rackSize]int32
		var effs [rackSize]int32
		emptiesLeft := 0
		for L := p; L > last; L-- {
			if row[L].tile == engine.Empty {
				if row[L].cross == 0 {
					break
				}
				emptiesLeft++
				if emptiesLeft > rackSize {
					break
				}
			}
			if L > 0 && row[L-1].tile != engine.Empty {
				continue
			}
			k, b, tiles := 0, 0, 0
			through := uint64(0)
			var tilesPts, crossConst int32
			var empties uint16
			wm := int32(1)
			group := len(g.stretchArena)
			for R := L; R < dim; R++ {
				sq := &row[R]
				if sq.tile != engine.Empty {
					if R == L || row[R-1].tile == engine.Empty {
						b++
					}
					tiles++
					tilesPts += g.points[sq.tile]
					through += tileHash[sq.tile.Letter()&63]
				} else {
					if sq.cross == 0 || k == rackSize {
						break
					}
					empties |= 1 << R
					lm, x, cross := premiums(sq)
					lms[k], xs[k] = lm, x
					crossConst += cross
					wm *= int32(sq.wm)
					sortEffs(&effs, &lms, &xs, k, wm, sq.wm != 1)
					k++
				}
				if R < p || R == L || k == 0 || (R < dim-1 && row[R+1].tile != engine.Empty) {
					continue
				}
				an.runHash[b], an.runTiles[b] = through, int8(tiles)
				st := stretch{base: tilesPts*wm + crossConst, wm: uint16(wm), empties: empties,
					L: int8(L), R: int8(R), b: int8(b), k: int8(k)}
				for i := 0; i < k; i++ {
					st.effs[i] = uint16(effs[i]) // 63 at most on the standard board, 3*3^7+9 on any
				}
				g.stretchArena = append(g.stretchArena, st)
			}
			for i := group; i < len(g.stretchArena); i++ {
				g.stretchArena[i].rest = uint8(len(g.stretchArena) - 1 - i)
			}
		}
		if to := int32(len(g.stretchArena) - stretchBase); to > from {
			an.from, an.to = from, to
			g.anchorArena = append(g.anchorArena, *an)
		}
		last = p
	}
	lc.stretches = g.stretchArena[stretchBase:len(g.stretchArena):len(g.stretchArena)]
	lc.anchors = g.anchorArena[anchorBase:len(g.anchorArena):len(g.anchorArena)]
}
