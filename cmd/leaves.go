package cmd

import (
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats/leaves"
)

func init() {
	register(func(g *Globals) *cobra.Command {
		p := g.P
		c := &cobra.Command{
			Use:     p.T("leaves.use"),
			Short:   p.T("leaves.short"),
			Long:    p.T("leaves.long"),
			Example: p.T("leaves.example"),
		}
		for _, sub := range leavesCommands {
			c.AddCommand(sub(g))
		}
		return c
	})
}

// leavesCommands are the subcommands, one file each (leaves_learn.go, ...).
var leavesCommands []func(*Globals) *cobra.Command

func registerLeaves(f func(*Globals) *cobra.Command) { leavesCommands = append(leavesCommands, f) }

// leavesTable resolves a leave SPEC (builtin, handset, none or a KLV2 path) for --tiles; nil is
// none. With useDefault (the flag left at builtin), a tile set the built-in table was not made
// for gets the hand-set model instead of an error.
func (g *Globals) leavesTable(spec string, useDefault bool) (equity.Leaves, error) {
	t, err := g.openLeaves(spec, useDefault)
	return t.Leaves, err
}

// playLeaves is leavesTable for players (self-play, simulation, learning, bench), which need
// a table even for none: leaves.Zero.
func (g *Globals) playLeaves(spec string, useDefault bool) (equity.Leaves, error) {
	t, err := g.leavesTable(spec, useDefault)
	if t == nil && err == nil {
		t = leaves.Zero
	}
	return t, err
}

// openLeaves is leavesTable with the table's name and checksum. With useDefault the table
// chosen with `atril leaves use`, if any, stands in for builtin.
func (g *Globals) openLeaves(spec string, useDefault bool) (equity.Table, error) {
	ts, err := g.TileSet()
	if err != nil {
		return equity.Table{}, err
	}
	if useDefault && spec == leaves.Builtin {
		chosen, err := g.chosenLeaves()
		if err != nil {
			return equity.Table{}, err
		}
		if chosen != "" {
			t, err := leaves.Open(chosen, ts)
			if err != nil {
				return equity.Table{}, withCode(ExitError, i18n.Wrap(err, "leaves.use_cmd.chosen_fails", "Spec", chosen))
			}
			return t, nil
		}
	}
	t, err := leaves.Open(spec, ts)
	if err != nil && useDefault && spec == leaves.Builtin {
		return equity.HandSet(ts), nil
	}
	if err != nil {
		return equity.Table{}, withCode(ExitError, err)
	}
	return t, nil
}

// chosenLeaves is the leave table chosen with `atril leaves use`, "" for none (builtin).
func (g *Globals) chosenLeaves() (string, error) {
	chosen, err := g.lexiconRegistry().ChosenLeaves()
	if err != nil {
		return "", withCode(ExitError, err)
	}
	return chosen, nil
}

// leavesSpecs completes a leave SPEC flag.
func leavesSpecs(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{leaves.Builtin, leaves.Handset, leaves.None}, cobra.ShellCompDirectiveDefault
}

// isLeavesTable says whether a show argument names a table rather than a leave.
func isLeavesTable(arg string) bool {
	if leaves.Named(arg) {
		return true
	}
	if strings.HasSuffix(strings.ToLower(arg), ".klv2") {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && fi.Mode().IsRegular()
}

// leaveNotation spells a leave as moves shows one: tiles in alphagram order, blanks last.
func leaveNotation(ts *lexicon.TileSet, w []lexicon.Tile) string {
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
		return p.T("leaves.progress.label", "Done", p.Int(done), "Total", p.Int(total), "Rate", p.Float(rate, 0), "Left", duration(p, left))
	})
	return gp
}

// duration writes a time span as players read it: 45 s, 12 min, 2 h 5 min.
func duration(p *i18n.Printer, d time.Duration) string {
	switch {
	case d < time.Minute:
		return p.T("leaves.progress.seconds", "Count", int(d.Seconds()+0.5))
	case d < time.Hour:
		return p.T("leaves.progress.minutes", "Count", int(d.Minutes()+0.5))
	}
	m := int(d.Minutes() + 0.5)
	return p.T("leaves.progress.hours", "Hours", m/60, "Minutes", m%60)
}
