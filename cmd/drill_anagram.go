package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillAnagramOptions struct {
	drillFlags
	Length int
	Ranks  string
	Blanks int
}

// newDrillAnagramCmd makes `atril drill anagram`.
func newDrillAnagramCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillAnagramOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.anagram.use"),
		Short:   p.T("drill.anagram.short"),
		Long:    p.T("drill.anagram.long"),
		Example: p.T("drill.anagram.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			lo, hi, err := drills.ParseRanks(o.Ranks)
			if err != nil {
				return flagError("--ranks", err)
			}
			return run(c, drillRun{
				kind: drills.KindAnagram, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.Anagram(lex, drills.AnagramOptions{
						Count: o.Count, Seed: seed, Length: o.Length, MinRank: lo, MaxRank: hi, Blanks: o.Blanks,
					})
				},
				options: map[string]any{"length": o.Length, "ranks": o.Ranks, "blanks": o.Blanks},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.anagram.count_zero"))
	addDeckFlag(g, c, &o.drillFlags)
	c.Flags().IntVar(&o.Length, "length", 7, p.T("drill.anagram.flag.length"))
	c.Flags().StringVar(&o.Ranks, "ranks", "", p.T("drill.anagram.flag.ranks"))
	c.Flags().IntVar(&o.Blanks, "blanks", 0, p.T("drill.anagram.flag.blanks"))
	return c
}
