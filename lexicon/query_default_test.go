package lexicon

import (
	"strings"
	"testing"
)

// The queries on the shipped, embedded default lexicon: what a user gets with no files.
func TestQueriesOnEmbeddedDefault(t *testing.T) {
	t.Parallel()
	l, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	ts := l.Tiles
	anagrams := plain(ts, l.Anagrams(mustParse(t, ts, "ASAC")))
	if !strings.Contains(anagrams, "CASA") || !strings.Contains(anagrams, "SACA") {
		t.Errorf("anagrams of ASAC = %s, want CASA and SACA among them", anagrams)
	}
	if got := l.Anagrams(mustParse(t, ts, "[C][H]ICO")); len(got) != 0 {
		t.Errorf("[C][H]ICO (a C and an H tile) has anagrams %s; CHICO needs the CH tile", plain(ts, got))
	}
	if got := plain(ts, l.Anagrams(mustParse(t, ts, "OCI1"))); !strings.Contains(got, "CHICO") {
		t.Errorf("anagrams of the CH tile and ICO = %s, want CHICO", got)
	}
	p, err := ParsePattern("CH?CO", ts)
	if err != nil {
		t.Fatal(err)
	}
	if got := plain(ts, l.Match(p)); !strings.Contains(got, "CHICO") {
		t.Errorf("CH?CO matches %s", got)
	}
	h := l.Hooks(mustParse(t, ts, "CASA"))
	if back := tileLabelsOf(ts, h.Back); !strings.Contains(back, "R") || !strings.Contains(back, "S") {
		t.Errorf("back hooks of CASA = %s, want R (CASAR) and S (CASAS) among them", back)
	}
	// Blanks: a 7-tile rack with 2 blanks has many anagrams, each using its blanks.
	rack, _ := ts.ParseRack("AEIRS??")
	words := l.Anagrams(rack)
	if len(words) < 50 {
		t.Errorf("AEIRS?? has %d anagrams", len(words))
	}
	for _, w := range words {
		n := 0
		for _, x := range w {
			if x.IsBlanked() {
				n++
			}
		}
		if n != 2 || len(w) != 7 || !l.Contains(w) {
			t.Errorf("anagram %s of AEIRS?? uses %d blanks", ts.Notation(w), n)
		}
	}
	rs, err := l.Search(mustSearch(t, ts, "length:7 top:1000"))
	if err != nil || len(rs) != 1000 {
		t.Fatalf("length:7 top:1000: %d results, %v", len(rs), err)
	}
	for i, r := range rs {
		if r.Rank != i+1 || len(r.Word) != 7 || (i > 0 && r.Combinations > rs[i-1].Combinations) {
			t.Fatalf("result %d: %s rank %d combinations %d", i+1, ts.Word(r.Word), r.Rank, r.Combinations)
		}
	}
}

func tileLabelsOf(ts *TileSet, w []Tile) string {
	var out []string
	for _, t := range w {
		out = append(out, ts.Label(t))
	}
	return strings.Join(out, " ")
}
