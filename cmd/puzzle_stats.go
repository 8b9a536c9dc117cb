package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
	"github.com/atril-scrabble/atril/stats"
)

type puzzleStatsOptions struct {
	History int
	Plot    string
	Kind    string
}

// newPuzzleStatsCmd makes `atril puzzle stats`. runF, when not nil, stands in for the run
// (gh's seam).
func newPuzzleStatsCmd(g *Globals, runF func(*puzzleStatsOptions) error) *cobra.Command {
	p := g.P
	opts := &puzzleStatsOptions{}
	c := &cobra.Command{
		Use:     p.T("puzzle_stats.use"),
		Short:   p.T("puzzle_stats.short"),
		Long:    p.T("puzzle_stats.long"),
		Example: p.T("puzzle_stats.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			history, plotFile, kind := opts.History, opts.Plot, opts.Kind
			if history < 0 {
				return withCode(ExitError, i18n.E("puzzle_stats.bad_history", "History", history))
			}
			if err := checkOutput(plotFile); err != nil {
				return err
			}
			k, ok := puzzles.ParseKind(kind)
			if kind != "" && !ok {
				return withCode(ExitError, i18n.E("puzzle.bad_kind", "Value", kind))
			}
			svc, err := puzzleService(g, true)
			if err != nil {
				return err
			}
			defer svc.Store.Close()
			st, err := svc.StatsOf(c.Context(), k)
			if err != nil {
				return withCode(ExitError, err)
			}
			var plotted bool
			if plotFile != "" {
				if err := stats.PlotPuzzleRating(plotFile, st.History, g.P); err != nil {
					return withCode(ExitError, err)
				}
				plotted = true
			}
			if g.JSON {
				return g.PrintJSON(st)
			}
			d := puzzles.StatsDoc(g.UI, g.P, st, history)
			if plotted {
				d.Note(p.T("stats.plot_written", "File", plotFile))
			}
			return g.Print(d)
		},
	}
	c.Flags().IntVar(&opts.History, "history", 10, p.T("puzzle_stats.flag.history"))
	c.Flags().StringVar(&opts.Plot, "plot", "", p.T("puzzle_stats.flag.plot"))
	c.Flags().StringVar(&opts.Kind, "kind", "", p.T("egpuzzle.flag.stats_kind"))
	_ = c.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(puzzles.KindNames(), cobra.ShellCompDirectiveNoFileComp))
	return c
}
