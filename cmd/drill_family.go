package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillFamilyOptions struct {
	drillFlags
	Complete bool
	Length   int
	Nominal  bool
	Words    []string
	Forms    int
}

// newDrillFamilyCmd makes `atril drill family`.
func newDrillFamilyCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillFamilyOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("family.use"),
		Short:   p.T("family.short"),
		Long:    p.T("family.long"),
		Example: p.T("family.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return run(c, drillRun{
				kind: drills.KindFamily, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.Family(lex, drills.FamilyOptions{Count: o.Count, Seed: seed, Complete: o.Complete,
						Length: o.Length, Nominal: o.Nominal, Lemmas: o.Words, Forms: o.Forms})
				},
				options: map[string]any{"complete": o.Complete, "length": o.Length, "nominal": o.Nominal, "words": o.Words, "forms": o.Forms},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.sheet_zero"))
	fl := c.Flags()
	fl.BoolVar(&o.Complete, "complete", false, p.T("family.flag.complete"))
	fl.IntVar(&o.Length, "length", 0, p.T("family.flag.length"))
	fl.BoolVar(&o.Nominal, "nouns", false, p.T("family.flag.nouns"))
	fl.StringArrayVar(&o.Words, "word", nil, p.T("family.flag.word"))
	fl.IntVar(&o.Forms, "forms", drills.DefaultFamilyForms, p.T("family.flag.forms"))
	return c
}
