package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/stats/leaves"
)

// leavesStatusOptions is what `atril leaves status` is asked: the directory of the shards.
type leavesStatusOptions struct{ Dir string }

// newLeavesStatusCmd makes `atril leaves status`. runF, when not nil, stands in for the run
// (gh's seam).
func newLeavesStatusCmd(g *Globals, runF func(*leavesStatusOptions) error) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("leaves.status.use"),
		Short:   p.T("leaves.status.short"),
		Long:    p.T("leaves.status.long"),
		Example: p.T("leaves.status.example"),
		Args:    cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if runF != nil {
				return runF(&leavesStatusOptions{Dir: args[0]}) // flag tests: the options parsed, nothing run
			}
			return runLeavesStatus(g, args[0])
		},
	}
}

// runLeavesStatus says where the shards in dir stand; it exits ExitNo unless every generation
// found is complete.
func runLeavesStatus(g *Globals, dir string) error {
	out, err := leaves.ReportStatus(dir, g.io.Now())
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(out.Doc(g.P))
	}
	if err == nil && !out.Complete {
		err = withCode(ExitNo, errSilentNo)
	}
	return err
}
