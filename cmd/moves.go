package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
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

// newMovesCmd makes `atril moves`.
func newMovesCmd(g *Globals) *cobra.Command {
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

type moveJSON struct {
	Coords string  `json:"coords"`
	Word   string  `json:"word"`
	Move   string  `json:"move"`
	Score  int     `json:"score"`
	Equity float64 `json:"equity"`
	Leave  string  `json:"leave"`
}

type movesJSON struct {
	NMoves int        `json:"n_moves"`
	Moves  []moveJSON `json:"moves"`
	// NoTilePlay: no word can be played; moves are the exchanges and the pass.
	NoTilePlay bool `json:"no_tile_play,omitempty"`
}

func runMoves(g *Globals, opts *movesOptions) error {
	if opts.CGP == "" {
		return withCode(ExitError, i18n.E("moves.no_cgp"))
	}
	var by movegen.SortBy
	switch strings.ToLower(opts.By) {
	case "equity":
		by = movegen.ByEquity
	case "score":
		by = movegen.ByScore
	default:
		return withCode(ExitError, i18n.E("moves.bad_by", "Value", opts.By))
	}
	if !opts.All && opts.Top < 1 {
		return withCode(ExitError, i18n.E("moves.bad_top", "Value", opts.Top))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	layout := engine.StandardLayout()
	pos, err := parseCGPFlag(opts.CGP, ts)
	if err != nil {
		return err
	}
	rack := pos.Racks[0]
	if len(rack) == 0 {
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
	bag := pos.BagCount()
	// The side to move's options, ranked as asked, passes and exchanges only with --exchanges.
	mo := movegen.SideToMove(bag, table)
	mo.By, mo.Sort = by, true
	if !opts.All {
		mo.Top = opts.Top
	}
	if !opts.Exchanges {
		mo.Pass, mo.Exchanges = false, 0
	}
	gen := movegen.New(lex.Graph, ts, layout)
	gen.SetBoard(pos.Board)
	moves := gen.Generate(rack, mo)
	// No word can be played: the player still has a move, an exchange (while the bag has
	// tiles) or a pass, and the best of them are what to show.
	noTilePlay := false
	if len(moves) == 0 && !opts.Exchanges {
		noTilePlay = true
		mo.Pass, mo.Exchanges = true, movegen.MaxExchange(bag)
		moves = gen.Generate(rack, mo)
	}

	out := movesJSON{NMoves: len(moves), Moves: make([]moveJSON, 0, len(moves)), NoTilePlay: noTilePlay}
	for i := range moves {
		m := &moves[i]
		// Display: plain letters, single tiles bracketed only where they would read as a digraph
		// tile ([L][L]), so a script parsing the leave gets the right tiles.
		j := moveJSON{Move: engine.FormatMove(m, pos.Board, ts), Score: int(m.Score), Equity: round2(m.Equity), Leave: ts.Display(m.LeaveTiles())}
		if m.Kind == engine.Play {
			j.Coords = engine.FormatCoords(m)
			j.Word = engine.FormatWord(m, pos.Board, ts)
		}
		out.Moves = append(out.Moves, j)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	p := g.P
	if len(moves) == 0 {
		return g.Print(ui.NewDoc().P(p.T("moves.none")))
	}
	// People read the move in the notation they type into "atril score --play" ([RR] one
	// tile, lower case a blank, (C) on the board), the whole word plainly, and the leave in
	// the move's notation. No column is ever cut: a move or a word must be read whole.
	t := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("engine.col.move")},
		ui.Col{Header: p.T("engine.col.word")}, ui.Col{Header: p.T("engine.col.score"), Right: true},
		ui.Col{Header: p.T("engine.col.equity"), Right: true}, ui.Col{Header: p.T("engine.col.leave")})
	for i, m := range out.Moves {
		t.Row(p.Int(i+1), m.Move, m.Word, p.Int(m.Score), p.Float(m.Equity, 2), ts.Notation(moves[i].LeaveTiles()))
	}
	doc := ui.NewDoc()
	if noTilePlay {
		if bag > 0 {
			doc.P(p.T("moves.no_tile_play_exchange"))
		} else {
			doc.P(p.T("moves.no_tile_play_pass"))
		}
	}
	doc.Table(t)
	if g.UI.TTY() {
		doc.Note(p.T("moves.legend"))
	}
	return g.Print(doc)
}

// notes writes remarks on how the input was read on stderr, "atril: note: ...", leaving
// stdout to the result (clean JSON with --json).
func (g *Globals) notes(notes []error) {
	for _, n := range notes {
		fmt.Fprintln(g.io.Err, "atril: "+g.P.T("engine.note", "Note", g.P.Err(n)))
	}
}
