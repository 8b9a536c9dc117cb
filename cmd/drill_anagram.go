package cmd

import (
	"fmt"

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

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillAnagramOptions{}
		c := &cobra.Command{
			Use:   "anagram",
			Short: "Racks to anagram: type every word that uses all the tiles",
			Long: `Each question is a rack in alphagram order (CH, LL and RR are single tiles); type
every word that uses all of its tiles, on one line. The racks are the alphagrams of
the words of --length tiles whose probability rank is in --ranks; --blanks 1 or 2
turns a tile into ? ("blank bingos": a stem plus ?).`,
			Example: `  atril drill anagram --length 7 --ranks 1-500
  atril drill anagram --length 8 --blanks 1 --count 10 --time-limit 30s
  atril drill anagram --length 5 --count 0 --list     # a sheet of every 5-tile rack`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				lo, hi, err := drills.ParseRange(o.Ranks)
				if err != nil {
					return withCode(ExitError, fmt.Errorf("--ranks %w", err))
				}
				return runDrill(g, c, drillRun{
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
		addDrillFlags(c, &o.drillFlags, 20, "every rack the options select")
		addDeckFlag(g, c, &o.drillFlags)
		c.Flags().IntVar(&o.Length, "length", 7, "tiles per rack (2-15)")
		c.Flags().StringVar(&o.Ranks, "ranks", "", "probability ranks FROM-TO among words of that length (1 = most probable; default all)")
		c.Flags().IntVar(&o.Blanks, "blanks", 0, "blanks per rack, 0-2")
		return c
	})
}
