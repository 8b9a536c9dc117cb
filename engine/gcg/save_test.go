package gcg

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// Save writes what Write writes; a directory, a missing directory and a FIFO fail at the stage
// they fail at.
func TestSave(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g, err := ReadFile(filepath.Join("testdata", "spanish.gcg"), ts)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "game.gcg")
	if err := g.Save(path, ts); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path, ts)
	if err != nil || back.Turns() != g.Turns() {
		t.Fatalf("read back: %v", err)
	}
	stage := func(err error) SaveStage {
		var se *SaveError
		if !errors.As(err, &se) || se.Err == nil {
			t.Fatalf("not a SaveError: %v", err)
		}
		return se.Stage
	}
	if s := stage(g.Save(dir, ts)); s != SaveChecking {
		t.Errorf("a directory: stage %d", s)
	}
	if s := stage(g.Save(filepath.Join(dir, "none", "game.gcg"), ts)); s != SaveOpening && s != SaveChecking {
		t.Errorf("a missing directory: stage %d", s)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		if s := stage(g.Save(fifo, ts)); s != SaveChecking {
			t.Errorf("a FIFO: stage %d", s)
		}
	}
}
