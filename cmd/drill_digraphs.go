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

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillDigraphsOptions{}
		c := &cobra.Command{
			Use:   "digraphs",
			Short: "Short words on the CH, LL and RR tiles, and the C+H rule trap",
			Long: `Questions on words of --length tiles with a CH, LL or RR tile, every tile shown
apart (CH·I·C·O): racks to anagram, words to judge, and the rule trap: the same word
spelt with separate C and H (L and L, R and R) tiles, which is never valid.`,
			Example: `  atril drill digraphs
  atril drill digraphs --length 2-3 --count 30`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				wr, err := wordRangeFlags(o.Length, "")
				if err != nil {
					return err
				}
				return runDrill(g, c, drillRun{
					kind: drills.KindDigraphs, flags: &o.drillFlags,
					make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
						return drills.Digraphs(lex, drills.DigraphOptions{Count: o.Count, Seed: seed, MinLen: wr.MinLen, MaxLen: wr.MaxLen})
					},
					options: map[string]any{"length": o.Length},
				})
			},
		}
		addDrillFlags(c, &o.drillFlags, 20, "50 questions (a study sheet)")
		c.Flags().StringVar(&o.Length, "length", "2-5", "word length in tiles (2-15), N or FROM-TO; an open side: -4, 3-")
		return c
	})
}
