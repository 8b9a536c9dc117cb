package leaves

import (
	"sync"

	"github.com/atril-scrabble/atril/data/defaultleaves"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// The names a leave SPEC can take besides a KLV2 path.
const (
	Builtin = "builtin" // the learned table atril ships (data/leaves)
	Handset = "handset" // the hand-set model, equity.Default
	None    = "none"    // no leave values: best score
)

// Zero values every leave at 0: the table of None where one is needed (a learning run's first
// generation).
var Zero equity.Leaves = zero{}

type zero struct{}

func (zero) LeaveValue([]lexicon.Tile) float64 { return 0 }

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
		return nil, i18n.E("leaves.err.spec_empty")
	}
	k, err := equity.ReadKLVFile(spec)
	if err != nil {
		return nil, err
	}
	// A table for another alphabet reads without an error and values every leave wrongly: its
	// single-tile leaves give its alphabet away.
	if st := k.SingleTiles(); len(st) != ts.Size() || int(st[len(st)-1]) >= ts.Size() {
		return nil, i18n.E("leaves.err.other_alphabet", "File", spec, "Kinds", len(st), "Tiles", ts.Name, "Size", ts.Size())
	}
	return k, nil
}

// builtin reads the embedded table once per process.
var builtin = sync.OnceValues(func() (*equity.KLV, error) {
	k, err := equity.KLVFromBytes([]byte(defaultleaves.KLV2))
	if err != nil {
		return nil, i18n.Wrap(err, "leaves.err.builtin_broken")
	}
	return k, nil
})

// BuiltinInfo describes the built-in table, for `atril version`.
func BuiltinInfo() (equity.TableInfo, error) {
	k, err := builtin()
	if err != nil {
		return equity.TableInfo{}, err
	}
	return equity.TableInfo{Name: Builtin + " (" + defaultleaves.Lexicon + ")", Kind: "klv2", Leaves: k.Len()}, nil
}

func builtinTable(ts *lexicon.TileSet) (equity.Leaves, error) {
	fise, err := lexicon.LoadTileSet(defaultleaves.TileSet)
	if err != nil {
		return nil, err
	}
	if !ts.SameAlphabet(fise) {
		return nil, i18n.E("leaves.err.builtin_tiles", "Builtin", fise.Name, "Tiles", ts.Name)
	}
	return builtin()
}
