package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillHooksOptions struct {
	drillFlags
	Length string
	Ranks  string
}

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillHooksOptions{}
		c := &cobra.Command{
			Use:   "hooks",
			Short: "Words to hook: type the tiles that go before and after",
			Long: `Each question is a word; type its front hook tiles, a slash, and its back hook
tiles ("a ch / s"; "- / s" when there is no front hook; an empty line when none at
all). Digraph tiles hook like any other.`,
			Example: `  atril drill hooks --length 2-3
  atril drill hooks --length 4 --ranks 1-2000 --count 30`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				wr, err := wordRangeFlags(o.Length, o.Ranks)
				if err != nil {
					return err
				}
				return runDrill(g, c, drillRun{
					kind: drills.KindHooks, flags: &o.drillFlags,
					make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
						return drills.HooksQuestions(lex, drills.HooksOptions{Count: o.Count, Seed: seed, Words: wr})
					},
					options: map[string]any{"length": o.Length, "ranks": o.Ranks},
				})
			},
		}
		addDrillFlags(c, &o.drillFlags, 20, "every word the options select")
		addDeckFlag(g, c, &o.drillFlags)
		c.Flags().StringVar(&o.Length, "length", "2-4", "word length in tiles (2-15), N or FROM-TO; an open side: -4, 3-")
		c.Flags().StringVar(&o.Ranks, "ranks", "", "probability ranks FROM-TO within each length (default all)")
		return c
	})
}

// wordRangeFlags reads --length and --ranks.
func wordRangeFlags(length, ranks string) (drills.WordRange, error) {
	lo, hi, err := drills.ParseLengths(length)
	if err != nil {
		return drills.WordRange{}, withCode(ExitError, fmt.Errorf("--length %w", err))
	}
	rlo, rhi, err := drills.ParseRange(ranks)
	if err != nil {
		return drills.WordRange{}, withCode(ExitError, fmt.Errorf("--ranks %w", err))
	}
	return drills.WordRange{MinLen: lo, MaxLen: hi, MinRank: rlo, MaxRank: rhi}, nil
}
