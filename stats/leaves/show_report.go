package leaves

import (
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// ValueJSON is a leave and its value as `atril leaves show --json` writes it.
type ValueJSON struct {
	Leave string  `json:"leave"`
	Value float64 `json:"value"`
}

// ByLengthJSON is the best and worst leaves of one length.
type ByLengthJSON struct {
	Length int         `json:"length"`
	Best   []ValueJSON `json:"best"`
	Worst  []ValueJSON `json:"worst"`
}

// ShowReport is what `atril leaves show` shows of a table; its JSON is what --json writes.
type ShowReport struct {
	Table    string         `json:"table"`
	Leaves   []ValueJSON    `json:"leaves,omitempty"`
	ByLength []ByLengthJSON `json:"by_length,omitempty"`
	// Errors: the leaves asked for that could not be read (in English, as all JSON text).
	Errors []string `json:"errors,omitempty"`
}

// Notation spells a leave as moves shows one: tiles in alphagram order, blanks last.
func Notation(ts *lexicon.TileSet, w []lexicon.Tile) string {
	out := make([]lexicon.Tile, 0, len(w))
	blanks := 0
	for _, t := range w {
		if t == lexicon.Blank {
			blanks++
			continue
		}
		out = append(out, t)
	}
	for range blanks {
		out = append(out, lexicon.Blank)
	}
	return ts.Notation(out)
}

// Show is what table (named name) says of the leaves asked for, or with none asked for, of its
// top best and worst leaves of each length. Leaves that cannot be read are returned as bad,
// in order (and in the report's Errors, in English); the others are shown.
func Show(ts *lexicon.TileSet, table equity.Leaves, name string, asked []string, top int) (out *ShowReport, bad []error, err error) {
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		return nil, nil, err
	}
	out = &ShowReport{Table: name}
	entry := func(w []lexicon.Tile, v float64) ValueJSON {
		return ValueJSON{Leave: Notation(ts, w), Value: num.Round2(v)}
	}
	for _, s := range asked {
		w, err := ts.Parse(s, lexicon.ParseOptions{AllowBlank: true})
		switch {
		case err != nil:
			bad = append(bad, i18n.Wrap(err, "leaves.err.bad_leave", "Leave", s))
		case len(w) < 1 || len(w) > equity.MaxLeave:
			bad = append(bad, i18n.E("leaves.err.long_leave", "Leave", s, "Count", len(w)))
		case set.Index(w) < 0:
			bad = append(bad, i18n.E("leaves.err.not_in_set", "Leave", s, "Tiles", ts.Name))
		default:
			out.Leaves = append(out.Leaves, entry(w, table.LeaveValue(w)))
		}
	}
	en := i18n.For(i18n.English)
	for _, e := range bad {
		out.Errors = append(out.Errors, en.Err(e))
	}
	if len(asked) == 0 {
		best, worst := Extremes(set, table, top)
		for k := 1; k <= equity.MaxLeave; k++ {
			bl := ByLengthJSON{Length: k}
			for _, e := range best[k] {
				bl.Best = append(bl.Best, entry(e.Leave, e.Value))
			}
			for _, e := range worst[k] {
				bl.Worst = append(bl.Worst, entry(e.Leave, e.Value))
			}
			out.ByLength = append(out.ByLength, bl)
		}
	}
	return out, bad, nil
}

// Doc is the report for a reader, the table called title.
func (out *ShowReport) Doc(p *i18n.Printer, title string) *ui.Doc {
	d := ui.NewDoc().H1(p.T("leaves.show.title", "Table", title))
	if len(out.Leaves) > 0 {
		t := ui.NewTable(ui.Col{Header: p.T("leaves.show.leave")}, ui.Col{Header: p.T("leaves.show.value"), Right: true})
		for _, e := range out.Leaves {
			t.Cells(ui.Cell{Text: e.Leave}, valueCell(p, e.Value))
		}
		d.Table(t)
	}
	for _, bl := range out.ByLength {
		d.H2(p.N("count.tiles", bl.Length))
		t := ui.NewTable(ui.Col{Header: p.T("leaves.show.best")}, ui.Col{Header: p.T("leaves.show.value"), Right: true},
			ui.Col{Header: p.T("leaves.show.worst")}, ui.Col{Header: p.T("leaves.show.value"), Right: true})
		for i := range bl.Best {
			t.Cells(ui.Cell{Text: bl.Best[i].Leave}, valueCell(p, bl.Best[i].Value), ui.Cell{Text: bl.Worst[i].Leave}, valueCell(p, bl.Worst[i].Value))
		}
		d.Table(t)
	}
	return d
}

// valueCell is a leave value, green when it helps and red when it hurts.
func valueCell(p *i18n.Printer, v float64) ui.Cell {
	c := ui.Cell{Text: p.Float(v, 2)}
	switch {
	case v > 0:
		c.Style = ui.Good
	case v < 0:
		c.Style = ui.Bad
	}
	return c
}
