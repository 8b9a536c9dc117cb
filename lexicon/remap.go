package lexicon

import (
	"fmt"
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Remap rebuilds a graph whose tiles number the labels of alphabet (tile i = alphabet[i-1])
// under tiles' numbering. A digraph the new set lacks becomes its letters (CH → C H) when the
// set has them; a letter it lacks altogether is an error, since dropping the words that use it
// would make valid words look invalid.
func Remap(g *KWG, alphabet []string, tiles *TileSet) (*KWG, error) {
	mapping := make([][]Tile, len(alphabet)+1)
	for i, label := range alphabet {
		if t, ok := tiles.Tile(label); ok && t != Blank {
			mapping[i+1] = []Tile{t}
			continue
		}
		if split, err := tiles.ParseWord(label); err == nil && len(split) > 1 {
			mapping[i+1] = split
		}
	}
	var words [][]Tile
	missing := map[string]bool{}
	var buf []Tile
	g.Walk(func(w []Tile) bool {
		buf = buf[:0]
		for _, t := range w {
			if int(t) >= len(mapping) || mapping[t] == nil {
				if int(t) < len(mapping) {
					missing[alphabet[t-1]] = true
				} else {
					missing[fmt.Sprintf("<tile %d>", t)] = true
				}
				return true
			}
			buf = append(buf, mapping[t]...)
		}
		words = append(words, slices.Clone(buf))
		return true
	})
	if len(missing) > 0 {
		labels := make([]string, 0, len(missing))
		for l := range missing {
			labels = append(labels, l)
		}
		slices.Sort(labels)
		return nil, i18n.E("remap.missing_letters", "Letters", strings.Join(labels, " "), "Have", strings.Join(tiles.Labels(), " "))
	}
	return BuildKWG(words)
}

// CountByLength counts a graph's words by length in tiles (index = length).
func CountByLength(g *KWG) []int {
	counts := make([]int, MaxWordTiles+1)
	g.Walk(func(w []Tile) bool {
		for len(w) >= len(counts) {
			counts = append(counts, 0)
		}
		counts[len(w)]++
		return true
	})
	return counts
}
