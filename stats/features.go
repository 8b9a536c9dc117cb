package stats

import (
	"strings"

	"github.com/atril-scrabble/atril/lexicon"
)

// Lexicons gives what the stats need to know about the questions answered: the tile set that
// spells them, and the lexicon a name stands for (nil when it is not installed any more: the
// probability rank is then unknown).
type Lexicons interface {
	Tiles() *lexicon.TileSet
	Lexicon(name string) *lexicon.Lexicon
}

// Features are what a question is made of, for grouping answers and for the recall model.
type Features struct {
	Tiles    int // tiles shown; 0 when the question could not be read as tiles
	Digraphs int // CH, LL and RR tiles
	Blanks   int
	// Rank is the probability rank among the lexicon's words of that length (1 = most
	// probable), of RankOf; 0 when unknown (a phony, a rack with blanks, a lexicon gone).
	Rank, RankOf int
}

// QuestionFeatures reads a question as shown to the player (a word, a rack in alphagram order,
// tiles apart as in C·H·I·C·O) under ts, and ranks it in lex (which may be nil). A rack's rank
// is that of its first anagram.
func QuestionFeatures(ts *lexicon.TileSet, lex *lexicon.Lexicon, kind, question string) Features {
	tiles := readTiles(ts, question)
	var f Features
	for _, t := range tiles {
		switch {
		case t.Letter() == lexicon.Blank:
			f.Blanks++
		case ts.IsDigraph(t):
			f.Digraphs++
		}
	}
	f.Tiles = len(tiles)
	if lex == nil || f.Blanks > 0 || len(tiles) < 2 {
		return f
	}
	word := tiles
	if !lex.Contains(word) {
		if kind != "anagram" && kind != "build" {
			return f
		}
		as := lex.Anagrams(tiles)
		if len(as) == 0 {
			return f
		}
		word = as[0]
	}
	f.Rank, f.RankOf = lex.Rank(word)
	return f
}

// readTiles parses a question; nil when it is not tiles.
func readTiles(ts *lexicon.TileSet, q string) []lexicon.Tile {
	q = strings.TrimSpace(q)
	if strings.Contains(q, "·") {
		parts := strings.Split(q, "·")
		out := make([]lexicon.Tile, 0, len(parts))
		for _, p := range parts {
			t, ok := ts.Tile(strings.TrimSpace(p))
			if !ok {
				return nil
			}
			out = append(out, t)
		}
		return out
	}
	tiles, err := ts.Parse(q, lexicon.ParseOptions{AllowBlank: true})
	if err != nil {
		return nil
	}
	return tiles
}

// Bands is how many probability bands answers are grouped in: fifths of the rank among words of
// the same length, band 1 the most probable fifth.
const Bands = 5

// Band is the probability band of a rank of n (1..Bands), 0 when the rank is unknown.
func Band(rank, of int) int {
	if rank <= 0 || of <= 0 {
		return 0
	}
	return min(1+(rank-1)*Bands/of, Bands)
}
