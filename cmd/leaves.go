package cmd

import (
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/settings"
	"github.com/atril-scrabble/atril/internal/ui"
)

// newLeavesCmd makes `atril leaves`.
func newLeavesCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("leaves.use"),
		Short:   p.T("leaves.short"),
		Long:    p.T("leaves.long"),
		Example: p.T("leaves.example"),
	}
	// The subcommands, one file each.
	c.AddCommand(
		newLeavesEvalCmd(g, nil),
		newLeavesLearnCmd(g, nil),
		newLeavesMergeCmd(g, nil),
		newLeavesShowCmd(g, nil),
		newLeavesStatusCmd(g, nil),
		newLeavesUseCmd(g, nil),
	)
	return c
}

// leaveTable is the leave table in use for --tiles (leavetable.InUse): spec when given is true
// (a --leaves flag given), else the command's default spec, for which builtin means the table
// chosen with `atril leaves use`.
func (g *Globals) leaveTable(spec string, given bool) (equity.Table, error) {
	ts, err := g.TileSet()
	if err != nil {
		return equity.Table{}, err
	}
	t, err := leavetable.InUse(g.settings(), spec, given, ts)
	if ce := (*leavetable.ChosenError)(nil); errors.As(err, &ce) {
		err = i18n.Wrap(ce.Err, "leaves.use_cmd.chosen_fails", "Spec", ce.Spec) // how to go back
	}
	if err != nil {
		return equity.Table{}, withCode(ExitError, err)
	}
	return t, nil
}

// leaveValues is leaveTable's values, nil for none (moves, leaves show).
func (g *Globals) leaveValues(spec string, given bool) (equity.Leaves, error) {
	t, err := g.leaveTable(spec, given)
	return t.Leaves, err
}

// playerLeaves is leaveValues for players (self-play, simulation, learning, bench), which
// need a table even for none (leavetable.Playing).
func (g *Globals) playerLeaves(spec string, given bool) (equity.Leaves, error) {
	t, err := g.leaveTable(spec, given)
	return leavetable.Playing(t), err
}

// settings is atril's settings file in the data directory.
func (g *Globals) settings() settings.File { return settings.New(g.io.Getenv) }

// chosenLeaves is the leave table chosen with `atril leaves use`, "" for none (builtin).
func (g *Globals) chosenLeaves() (string, error) {
	chosen, err := leavetable.Chosen(g.settings())
	if err != nil {
		return "", withCode(ExitError, err)
	}
	return chosen, nil
}

// leavesSpecs completes a leave SPEC flag.
func leavesSpecs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{leavetable.Builtin, leavetable.Handset, leavetable.None}, cobra.ShellCompDirectiveDefault
}

// gamesProgress is a progress bar of games on stderr whose label shows the rate and the time left
// given (for a run of several stages, the whole run's).
type gamesProgress struct {
	bar  *ui.Progress
	rate float64
	left time.Duration
}

func newGamesProgress(g *Globals, total int) *gamesProgress {
	gp := &gamesProgress{}
	p := g.P
	gp.bar = ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, total, func(done, total int, rate float64, left time.Duration) string {
		if gp.rate > 0 {
			rate, left = gp.rate, gp.left
		}
		return p.T("leaves.progress.label", "Done", p.Int(done), "Total", p.Int(total), "Rate", p.Float(rate, 0), "Left", p.Duration(left))
	})
	return gp
}
