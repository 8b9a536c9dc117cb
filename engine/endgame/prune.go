package endgame

import (
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// pruneGraph is the lexicon cut down to the words an endgame can form (macondo's and MAGPIE's
// idea). Every word a play makes lies on one line of the board, a row or a column: either it
// goes through tiles already on that line, at their places, the other squares filled from the
// racks; or it is made of rack tiles alone, and fits in the longest stretch of empty squares of
// a line. Tiles placed by later plays come from the racks too, so counting both racks' tiles
// together (blanks for any letter) keeps every word a line of play can make, main words and
// cross-words alike. The search generates moves on this graph, which for a late board is a
// small part of the lexicon, and finds exactly the plays the whole lexicon allows.
func pruneGraph(g *lexicon.KWG, board *engine.Board, racks [2][]lexicon.Tile) (*lexicon.KWG, int, error) {
	p := pruner{g: g}
	for _, r := range racks {
		for _, t := range r {
			p.rack[t]++
			p.tiles++
		}
	}
	var lines [][engine.Dim]lexicon.Tile
	longest := 0
	for d := 0; d < 2; d++ {
		for i := 0; i < engine.Dim; i++ {
			var line [engine.Dim]lexicon.Tile
			for j := 0; j < engine.Dim; j++ {
				r, c := i, j
				if d == 1 {
					r, c = j, i
				}
				line[j] = board.At(r, c).Letter()
			}
			if !slices.Contains(lines, line) {
				lines = append(lines, line)
			}
			longest = max(longest, emptyStretch(&line))
		}
	}
	if board.Tiles == 0 {
		longest = engine.Dim
	}
	p.maxLen = min(longest, p.tiles)
	if root := g.DawgRoot(); root != 0 && p.maxLen >= lexicon.MinWordTiles {
		p.rackOnly(root)
	}
	for i := range lines {
		p.line = &lines[i]
		for a := 0; a < engine.Dim; a++ {
			if p.line[a] != engine.Empty && (a == engine.Dim-1 || p.line[a+1] == engine.Empty) {
				p.anchor = a
				if root := g.GaddagRoot(); root != 0 {
					p.left(a, root)
				}
			}
		}
	}
	if len(p.words) == 0 {
		return nil, 0, nil
	}
	slices.SortFunc(p.words, slices.Compare)
	p.words = slices.CompactFunc(p.words, slices.Equal)
	k, err := lexicon.BuildKWG(p.words)
	return k, len(p.words), err
}

// emptyStretch is the most squares in a row of the line a word of rack tiles alone could take:
// empty, and not just after or before a tile (the word would go through it).
func emptyStretch(line *[engine.Dim]lexicon.Tile) int {
	best := 0
	for j := 0; j < engine.Dim; {
		if line[j] != engine.Empty {
			j++
			continue
		}
		k := j
		for k < engine.Dim && line[k] == engine.Empty {
			k++
		}
		n := k - j
		if j > 0 {
			n-- // beside the tile before
		}
		if k < engine.Dim {
			n-- // beside the tile after
		}
		best = max(best, n)
		j = k
	}
	return best
}

type pruner struct {
	g      *lexicon.KWG
	rack   [lexicon.MaxLetters + 1]int8 // both racks' tiles, blanks at 0
	tiles  int
	maxLen int
	line   *[engine.Dim]lexicon.Tile
	anchor int
	strip  [engine.Dim]lexicon.Tile
	path   []lexicon.Tile
	placed int
	words  [][]lexicon.Tile
}

// take uses a rack tile for letter l (the letter itself, else a blank); undo with give.
func (p *pruner) take(l lexicon.Tile) (lexicon.Tile, bool) {
	if p.rack[l] > 0 {
		p.rack[l]--
		return l, true
	}
	if p.rack[lexicon.Blank] > 0 {
		p.rack[lexicon.Blank]--
		return lexicon.Blank, true
	}
	return 0, false
}

// rackOnly keeps the words of rack tiles alone, up to maxLen tiles, walking the DAWG list at i.
func (p *pruner) rackOnly(i uint32) {
	for ; ; i++ {
		if l := p.g.Tile(i); l != 0 && l <= lexicon.MaxLetters {
			if used, ok := p.take(l); ok {
				p.path = append(p.path, l)
				if p.g.Accepts(i) && len(p.path) >= lexicon.MinWordTiles {
					p.words = append(p.words, slices.Clone(p.path))
				}
				if next := p.g.ArcIndex(i); next != 0 && len(p.path) < p.maxLen {
					p.rackOnly(next)
				}
				p.path = p.path[:len(p.path)-1]
				p.rack[used]++
			}
		}
		if p.g.IsEnd(i) {
			return
		}
	}
}

// each calls fn for every node of the sibling list at i that square pos of the line can take:
// the tile on it, or a letter the racks can give.
func (p *pruner) each(i uint32, pos int, fn func(node uint32, l lexicon.Tile)) {
	if i == 0 {
		return
	}
	if t := p.line[pos]; t != engine.Empty {
		if n := p.g.Seek(i, t); n != 0 {
			fn(n, t)
		}
		return
	}
	for ; ; i++ {
		if l := p.g.Tile(i); l != 0 && l <= lexicon.MaxLetters {
			if used, ok := p.take(l); ok {
				p.placed++
				fn(i, l)
				p.placed--
				p.rack[used]++
			}
		}
		if p.g.IsEnd(i) {
			return
		}
	}
}

// left fills square pos, at or left of the anchor, from the GADDAG list at i (the squares from
// pos+1 to the anchor are filled).
func (p *pruner) left(pos int, i uint32) {
	p.each(i, pos, func(n uint32, l lexicon.Tile) {
		p.strip[pos] = l
		open := pos == 0 || p.line[pos-1] == engine.Empty
		if p.g.Accepts(n) && open && p.placed > 0 && pos < p.anchor && p.rightOpen(p.anchor) {
			p.keep(pos, p.anchor)
		}
		next := p.g.ArcIndex(n)
		if next == 0 {
			return
		}
		if pos > 0 {
			p.left(pos-1, next)
		}
		if open && p.anchor < engine.Dim-1 {
			if sep := p.g.Seek(next, lexicon.Separator); sep != 0 {
				if after := p.g.ArcIndex(sep); after != 0 {
					p.right(p.anchor+1, after, pos)
				}
			}
		}
	})
}

// right fills square pos, right of the anchor, the word starting at start.
func (p *pruner) right(pos int, i uint32, start int) {
	p.each(i, pos, func(n uint32, l lexicon.Tile) {
		p.strip[pos] = l
		if p.g.Accepts(n) && p.placed > 0 && p.rightOpen(pos) {
			p.keep(start, pos)
		}
		if next := p.g.ArcIndex(n); next != 0 && pos < engine.Dim-1 {
			p.right(pos+1, next, start)
		}
	})
}

func (p *pruner) rightOpen(pos int) bool { return pos == engine.Dim-1 || p.line[pos+1] == engine.Empty }

func (p *pruner) keep(from, to int) {
	p.words = append(p.words, slices.Clone(p.strip[from:to+1]))
}
