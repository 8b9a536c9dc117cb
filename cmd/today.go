package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/stats"
)

// newTodayCmd makes `atril today`.
func newTodayCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("today.use"),
		Short:   p.T("today.short"),
		Long:    p.T("today.long"),
		Example: p.T("today.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			now := g.io.Now()
			st, err := openStatsStore(g)
			if err != nil {
				return err
			}
			t := stats.Today{Date: now.Format("2006-01-02"), Empty: true, Decks: []stats.TodayDeck{}}
			if st != nil {
				defer st.Close()
				if t, err = stats.PlanToday(c.Context(), st, now, now.Location()); err != nil {
					return withCode(ExitError, err)
				}
			}
			if g.JSON {
				return g.PrintJSON(t)
			}
			return g.Print(t.Doc(g.P))
		},
	}
}
