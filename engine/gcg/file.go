package gcg

import (
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/lexicon"
)

// ReadFile reads the game in the GCG file at path (Read); a FIFO or a device is refused before
// it is opened.
func ReadFile(path string, ts *lexicon.TileSet) (*Game, error) {
	f, err := fileio.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, ts)
}
