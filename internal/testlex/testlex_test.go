package testlex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex/refdata"
	"github.com/atril-scrabble/atril/lexicon"
)

func TestSmall(t *testing.T) {
	t.Parallel()
	l := Small(t, "CHICO", "[C][H]E", "1ARRO")
	ts := l.Tiles
	for word, valid := range map[string]bool{"CHICO": true, "[C][H]ICO": false, "[C][H]E": true, "CHE": false, "CHARRO": true, "CASA": false} {
		w, _ := ts.ParseWord(word)
		if l.Contains(w) != valid {
			t.Errorf("%s valid = %t, want %t", word, !valid, valid)
		}
	}
	path := SmallKWG(t, "CASA", "CASAS")
	g, err := lexicon.ReadKWGFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	g.Walk(func([]lexicon.Tile) bool { n++; return true })
	if n != 2 || filepath.Ext(path) != ".kwg" {
		t.Errorf("%s holds %d words, want 2", path, n)
	}
}

func TestDefault(t *testing.T) {
	t.Parallel()
	l := Default(t)
	if l.Name != lexicon.DefaultName {
		t.Errorf("Default is %s", l.Name)
	}
	w, _ := l.Tiles.ParseWord("CHICO")
	if !l.Contains(w) {
		t.Error("the default lacks CHICO")
	}
}

// TestFILE2017 reads the official list in place (tests only; skipped when absent).
func TestFILE2017(t *testing.T) {
	t.Parallel()
	l := FILE2017(t)
	w, _ := l.Tiles.ParseWord("[C][H]ICO")
	if l.Contains(w) {
		t.Error("FILE2017 has CHICO with separate C and H tiles")
	}
}

func TestRefdataPath(t *testing.T) {
	if p := refdata.Path("no/such/file.txt"); p != "" {
		t.Errorf("Path of a missing file = %q", p)
	}
	// A shared/ directory above a temporary working directory is found from below.
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "shared", "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "shared", "data", "x.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	if p := refdata.Path("data/x.txt"); !strings.HasSuffix(p, filepath.Join("shared", "data", "x.txt")) {
		t.Errorf("Path from below = %q", p)
	}
}
