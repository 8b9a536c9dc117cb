package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

func init() {
	registerPuzzle(func(g *Globals) *cobra.Command {
		p := g.P
		history := 0
		c := &cobra.Command{
			Use:     p.T("puzzle_stats.use"),
			Short:   p.T("puzzle_stats.short"),
			Long:    p.T("puzzle_stats.long"),
			Example: p.T("puzzle_stats.example"),
			Args:    cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				if history < 0 {
					return withCode(ExitError, i18n.E("puzzle_stats.bad_history", "History", history))
				}
				svc, err := puzzleService(g, true)
				if err != nil {
					return err
				}
				defer svc.Store.Close()
				st, err := svc.Stats(c.Context())
				if err != nil {
					return withCode(ExitError, err)
				}
				if g.JSON {
					return g.PrintJSON(st)
				}
				return g.Print(puzzles.StatsDoc(g.UI, g.P, st, history))
			},
		}
		c.Flags().IntVar(&history, "history", 10, p.T("puzzle_stats.flag.history"))
		return c
	})
}
