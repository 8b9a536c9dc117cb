package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/stats"
)

// todayOptions are today's: it has no flags of its own (the global --db, --json, --lang).
type todayOptions struct{}

// newTodayCmd makes `atril today`.
func newTodayCmd(g *Globals) *cobra.Command { return newTodayCmdWith(g, nil) }

// newTodayCmdWith is newTodayCmd with runF, when not nil, standing in for the run (gh's seam).
func newTodayCmdWith(g *Globals, runF func(*todayOptions) error) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("today.use"),
		Short:   p.T("today.short"),
		Long:    p.T("today.long"),
		Example: p.T("today.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(&todayOptions{}) // flag tests: the arguments checked, nothing run
			}
			return runToday(g, c)
		},
	}
}

func runToday(g *Globals, c *cobra.Command) error {
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
}
