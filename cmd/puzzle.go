package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// puzzleFilterFlags select the puzzles served (atril puzzle, puzzle next).
type puzzleFilterFlags puzzles.FilterSpec

func addPuzzleFilterFlags(g *Globals, c *cobra.Command, f *puzzleFilterFlags) {
	p := g.P
	fl := c.Flags()
	fl.StringVar(&f.Kind, "kind", "", p.T("puzzle.flag.kind"))
	fl.StringVar(&f.Tag, "tag", "", p.T("puzzle.flag.tag"))
	fl.StringVar(&f.Deck, "deck", "", p.T("puzzle.flag.deck"))
	fl.StringVar(&f.Source, "source", "", p.T("puzzle.flag.source"))
	_ = c.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(puzzles.KindNames(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("tag", cobra.FixedCompletions(puzzletag.IDs(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("source", cobra.FixedCompletions([]string{"selfplay", "gcg", "cgp"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
}

// filter reads the filter flags.
func (f *puzzleFilterFlags) filter(ctx context.Context, p *i18n.Printer, st *studystore.Store) (puzzles.Filter, error) {
	out, err := puzzles.FilterSpec(*f).Filter(ctx, st)
	if err != nil {
		return out, puzzleFlagError(p, err)
	}
	return out, nil
}

// puzzleFlagError words a puzzle kind, tag or source that names none with the flag it was given
// with.
func puzzleFlagError(p *i18n.Printer, err error) error {
	var ve *puzzles.ValueError
	if !errors.As(err, &ve) {
		return withCode(ExitError, err)
	}
	switch ve.Field {
	case "tag":
		return withCode(ExitError, i18n.E("puzzle.bad_tag", "Value", ve.Value, "Tags", puzzletag.Choices(p)))
	case "source":
		return withCode(ExitError, i18n.E("puzzle.bad_source", "Value", ve.Value))
	}
	return withCode(ExitError, i18n.E("puzzle.bad_kind", "Value", ve.Value))
}

// puzzleService opens the study database and the lexicon for solving.
func puzzleService(g *Globals, mustExist bool) (*puzzles.Service, error) {
	lex, err := g.Lex()
	if err != nil {
		return nil, err
	}
	table, err := g.leaveTable(leavetable.Builtin, false)
	if err != nil {
		return nil, err
	}
	st, err := openStudy(g, mustExist)
	if err != nil {
		return nil, err
	}
	return &puzzles.Service{Store: st, Lex: lex, Table: table, Known: leavetable.Known(lex.Tiles)}, nil
}

type puzzleOptions struct {
	puzzleFilterFlags
	Count int
}

// newPuzzleCmd makes `atril puzzle`.
func newPuzzleCmd(g *Globals) *cobra.Command {
	opts := &puzzleOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("puzzle.use"),
		Short:   p.T("puzzle.short"),
		Long:    p.T("puzzle.long"),
		Example: p.T("puzzle.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runPuzzle(c.Context(), g, opts)
		},
	}
	stopsCleanly(c)
	addPuzzleFilterFlags(g, c, &opts.puzzleFilterFlags)
	c.Flags().IntVarP(&opts.Count, "count", "n", 0, p.T("puzzle.flag.count"))
	// The subcommands, one file each.
	c.AddCommand(
		newPuzzleAnswerCmd(g, nil),
		newPuzzleGenCmd(g, nil),
		newPuzzleNextCmd(g, nil),
		newPuzzleStatsCmd(g, nil),
	)
	return c
}

func runPuzzle(ctx context.Context, g *Globals, opts *puzzleOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Count < 0 {
		return withCode(ExitError, i18n.E("puzzle.bad_count", "Count", opts.Count))
	}
	svc, err := puzzleService(g, false)
	if err != nil {
		return err
	}
	defer svc.Store.Close()
	f, err := opts.filter(ctx, g.P, svc.Store)
	if err != nil {
		return err
	}
	out := g.UI
	if g.JSON {
		out = g.ErrUI // stdout carries only the summary
	}
	r := &puzzles.Runner{Service: svc, In: g.io.In, UI: out, P: g.P, Now: g.io.Now, Filter: f, Count: opts.Count,
		Echo: !isTerminal(g.io.In), Draw: drawBoard}
	sum, err := r.Session(ctx)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(sum)
	}
	return g.Print(puzzles.RunSummaryDoc(g.UI, g.P, sum))
}
