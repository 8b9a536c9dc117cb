package cmd

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

// newPuzzleNextCmd makes `atril puzzle next`. runF, when not nil, stands in for the run
// (gh's seam).
func newPuzzleNextCmd(g *Globals, runF func(*puzzleFilterFlags) error) *cobra.Command {
	opts := &puzzleFilterFlags{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("puzzle_next.use"),
		Short:   p.T("puzzle_next.short"),
		Long:    p.T("puzzle_next.long"),
		Example: p.T("puzzle_next.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runPuzzleNext(c, g, opts)
		},
	}
	addPuzzleFilterFlags(g, c, opts)
	return c
}

func runPuzzleNext(c *cobra.Command, g *Globals, opts *puzzleFilterFlags) error {
	ctx := c.Context()
	svc, err := puzzleService(g, true) // reads only: a missing database is a mistyped --db
	if err != nil {
		return err
	}
	defer svc.Store.Close()
	f, err := opts.filter(ctx, g.P, svc.Store)
	if err != nil {
		return err
	}
	pz, err := svc.Next(ctx, f)
	if errors.Is(err, puzzles.ErrNoPuzzle) {
		return withCode(ExitNo, i18n.E("puzzle.none_left"))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(pz.NextJSON(svc.Lex.Tiles))
	}
	player, _, err := svc.PlayerRating(ctx)
	if err != nil {
		return withCode(ExitError, err)
	}
	d := puzzles.PuzzleDoc(g.UI, g.P, pz, player, drawBoard)
	d.Note(g.P.T("puzzle_next.how", "ID", pz.ID))
	return g.Print(d)
}
