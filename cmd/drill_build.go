package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillBuildOptions struct {
	drillFlags
	Rack       int
	Min        int
	Blanks     int
	MaxAnswers int
}

// newDrillBuildCmd makes `atril drill build`.
func newDrillBuildCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillBuildOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.build.use"),
		Short:   p.T("drill.build.short"),
		Long:    p.T("drill.build.long"),
		Example: p.T("drill.build.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if o.MaxAnswers < 0 {
				return withCode(ExitError, i18n.E("drill.err.max_answers_flag", "Value", o.MaxAnswers))
			}
			return run(c, drillRun{
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
	addDrillFlags(g, c, &o.drillFlags, 10, p.T("drill.sheet_zero"))
	c.Flags().IntVar(&o.Rack, "rack", 7, p.T("drill.build.flag.rack"))
	c.Flags().IntVar(&o.Min, "min", 5, p.T("drill.build.flag.min"))
	c.Flags().IntVar(&o.Blanks, "blanks", 0, p.T("drill.build.flag.blanks"))
	c.Flags().IntVar(&o.MaxAnswers, "max-answers", 30, p.T("drill.build.flag.max_answers"))
	return c
}
