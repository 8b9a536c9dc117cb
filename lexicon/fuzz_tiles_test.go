package lexicon

import (
	"bytes"
	"os"
	"testing"
)

// FuzzParseTileSet: any --tiles file is a tile set or an error naming what is wrong, never a
// panic; a set that parses spells its own labels back.
func FuzzParseTileSet(f *testing.F) {
	if b, err := os.ReadFile("../data/tiles/fise.csv"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("letter,count,points,vowel\nA,12,1,yes\n?,2,0,no\n"))
	f.Add([]byte("A,1,1\nCH,1,5\n"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := ParseTileSet("fuzz", "fuzz.csv", bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, l := range ts.Labels() {
			w, err := ts.Parse(l, ParseOptions{})
			if err != nil || len(w) != 1 || ts.Label(w[0]) != l {
				t.Fatalf("label %q reads back as %v, %v", l, w, err)
			}
		}
	})
}
