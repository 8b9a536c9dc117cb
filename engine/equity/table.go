package equity

import (
	"fmt"
	"hash/crc32"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// TableInfo describes a leave table, for `atril version` and reports.
type TableInfo struct {
	// Name identifies the table as a leave SPEC names it ("handset": the hand-set model;
	// "builtin (FISE2-LIBRE)"; a KLV2 file's path).
	Name string `json:"name"`
	// Kind is "model" for a table computed by a formula (Default) or "klv2" for a table of
	// learned values.
	Kind string `json:"kind"`
	// Leaves is the number of leaves a KLV2 table values (0 for a model).
	Leaves int `json:"leaves,omitempty"`
	// Checksum identifies the values: "crc32c:…" of a KLV2 file's bytes (KLV.Checksum) or of a
	// model's parameters (Default.Checksum). Two tables with the same checksum value every
	// leave alike, whatever their names.
	Checksum string `json:"checksum,omitempty"`
}

// Same reports whether two tables are known to value leaves alike: the same checksum.
func (i TableInfo) Same(o TableInfo) bool { return i.Checksum != "" && i.Checksum == o.Checksum }

// Table is a leave table and what identifies it: what puzzles record, so that a puzzle's
// answers are judged with the values it was made with.
type Table struct {
	Leaves Leaves // nil: no leave values (score only)
	Info   TableInfo
}

// HandSet is the hand-set model for a tile set, as a Table.
func HandSet(ts *lexicon.TileSet) Table {
	d := NewDefault(ts)
	info := DefaultTable()
	info.Checksum = d.Checksum()
	return Table{Leaves: d, Info: info}
}

// crc32c is the checksum of TableInfo.Checksum, as the lexicon registry writes a graph's.
func crc32c(b []byte) string { return fmt.Sprintf("crc32c:%08x", crc32.Checksum(b, castagnoli)) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// DefaultTable describes the leave table the engine's packages use when given none (a nil
// Leaves): the hand-set model. atril's commands default instead to the table it learned
// (leavetable.BuiltinInfo), which the engine cannot embed.
func DefaultTable() TableInfo { return TableInfo{Name: "handset", Kind: "model"} }

// CheckAlphabet refuses a table made for another alphabet than ts. A KLV2 file does not say
// its alphabet, and one for English (from Woogles, say) would read without error and value
// every leave wrongly; but a table values every tile kind alone (blank 0, letters 1..n), so
// its single-tile leaves give its alphabet away.
func (k *KLV) CheckAlphabet(ts *lexicon.TileSet) error {
	if st := k.SingleTiles(); len(st) != ts.Size() || int(st[len(st)-1]) >= ts.Size() {
		return i18n.E("leavetable.alphabet", "Kinds", len(st), "Set", ts.Name, "Size", ts.Size())
	}
	return nil
}
