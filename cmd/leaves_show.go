package cmd

import (
	"cmp"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type leavesShowOptions struct {
	Table  string
	Leaves []string
	Top    int
}

// maxShowTop bounds --top: the lists are for reading.
const maxShowTop = 1000

// newLeavesShowCmd makes `atril leaves show`. runF, when not nil, stands in for the run
// (gh's seam).
func newLeavesShowCmd(g *Globals, runF func(*leavesShowOptions) error) *cobra.Command {
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
			if len(args) > 0 && leavetable.IsSpec(args[0]) {
				opts.Table, args = args[0], args[1:]
			}
			opts.Leaves = args
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runLeavesShow(g, opts)
		},
	}
	c.Flags().IntVar(&opts.Top, "top", 5, p.T("leaves.show.flag.top"))
	return c
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
	out, bad, err := leaves.Show(ts, table, opts.Table, opts.Leaves, opts.Top)
	if err != nil {
		return withCode(ExitError, err)
	}
	// A bad leave is reported (on stderr, and exit 2) after the good ones are shown.
	if len(bad) > 0 {
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
	if g.JSON {
		return shown(g.PrintJSON(out))
	}
	return shown(g.Print(out.Doc(p, leaveTableName(p, opts.Table))))
}
