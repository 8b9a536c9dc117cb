package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/boardtext"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

type movesOptions struct {
	CGP    string
	Top    int
	All    bool
	By     string
	Leaves string
	// LeavesGiven: --leaves was given; else builtin falls back to handset for a tile set the
	// built-in table was not made for.
	LeavesGiven bool
	Exchanges   bool
}

// newMovesCmd makes `atril moves`. runF, when not nil, stands in for the run (gh's seam).
func newMovesCmd(g *Globals, runF func(*movesOptions) error) *cobra.Command {
	opts := &movesOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("moves.use"),
		Short:   p.T("moves.short"),
		Long:    p.T("moves.long"),
		Example: p.T("moves.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.LeavesGiven = c.Flags().Changed("leaves")
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runMoves(g, opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.CGP, "cgp", "", p.T("moves.flag.cgp"))
	f.IntVar(&opts.Top, "top", 15, p.T("moves.flag.top"))
	f.BoolVar(&opts.All, "all", false, p.T("moves.flag.all"))
	f.StringVar(&opts.By, "by", "equity", p.T("moves.flag.by"))
	f.StringVar(&opts.Leaves, "leaves", leavetable.Builtin, p.T("moves.flag.leaves"))
	f.BoolVar(&opts.Exchanges, "exchanges", false, p.T("moves.flag.exchanges"))
	c.MarkFlagsMutuallyExclusive("top", "all")
	_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
	_ = c.RegisterFlagCompletionFunc("by", cobra.FixedCompletions(
		[]string{"equity\t" + p.T("moves.by_equity"), "score\t" + p.T("moves.by_score")}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runMoves(g *Globals, opts *movesOptions) error {
	if opts.CGP == "" {
		return withCode(ExitError, i18n.E("moves.no_cgp"))
	}
	by, ok := movegen.ParseSortBy(opts.By)
	if !ok {
		return withCode(ExitError, i18n.E("moves.bad_by", "Value", opts.By))
	}
	if !opts.All && opts.Top < 1 {
		return withCode(ExitError, i18n.E("moves.bad_top", "Value", opts.Top))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	pos, err := parseCGPFlag(opts.CGP, ts)
	if err != nil {
		return err
	}
	if len(pos.Racks[0]) == 0 {
		return withCode(ExitError, i18n.E("moves.no_rack"))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if !lex.Tiles.SameAlphabet(ts) {
		return withCode(ExitError, i18n.E("engine.lexicon_alphabet", "Lexicon", lex.Name, "Set", ts.Name))
	}
	notes := pos.Notes()
	if named := pos.Lexicon(); named != "" && !lexicon.SameName(named, lex.Name) {
		notes = append(notes, i18n.E("moves.lexicon_note", "Named", named, "Used", lex.Name))
	}
	g.notes(notes)
	table, err := g.leaveValues(opts.Leaves, opts.LeavesGiven)
	if err != nil {
		return err
	}
	top := opts.Top
	if opts.All {
		top = 0
	}
	moves, noTilePlay := movegen.PositionMoves(lex.Graph, pos, table, by, top, opts.Exchanges)
	out := boardtext.ListMoves(pos, moves, noTilePlay)
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.UI, g.P))
}

// notes writes remarks on how the input was read on stderr, "atril: note: ...", leaving
// stdout to the result (clean JSON with --json).
func (g *Globals) notes(notes []error) {
	for _, n := range notes {
		fmt.Fprintln(g.io.Err, "atril: "+g.P.T("engine.note", "Note", g.P.Err(n)))
	}
}
