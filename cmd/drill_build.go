package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillBuildOptions struct {
	drillFlags
	Rack       int
	Min        int
	Blanks     int
	MaxAnswers int
}

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillBuildOptions{}
		c := &cobra.Command{
			Use:   "build",
			Short: "Racks drawn from the bag: type every word of at least --min tiles",
			Long: `Each question is a rack drawn from a full bag, in alphagram order; type every word
of at least --min tiles that its tiles make, on one line.`,
			Example: `  atril drill build --min 5
  atril drill build --rack 8 --min 6 --blanks 1`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				if o.MaxAnswers < 0 {
					return withCode(ExitError, fmt.Errorf("--max-answers %d: want 0 (no limit) or more", o.MaxAnswers))
				}
				return runDrill(g, c, drillRun{
					kind: drills.KindBuild, flags: &o.drillFlags,
					make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
						return drills.Build(lex, drills.BuildOptions{
							Count: o.Count, Seed: seed, RackLen: o.Rack, MinLen: o.Min, Blanks: o.Blanks, MaxAnswers: o.MaxAnswers,
						})
					},
					options: map[string]any{"rack": o.Rack, "min": o.Min, "blanks": o.Blanks, "max_answers": o.MaxAnswers},
				})
			},
		}
		addDrillFlags(c, &o.drillFlags, 10, "50 racks (a study sheet)")
		c.Flags().IntVar(&o.Rack, "rack", 7, "tiles per rack")
		c.Flags().IntVar(&o.Min, "min", 5, "shortest word to give, in tiles")
		c.Flags().IntVar(&o.Blanks, "blanks", 0, "at most this many blanks per rack, 0-2")
		c.Flags().IntVar(&o.MaxAnswers, "max-answers", 30, "skip racks with more words than this (0: no limit)")
		return c
	})
}
