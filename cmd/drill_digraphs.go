package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillDigraphsOptions struct {
	drillFlags
	Length string
}

// newDrillDigraphsCmd makes `atril drill digraphs`.
func newDrillDigraphsCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillDigraphsOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.digraphs.use"),
		Short:   p.T("drill.digraphs.short"),
		Long:    p.T("drill.digraphs.long"),
		Example: p.T("drill.digraphs.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			wr, err := wordRangeFlags(o.Length, "")
			if err != nil {
				return err
			}
			return run(c, drillRun{
				kind: drills.KindDigraphs, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.Digraphs(lex, drills.DigraphOptions{Count: o.Count, Seed: seed, MinLen: wr.MinLen, MaxLen: wr.MaxLen})
				},
				options: map[string]any{"length": o.Length},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.sheet_zero"))
	c.Flags().StringVar(&o.Length, "length", "2-5", p.T("drill.flag.length"))
	return c
}
