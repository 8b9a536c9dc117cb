package endgame

import (
	"math/bits"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// pruneGraph is the lexicon cut down to the words an endgame can form: every word a play makes
// lies on one line of the board (a row or a column) and is made of that line's tiles and tiles
// from the racks, those placed on the line by earlier plays included, so each word kept can be
// spelled from some line's tiles plus both racks (blanks standing for any letter). A word on a
// line with no tiles yet uses the racks alone. The search generates moves on this graph, which
// for a late board is a small fraction of the lexicon (MAGPIE's and macondo's idea), and finds
// exactly the plays the whole lexicon allows: the plays, and the cross-words checked on the way,
// are all words of this kind.
func pruneGraph(g *lexicon.KWG, board *engine.Board, racks [2][]lexicon.Tile) (*lexicon.KWG, int, error) {
	const lines = 2*engine.Dim + 1 // rows, columns, and a line with no tiles
	var avail [lines][lexicon.MaxLetters + 1]int8
	blanks := 0
	var fromRacks [lexicon.MaxLetters + 1]int8
	for _, r := range racks {
		for _, t := range r {
			if t == lexicon.Blank {
				blanks++
			} else {
				fromRacks[t.Letter()]++
			}
		}
	}
	for l := range avail {
		avail[l] = fromRacks
	}
	for r := 0; r < engine.Dim; r++ {
		for c := 0; c < engine.Dim; c++ {
			if t := board.At(r, c); t != engine.Empty {
				avail[r][t.Letter()]++
				avail[engine.Dim+c][t.Letter()]++
			}
		}
	}
	p := pruner{g: g, avail: &avail, blanks: int8(blanks)}
	if root := g.DawgRoot(); root != 0 {
		p.walk(root, 1<<lines-1)
	}
	if len(p.words) == 0 {
		return nil, 0, nil
	}
	k, err := lexicon.BuildKWG(p.words)
	return k, len(p.words), err
}

type pruner struct {
	g       *lexicon.KWG
	avail   *[2*engine.Dim + 1][lexicon.MaxLetters + 1]int8
	blanks  int8
	used    [lexicon.MaxLetters + 1]int8
	deficit [2*engine.Dim + 1]int8 // letters of the path beyond what each line has
	path    []lexicon.Tile
	words   [][]lexicon.Tile
}

// walk visits the sibling list at node i with mask the lines the path so far still fits.
func (p *pruner) walk(i uint32, mask uint64) {
	for ; ; i++ {
		t := p.g.Tile(i)
		if t <= lexicon.MaxLetters {
			p.used[t]++
			m := mask
			for rest := mask; rest != 0; rest &= rest - 1 {
				l := bits.TrailingZeros64(rest)
				if p.used[t] > p.avail[l][t] {
					if p.deficit[l]++; p.deficit[l] > p.blanks {
						m &^= 1 << l
					}
				}
			}
			if m != 0 {
				p.path = append(p.path, t)
				if p.g.Accepts(i) && len(p.path) >= lexicon.MinWordTiles {
					p.words = append(p.words, append([]lexicon.Tile(nil), p.path...))
				}
				if next := p.g.ArcIndex(i); next != 0 {
					p.walk(next, m)
				}
				p.path = p.path[:len(p.path)-1]
			}
			for rest := mask; rest != 0; rest &= rest - 1 {
				if l := bits.TrailingZeros64(rest); p.used[t] > p.avail[l][t] {
					p.deficit[l]--
				}
			}
			p.used[t]--
		}
		if p.g.IsEnd(i) {
			return
		}
	}
}
