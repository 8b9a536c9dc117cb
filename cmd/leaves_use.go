package cmd

import (
	"cmp"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/ui"
)

type leavesUseJSON struct {
	// Spec is what commands without --leaves use: builtin, handset, none or a KLV2 file's path.
	Spec  string           `json:"spec"`
	Table equity.TableInfo `json:"table"`
}

// leavesUseOptions: Choose says a table was given, Spec is that table; without one, the
// command says which table is chosen.
type leavesUseOptions struct {
	Choose bool
	Spec   string
}

// newLeavesUseCmd makes `atril leaves use`; runF, when not nil, stands in for the run (gh's seam).
func newLeavesUseCmd(g *Globals, runF func(*leavesUseOptions) error) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:               p.T("leaves.use_cmd.use"),
		Short:             p.T("leaves.use_cmd.short"),
		Long:              p.T("leaves.use_cmd.long"),
		Example:           p.T("leaves.use_cmd.example"),
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: leavesSpecs,
		RunE: func(_ *cobra.Command, args []string) error {
			opts := &leavesUseOptions{}
			if len(args) == 1 {
				opts.Choose, opts.Spec = true, args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runLeavesUse(g, opts)
		},
	}
}

// runLeavesUse chooses the leave table of every command given no --leaves, after checking it
// opens for the tile set; with no table given it says which table that is.
func runLeavesUse(g *Globals, opts *leavesUseOptions) error {
	p := g.P
	chosen, err := g.chosenLeaves()
	if err != nil {
		return err
	}
	spec := cmp.Or(chosen, leavetable.Builtin)
	var t equity.Table
	if opts.Choose {
		ts, err := g.TileSet()
		if err != nil {
			return err
		}
		if spec, t, err = leavetable.Choose(g.settings(), opts.Spec, ts); err != nil {
			return withCode(ExitError, err)
		}
	} else if t, err = g.leaveTable(spec, true); err != nil {
		return err
	}
	if g.JSON {
		return g.PrintJSON(leavesUseJSON{Spec: spec, Table: t.Info})
	}
	msg := "leaves.use_cmd.current"
	if opts.Choose {
		msg = "leaves.use_cmd.done"
	}
	return g.Print(ui.NewDoc().P(p.T(msg, "Spec", spec, "Checksum", t.Info.Checksum)))
}
