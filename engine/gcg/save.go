package gcg

import (
	"os"
	"syscall"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/lexicon"
)

// SaveStage is where saving a game failed.
type SaveStage int

const (
	// SaveChecking: path is not a file to write to (a FIFO, a device, a directory).
	SaveChecking SaveStage = iota
	// SaveOpening: the file could not be created or opened.
	SaveOpening
	// SaveWriting: the game could not be written or the file closed.
	SaveWriting
)

// SaveError is a game that could not be saved to Path, at Stage.
type SaveError struct {
	Path  string
	Stage SaveStage
	Err   error
}

func (e *SaveError) Error() string { return e.Err.Error() }
func (e *SaveError) Unwrap() error { return e.Err }

// Save writes the game to path (Write), as a stream (one file a game, thousands of them), but
// never into a FIFO or a device found under its name, every error checked; its errors are
// *SaveError.
func (g *Game) Save(path string, ts *lexicon.TileSet) error {
	if err := fileio.CheckOutput(path); err != nil {
		return &SaveError{path, SaveChecking, err}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return &SaveError{path, SaveOpening, err}
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = &fileio.NotRegularError{Path: path, Mode: fi.Mode(), Output: true}
		}
		return &SaveError{path, SaveChecking, err}
	}
	werr := g.Write(f, ts)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return &SaveError{path, SaveWriting, werr}
	}
	return nil
}
