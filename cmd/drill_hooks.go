package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillHooksOptions struct {
	drillFlags
	Length string
	Ranks  string
}

// newDrillHooksCmd makes `atril drill hooks`.
func newDrillHooksCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillHooksOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.hooks.use"),
		Short:   p.T("drill.hooks.short"),
		Long:    p.T("drill.hooks.long"),
		Example: p.T("drill.hooks.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			wr, err := wordRangeFlags(o.Length, o.Ranks)
			if err != nil {
				return err
			}
			return run(c, drillRun{
				kind: drills.KindHooks, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.HooksQuestions(lex, drills.HooksOptions{Count: o.Count, Seed: seed, Words: wr})
				},
				options: map[string]any{"length": o.Length, "ranks": o.Ranks},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.hooks.count_zero"))
	addDeckFlag(g, c, &o.drillFlags)
	c.Flags().StringVar(&o.Length, "length", "2-4", p.T("drill.flag.length"))
	c.Flags().StringVar(&o.Ranks, "ranks", "", p.T("drill.flag.ranks"))
	return c
}

// wordRangeFlags reads --length and --ranks.
func wordRangeFlags(length, ranks string) (drills.WordRange, error) {
	lo, hi, err := drills.ParseLengths(length)
	if err != nil {
		return drills.WordRange{}, flagError("--length", err)
	}
	rlo, rhi, err := drills.ParseRanks(ranks)
	if err != nil {
		return drills.WordRange{}, flagError("--ranks", err)
	}
	return drills.WordRange{MinLen: lo, MaxLen: hi, MinRank: rlo, MaxRank: rhi}, nil
}
