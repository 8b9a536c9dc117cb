package equity

import (
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// TableInfo describes a leave table, for `atril version` and reports.
type TableInfo struct {
	// Name identifies the table ("hand-set": the built-in model).
	Name string `json:"name"`
	// Kind is "model" for a table computed by a formula (Default) or "klv2" for a table of
	// learned values.
	Kind string `json:"kind"`
	// Leaves is the number of leaves a KLV2 table values (0 for a model).
	Leaves int `json:"leaves,omitempty"`
}

// DefaultTable describes the leave table the engine's packages use when given none (a nil
// Leaves): the hand-set model. atril's commands default instead to the table it learned
// (stats/leaves.BuiltinInfo), which the engine cannot embed.
func DefaultTable() TableInfo { return TableInfo{Name: "hand-set", Kind: "model"} }

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
