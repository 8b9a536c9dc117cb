package lexicon

import (
	"testing"
)

func TestParseSpellings(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	cases := []struct {
		in     string
		opt    ParseOptions
		labels string // labels joined by '.'
		err    bool
	}{
		{"CHARRO", ParseOptions{}, "CH.A.RR.O", false},
		{"charro", ParseOptions{}, "CH.A.RR.O", false},
		{"1a3o", ParseOptions{}, "CH.A.RR.O", false},
		{"[CH]A[RR]O", ParseOptions{}, "CH.A.RR.O", false},
		{"[C][H]ICO", ParseOptions{}, "C.H.I.C.O", false},
		{"[C]HICO", ParseOptions{}, "C.H.I.C.O", false},
		{"calle", ParseOptions{}, "C.A.LL.E", false},
		{"2ave", ParseOptions{}, "LL.A.V.E", false},
		{"pingüino", ParseOptions{}, "P.I.N.G.U.I.N.O", false},
		{"CAMIÓN", ParseOptions{}, "C.A.M.I.O.N", false},
		{"ñandú", ParseOptions{}, "Ñ.A.N.D.U", false},
		{"AB?", ParseOptions{AllowBlank: true}, "A.B.?", false},
		{"AB?", ParseOptions{}, "", true},
		{"KIWI", ParseOptions{}, "", true},
		{"CA SA", ParseOptions{}, "", true},
		{"[CH", ParseOptions{}, "", true},
		{"[K]", ParseOptions{}, "", true},
	}
	for _, c := range cases {
		got, err := ts.Parse(c.in, c.opt)
		if c.err {
			if err == nil {
				t.Errorf("%q: no error, got %v", c.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		labels := ""
		for i, tile := range got {
			if i > 0 {
				labels += "."
			}
			labels += ts.Label(tile)
		}
		if labels != c.labels {
			t.Errorf("%q: tiles %s, want %s", c.in, labels, c.labels)
		}
	}
}

func TestLowerIsBlankAndNotationRoundTrip(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	opt := ParseOptions{AllowBlank: true, LowerIsBlank: true}
	for _, in := range []string{"CHARRO", "[ch]A[rr]O", "ca[LL]e", "[C]H?", "c[H]", "[c]hA", "Ñu"} {
		tiles, err := ts.Parse(in, opt)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		back, err := ts.Parse(ts.Notation(tiles), opt)
		if err != nil || string(tilesBytes(back)) != string(tilesBytes(tiles)) {
			t.Errorf("%q -> %q -> %v (err %v), want %v", in, ts.Notation(tiles), back, err, tiles)
		}
	}
	tiles, _ := ts.Parse("chA", opt)
	if len(tiles) != 2 || !tiles[0].IsBlanked() || ts.Label(tiles[0]) != "CH" || tiles[1].IsBlanked() {
		t.Errorf("chA: %v, want blank CH then A", tiles)
	}
	if ts.Word(tiles) != "CHA" {
		t.Errorf("Word = %q, want plain upper case CHA", ts.Word(tiles))
	}
}

func TestAlphagramOrder(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	w, _ := ts.ParseRack("?ZÑRRCHALLA")
	if got := ts.Word(Alphagram(w)); got != "AACHLLÑRRZ?" {
		t.Errorf("alphagram %q", got)
	}
}

func TestDecodeLineLatin1(t *testing.T) {
	t.Parallel()
	if got := DecodeLine([]byte("ca\xf1a\r")); got != "caña" {
		t.Errorf("latin-1: %q", got)
	}
	if got := DecodeLine([]byte("caña")); got != "caña" {
		t.Errorf("utf-8: %q", got)
	}
}

func tilesBytes(w []Tile) []byte {
	b := make([]byte, len(w))
	for i, t := range w {
		b[i] = byte(t)
	}
	return b
}

func TestDisplayBracketsOnlyTilesThatWouldMerge(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	cases := map[string]string{
		"CHARRO":    "CHARRO",
		"[C][H]ICO": "[C][H]ICO",
		"[C]HICO":   "[C][H]ICO",
		"AE[L][L]O": "AE[L][L]O",
		"CALLE":     "CALLE",
		"[R][R]?":   "[R][R]?",
		"[L][LL]A":  "[L][LL]A", // plain LLLA would read LL L A
		"[LL][L]A":  "LLLA",
		"A[R][RR]O": "A[R][RR]O",
		"[C][CH]E":  "CCHE", // C then CH reads back as written
	}
	for in, want := range cases {
		w, err := ts.ParseRack(in)
		if err != nil {
			t.Fatal(err)
		}
		got := ts.Display(w)
		if got != want {
			t.Errorf("Display(%s) = %q, want %q", in, got, want)
		}
		back, err := ts.ParseRack(got)
		if err != nil || string(tilesBytes(back)) != string(tilesBytes(w)) {
			t.Errorf("%q does not read back as %v", got, w)
		}
	}
}

func TestDisplayBlanksLowersBlankedTiles(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	for in, want := range map[string]string{
		"CAsA":       "CAsA",
		"cHE":        "[c][H]E", // a blank played as C beside an H tile: still two tiles
		"chICO":      "chICO",   // a blank played as CH
		"[C][H]ICOs": "[C][H]ICOs",
	} {
		w, err := ts.Parse(in, ParseOptions{LowerIsBlank: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := ts.DisplayBlanks(w); got != want {
			t.Errorf("DisplayBlanks(%s) = %q, want %q", in, got, want)
		}
	}
}

// The merge table ParseTileSet fills says what the labels say, for every pair of tiles, blanked
// or not, in every embedded tile set.
func TestMergeTable(t *testing.T) {
	t.Parallel()
	for _, name := range EmbeddedTileSets() {
		ts, err := LoadTileSet(name)
		if err != nil {
			t.Fatal(err)
		}
		merged := 0
		for a := Tile(0); int(a) <= ts.Size(); a++ {
			for b := Tile(0); int(b) <= ts.Size(); b++ {
				for _, blanks := range [][2]Tile{{0, 0}, {BlankBit, 0}, {0, BlankBit}} {
					x, y := a|blanks[0], b|blanks[1]
					want := x != Blank && y != Blank && ts.labelsMerge(x, y)
					if got := ts.merge(x, y); got != want {
						t.Errorf("%s: merge(%d, %d) = %v, want %v", name, x, y, got, want)
					}
					if want {
						merged++
					}
				}
			}
		}
		if name == DefaultTileSetName && merged == 0 {
			t.Errorf("%s: no pair merges (C H should)", name)
		}
	}
}
