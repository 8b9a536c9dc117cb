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

// newDrillTwosCmd makes `atril drill twos`.
func newDrillTwosCmd(g *Globals, run drillRunner) *cobra.Command {
	o := &drillTwosOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("drill.twos.use"),
		Short:   p.T("drill.twos.short"),
		Long:    p.T("drill.twos.long"),
		Example: p.T("drill.twos.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return run(c, drillRun{
				kind: drills.KindTwos, flags: &o.drillFlags,
				make: func(lex *lexicon.Lexicon, seed uint64) ([]drills.Question, error) {
					return drills.Twos(lex, drills.TwosOptions{Count: o.Count, Seed: seed, ByTile: o.ByTile, Tiles: o.Tiles})
				},
				options: map[string]any{"by_tile": o.ByTile, "tiles": o.Tiles},
			})
		},
	}
	addDrillFlags(g, c, &o.drillFlags, 20, p.T("drill.twos.count_zero"))
	addDeckFlag(g, c, &o.drillFlags)
	c.Flags().BoolVar(&o.ByTile, "by-tile", false, p.T("drill.twos.flag.by_tile"))
	c.Flags().StringArrayVar(&o.Tiles, "tile", nil, p.T("drill.twos.flag.tile"))
	return c
}
