package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillJudgeOptions struct {
	drillFlags
	Length string
	Ranks  string
	Racks  float64
}

// newDrillJudgeCmd makes `atril drill judge`.
func newDrillJudgeCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillJudgeOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.judge.use"),
		Short:   p.T("drill.judge.short"),
		Long:    p.T("drill.judge.long"),
		Example: p.T("drill.judge.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			wr, err := wordRangeFlags(o.Length, o.Ranks)
			if err != nil {
				return err
			}
			return run(c, drillRun{
				kind: drills.KindJudge, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.Judge(lex, drills.JudgeOptions{Count: o.Count, Seed: seed, Words: wr, RackShare: o.Racks})
				},
				options: map[string]any{"length": o.Length, "ranks": o.Ranks, "racks": o.Racks},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.sheet_zero"))
	addDeckFlag(g, c, &o.drillFlags)
	c.Flags().StringVar(&o.Length, "length", "2-8", p.T("drill.flag.length"))
	c.Flags().StringVar(&o.Ranks, "ranks", "", p.T("drill.flag.ranks"))
	c.Flags().Float64Var(&o.Racks, "racks", 0.2, p.T("drill.judge.flag.racks"))
	return c
}
