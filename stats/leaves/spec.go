package leaves

import (
	"fmt"
	"sync"

	"github.com/atril-scrabble/atril/data/defaultleaves"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// The names a leave SPEC can take besides a KLV2 path.
const (
	Builtin = "builtin" // the learned table atril ships (data/leaves)
	Handset = "handset" // the hand-set model, equity.Default
	None    = "none"    // no leave values: best score
)

// Table resolves a SPEC to the leave table it names for the tile set: builtin, handset, none
// (nil: every leave worth 0) or the path of a KLV2 table, which must have been made for the tile
// set's alphabet.
func Table(spec string, ts *lexicon.TileSet) (equity.Leaves, error) {
	switch spec {
	case None:
		return nil, nil
	case Handset:
		return equity.NewDefault(ts), nil
	case Builtin:
		return builtinTable(ts)
	case "":
		return nil, fmt.Errorf("leaves: expected %s, %s, %s or the path of a KLV2 table", Builtin, Handset, None)
	}
	k, err := equity.ReadKLVFile(spec)
	if err != nil {
		return nil, err
	}
	// A table for another alphabet reads without an error and values every leave wrongly: its
	// single-tile leaves give its alphabet away.
	if st := k.SingleTiles(); len(st) != ts.Size() {
		return nil, fmt.Errorf("%s: the table values %d tile kinds alone, tile set %s has %d (blank included): it was made for another alphabet", spec, len(st), ts.Name, ts.Size())
	}
	return k, nil
}

// builtin reads the embedded table once per process.
var builtin = sync.OnceValues(func() (*equity.KLV, error) {
	k, err := equity.KLVFromBytes([]byte(defaultleaves.KLV2))
	if err != nil {
		return nil, fmt.Errorf("the built-in leave table: %w", err)
	}
	return k, nil
})

func builtinTable(ts *lexicon.TileSet) (equity.Leaves, error) {
	fise, err := lexicon.LoadTileSet(defaultleaves.TileSet)
	if err != nil {
		return nil, err
	}
	if !ts.SameAlphabet(fise) {
		return nil, fmt.Errorf("the built-in leave table is for the %s tile set; tile set %s has other letters: learn a table for it (atril leaves learn) and give its path", fise.Name, ts.Name)
	}
	return builtin()
}
