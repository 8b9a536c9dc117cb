package cmd

import (
	"fmt"
	xansi "github.com/charmbracelet/x/ansi"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
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

type showJSON struct {
	CGP       string    `json:"cgp"`
	Rows      []string  `json:"rows"`
	Players   [2]string `json:"players"`
	Racks     [2]string `json:"racks"`
	Scores    [2]int    `json:"scores"`
	Bag       int       `json:"bag"`
	Unseen    string    `json:"unseen"`
	Turn      int       `json:"turn,omitempty"`
	Turns     int       `json:"turns,omitempty"`
	LastEvent string    `json:"last_event,omitempty"`

	lastEvent string // in the reader's language
	fromGCG   bool
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
	var pos *engine.Position
	var lastPlay *engine.Move // the play of the last event shown, drawn as just played
	out := showJSON{Players: [2]string{"to move", "opponent"}}
	if opts.CGP != "" {
		if pos, err = parseCGPFlag(opts.CGP, ts); err != nil {
			return err
		}
		g.notes(pos.Notes())
	} else {
		f, err := fileio.Open(opts.GCG)
		if err != nil {
			return withCode(ExitError, err)
		}
		game, err := gcg.Read(f, opts.GCG, ts)
		f.Close()
		if err != nil {
			return withCode(ExitError, err)
		}
		g.notes(game.Notes(ts, "")) // show judges no words
		if opts.Turn > game.Turns() {
			return withCode(ExitError, i18n.E("show.turn_range", "Turn", opts.Turn, "Max", game.Turns(), "File", opts.GCG))
		}
		if pos, err = game.Replay(ts, engine.StandardLayout(), opts.Turn); err != nil {
			return withCode(ExitError, err)
		}
		n := opts.Turn
		if n < 0 {
			n = game.Turns()
		}
		out.Turn, out.Turns, out.fromGCG = n, game.Turns(), true
		toMove := game.ToMove(n)
		out.Players = [2]string{game.Players[toMove].Nick, game.Players[1-toMove].Nick}
		if n > 0 {
			var before *engine.Board
			if prev, err := game.Replay(ts, engine.StandardLayout(), n-1); err == nil {
				before = prev.Board
			}
			out.LastEvent = game.Describe(i18n.For(i18n.English), n-1, ts, before)
			out.lastEvent = game.Describe(g.P, n-1, ts, before)
			if ev := &game.Events[n-1]; ev.Kind == gcg.Play {
				lastPlay = &ev.Move
			}
		}
	}
	out.CGP = pos.CGP()
	out.Rows = strings.Split(engine.BoardCGP(pos.Board, ts), "/")
	for i := 0; i < 2; i++ {
		out.Racks[i] = ts.Notation(lexicon.Alphagram(pos.Racks[i]))
		out.Scores[i] = pos.Scores[i]
	}
	out.Bag = pos.BagCount()
	unseen := pos.UnseenTiles()
	out.Unseen = ts.Notation(unseen)
	if g.JSON {
		return g.PrintJSON(out)
	}
	p := g.P
	doc := ui.NewDoc().Pre(drawBoard(g.UI, p, pos, lastPlay))
	if out.lastEvent != "" {
		doc.P(p.T("show.after_event", "Turn", out.Turn, "Turns", out.Turns, "Event", out.lastEvent))
	}
	players := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{Right: true}, ui.Col{})
	for i := 0; i < 2; i++ {
		name := out.Players[i]
		if !out.fromGCG {
			name = [2]string{p.T("show.to_move"), p.T("show.opponent")}[i]
		}
		rack := ui.Cell{Text: out.Racks[i], Style: ui.Accent}
		if rack.Text == "" {
			rack = ui.Cell{Text: p.T("show.unknown_rack"), Style: ui.Dim}
		}
		arrow := ""
		if i == 0 {
			arrow = ">"
		}
		players.Cells(ui.Cell{Text: arrow}, ui.Cell{Text: name, Style: ui.Bold}, ui.Cell{Text: p.Int(out.Scores[i])}, rack)
	}
	doc.Table(players)
	doc.P(p.N("show.bag", out.Bag) + " " + p.T("show.unseen", "Count", p.Int(len(unseen)), "Tiles", tileCounts(p, ts, unseen)))
	doc.KV([2]string{"CGP", out.CGP})
	return g.Print(doc)
}

// boardPremiums are each premium square's mark and style.
var boardPremiums = []struct {
	premium engine.Premium
	mark    string
	style   ui.Style
}{
	{engine.TripleWord, "=", ui.SquareTW},
	{engine.DoubleWord, "-", ui.SquareDW},
	{engine.TripleLetter, "\"", ui.SquareTL},
	{engine.DoubleLetter, "'", ui.SquareDL},
	{engine.Plain, ".", ui.SquarePlain},
}

// drawBoard draws the board three characters a square (so that digraph tiles fit), row numbers
// and column letters round it, premium squares marked (= - " ') and coloured on a colour
// terminal, blanks in lower case, the tiles of the last play (if given) highlighted; then the
// legend.
func drawBoard(t *ui.Term, p *i18n.Printer, pos *engine.Position, last *engine.Move) string {
	ts := pos.Tiles
	b := pos.Board
	var justPlayed [engine.Dim * engine.Dim]bool
	if last != nil && last.Kind == engine.Play {
		r, c := int(last.Row), int(last.Col)
		for i := 0; i < int(last.Len); i++ {
			if last.Tiles[i] != engine.PlayedThrough && r < engine.Dim && c < engine.Dim {
				justPlayed[r*engine.Dim+c] = true
			}
			if last.Vertical {
				r++
			} else {
				c++
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("   ")
	for c := 0; c < engine.Dim; c++ {
		sb.WriteString(" " + string(rune('A'+c)))
		if c < engine.Dim-1 {
			sb.WriteString(" ")
		}
	}
	sb.WriteString("\n")
	for r := 0; r < engine.Dim; r++ {
		fmt.Fprintf(&sb, "%2d ", r+1)
		for c := 0; c < engine.Dim; c++ {
			tile := b.At(r, c)
			if tile == engine.Empty {
				prem := b.Layout.Premium(r, c)
				mark, style := " . ", ui.SquarePlain
				for _, bp := range boardPremiums {
					if bp.premium == prem {
						mark, style = " "+bp.mark+" ", bp.style
					}
				}
				if r == b.Layout.StartRow && c == b.Layout.StartCol {
					mark = " * "
				}
				if t.Color() && prem == engine.Plain {
					mark = "   "
				}
				sb.WriteString(t.Paint(style, mark))
				continue
			}
			label := ts.Label(tile)
			style := ui.SquareTile
			if tile.IsBlanked() {
				label = strings.ToLower(label)
				style = ui.SquareBlank
			}
			if justPlayed[r*engine.Dim+c] {
				style = ui.SquareNew
			}
			cell := " " + label + strings.Repeat(" ", max(0, 2-len([]rune(label))))
			if len([]rune(label)) >= 3 {
				cell = label // a three-letter tile fills its square
			}
			sb.WriteString(t.Paint(style, cell))
		}
		fmt.Fprintf(&sb, " %d\n", r+1)
	}
	// The legend: each premium's mark (a square coloured as on the board when there is colour).
	sample := func(st ui.Style, mark string) string {
		if t.Color() {
			return t.Paint(st, " "+mark+" ")
		}
		return mark
	}
	items := []string{sample(ui.SquareTW, "=") + " " + p.T("board.triple_word"), sample(ui.SquareDW, "-") + " " + p.T("board.double_word"),
		sample(ui.SquareTL, "\"") + " " + p.T("board.triple_letter"), sample(ui.SquareDL, "'") + " " + p.T("board.double_letter"),
		sample(ui.SquareDW, "*") + " " + p.T("board.centre")}
	blank := p.T("board.blank")
	if t.Color() {
		blank = sample(ui.SquareBlank, "a") + " " + blank
	}
	items = append(items, blank)
	if last != nil && t.Color() {
		items = append(items, sample(ui.SquareNew, "A")+" "+p.T("board.last_play"))
	}
	// The items fill lines of the board's width (at most the terminal's, less the margin): the
	// premiums, then the rest.
	width := 76
	if t.Width > 0 {
		width = min(width, t.Width-2)
	}
	sb.WriteString("\n")
	line := ""
	for i, it := range items {
		switch {
		case line == "":
			line = it
		case i != 4 && xansi.StringWidth(line)+2+xansi.StringWidth(it) <= width:
			line += "  " + it
		default:
			sb.WriteString(line + "\n")
			line = it
		}
	}
	sb.WriteString(line)
	return sb.String()
}

// tileCounts lists tiles by kind with their counts, "A×9 B C×3 CH ... ?×2", as a player's
// tracking sheet does: a run of plain letters would be misread (LLL is an LL tile and an L).
func tileCounts(p *i18n.Printer, ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	var parts []string
	for i := 0; i < len(tiles); {
		j := i
		for j < len(tiles) && tiles[j] == tiles[i] {
			j++
		}
		part := ts.Label(tiles[i])
		if j-i > 1 {
			part += "×" + p.Int(j-i)
		}
		parts = append(parts, part)
		i = j
	}
	if len(parts) == 0 {
		return p.T("show.no_tiles")
	}
	return strings.Join(parts, " ")
}
