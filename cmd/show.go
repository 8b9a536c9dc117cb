package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/boardtext"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
)

type showOptions struct {
	CGP  string
	GCG  string
	Turn int
}

// newShowCmd makes `atril show`.
func newShowCmd(g *Globals) *cobra.Command {
	opts := &showOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("show.use"),
		Short:   p.T("show.short"),
		Long:    p.T("show.long"),
		Example: p.T("show.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Turn = -1
			if c.Flags().Changed("turn") {
				opts.Turn, _ = c.Flags().GetInt("turn")
				if opts.Turn < 0 {
					return withCode(ExitError, i18n.E("show.negative_turn", "Turn", opts.Turn))
				}
			}
			return runShow(g, opts)
		},
	}
	c.Flags().StringVar(&opts.CGP, "cgp", "", p.T("show.flag.cgp"))
	c.Flags().StringVar(&opts.GCG, "gcg", "", p.T("show.flag.gcg"))
	c.Flags().Int("turn", 0, p.T("show.flag.turn"))
	return c
}

func runShow(g *Globals, opts *showOptions) error {
	if (opts.CGP == "") == (opts.GCG == "") {
		return withCode(ExitError, i18n.E("show.needs"))
	}
	if opts.CGP != "" && opts.Turn >= 0 {
		return withCode(ExitError, i18n.E("show.turn_needs_gcg"))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	var out *boardtext.View
	if opts.CGP != "" {
		pos, err := parseCGPFlag(opts.CGP, ts)
		if err != nil {
			return err
		}
		g.notes(pos.Notes())
		out = boardtext.PositionView(pos)
	} else {
		game, err := gcg.ReadFile(opts.GCG, ts)
		if err != nil {
			return withCode(ExitError, err)
		}
		g.notes(game.Notes(ts, "")) // show judges no words
		if opts.Turn > game.Turns() {
			return withCode(ExitError, i18n.E("show.turn_range", "Turn", opts.Turn, "Max", game.Turns(), "File", opts.GCG))
		}
		if out, err = boardtext.GameView(game, ts, opts.Turn, g.P); err != nil {
			return withCode(ExitError, err)
		}
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.UI, g.P))
}

// drawBoard draws a position's board for the commands that show one (play, puzzles).
var drawBoard = boardtext.Draw
