package cmd

import (
	"cmp"
	"fmt"
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type leavesShowOptions struct {
	Table  string
	Leaves []string
	Top    int
}

// maxShowTop bounds --top: the lists are for reading.
const maxShowTop = 1000

// newLeavesShowCmd makes `atril leaves show`.
func newLeavesShowCmd(g *Globals) *cobra.Command {
	opts := &leavesShowOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("leaves.show.use"),
		Short:   p.T("leaves.show.short"),
		Long:    p.T("leaves.show.long"),
		Example: p.T("leaves.show.example"),
		RunE: func(c *cobra.Command, args []string) error {
			chosen, err := g.chosenLeaves()
			if err != nil {
				return err
			}
			opts.Table = cmp.Or(chosen, leavetable.Builtin)
			if len(args) > 0 && isLeavesTable(args[0]) {
				opts.Table, args = args[0], args[1:]
			}
			opts.Leaves = args
			return runLeavesShow(g, opts)
		},
	}
	c.Flags().IntVar(&opts.Top, "top", 5, p.T("leaves.show.flag.top"))
	return c
}

type leaveValueJSON struct {
	Leave string  `json:"leave"`
	Value float64 `json:"value"`
}

type leavesByLengthJSON struct {
	Length int              `json:"length"`
	Best   []leaveValueJSON `json:"best"`
	Worst  []leaveValueJSON `json:"worst"`
}

type leavesShowJSON struct {
	Table    string               `json:"table"`
	Leaves   []leaveValueJSON     `json:"leaves,omitempty"`
	ByLength []leavesByLengthJSON `json:"by_length,omitempty"`
	// Errors: the leaves asked for that could not be read (in English, as all JSON text).
	Errors []string `json:"errors,omitempty"`
}

func runLeavesShow(g *Globals, opts *leavesShowOptions) error {
	p := g.P
	if opts.Top < 1 || opts.Top > maxShowTop {
		return withCode(ExitError, i18n.E("leaves.err.top", "Top", opts.Top, "Max", maxShowTop))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	table, err := g.leaveValues(opts.Table, true)
	if err != nil {
		return err
	}
	if table == nil {
		return g.Say(p.T("leaves.show.none_table"))
	}
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		return withCode(ExitError, err)
	}
	out := leavesShowJSON{Table: opts.Table}
	entry := func(w []lexicon.Tile, v float64) leaveValueJSON {
		return leaveValueJSON{Leave: leaveNotation(ts, w), Value: round2(v)}
	}
	// A bad leave is reported (on stderr, and exit 2) after the good ones are shown.
	var bad []error
	for _, s := range opts.Leaves {
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
	if len(bad) > 0 {
		en := i18n.For(i18n.English)
		for _, e := range bad {
			out.Errors = append(out.Errors, en.Err(e))
		}
		defer func() {
			for _, e := range bad[:len(bad)-1] {
				fmt.Fprintln(g.io.Err, "atril: "+p.Err(e))
			}
		}()
		if len(out.Leaves) == 0 && !g.JSON {
			return withCode(ExitError, bad[len(bad)-1])
		}
	}
	shown := func(err error) error {
		if err == nil && len(bad) > 0 {
			return withCode(ExitError, bad[len(bad)-1])
		}
		return err
	}
	if len(opts.Leaves) == 0 {
		best, worst := leaves.Extremes(set, table, opts.Top)
		for k := 1; k <= equity.MaxLeave; k++ {
			bl := leavesByLengthJSON{Length: k}
			for _, e := range best[k] {
				bl.Best = append(bl.Best, entry(e.Leave, e.Value))
			}
			for _, e := range worst[k] {
				bl.Worst = append(bl.Worst, entry(e.Leave, e.Value))
			}
			out.ByLength = append(out.ByLength, bl)
		}
	}
	if g.JSON {
		return shown(g.PrintJSON(out))
	}
	d := ui.NewDoc().H1(p.T("leaves.show.title", "Table", leaveTableName(p, opts.Table)))
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
	return shown(g.Print(d))
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
