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

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillJudgeOptions{}
		c := &cobra.Command{
			Use:   "judge",
			Short: "Valid or not: real words against phonies, and racks that may have no word",
			Long: `Each question is a word to judge, y or n: real words, and phonies one tile from a
real word (a tile changed, added, removed or two swapped) that look like words.
Some questions (--racks) show a rack instead: is there a word with all its tiles?
About half of those have none.`,
			Example: `  atril drill judge
  atril drill judge --length 7-8 --ranks 1-5000 --time-limit 8s
  atril drill judge --racks 0`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				wr, err := wordRangeFlags(o.Length, o.Ranks)
				if err != nil {
					return err
				}
				return runDrill(g, c, drillRun{
					kind: drills.KindJudge, flags: &o.drillFlags,
					make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
						return drills.Judge(lex, drills.JudgeOptions{Count: o.Count, Seed: seed, Words: wr, RackShare: o.Racks})
					},
					options: map[string]any{"length": o.Length, "ranks": o.Ranks, "racks": o.Racks},
				})
			},
		}
		addDrillFlags(c, &o.drillFlags, 20, "50 questions (a study sheet)")
		addDeckFlag(g, c, &o.drillFlags)
		c.Flags().StringVar(&o.Length, "length", "2-8", "word length in tiles (2-15), N or FROM-TO; an open side: -4, 3-")
		c.Flags().StringVar(&o.Ranks, "ranks", "", "probability ranks FROM-TO within each length (default all)")
		c.Flags().Float64Var(&o.Racks, "racks", 0.2, "share of questions that are racks (0-1)")
		return c
	})
}
