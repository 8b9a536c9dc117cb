package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/stats"
)

func init() {
	register(func(g *Globals) *cobra.Command {
		return &cobra.Command{
			Use:   "stats",
			Short: "Answers, accuracy and time per drill and per deck, last 7 and 30 days",
			Long: `Sums every answer in the study database (--db, $ATRIL_DB, else the user data
directory) over the last 7 and 30 days: how many, the share right with its 95%
interval (Wilson), and the time per answer; per drill kind and per deck.

--json prints {"now","windows":[{"days","since","total","by_drill":[...],"by_deck":[...]}]},
each row {"group","answers","correct","accuracy","accuracy_low","accuracy_high",
"seconds","mean_seconds"}.`,
			Example: `  atril stats
  atril stats --json | jq '.windows[0].total'`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				st, err := openStudyStoreToRead(g)
				if err != nil {
					return err
				}
				defer st.Close()
				r, err := stats.Collect(c.Context(), st, g.io.Now())
				if err != nil {
					return withCode(ExitError, err)
				}
				if g.JSON {
					return g.PrintJSON(r)
				}
				return g.PrintMarkdown(r.Markdown())
			},
		}
	})
}
