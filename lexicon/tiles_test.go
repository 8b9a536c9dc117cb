package lexicon

import (
	"strings"
	"testing"
)

func TestDefaultTileSetIsTheFISESet(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	if ts.Total() != 100 || ts.Blanks() != 2 || ts.NumLetters() != 28 {
		t.Fatalf("total %d blanks %d letters %d; want 100, 2, 28", ts.Total(), ts.Blanks(), ts.NumLetters())
	}
	want := map[string][2]int{ // count, points
		"A": {12, 1}, "B": {2, 3}, "C": {4, 3}, "CH": {1, 5}, "D": {5, 2}, "E": {12, 1}, "F": {1, 4},
		"G": {2, 2}, "H": {2, 4}, "I": {6, 1}, "J": {1, 8}, "L": {4, 1}, "LL": {1, 8}, "M": {2, 3},
		"N": {5, 1}, "Ñ": {1, 8}, "O": {9, 1}, "P": {2, 3}, "Q": {1, 5}, "R": {5, 1}, "RR": {1, 8},
		"S": {6, 1}, "T": {4, 1}, "U": {5, 1}, "V": {1, 4}, "X": {1, 8}, "Y": {1, 4}, "Z": {1, 10},
	}
	for label, cp := range want {
		tile, ok := ts.Tile(label)
		if !ok {
			t.Errorf("no tile %s", label)
			continue
		}
		if ts.Count(tile) != cp[0] || ts.Points(tile) != cp[1] {
			t.Errorf("%s: count %d points %d, want %d %d", label, ts.Count(tile), ts.Points(tile), cp[0], cp[1])
		}
		if ts.Points(tile|BlankBit) != 0 {
			t.Errorf("a blank played as %s must score 0", label)
		}
	}
	// The alphabet order is the KWG numbering of wolges/macondo Spanish lexicons.
	order := "A B C CH D E F G H I J L LL M N Ñ O P Q R RR S T U V X Y Z"
	if got := strings.Join(ts.Labels(), " "); got != order {
		t.Errorf("alphabet %q, want %q", got, order)
	}
	vowels := ""
	for i := 1; i < ts.Size(); i++ {
		if ts.IsVowel(Tile(i)) {
			vowels += ts.Label(Tile(i))
		}
	}
	if vowels != "AEIOU" {
		t.Errorf("vowels %q", vowels)
	}
}

func TestParseTileSetErrorsNameTheLine(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, text, want string }{
		{"fields", "A,12,1,true\nB,2,3\n", "x.csv:2:"},
		{"count", "A,twelve,1,true\n", "x.csv:1: count"},
		{"points", "# c\nA,1,-1,true\n", "x.csv:2: points"},
		{"vowel", "A,1,1,maybe\n", "vowel"},
		{"dup", "A,1,1,true\nA,1,1,true\n", "listed twice"},
		{"label", "A1,1,1,true\n", "not an upper-case letter"},
		{"empty", "# nothing\n", "no letters"},
		{"zero", "A,0,1,true\n", "no tiles"},
	}
	for _, c := range cases {
		_, err := ParseTileSet("x", "x.csv", strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to contain %q", c.name, err, c.want)
		}
	}
}

func TestParseTileSetAcceptsBracketsHeaderAndLatin1(t *testing.T) {
	t.Parallel()
	text := "label,count,points,vowel\n[CH],1,5,false\nA,3,1,yes\n\xd1,1,8,no\n?,1,0,false\n"
	ts, err := ParseTileSet("mini", "mini.csv", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if ts.Total() != 6 || ts.Label(1) != "CH" || ts.Label(3) != "Ñ" || !ts.IsVowel(2) {
		t.Errorf("got total %d labels %v", ts.Total(), ts.Labels())
	}
}

func TestLoadTileSetUnknown(t *testing.T) {
	t.Parallel()
	_, err := LoadTileSet("no-such-set")
	if err == nil || !strings.Contains(err.Error(), "fise") {
		t.Errorf("error %v should list the embedded sets", err)
	}
}

func TestCheckRackRefusesMoreBlanksThanTheSet(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	for rack, ok := range map[string]bool{
		"AEIRST?": true, "AEIRS??": true, "??": true, "CHUCHO": true, "ZZZZ": true,
		"???": false, "??????????": false, "A?B?C?": false,
	} {
		r, err := ts.ParseRack(rack)
		if err != nil {
			t.Fatal(err)
		}
		err = ts.CheckRack(r)
		if (err == nil) != ok {
			t.Errorf("CheckRack(%s) = %v, want ok %t", rack, err, ok)
		}
		if err != nil && !strings.Contains(err.Error(), "but the fise set has 2") {
			t.Errorf("CheckRack(%s) says %q: should name the set's blanks", rack, err)
		}
		for _, key := range []string{"anagram", "sub"} {
			var q Search
			if err := q.Set(key, rack, ts); (err == nil) != ok {
				t.Errorf("%s:%s = %v, want ok %t", key, rack, err, ok)
			}
		}
	}
}

func TestCheckRackWithoutBlanksInTheSet(t *testing.T) {
	t.Parallel()
	ts, err := ParseTileSet("sinblancos", "s.csv", strings.NewReader("A,10,1,yes\nB,2,3,no\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.CheckRack([]Tile{1, Blank}); err == nil || err.Error() != "the sinblancos set has no blanks" {
		t.Errorf("CheckRack = %v", err)
	}
}
