// Package leavetable opens and names leave tables: builtin (the learned table atril ships), handset
// (the hand-set model), none (no leave values) or a KLV2 file, checked against the tile set; and
// it keeps the user's choice (`atril leaves use`) in atril's settings. Commands, puzzles and the
// training game ask it for "the table in use" (InUse). It owns these names and that policy;
// learning tables is stats/leaves, valuing leaves is engine/equity. It imports data, lexicon,
// engine/equity and internal packages, never stats, puzzles, drills or cmd.
//
// It is the one home of leave tables: commands and packages ask it for the table in use. Like all
// of engine/, it must not import drills, puzzles, stats, internal/studystore or a front end.
package leavetable

import (
	"path/filepath"
	"sync"

	"github.com/atril-scrabble/atril/data/defaultleaves"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/settings"
	"github.com/atril-scrabble/atril/lexicon"
)

// The names a leave SPEC can take besides a KLV2 path.
const (
	Builtin = "builtin" // the learned table atril ships (data/leaves)
	Handset = "handset" // the hand-set model, equity.Default
	None    = "none"    // no leave values: best score
)

// Named says whether spec names a table atril has without a file (builtin, handset, none).
func Named(spec string) bool { return spec == Builtin || spec == Handset || spec == None }

// Zero values every leave at 0: the table of None where one is needed (a learning run's first
// generation).
var Zero equity.Leaves = zero{}

type zero struct{}

func (zero) LeaveValue([]lexicon.Tile) float64 { return 0 }

// Table resolves a SPEC to the leave table it names for the tile set: builtin, handset, none
// (nil: every leave worth 0) or the path of a KLV2 table, which must have been made for the tile
// set's alphabet.
func Table(spec string, ts *lexicon.TileSet) (equity.Leaves, error) {
	t, err := Open(spec, ts)
	return t.Leaves, err
}

// Open is Table with what identifies the table (its name and checksum), for what records
// which table it used (puzzles).
func Open(spec string, ts *lexicon.TileSet) (equity.Table, error) {
	switch spec {
	case None:
		return equity.Table{Info: equity.TableInfo{Name: None, Kind: "model", Checksum: None}}, nil
	case Handset:
		return equity.HandSet(ts), nil
	case Builtin:
		return builtinTable(ts)
	case "":
		return equity.Table{}, i18n.E("leaves.err.spec_empty")
	}
	k, err := equity.ReadKLVFile(spec)
	if err != nil {
		return equity.Table{}, err
	}
	// A table for another alphabet reads without an error and values every leave wrongly: its
	// single-tile leaves give its alphabet away.
	if st := k.SingleTiles(); len(st) != ts.Size() || int(st[len(st)-1]) >= ts.Size() {
		return equity.Table{}, i18n.E("leaves.err.other_alphabet", "File", spec, "Kinds", len(st), "Tiles", ts.Name, "Size", ts.Size())
	}
	return equity.Table{Leaves: k, Info: equity.TableInfo{Name: spec, Kind: "klv2", Leaves: k.Len(), Checksum: k.Checksum()}}, nil
}

// Known are the tables this atril can value leaves with for the tile set without a file: the
// built-in table (when the tile set has its alphabet) and the hand-set model. A puzzle made with
// one of them is judged with it.
func Known(ts *lexicon.TileSet) []equity.Table {
	var out []equity.Table
	if t, err := builtinTable(ts); err == nil {
		out = append(out, t)
	}
	return append(out, equity.HandSet(ts))
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
	return builtinInfo(k), nil
}

func builtinInfo(k *equity.KLV) equity.TableInfo {
	return equity.TableInfo{Name: Builtin + " (" + defaultleaves.Lexicon + ")", Kind: "klv2", Leaves: k.Len(), Checksum: k.Checksum()}
}

func builtinTable(ts *lexicon.TileSet) (equity.Table, error) {
	fise, err := lexicon.LoadTileSet(defaultleaves.TileSet)
	if err != nil {
		return equity.Table{}, err
	}
	if !ts.SameAlphabet(fise) {
		return equity.Table{}, i18n.E("leaves.err.builtin_tiles", "Builtin", fise.Name, "Tiles", ts.Name)
	}
	k, err := builtin()
	if err != nil {
		return equity.Table{}, err
	}
	return equity.Table{Leaves: k, Info: builtinInfo(k)}, nil
}

// settingKey is the setting that holds the table chosen with `atril leaves use`.
const settingKey = "leaves"

// Chosen is the table chosen with `atril leaves use` (builtin, handset, none or a KLV2 file's
// absolute path), "" when none was (builtin).
func Chosen(s settings.File) (string, error) { return s.Get(settingKey) }

// Choose makes spec the table of every command not given one, after checking that it opens for
// the tile set; builtin forgets the choice, and a file is remembered by its absolute path. It
// returns the spec remembered and the table.
func Choose(s settings.File, spec string, ts *lexicon.TileSet) (string, equity.Table, error) {
	if !Named(spec) && spec != "" {
		abs, err := filepath.Abs(spec)
		if err != nil {
			return "", equity.Table{}, err
		}
		spec = abs
	}
	t, err := Open(spec, ts)
	if err != nil {
		return "", equity.Table{}, err
	}
	keep := spec
	if spec == Builtin {
		keep = "" // the default: forget the choice
	}
	if err := s.Set(settingKey, keep); err != nil {
		return "", equity.Table{}, err
	}
	return spec, t, nil
}

// ChosenError is the table chosen with `atril leaves use` failing to open (a file gone or
// damaged since): the front end says how to go back to another.
type ChosenError struct {
	Spec string // the table chosen
	Err  error  // why it does not open
}

func (e *ChosenError) Error() string { return e.Spec + ": " + e.Err.Error() }
func (e *ChosenError) Unwrap() error { return e.Err }

// InUse is the table in use for the tile set. given says that spec was asked for (a --leaves
// flag given); otherwise spec is the command's default, and when that is builtin the table
// chosen with `atril leaves use` stands in for it, and a tile set the built-in table was not
// made for gets the hand-set model instead of an error.
func InUse(s settings.File, spec string, given bool, ts *lexicon.TileSet) (equity.Table, error) {
	byDefault := !given && spec == Builtin
	if byDefault {
		chosen, err := Chosen(s)
		if err != nil {
			return equity.Table{}, err
		}
		if chosen != "" {
			t, err := Open(chosen, ts)
			if err != nil {
				return equity.Table{}, &ChosenError{Spec: chosen, Err: err}
			}
			return t, nil
		}
	}
	t, err := Open(spec, ts)
	if err != nil && byDefault {
		return equity.HandSet(ts), nil
	}
	return t, err
}

// Playing is a table's values for a player, who needs some even for none: Zero.
func Playing(t equity.Table) equity.Leaves {
	if t.Leaves == nil {
		return Zero
	}
	return t.Leaves
}
