package cmd

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats/leaves"
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

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &movesOptions{}
		c := &cobra.Command{
			Use:   "moves --cgp CGP [--top N | --all] [--by score|equity]",
			Short: "List the legal plays of the player to move, best first",
			Long: `List the plays of the player to move in a CGP position (the first rack), best
first by equity (score plus the value of the tiles kept) or by score.

Coordinates are the first square of the whole word: 8H (row 8, column H) across,
H8 down. WORD is the whole word in plain upper case, tiles already on the board
included. Leave values come from --leaves: builtin (default), the table atril learned
from self-play (see atril leaves); handset, the hand-made model atril used before;
none (every leave 0); or a KLV2 table file (the wolges/macondo format) made for the
tile set. Once the bag is empty, a leave counts minus twice its points.

--top N finds the best N without generating every play (each anchor's upper bound
is checked first); --all lists every play. --exchanges adds exchanges (while the bag
holds a tile) and the pass.

--json prints {"n_moves": N, "moves": [{"coords", "word", "move", "score", "equity",
"leave"}]}, N being the number of plays listed; an exchange or pass has empty coords
and word, and its notation in move ("-ABC" exchanges A, B and C; "-" passes).`,
			Example: `  atril moves --cgp "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ACEIORS/ 0/0 0"
  atril moves --all --by score --json --cgp "$(cat pos.cgp)"`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				opts.LeavesGiven = c.Flags().Changed("leaves")
				return runMoves(g, opts)
			},
		}
		f := c.Flags()
		f.StringVar(&opts.CGP, "cgp", "", "the position, a CGP string (required); its first rack is played")
		f.IntVar(&opts.Top, "top", 15, "how many of the best plays to list")
		f.BoolVar(&opts.All, "all", false, "list every legal play")
		f.StringVar(&opts.By, "by", "equity", "rank by equity or score")
		f.StringVar(&opts.Leaves, "leaves", leaves.Builtin, "leave table: builtin (learned), handset, none or a KLV2 file")
		f.BoolVar(&opts.Exchanges, "exchanges", false, "include exchanges and the pass")
		c.MarkFlagsMutuallyExclusive("top", "all")
		_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
		_ = c.RegisterFlagCompletionFunc("by", cobra.FixedCompletions(
			[]string{"equity\tscore plus the value of the tiles kept", "score\tpoints only"}, cobra.ShellCompDirectiveNoFileComp))
		return c
	})
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
}

func runMoves(g *Globals, opts *movesOptions) error {
	if opts.CGP == "" {
		return withCode(ExitError, fmt.Errorf("moves needs --cgp CGP (see `atril moves --help`)"))
	}
	var by movegen.SortBy
	switch strings.ToLower(opts.By) {
	case "equity":
		by = movegen.ByEquity
	case "score":
		by = movegen.ByScore
	default:
		return withCode(ExitError, fmt.Errorf("--by %q: expected score or equity", opts.By))
	}
	if !opts.All && opts.Top < 1 {
		return withCode(ExitError, fmt.Errorf("--top %d: expected a number of plays, 1 or more (or --all)", opts.Top))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	layout := engine.StandardLayout()
	pos, err := engine.ParseCGP(opts.CGP, ts, layout)
	if err != nil {
		return withCode(ExitError, err)
	}
	rack := pos.Racks[0]
	if len(rack) == 0 {
		return withCode(ExitError, fmt.Errorf("--cgp: the player to move has no rack (the first rack field is empty)"))
	}
	if note := splitDigraphNote(pos); note != "" {
		fmt.Fprintln(g.io.Err, "atril: note: "+note)
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if !lex.Tiles.SameAlphabet(ts) {
		return withCode(ExitError, fmt.Errorf("lexicon %s was built for another alphabet than tile set %s", lex.Name, ts.Name))
	}
	if named := pos.Lexicon(); named != "" && !strings.EqualFold(named, lex.Name) {
		fmt.Fprintf(g.io.Err, "atril: note: the position names the lexicon %s; plays are from %s (choose with --lexicon)\n", named, lex.Name)
	}
	table, err := g.leavesTable(opts.Leaves, !opts.LeavesGiven)
	if err != nil {
		return err
	}
	bag := pos.BagCount()
	mo := movegen.Options{By: by, Sort: true, Leaves: table, BagEmpty: bag == 0}
	if !opts.All {
		mo.Top = opts.Top
	}
	if opts.Exchanges {
		mo.Pass = true
		mo.Exchanges = min(engine.RackSize, bag)
	}
	gen := movegen.New(lex.Graph, ts, layout)
	gen.SetBoard(pos.Board)
	moves := gen.Generate(rack, mo)

	out := movesJSON{NMoves: len(moves), Moves: make([]moveJSON, 0, len(moves))}
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
	if len(moves) == 0 {
		_, err := fmt.Fprintln(g.Out(), "No legal play.")
		return err
	}
	// People read the move in the notation they type into "atril score --play" ([RR] one
	// tile, lower case a blank, (C) on the board), the whole word plainly, and the leave in
	// the move's notation.
	leaveNotes := make([]string, len(moves))
	for i := range moves {
		leaveNotes[i] = ts.Notation(moves[i].LeaveTiles())
	}
	if g.io.OutTTY {
		return g.PrintMarkdown(movesMarkdown(&out, leaveNotes))
	}
	// Piped: plain aligned columns.
	tw := tabwriter.NewWriter(g.Out(), 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tMOVE\tWORD\tSCORE\tEQUITY\tLEAVE")
	for i, m := range out.Moves {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%.2f\t%s\n", i+1, m.Move, m.Word, m.Score, m.Equity, leaveNotes[i])
	}
	return tw.Flush()
}

func movesMarkdown(out *movesJSON, leaves []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| # | Move | Word | Score | Equity | Leave |\n|--:|:--|:--|--:|--:|:--|\n")
	for i, m := range out.Moves {
		fmt.Fprintf(&b, "| %d | %s | %s | %d | %.2f | %s |\n", i+1, m.Move, m.Word, m.Score, m.Equity, leaves[i])
	}
	b.WriteString("\nIn a move, lower case is a blank, [CH] [LL] [RR] are one tile each and (...) tiles already on the board; ? in a leave is a blank.\n")
	return b.String()
}

func round2(x float64) float64 {
	if x < 0 {
		return -float64(int64(-x*100+0.5)) / 100
	}
	return float64(int64(x*100+0.5)) / 100
}

// splitDigraphNote explains a rack read as single letters where a player may have meant
// digraph tiles (see Position.SplitDigraphs), "" when there is none.
func splitDigraphNote(pos *engine.Position) string {
	split := pos.SplitDigraphs(0)
	if len(split) == 0 {
		return ""
	}
	var single, bracketed []string
	for _, d := range split {
		single = append(single, strings.Join(strings.Split(d, ""), "+"))
		bracketed = append(bracketed, "["+d+"]")
	}
	tiles := "tile"
	if len(split) > 1 {
		tiles = "tiles"
	}
	return fmt.Sprintf("the rack %s has %s as single tiles, not %s: this CGP brackets digraph tiles, so its plain letters are single tiles (write %s for the digraph %s)",
		pos.Tiles.Notation(lexicon.Alphagram(pos.Racks[0])), strings.Join(single, ", "), strings.Join(split, ", "), strings.Join(bracketed, ", "), tiles)
}
