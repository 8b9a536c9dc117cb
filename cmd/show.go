package cmd

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/lexicon"
)

type showOptions struct {
	CGP  string
	GCG  string
	Turn int
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &showOptions{}
		c := &cobra.Command{
			Use:   "show --cgp CGP | --gcg FILE [--turn N]",
			Short: "Show a position: the board, racks, scores and the bag",
			Long: `Show a position from a CGP string or a GCG game file (after --turn N events;
the end of the game by default): the board with row numbers and column letters,
premium squares coloured on a terminal (marked when piped: = triple word, - double
word, " triple letter, ' double letter, * centre), blanks in lower case, the racks,
the scores, the number of tiles in the bag and the unseen tiles (bag and unknown
rack) counted by kind: A×9 B C×3 CH ... ("LLL" would not say which are LL tiles).`,
			Example: `  atril show --cgp "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEI/ 0/16 0"
  atril show --gcg game.gcg --turn 10`,
			Args: cobra.NoArgs,
			RunE: func(c *cobra.Command, args []string) error {
				opts.Turn = -1
				if c.Flags().Changed("turn") {
					opts.Turn, _ = c.Flags().GetInt("turn")
					if opts.Turn < 0 {
						return withCode(ExitError, fmt.Errorf("--turn %d: expected 0 (the empty board) or more", opts.Turn))
					}
				}
				return runShow(g, opts)
			},
		}
		c.Flags().StringVar(&opts.CGP, "cgp", "", "the position as a CGP string")
		c.Flags().StringVar(&opts.GCG, "gcg", "", "a GCG game file")
		c.Flags().Int("turn", 0, "with --gcg: show the position after this many events (default: the end)")
		return c
	})
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
}

func runShow(g *Globals, opts *showOptions) error {
	if (opts.CGP == "") == (opts.GCG == "") {
		return withCode(ExitError, fmt.Errorf("show needs exactly one of --cgp CGP or --gcg FILE (see `atril show --help`)"))
	}
	if opts.CGP != "" && opts.Turn >= 0 {
		return withCode(ExitError, fmt.Errorf("--turn goes with --gcg"))
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	layout := engine.StandardLayout()
	var pos *engine.Position
	out := showJSON{Players: [2]string{"to move", "opponent"}}
	if opts.CGP != "" {
		if pos, err = engine.ParseCGP(opts.CGP, ts, layout); err != nil {
			return withCode(ExitError, err)
		}
	} else {
		f, err := os.Open(opts.GCG)
		if err != nil {
			return withCode(ExitError, err)
		}
		game, err := gcg.Read(f, opts.GCG, ts)
		f.Close()
		if err != nil {
			return withCode(ExitError, err)
		}
		if opts.Turn > game.Turns() {
			return withCode(ExitError, fmt.Errorf("--turn %d: expected 0 to %d (%s has %d events)", opts.Turn, game.Turns(), opts.GCG, game.Turns()))
		}
		if pos, err = game.Replay(ts, layout, opts.Turn); err != nil {
			return withCode(ExitError, fmt.Errorf("%s: %w", opts.GCG, err))
		}
		n := opts.Turn
		if n < 0 {
			n = game.Turns()
		}
		out.Turn, out.Turns = n, game.Turns()
		toMove := 0
		if n < game.Turns() {
			toMove = game.Events[n].Player
		} else if n > 0 {
			toMove = 1 - game.Events[n-1].Player
		}
		out.Players = [2]string{game.Players[toMove].Nick, game.Players[1-toMove].Nick}
		if n > 0 {
			out.LastEvent = describeEvent(game, &game.Events[n-1], ts)
		}
	}
	out.CGP = pos.CGP()
	for r := 0; r < engine.Dim; r++ {
		out.Rows = append(out.Rows, strings.Split(engine.BoardCGP(pos.Board, ts), "/")[r])
	}
	for i := 0; i < 2; i++ {
		out.Racks[i] = ts.Notation(lexicon.Alphagram(pos.Racks[i]))
		out.Scores[i] = pos.Scores[i]
	}
	out.Bag = pos.BagCount()
	out.Unseen = ts.Notation(pos.UnseenTiles())
	if g.JSON {
		return g.PrintJSON(out)
	}
	_, err = fmt.Fprint(g.Out(), renderPosition(pos, &out, g.Color()))
	return err
}

func describeEvent(game *gcg.Game, ev *gcg.Event, ts *lexicon.TileSet) string {
	nick := game.Players[ev.Player].Nick
	switch ev.Kind {
	case gcg.Play:
		return fmt.Sprintf("%s played %s for %d", nick, engine.Bracketed.FormatMove(&ev.Move, nil, ts), ev.Score)
	case gcg.Exchange:
		return fmt.Sprintf("%s exchanged %d tiles", nick, ev.Exchanged)
	case gcg.Pass:
		return nick + " passed"
	case gcg.PhonyReturned:
		return nick + "'s play was withdrawn"
	case gcg.ChallengeBonus:
		return fmt.Sprintf("%s got a challenge bonus of %d", nick, ev.Score)
	case gcg.EndRackPoints:
		return fmt.Sprintf("%s went out and won %d for %s", nick, ev.Score, ts.Notation(lexicon.Alphagram(ev.OtherRack)))
	case gcg.RackPenalty:
		return fmt.Sprintf("%s lost %d for %s", nick, -ev.Score, ts.Notation(lexicon.Alphagram(ev.OtherRack)))
	case gcg.TimePenalty:
		return fmt.Sprintf("%s lost %d on time", nick, -ev.Score)
	}
	return ""
}

// ANSI 256-colour backgrounds for premiums, as on a real board; tiles dark on cream.
var premiumStyle = map[engine.Premium]struct{ mark, color string }{
	engine.Plain:        {" . ", "\x1b[38;5;250;48;5;22m"},
	engine.DoubleLetter: {" ' ", "\x1b[30;48;5;117m"},
	engine.TripleLetter: {" \" ", "\x1b[97;48;5;25m"},
	engine.DoubleWord:   {" - ", "\x1b[30;48;5;217m"},
	engine.TripleWord:   {" = ", "\x1b[97;48;5;160m"},
}

const (
	showReset = "\x1b[0m"
	showTile  = "\x1b[1;30;48;5;230m"
	showBlank = "\x1b[1;31;48;5;230m"
)

// renderPosition draws the board: three characters a square so digraph tiles fit.
func renderPosition(pos *engine.Position, info *showJSON, color bool) string {
	ts := pos.Tiles
	b := pos.Board
	var sb strings.Builder
	sb.WriteString("    ")
	for c := 0; c < engine.Dim; c++ {
		fmt.Fprintf(&sb, " %c ", 'A'+c)
	}
	sb.WriteString("\n")
	for r := 0; r < engine.Dim; r++ {
		fmt.Fprintf(&sb, "%3d ", r+1)
		for c := 0; c < engine.Dim; c++ {
			t := b.At(r, c)
			if t == engine.Empty {
				p := b.Layout.Premium(r, c)
				st := premiumStyle[p]
				mark := st.mark
				if r == b.Layout.StartRow && c == b.Layout.StartCol {
					mark = " * "
				}
				if color {
					if p == engine.Plain {
						mark = "   "
					}
					sb.WriteString(st.color + mark + showReset)
				} else {
					sb.WriteString(mark)
				}
				continue
			}
			label := ts.Label(t)
			if t.IsBlanked() {
				label = strings.ToLower(label)
			}
			cell := " " + label + strings.Repeat(" ", max(0, 2-len([]rune(label))))
			if len([]rune(label)) >= 3 {
				cell = label // a three-letter tile fills its square
			}
			if color {
				style := showTile
				if t.IsBlanked() {
					style = showBlank
				}
				sb.WriteString(style + cell + showReset)
			} else {
				sb.WriteString(cell)
			}
		}
		fmt.Fprintf(&sb, " %d\n", r+1)
	}
	if !color {
		sb.WriteString("\n    = triple word  - double word  \" triple letter  ' double letter  * centre; lower case: blank\n")
	}
	sb.WriteString("\n")
	if info.LastEvent != "" {
		fmt.Fprintf(&sb, "After event %d of %d: %s.\n", info.Turn, info.Turns, info.LastEvent)
	}
	for i := 0; i < 2; i++ {
		rack := info.Racks[i]
		if rack == "" {
			rack = "(unknown)"
		}
		arrow := "  "
		if i == 0 {
			arrow = "> "
		}
		fmt.Fprintf(&sb, "%s%-10s %4d  %s\n", arrow, info.Players[i], info.Scores[i], rack)
	}
	unseen := pos.UnseenTiles()
	fmt.Fprintf(&sb, "Bag: %d tiles. Unseen (%d): %s\n", info.Bag, len(unseen), tileCounts(ts, unseen))
	fmt.Fprintf(&sb, "CGP: %s\n", info.CGP)
	return sb.String()
}

// tileCounts lists tiles by kind with their counts, "A×9 B C×3 CH ... ?×2", as a player's
// tracking sheet does: a run of plain letters would be misread (LLL is an LL tile and an L).
func tileCounts(ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	var parts []string
	for i := 0; i < len(tiles); {
		j := i
		for j < len(tiles) && tiles[j] == tiles[i] {
			j++
		}
		part := ts.Label(tiles[i])
		if j-i > 1 {
			part += fmt.Sprintf("×%d", j-i)
		}
		parts = append(parts, part)
		i = j
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}
