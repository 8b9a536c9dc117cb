package gcg

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// ReadFile reads what Read reads from the open file, and says which file is missing.
func TestReadFile(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	path := filepath.Join("testdata", "spanish.gcg")
	g, err := ReadFile(path, ts)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := Read(f, path, ts)
	if err != nil {
		t.Fatal(err)
	}
	if g.Turns() == 0 || g.Turns() != want.Turns() || g.Distribution() != want.Distribution() {
		t.Errorf("ReadFile: %d turns, Read: %d", g.Turns(), want.Turns())
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "none.gcg"), ts); err == nil {
		t.Error("no error for a missing file")
	}
}
