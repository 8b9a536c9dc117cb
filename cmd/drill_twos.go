package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
)

type drillTwosOptions struct {
	drillFlags
	ByTile bool
	Tiles  []string
}

func init() {
	registerDrill(func(g *Globals) *cobra.Command {
		o := &drillTwosOptions{}
		c := &cobra.Command{
			Use:   "twos",
			Short: "Two-tile words: judge each combination, or list every one with a tile",
			Long: `Each question shows two tiles: answer y if they make a word, n if not. Half are
words (the lexicon's whole two-tile list, CHA CHE CHO LLE included), half look like
words. With --by-tile, or --tile, each question is a tile instead: type every
two-tile word with it.`,
			Example: `  atril drill twos
  atril drill twos --count 0 --list        # the whole list against as many decoys
  atril drill twos --tile CH --tile Ñ
  atril drill twos --by-tile --count 0`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				return runDrill(g, c, drillRun{
					kind: drills.KindTwos, flags: &o.drillFlags,
					make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
						return drills.Twos(lex, drills.TwosOptions{Count: o.Count, Seed: seed, ByTile: o.ByTile, Tiles: o.Tiles})
					},
					options: map[string]any{"by_tile": o.ByTile, "tiles": o.Tiles},
				})
			},
		}
		addDrillFlags(c, &o.drillFlags, 20, "every two-tile word and as many look-alikes (--by-tile: every tile)")
		addDeckFlag(g, c, &o.drillFlags)
		c.Flags().BoolVar(&o.ByTile, "by-tile", false, "ask for every two-tile word with a tile")
		c.Flags().StringArrayVar(&o.Tiles, "tile", nil, "the tile to ask about (repeatable; implies --by-tile)")
		return c
	})
}
