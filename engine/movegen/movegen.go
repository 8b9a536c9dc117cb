// Package movegen finds every legal play of a rack on a board: Gordon's GADDAG algorithm over the
// KWG word graph, with cross-sets kept as letter bitsets and scores computed as plays are built.
//
// A Generator holds its own copy of the board in both orientations together with the cross-sets
// and cross-scores of every square; SetBoard computes them from scratch and Play updates only the
// squares a play can change. Generate then walks the anchors of every line.
//
// Each play is produced exactly once: a play is generated from the leftmost (topmost) anchor it
// covers, and a one-tile play is reported across when it forms an across word of two or more
// tiles, otherwise down (the canonical direction for single tiles is across).
//
// Anchors are the last tile of each run of tiles on a line and the empty squares that touch
// tiles only across the line; before the first play, the start square.
//
// Top-N mode (Options.Top) bounds every anchor's best play first and visits anchors best bound
// first, stopping when no remaining anchor can beat the N-th best play found: it returns
// exactly the first N moves of the sorted exhaustive list (a test checks it on many positions).
//
// Moves are engine.Move values written into a slice the generator owns; generating allocates
// nothing once that slice has grown.
package movegen

import (
	"math/bits"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

const (
	dim      = engine.Dim
	rackSize = engine.RackSize
)

// SortBy says which value ranks moves.
type SortBy uint8

const (
	ByScore SortBy = iota
	ByEquity
)

// Options select what Generate returns.
type Options struct {
	// Top, when > 0, keeps only the Top best moves (by By) and prunes anchors whose upper bound
	// cannot beat them; 0 returns every move.
	Top int
	By  SortBy
	// Sort orders an all-moves result best first (a top-N result is always sorted).
	Sort bool
	// Leaves values what stays on the rack; nil values every leave at 0 (equity = score).
	Leaves equity.Leaves
	// BagEmpty switches leave values to the endgame rule (equity.EndgameLeave).
	BagEmpty bool
	// Exchanges, when > 0, adds every distinct exchange of 1..Exchanges tiles (callers pass
	// min(7, tiles in the bag), 0 when exchanging is not allowed).
	Exchanges int
	// Pass adds the pass.
	Pass bool
}

// square is one square of the line being generated, copied out of the generator's grids so the
// recursion reads one small array.
type square struct {
	cross    uint64 // letters allowed here by the perpendicular word
	cscore   int16  // points of the perpendicular word's tiles already on the board
	lm, wm   int16  // letter and word multipliers (1 once a tile covers the square)
	tile     lexicon.Tile
	hasCross bool // a perpendicular word is formed by a tile placed here
}

// Generator generates moves on one board. It is not safe for concurrent use; make one per
// goroutine (they can share the lexicon).
type Generator struct {
	gr       *graph
	wmap     *wordMap // gr.words(), loaded by the second top-N generation
	topCalls int
	arr      []uint32 // gr.arr
	tiles    *lexicon.TileSet
	layout   *engine.Layout
	points   [256]int32
	letters  uint64 // every letter of the alphabet as a bitset
	nTiles   int    // tiles on the board

	// The board, line by line in both directions: rows[0][r][c] is square (r, c) of row r,
	// rows[1][c][r] the same square in column c. SetBoard fills every square and Play only the
	// squares a play can change, so generation reads lines without copying them.
	rows [2][dim][dim]square
	// lines caches, per line, what top-N bounding needs of the board alone (topwords.go);
	// any change to a line's squares makes it invalid.
	lines [2][dim]lineCache

	// Per-generation state.
	opts        Options
	row         *[dim]square // the line being generated: rows[dir][line]
	dir         int
	line        int
	anchor      int
	lastAnchor  int
	rack        [lexicon.MaxLetters + 1]uint8 // counts by tile; 0 = blank
	rackBits    uint64                        // letters with a count > 0 (bit 0: blank)
	rackTiles   int
	played      int
	strip       [2 * dim]lexicon.Tile  // the tiles of the play being built; 0 past it (gen)
	exch        [rackSize]lexicon.Tile // the tiles of the exchange being built
	distinct    [rackSize]lexicon.Tile // distinct rack tiles, ascending
	nDistinct   int
	counts      [rackSize]uint8               // how many of each distinct tile
	useWords    bool                          // top-N from the word map (topwords.go)
	lastRack    rackKey                       // the rack loadRack last made tables for
	sameRack    bool                          // this generation's rack is lastRack
	leavesReady bool                          // leaves holds every leave's tiles
	place       [lexicon.MaxLetters + 1]int32 // mixed-radix place value of each rack tile
	leaveIdx    int32
	leaveVals   [1 << rackSize]float64
	leaves      [1 << rackSize][rackSize + 1]lexicon.Tile // leave tiles by index, then the count
	moves       []engine.Move
	scratch     engine.Move
	top         []engine.Move // top-N min-heap by rank value
	anchors     []anchorBound
	bestLeave   [rackSize + 1]float64 // best leave value by number of tiles kept
	shadowDescV [rackSize]int32       // rack tile values, descending
	// Answers of bingoPossible for the current rack.
	bingoKeys [32]uint64 // multiset hashes of the board tiles played through
	bingoAns  [32]bool
	rackHash  uint64 // multiset hash of the rack's letters (blanks left out)
	nBingo    int
	caps      [dim]int32             // per square of the line: points of the best rack tile that fits
	fitOrder  [rackSize]lexicon.Tile // the rack's distinct letters, most valuable first
	nFit      int
	// Top-N mode: the value a move needs to enter the full top list (-Inf until it is full, and
	// always in all-moves mode), and the current anchor's bounds by stretch: stretch[L][R] for
	// the plays covering exactly [L, R], rightMax[L][y] the best of those from L ending at y or
	// later, leftMax[x] the best of those starting at x or before.
	thr float64

	// Top-N mode with the word map (topwords.go): the rack's subracks by size, the sub-anchors,
	// the accumulators of the anchor being bounded, and the best leave of the tiles kept by a
	// play beside the board's tiles, by tiles played.
	subs        [1 << rackSize]subrack
	subOrder    [1 << rackSize]uint8
	subStart    [rackSize + 2]int
	subAnchors  []subAnchor
	subHeap     []heapEntry
	subAcc      [maxRuns + 1][rackSize + 1]subAcc
	plc, pxc    [dim + 1]int32 // the loaded line's sums of lm*cap and lm*wm*cap (cross-words), from square 0
	npBestLeave [rackSize + 1]float64
	stretch     [dim][dim]float64
	rightMax    [dim][dim]float64
	leftMax     [dim]float64
}

// New makes a generator for a lexicon graph, its tile set and a board layout. The graph is
// decoded once per process into flat arrays the recursion reads directly.
func New(graph *lexicon.KWG, tiles *lexicon.TileSet, layout *engine.Layout) *Generator {
	gr := graphFor(graph)
	g := &Generator{gr: gr, arr: gr.arr, tiles: tiles, layout: layout, moves: make([]engine.Move, 0, 4096)}
	for t := 0; t < 256; t++ {
		lt := lexicon.Tile(t)
		if lt.IsBlanked() || lt == lexicon.Blank || int(lt) >= tiles.Size() {
			continue
		}
		g.points[t] = int32(tiles.Points(lt))
	}
	for t := 1; t < tiles.Size() && t <= lexicon.MaxLetters; t++ {
		g.letters |= 1 << uint(t)
	}
	g.SetBoard(engine.NewBoard(layout))
	return g
}

// Tiles is the generator's tile set.
func (g *Generator) Tiles() *lexicon.TileSet { return g.tiles }

// SetBoard loads a board, recomputing every cross-set.
func (g *Generator) SetBoard(b *engine.Board) {
	wasEmpty := g.nTiles == 0
	g.nTiles = 0
	for r := 0; r < dim; r++ {
		for c := 0; c < dim; c++ {
			t := b.At(r, c)
			if t != engine.Empty {
				g.nTiles++
			}
			p := g.layout.Premium(r, c)
			lm, wm := int16(p.LetterMultiplier()), int16(p.WordMultiplier())
			if t != engine.Empty {
				lm, wm = 1, 1
			}
			if sq := &g.rows[0][r][c]; sq.tile != t || sq.lm != lm || sq.wm != wm {
				g.lines[0][r].valid, g.lines[1][c].valid = false, false
			}
			for _, sq := range [2]*square{&g.rows[0][r][c], &g.rows[1][c][r]} {
				sq.tile, sq.lm, sq.wm = t, lm, wm
			}
		}
	}
	if wasEmpty != (g.nTiles == 0) {
		g.invalidateLines() // the anchors of an empty board are the start square's
	}
	for r := 0; r < dim; r++ {
		for c := 0; c < dim; c++ {
			g.updateCross(r, c)
		}
	}
}

// Board returns a copy of the generator's board.
func (g *Generator) Board() *engine.Board {
	b := engine.NewBoard(g.layout)
	for r := 0; r < dim; r++ {
		for c := 0; c < dim; c++ {
			if t := g.rows[0][r][c].tile; t != engine.Empty {
				b.Set(r, c, t)
			}
		}
	}
	return b
}

// Play puts a play's tiles on the generator's board and updates the cross-sets it changes: only
// the squares at the ends of the runs, in both directions, through each new tile.
func (g *Generator) Play(m *engine.Move) {
	if m.Kind != engine.Play {
		return
	}
	r, c := int(m.Row), int(m.Col)
	dr, dc := 0, 1
	if m.Vertical {
		dr, dc = 1, 0
	}
	for i := 0; i < int(m.Len); i++ {
		if t := m.Tiles[i]; t != engine.PlayedThrough && g.rows[0][r][c].tile == engine.Empty {
			for _, sq := range [2]*square{&g.rows[0][r][c], &g.rows[1][c][r]} {
				sq.tile, sq.lm, sq.wm = t, 1, 1
			}
			g.lines[0][r].valid, g.lines[1][c].valid = false, false
			if g.nTiles == 0 {
				g.invalidateLines()
			}
			g.nTiles++
		}
		r, c = r+dr, c+dc
	}
	r, c = int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); i++ {
		if m.Tiles[i] != engine.PlayedThrough {
			g.updateCross(r, c)
			g.updateRunEnds(r, c)
		}
		r, c = r+dr, c+dc
	}
}

// updateRunEnds recomputes the cross-sets of the first empty square in each of the four
// directions from (r, c).
func (g *Generator) updateRunEnds(r, c int) {
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		for rr >= 0 && rr < dim && cc >= 0 && cc < dim && g.rows[0][rr][cc].tile != engine.Empty {
			rr, cc = rr+d[0], cc+d[1]
		}
		if rr >= 0 && rr < dim && cc >= 0 && cc < dim {
			g.updateCross(rr, cc)
		}
	}
}

// updateCross recomputes both cross-sets of square (r, c).
func (g *Generator) updateCross(r, c int) {
	for d := 0; d < 2; d++ {
		sq := &g.rows[0][r][c]
		if d == 1 {
			sq = &g.rows[1][c][r]
		}
		old := *sq
		if sq.tile != engine.Empty {
			sq.cross, sq.cscore, sq.hasCross = 0, 0, false
		} else {
			// The perpendicular word lies along direction 1-d: line pos, around position line.
			e := 1 - d
			line, pos := c, r // for d=0 the perpendicular (down) line is the column
			if d == 1 {
				line, pos = r, c
			}
			var score int32
			sq.cross, score, sq.hasCross = g.crossSet(e, line, pos)
			sq.cscore = int16(score)
		}
		if *sq != old {
			if d == 0 {
				g.lines[0][r].valid = false
			} else {
				g.lines[1][c].valid = false
			}
		}
	}
}

// crossSet is the set of letters that can fill empty position pos of line `line` in direction
// e's grid, given the tiles before and after it; score is those tiles' points; has is false when
// there are no such tiles (any letter fits and no word is formed).
func (g *Generator) crossSet(e, line, pos int) (set uint64, score int32, has bool) {
	var grid [dim]lexicon.Tile // the line's tiles
	for i := range grid {
		grid[i] = g.rows[e][line][i].tile
	}
	start := pos
	for start > 0 && grid[start-1] != engine.Empty {
		start--
	}
	end := pos
	for end < dim-1 && grid[end+1] != engine.Empty {
		end++
	}
	if start == pos && end == pos {
		return g.letters, 0, false
	}
	for i := start; i <= end; i++ {
		if i != pos {
			score += g.points[grid[i]]
		}
	}
	gr := g.gr
	list := gr.root
	if end > pos {
		// rev(word) = rev(after) + L + rev(before).
		for i := end; i > pos; i-- {
			n, ok := gr.seek(list, grid[i].Letter())
			if !ok {
				return 0, score, true
			}
			list = n & nodeList
		}
		mask := listMask(gr.arr, list)
		for m := mask &^ 1; m != 0; m &= m - 1 { // letters only, not the separator
			l := lexicon.Tile(bits.TrailingZeros64(m))
			v := childAt(gr.arr, list, mask, l)
			if start == pos {
				if v&nodeAccepts != 0 {
					set |= 1 << l
				}
			} else if gr.followAccepts(v&nodeList, grid[start:pos]) {
				set |= 1 << l
			}
		}
		return set, score, true
	}
	// Only tiles before: rev(before) + Separator + L.
	for i := pos - 1; i >= start; i-- {
		n, ok := gr.seek(list, grid[i].Letter())
		if !ok {
			return 0, score, true
		}
		list = n & nodeList
	}
	n, ok := gr.seek(list, lexicon.Separator)
	if !ok {
		return 0, score, true
	}
	list = n & nodeList
	mask := listMask(gr.arr, list)
	for m := mask &^ 1; m != 0; m &= m - 1 {
		l := lexicon.Tile(bits.TrailingZeros64(m))
		if childAt(gr.arr, list, mask, l)&nodeAccepts != 0 {
			set |= 1 << l
		}
	}
	return set, score, true
}

// followAccepts follows before reversed from list and reports whether the last node accepts.
func (gr *graph) followAccepts(list uint32, before []lexicon.Tile) bool {
	var n uint32
	for i := len(before) - 1; i >= 0; i-- {
		var ok bool
		if n, ok = gr.seek(list, before[i].Letter()); !ok {
			return false
		}
		list = n & nodeList
	}
	return n&nodeAccepts != 0
}

// loadLine makes line `line` of direction d the one generated.
func (g *Generator) loadLine(d, line int) {
	g.dir, g.line = d, line
	g.row = &g.rows[d][line]
}

// isAnchor reports whether position p of the loaded line starts generation: the last tile of a
// run, or an empty square touching tiles only across the line (a square beside a run is reached
// from that run). On an empty board only the start square is an anchor.
func (g *Generator) isAnchor(p int) bool {
	row := g.row
	if g.nTiles == 0 {
		r, c := g.line, p
		if g.dir == 1 {
			r, c = p, g.line
		}
		return r == g.layout.StartRow && c == g.layout.StartCol
	}
	if row[p].tile != engine.Empty {
		return p == dim-1 || row[p+1].tile == engine.Empty
	}
	return row[p].hasCross && row[p].cross != 0 &&
		(p == 0 || row[p-1].tile == engine.Empty) && (p == dim-1 || row[p+1].tile == engine.Empty)
}

// Generate returns the moves of rack (blanks as lexicon.Blank; tiles past the seventh are
// ignored) on the generator's board. The slice belongs to the generator and is overwritten by
// the next call.
func (g *Generator) Generate(rack []lexicon.Tile, opts Options) []engine.Move {
	g.opts = opts
	if opts.Top > 0 && g.wmap == nil {
		// The word map takes a fraction of a second to build (once per process): worth it
		// for a generator used again, not for a one-off call, which walks the GADDAG.
		if g.topCalls++; g.topCalls >= 2 {
			g.wmap = g.gr.words()
		}
	}
	g.loadRack(rack)
	g.moves = g.moves[:0]
	g.top = g.top[:0]
	g.thr = negInf
	if opts.Top > 0 {
		if g.useWords {
			g.generateTopWords()
		} else {
			g.generateTop()
		}
	} else {
		for d := 0; d < 2; d++ {
			for line := 0; line < dim; line++ {
				g.loadLine(d, line)
				g.lastAnchor = -1
				for p := 0; p < dim; p++ {
					if g.isAnchor(p) {
						g.genAnchor(p)
						g.lastAnchor = p
					}
				}
			}
		}
	}
	if opts.Exchanges > 0 && g.rackTiles > 0 && g.exchangesCanRank() {
		g.genExchanges(0, 0, opts.Exchanges)
	}
	if opts.Pass {
		var m engine.Move
		m.Kind = engine.Pass
		g.fillLeave(&m)
		m.Equity = g.leaveVals[g.leaveIdx]
		g.emit(&m)
	}
	if opts.Top > 0 {
		g.moves = append(g.moves[:0], g.top...)
		opts.Sort = true
	}
	if opts.Sort {
		by := opts.By
		slices.SortFunc(g.moves, func(a, b engine.Move) int { return Compare(&a, &b, by) })
	}
	return g.moves
}

// Compare orders moves best first by the given value, ties broken by score and then by position
// and tiles so that orders are deterministic.
func Compare(a, b *engine.Move, by SortBy) int {
	va, vb := rankValue(a, by), rankValue(b, by)
	switch {
	case va > vb:
		return -1
	case va < vb:
		return 1
	case a.Score != b.Score:
		return int(b.Score - a.Score)
	case a.Kind != b.Kind:
		return int(a.Kind) - int(b.Kind)
	case a.Row != b.Row:
		return int(a.Row) - int(b.Row)
	case a.Col != b.Col:
		return int(a.Col) - int(b.Col)
	case a.Vertical != b.Vertical:
		if a.Vertical {
			return 1
		}
		return -1
	}
	if c := slices.Compare(a.Tiles[:a.Len], b.Tiles[:b.Len]); c != 0 {
		return c
	}
	return slices.Compare(a.Leave[:a.LeaveLn], b.Leave[:b.LeaveLn])
}

func rankValue(m *engine.Move, by SortBy) float64 {
	if by == ByEquity {
		return m.Equity
	}
	return float64(m.Score)
}

// loadRack counts the rack and precomputes the value of each of its sub-leaves, indexed in mixed
// radix over its distinct tiles so the recursion keeps the leave's index as it takes tiles.
func (g *Generator) loadRack(rack []lexicon.Tile) {
	clear(g.rack[:])
	g.rackTiles = 0
	g.rackBits = 0
	for _, t := range rack {
		if int(t) < len(g.rack) && g.rackTiles < rackSize {
			g.rack[t]++
			g.rackTiles++
			g.rackBits |= 1 << t
		}
	}
	g.nDistinct = 0
	g.rackHash = 0
	for t := 1; t < len(g.rack); t++ {
		g.rackHash += uint64(g.rack[t]) * tileHash[t]
	}
	radix := int32(1)
	g.leaveIdx = 0
	for t := range g.rack {
		g.place[t] = 0
		if n := g.rack[t]; n > 0 {
			g.distinct[g.nDistinct] = lexicon.Tile(t)
			g.nDistinct++
			g.place[t] = radix
			g.leaveIdx += int32(n) * radix
			radix *= int32(n) + 1
		}
	}
	counts := &g.counts
	for j := 0; j < g.nDistinct; j++ {
		counts[j] = g.rack[g.distinct[j]]
	}
	// The same rack with the same options as last time (the same position generated again,
	// by score and by equity, in a benchmark...): the leave values, subracks and bingo
	// answers are still there.
	key := rackKey{by: g.opts.By, bagEmpty: g.opts.BagEmpty, wordMap: g.wmap != nil, top: g.opts.Top > 0, ok: true}
	for j := 0; j < g.nDistinct; j++ {
		w, v := brInc(g.distinct[j])
		key.br[w] += uint64(counts[j]) * v
	}
	switch l := g.opts.Leaves.(type) {
	case nil:
	case *equity.KLV:
		key.klv = l
	default:
		key.ok = false // another model: not known to give the same values twice
	}
	if key.ok && key == g.lastRack {
		g.sameRack = true
		return
	}
	g.lastRack, g.sameRack = key, false
	g.nBingo = 0
	for k := range g.bestLeave {
		g.bestLeave[k] = negInf
	}
	for j := 0; j < g.nDistinct; j++ {
		counts[j] = g.rack[g.distinct[j]]
	}
	sub, fast := g.opts.Leaves.(subLeaver)
	fast = fast && !g.opts.BagEmpty
	if fast {
		sub.SubLeaves(g.distinct[:g.nDistinct], counts[:g.nDistinct], g.leaveVals[:radix])
	}
	// Top-N with the word map needs the subracks; the leaves' tiles are needed to value them
	// with another leave model, and for every move in all-moves mode (else fillLeave works
	// them out for the few moves kept).
	g.useWords = g.opts.Top > 0 && g.wmap != nil && g.rack[lexicon.Blank] <= 2
	generic := !fast && !g.opts.BagEmpty && g.opts.Leaves != nil
	g.leavesReady = g.opts.Top == 0 || generic
	var rackBR [3]uint64
	for j := 0; j < g.nDistinct; j++ {
		w, v := brInc(g.distinct[j])
		rackBR[w] += uint64(counts[j]) * v
	}
	blanks := int(g.rack[lexicon.Blank])
	// Walk the leaves in index order with an odometer of how many of each distinct tile stay,
	// keeping the kept tiles' count, points, hash and bit rack up to date.
	var kept [rackSize]uint8
	var keptN int
	var keptPts int32
	var keptHash uint64
	var keptBR [3]uint64
	var keptBlanks int
	for i := int32(0); i < radix; i++ {
		if g.leavesReady {
			// The leave's tiles in alphagram order: letters ascending, then blanks (tile 0,
			// first in distinct).
			g.decodeLeave(&kept, &g.leaves[i])
		}
		switch {
		case fast:
		case g.opts.BagEmpty:
			g.leaveVals[i] = -2 * float64(keptPts)
		case generic && keptN > 0:
			g.leaveVals[i] = g.opts.Leaves.LeaveValue(g.leaves[i][:keptN])
		default:
			g.leaveVals[i] = 0
		}
		if v := g.leaveVals[i]; v > g.bestLeave[keptN] {
			g.bestLeave[keptN] = v
		}
		if g.useWords {
			s := &g.subs[i]
			s.idx, s.size = i, int8(g.rackTiles-keptN)
			s.hash, s.blanks = g.rackHash-keptHash, int8(blanks-keptBlanks)
			s.br = [3]uint64{rackBR[0] - keptBR[0], rackBR[1] - keptBR[1], rackBR[2] - keptBR[2]}
			s.leave = 0
			if g.opts.By == ByEquity {
				s.leave = g.leaveVals[i]
			}
		}
		for j := 0; j < g.nDistinct; j++ {
			t := g.distinct[j]
			w, v := brInc(t)
			if kept[j] < counts[j] {
				kept[j]++
				keptN++
				keptPts += g.points[t]
				keptBR[w] += v
				if t == lexicon.Blank {
					keptBlanks++
				} else {
					keptHash += tileHash[t]
				}
				break
			}
			c := kept[j]
			kept[j] = 0
			keptN -= int(c)
			keptPts -= int32(c) * g.points[t]
			keptBR[w] -= uint64(c) * v
			if t == lexicon.Blank {
				keptBlanks -= int(c)
			} else {
				keptHash -= uint64(c) * tileHash[t]
			}
		}
	}
	if g.useWords {
		g.loadSubracks(radix)
	}
}

// decodeLeave writes the leave keeping kept[j] of each distinct tile, in alphagram order
// (letters ascending, then blanks), and its length last.
func (g *Generator) decodeLeave(kept *[rackSize]uint8, lv *[rackSize + 1]lexicon.Tile) {
	n := 0
	first := 0
	if g.nDistinct > 0 && g.distinct[0] == lexicon.Blank {
		first = 1
	}
	for j := first; j < g.nDistinct; j++ {
		for c := kept[j]; c > 0; c-- {
			lv[n] = g.distinct[j]
			n++
		}
	}
	if first == 1 {
		for c := kept[0]; c > 0; c-- {
			lv[n] = lexicon.Blank
			n++
		}
	}
	for b := n; b < rackSize; b++ {
		lv[b] = 0
	}
	lv[rackSize] = lexicon.Tile(n)
}

// brInc is a tile's place in a bit rack: three bits of count per letter, 21 letters a word.
func brInc(t lexicon.Tile) (word int, v uint64) {
	t &= 63
	return int(t / 21), 1 << (3 * (t % 21))
}

// rackKey is what a rack's per-turn tables depend on (loadRack).
type rackKey struct {
	br                         [3]uint64 // the rack's tiles
	klv                        *equity.KLV
	by                         SortBy
	bagEmpty, wordMap, top, ok bool
}

// subLeaver is a leave table that values every sub-leave of a rack at once (equity.KLV).
type subLeaver interface {
	SubLeaves(distinct []lexicon.Tile, counts []uint8, out []float64)
}

// fillLeave writes what stays on the rack into m.Leave (alphagram order, blanks last).
func (g *Generator) fillLeave(m *engine.Move) {
	if g.leavesReady {
		lv := &g.leaves[g.leaveIdx]
		m.Leave = [rackSize]lexicon.Tile(lv[:rackSize])
		m.LeaveLn = uint8(lv[rackSize])
		return
	}
	g.leaveOf(g.leaveIdx, m)
}

// leaveOf writes leave idx into m (from the table loadRack filled, or worked out).
func (g *Generator) leaveOf(idx int32, m *engine.Move) {
	lv := &g.leaves[idx]
	if !g.leavesReady {
		var kept [rackSize]uint8
		for j := 0; j < g.nDistinct; j++ {
			base := int32(g.counts[j]) + 1
			kept[j] = uint8(idx % base)
			idx /= base
		}
		var buf [rackSize + 1]lexicon.Tile
		g.decodeLeave(&kept, &buf)
		lv = &buf
	}
	m.Leave = [rackSize]lexicon.Tile(lv[:rackSize])
	m.LeaveLn = uint8(lv[rackSize])
}

// emit records a finished move: appended in all-moves mode, kept if good enough in top-N mode.
func (g *Generator) emit(m *engine.Move) {
	if g.opts.Top <= 0 {
		g.moves = append(g.moves, *m)
		return
	}
	if len(g.top) == g.opts.Top && rankValue(m, g.opts.By) < rankValue(&g.top[0], g.opts.By) {
		return
	}
	g.pushTop(m)
}

// exchangesCanRank reports whether some exchange could enter a full top-N list: by equity an
// exchange is worth its leave, at most the best leave of fewer tiles than the rack; by score 0.
func (g *Generator) exchangesCanRank() bool {
	if g.opts.Top <= 0 || len(g.top) < g.opts.Top {
		return true
	}
	best := 0.0 // by score, an exchange is worth 0
	if g.opts.By == ByEquity {
		best = negInf
		for k := max(0, g.rackTiles-g.opts.Exchanges); k < g.rackTiles; k++ {
			best = max(best, g.bestLeave[k])
		}
	}
	return best >= rankValue(&g.top[0], g.opts.By)
}

// genExchanges enumerates every distinct multiset of 1..max rack tiles, taking the distinct
// tiles in order so each multiset is reached once. Exchanges leave Placed at 0, as the notation
// parser does: the tiles put back are Tiles[:Len].
func (g *Generator) genExchanges(from, n, max int) {
	if n > 0 {
		var m engine.Move
		m.Kind = engine.Exchange
		m.Len = uint8(n)
		copy(m.Tiles[:n], g.exch[:n])
		g.fillLeave(&m)
		m.Equity = g.leaveVals[g.leaveIdx]
		g.emit(&m)
	}
	if n == max {
		return
	}
	for j := from; j < g.nDistinct; j++ {
		// Blanks (tile 0, first in distinct) are taken last, so exchanges list tiles in
		// alphagram order like leaves.
		t := g.distinct[j]
		if g.distinct[0] == lexicon.Blank {
			t = g.distinct[(j+1)%g.nDistinct]
		}
		if g.rack[t] == 0 {
			continue
		}
		g.rack[t]--
		g.leaveIdx -= g.place[t]
		g.exch[n] = t
		g.genExchanges(j, n+1, max)
		g.leaveIdx += g.place[t]
		g.rack[t]++
	}
}
