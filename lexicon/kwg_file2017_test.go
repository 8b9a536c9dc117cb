package lexicon

import (
	"os"
	"testing"
)

// file2017Path is the reference lexicon beside the project (../shared, present in CI). It is
// used for tests and comparisons only; nothing derived from it is committed.
const file2017Path = "../../shared/lexica/FILE2017.kwg"

func loadFILE2017(t testing.TB) *KWG {
	t.Helper()
	if _, err := os.Stat(file2017Path); err != nil {
		t.Skip("FILE2017.kwg not beside the project (../shared/lexica): ", err)
	}
	g, err := ReadKWGFile(file2017Path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReadFILE2017(t *testing.T) {
	g := loadFILE2017(t)
	ts := DefaultTileSet()
	n := 0
	g.Walk(func([]Tile) bool { n++; return true })
	if n != 639293 {
		t.Errorf("FILE2017 has %d words, want 639293", n)
	}
	chico, err := ts.ParseWord("CHICO")
	if err != nil {
		t.Fatal(err)
	}
	if len(chico) != 4 || !g.Contains(chico) {
		t.Errorf("CHICO with the CH tile (%v) should be valid", chico)
	}
	split, err := ts.ParseWord("[C][H]ICO")
	if err != nil {
		t.Fatal(err)
	}
	if len(split) != 5 || g.Contains(split) {
		t.Errorf("CHICO with C and H tiles (%v) should not be valid", split)
	}
}
