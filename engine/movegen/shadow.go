package movegen

import (
	"math"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

var negInf = math.Inf(-1)

// anchorBound is an anchor with an upper bound on the value of every play generated from it.
type anchorBound struct {
	bound     float64
	dir, line int8
	pos, last int8
}

// generateTop is the best-first search of top-N mode (the "shadow" idea of wolges and
// macondo): bound every anchor, visit anchors in decreasing bound order, and stop as soon as the
// next bound is below the N-th best move found, which no play from that anchor can then beat.
func (g *Generator) generateTop() {
	g.anchors = g.anchors[:0]
	g.sortRackValues()
	for d := 0; d < 2; d++ {
		for line := 0; line < dim; line++ {
			g.loadLine(d, line)
			for p := 0; p < dim; p++ {
				if g.row[p].tile == engine.Empty {
					g.caps[p] = g.maxFit(g.row[p].cross)
				}
			}
			last := -1
			for p := 0; p < dim; p++ {
				if g.isAnchor(p) {
					if b := g.anchorBound(p, last); b > negInf {
						g.anchors = append(g.anchors, anchorBound{bound: b, dir: int8(d), line: int8(line), pos: int8(p), last: int8(last)})
					}
					last = p
				}
			}
		}
	}
	slices.SortFunc(g.anchors, func(a, b anchorBound) int {
		switch {
		case a.bound > b.bound:
			return -1
		case a.bound < b.bound:
			return 1
		}
		return 0
	})
	loadedDir, loadedLine := -1, -1
	for _, a := range g.anchors {
		if a.bound < g.thr {
			break
		}
		if int(a.dir) != loadedDir || int(a.line) != loadedLine {
			g.loadLine(int(a.dir), int(a.line))
			loadedDir, loadedLine = int(a.dir), int(a.line)
		}
		g.lastAnchor = int(a.last)
		g.genAnchor(int(a.pos))
	}
}

// sortRackValues lists the rack's tile points in decreasing order, and its letters by value.
func (g *Generator) sortRackValues() {
	n := 0
	for j := 0; j < g.nDistinct; j++ {
		t := g.distinct[j]
		for k := g.rack[t]; k > 0; k-- {
			g.shadowDescV[n] = g.points[t]
			n++
		}
	}
	v := g.shadowDescV[:n]
	slices.Sort(v)
	slices.Reverse(v)
	// The distinct letters (not the blank), most valuable first, for maxFit.
	g.nFit = 0
	for j := 0; j < g.nDistinct; j++ {
		if t := g.distinct[j]; t != lexicon.Blank {
			i := g.nFit
			for i > 0 && g.points[g.fitOrder[i-1]] < g.points[t] {
				g.fitOrder[i] = g.fitOrder[i-1]
				i--
			}
			g.fitOrder[i] = t
			g.nFit++
		}
	}
}

// anchorBound bounds the value of the plays generated from anchor p (which cannot reach left to
// last): over every stretch [L, R] the plays could cover, the tiles already there count once
// times the stretch's word multiplier, cross-words add their board tiles, and the new tiles add
// at most the lesser of two bounds: the rack's highest values matched with the highest
// effective multipliers of the empty squares (main word times its multiplier plus the
// cross-word's; the rearrangement inequality), or each square's multiplier times the most
// valuable rack tile that fits its cross-set. The bingo bonus counts only when the rack and the
// stretch's board tiles are an anagram of some word. It never underestimates. Returns -Inf when
// no stretch can hold a play.
func (g *Generator) anchorBound(p, last int) float64 {
	row := g.row
	possible := g.rackBits &^ 1
	if g.rack[lexicon.Blank] > 0 {
		possible = g.letters
	}
	best := negInf
	var lms, xs, caps [rackSize]int32
	var effs [rackSize]int32
	// L runs leftwards from p; a stretch may not start right after a tile.
	emptiesLeft := 0
	for L := p; L > last; L-- {
		if row[L].tile == engine.Empty {
			if row[L].cross&possible == 0 {
				break
			}
			emptiesLeft++
			if emptiesLeft > g.rackTiles {
				break
			}
		}
		if L > 0 && row[L-1].tile != engine.Empty {
			continue
		}
		// Walk R from L rightwards, accumulating the stretch.
		k := 0
		through := uint64(0) // multiset hash of the board tiles in the stretch
		var tilesPts, crossConst int32
		var sumLC, sumXC int32 // sums of lms[i]*caps[i] and xs[i]*caps[i]
		wm := int32(1)
		for R := L; R < dim; R++ {
			sq := &row[R]
			if sq.tile != engine.Empty {
				tilesPts += g.points[sq.tile]
				through += tileHash[sq.tile.Letter()&63]
			} else {
				if sq.cross&possible == 0 || k == g.rackTiles {
					break
				}
				lm, x, cross := premiums(sq)
				lms[k], xs[k], caps[k] = lm, x, g.caps[R]
				crossConst += cross
				wm *= int32(sq.wm)
				sortEffs(&effs, &lms, &xs, k, wm, sq.wm != 1)
				sumLC += lms[k] * caps[k]
				sumXC += xs[k] * caps[k]
				k++
			}
			if R < p || R == L || k == 0 || (R < dim-1 && row[R+1].tile != engine.Empty) {
				continue
			}
			// The capped bound first: when it cannot beat the best stretch so far, neither
			// can the lesser of the two, and the sorted bound is not needed.
			capped := wm*sumLC + sumXC
			base := tilesPts*wm + crossConst
			leave := 0.0
			if g.opts.By == ByEquity {
				leave = g.bestLeave[g.rackTiles-k]
			}
			bingo := k == rackSize
			if float64(base+capped+bingoBonus(bingo))+leave <= best {
				continue
			}
			sorted := int32(0)
			for i := 0; i < k; i++ {
				sorted += effs[i] * g.shadowDescV[i]
			}
			score := base + min(capped, sorted)
			if bingo && g.bingoPossible(through) {
				score += engine.BingoBonus
			}
			if v := float64(score) + leave; v > best {
				best = v
			}
		}
	}
	return best
}

// premiums are what empty square sq adds to a stretch's bound: its letter multiplier, its
// cross-word's multiplier (0 without one) and the cross-word's board points times it.
func premiums(sq *square) (lm, x, cross int32) {
	lm = int32(sq.lm)
	if sq.hasCross {
		x, cross = lm*int32(sq.wm), int32(sq.cscore)*int32(sq.wm)
	}
	return lm, x, cross
}

// sortEffs keeps effs, the effective multipliers of a stretch's k+1 new squares (main word
// times the word multiplier wm, plus the cross-word's), in decreasing order once the k-th is
// added: a word premium (wordPremium) changes them all, otherwise the new one is inserted.
// anchorBound and buildLine both walk stretches through it and premiums.
func sortEffs(effs, lms, xs *[rackSize]int32, k int, wm int32, wordPremium bool) {
	i := k
	if wordPremium {
		i = 0
	}
	for ; i <= k; i++ {
		e := lms[i]*wm + xs[i]
		j := i
		for ; j > 0 && effs[j-1] < e; j-- {
			effs[j] = effs[j-1]
		}
		effs[j] = e
	}
}

func bingoBonus(b bool) int32 {
	if b {
		return engine.BingoBonus
	}
	return 0
}

// maxFit is the points of the most valuable rack tile that can go on a square with this
// cross-set (a blank scores 0).
func (g *Generator) maxFit(cross uint64) int32 {
	for _, t := range g.fitOrder[:g.nFit] {
		if cross&(1<<t) != 0 {
			return g.points[t]
		}
	}
	return 0
}

// bingoPossible reports whether the whole rack plus board tiles (given by their multiset
// hash) spell some word in some order, remembering answers for the current rack.
func (g *Generator) bingoPossible(through uint64) bool {
	if g.wmap == nil {
		return true
	}
	for i := 0; i < g.nBingo; i++ {
		if g.bingoKeys[i] == through {
			return g.bingoAns[i]
		}
	}
	h := g.rackHash + through
	ans := true
	switch g.rack[lexicon.Blank] {
	case 0:
		ans = g.wmap.has(h)
	case 1:
		ans = false
		if g.wmap.maybeBlank(h) {
			for l := 1; l < g.tiles.Size() && !ans; l++ {
				ans = g.wmap.has(h + tileHash[l])
			}
		}
	case 2:
		ans = false
		for x := 1; x < g.tiles.Size() && !ans; x++ {
			if g.wmap.maybeBlank(h + tileHash[x]) {
				for y := x; y < g.tiles.Size() && !ans; y++ {
					ans = g.wmap.has(h + tileHash[x] + tileHash[y])
				}
			}
		}
	}
	if g.nBingo < len(g.bingoKeys) {
		g.bingoKeys[g.nBingo], g.bingoAns[g.nBingo] = through, ans
		g.nBingo++
	}
	return ans
}

// pushTop keeps m if it is among the best Top moves so far. g.top is a heap with the worst kept
// move first.
func (g *Generator) pushTop(m *engine.Move) {
	by := g.opts.By
	worse := func(i, j int) bool { return Compare(&g.top[i], &g.top[j], by) > 0 }
	if len(g.top) < g.opts.Top {
		g.top = append(g.top, *m)
		i := len(g.top) - 1
		for i > 0 {
			parent := (i - 1) / 2
			if !worse(i, parent) {
				break
			}
			g.top[i], g.top[parent] = g.top[parent], g.top[i]
			i = parent
		}
		if len(g.top) == g.opts.Top {
			g.thr = rankValue(&g.top[0], by)
		}
		return
	}
	if Compare(m, &g.top[0], by) >= 0 {
		return
	}
	g.top[0] = *m
	i, n := 0, len(g.top)
	for {
		w, l, r := i, 2*i+1, 2*i+2
		if l < n && worse(l, w) {
			w = l
		}
		if r < n && worse(r, w) {
			w = r
		}
		if w == i {
			g.thr = rankValue(&g.top[0], by)
			return
		}
		g.top[i], g.top[w] = g.top[w], g.top[i]
		i = w
	}
}
