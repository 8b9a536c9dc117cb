package lexicon

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex/refdata"
)

// file2017Path is the reference lexicon beside the project (shared/ above the repository,
// present in CI), "" when absent. It is used for tests and comparisons only; nothing derived
// from it is committed. (This package's tests cannot import testlex, which imports lexicon.)
var file2017Path = refdata.Path(refdata.FILE2017)

func loadFILE2017(t testing.TB) *KWG {
	t.Helper()
	g, err := ReadKWGFile(refdata.Require(t, refdata.FILE2017))
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
