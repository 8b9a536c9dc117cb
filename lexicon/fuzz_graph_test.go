package lexicon

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// FuzzReadWordList: any bytes read as a word list never panic; every problem names a real line
// and every word is 2..15 letter tiles.
func FuzzReadWordList(f *testing.F) {
	for _, s := range []string{"casa\nCHARRO\n", "\xe1rbol\r\n", "[C][H]ICO\n1I1A\n", "kilo\n\n#x\n", "[CH\n", "a\x00b\n", "\ufeffñu"} {
		f.Add([]byte(s))
	}
	ts := DefaultTileSet()
	f.Fuzz(func(t *testing.T, b []byte) {
		wl, err := ReadWordList(bytes.NewReader(b), "f.txt", ts, false)
		if err != nil {
			return // not a word list: lines over 1 MB, mostly lines that are not words
		}
		lines := bytes.Count(b, []byte("\n")) + 1
		for _, p := range wl.Problems {
			if p.Line < 1 || p.Line > lines || !strings.HasPrefix(p.Error(), "f.txt:") {
				t.Fatalf("problem %v outside %d lines", p, lines)
			}
		}
		for _, w := range wl.Words {
			if len(w) < MinWordTiles || len(w) > MaxWordTiles {
				t.Fatalf("word of %d tiles kept", len(w))
			}
			for _, x := range w {
				if x == Blank || int(x) > ts.NumLetters() {
					t.Fatalf("tile %d kept", x)
				}
			}
		}
		if len(wl.Words) > 0 {
			if _, err := BuildKWG(wl.Words); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzKWGBytes: any bytes either fail to load or, once validated, walk in bounded time
// without panicking.
func FuzzKWGBytes(f *testing.F) {
	g, _ := BuildKWG([][]Tile{{1, 2}, {1, 2, 3}, {4, 1}})
	f.Add(g.Bytes())
	f.Add([]byte{2, 0, 64, 0, 0, 0, 64, 0, 0, 0, 0xc0, 1})
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := KWGFromBytes(b)
		if err != nil {
			return
		}
		if g.Validate(MaxLetters) != nil {
			return
		}
		n := 0
		g.Walk(func(w []Tile) bool { n++; return n < 100000 })
		g.Contains([]Tile{1, 2, 3})
	})
}

// FuzzParseWordNormalForms: a word reads as the same tiles whether its accents are composed
// (NFC, as typed on most keyboards) or decomposed (NFD, as a Mac or a PDF writes them), and no
// input panics.
func FuzzParseWordNormalForms(f *testing.F) {
	for _, s := range []string{"camión", "camio\u0301n", "ÑANDÚ", "n\u0303u", "pingüino", "[C][H]ico", "Å", "\u212bx", "a\u0301\u0301", "\u0301"} {
		f.Add(s)
	}
	ts := DefaultTileSet()
	f.Fuzz(func(t *testing.T, s string) {
		composed, errC := ts.ParseRack(norm.NFC.String(s))
		decomposed, errD := ts.ParseRack(norm.NFD.String(s))
		if (errC == nil) != (errD == nil) || !slices.Equal(composed, decomposed) {
			t.Fatalf("%+q: composed %v (%v), decomposed %v (%v)", s, composed, errC, decomposed, errD)
		}
	})
}
