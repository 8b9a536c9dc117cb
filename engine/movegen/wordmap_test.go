package movegen

import (
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// TestWordMap: every word of the lexicon is found under its alphagram's hash, with exactly
// the other words of that alphagram, and the one-blank filter holds every alphagram less one
// of its letters; multisets that spell no word find nothing (on the small test lexicon and the
// shipped default).
func TestWordMap(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for name, graph := range map[string]*lexicon.KWG{"small": smallGraph(t, ts), "default": defaultGraph(t)} {
		t.Run(name, func(t *testing.T) {
			m := newWordMap(graph)
			byAlphagram := map[string][]string{}
			var words [][]lexicon.Tile
			graph.Walk(func(w []lexicon.Tile) bool {
				words = append(words, slices.Clone(w))
				a := slices.Clone(w)
				slices.Sort(a)
				byAlphagram[string(a)] = append(byAlphagram[string(a)], string(w))
				return true
			})
			if len(words) == 0 {
				t.Fatal("no words")
			}
			for i, w := range words {
				if i%7 != 0 && name == "default" {
					continue // a seventh of the default lexicon is plenty
				}
				h := alphaHash(w)
				off, count := m.lookup(h)
				var got []string
				for j := 0; j < count; j++ {
					got = append(got, string(m.words[off+j*len(w):off+(j+1)*len(w)]))
				}
				a := slices.Clone(w)
				slices.Sort(a)
				want := byAlphagram[string(a)]
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: lookup gives %d words, want %d", ts.Notation(w), len(got), len(want))
				}
				for _, l := range w {
					if !m.maybeBlank(h - tileHash[l]) {
						t.Fatalf("%s less %s: not in the one-blank filter", ts.Notation(w), ts.Label(l))
					}
				}
			}
			// Multisets that are no word's alphagram: a word with a letter added (most are not).
			misses := 0
			for i, w := range words {
				if i%13 != 0 {
					continue
				}
				x := append(slices.Clone(w), lexicon.Tile(1+i%(ts.Size()-1)))
				a := slices.Clone(x)
				slices.Sort(a)
				if _, isWord := byAlphagram[string(a)]; isWord {
					continue
				}
				misses++
				if _, count := m.lookup(alphaHash(x)); count != 0 {
					t.Fatalf("%s is no alphagram but the map has %d words for it", ts.Notation(x), count)
				}
			}
			if misses == 0 {
				t.Error("no non-word tried")
			}
			t.Logf("%d words, %.1f MB", len(words), float64(m.bytes())/1e6)
		})
	}
}
