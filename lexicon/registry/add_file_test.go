package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/lexicon"
)

// A list added from a file records the file's absolute path; from standard input, that it
// came from there; a directory is refused and nothing is added.
func TestAddFile(t *testing.T) {
	t.Parallel()
	r := testRegistry(t)
	opt := AddOptions{Tiles: lexicon.DefaultTileSet(), Now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	dir := t.TempDir()
	file := filepath.Join(dir, "mini.txt")
	if err := os.WriteFile(file, []byte("CASA\nCASAS\nCHICO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, file)
	if err != nil {
		t.Fatal(err)
	}
	info, _, err := r.AddFile("mini", rel, strings.NewReader("PERRO\n"), opt)
	if err != nil || info.Words != 3 || info.Source != file {
		t.Errorf("from a file: %+v %v", info, err)
	}
	info, _, err = r.AddFile("piped", fileio.Stdin, strings.NewReader("PERRO\nGATO\n"), opt)
	if err != nil || info.Words != 2 || info.Source != StdinSource {
		t.Errorf("from standard input: %+v %v", info, err)
	}
	if _, _, err := r.AddFile("dir", dir, nil, opt); err == nil {
		t.Error("a directory added")
	}
	list, _, _ := r.List()
	if len(list) != 3 { // the embedded default, mini, piped
		t.Errorf("%d lexicons listed", len(list))
	}
}
