// Package boardtext presents a position as text, the same for every terminal front end: the
// board drawn three characters a square with its premiums and legend (Draw), the tiles not seen
// counted as a tracking sheet does (TileCounts), and a whole position as `atril show` prints it
// (View: its JSON and its document), and a play's verdict as `atril score` prints it (Score).
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package boardtext

import (
	"fmt"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// View is a position as `atril show` presents it; its JSON is what --json writes.
type View struct {
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
	pos       *engine.Position
	last      *engine.Move // the play of the last event shown, drawn as just played
	unseen    []lexicon.Tile
}

// PositionView is a position given as such (a CGP): the players are the one to move and the
// opponent.
func PositionView(pos *engine.Position) *View {
	v := &View{Players: [2]string{"to move", "opponent"}}
	v.fill(pos)
	return v
}

// GameView is a game after its first turn events (all of them when turn < 0): the players by
// their nicknames, the last event described in p's language (and in English for JSON).
func GameView(game *gcg.Game, ts *lexicon.TileSet, turn int, p *i18n.Printer) (*View, error) {
	pos, err := game.Replay(ts, engine.StandardLayout(), turn)
	if err != nil {
		return nil, err
	}
	n := turn
	if n < 0 {
		n = game.Turns()
	}
	v := &View{Turn: n, Turns: game.Turns(), fromGCG: true}
	toMove := game.ToMove(n)
	v.Players = [2]string{game.Players[toMove].Nick, game.Players[1-toMove].Nick}
	if n > 0 {
		var before *engine.Board
		if prev, err := game.Replay(ts, engine.StandardLayout(), n-1); err == nil {
			before = prev.Board
		}
		v.LastEvent = game.Describe(i18n.For(i18n.English), n-1, ts, before)
		v.lastEvent = game.Describe(p, n-1, ts, before)
		if ev := &game.Events[n-1]; ev.Kind == gcg.Play {
			v.last = &ev.Move
		}
	}
	v.fill(pos)
	return v, nil
}

func (v *View) fill(pos *engine.Position) {
	ts := pos.Tiles
	v.pos = pos
	v.CGP = pos.CGP()
	v.Rows = strings.Split(engine.BoardCGP(pos.Board, ts), "/")
	for i := 0; i < 2; i++ {
		v.Racks[i] = ts.Notation(lexicon.Alphagram(pos.Racks[i]))
		v.Scores[i] = pos.Scores[i]
	}
	v.Bag = pos.BagCount()
	v.unseen = pos.UnseenTiles()
	v.Unseen = ts.Notation(v.unseen)
}

// Doc is the position for a reader on t: the board, the last event, the players with their
// scores and racks, the bag and the unseen tiles, the CGP.
func (v *View) Doc(t *ui.Term, p *i18n.Printer) *ui.Doc {
	ts := v.pos.Tiles
	doc := ui.NewDoc().Pre(Draw(t, p, v.pos, v.last))
	if v.lastEvent != "" {
		doc.P(p.T("show.after_event", "Turn", v.Turn, "Turns", v.Turns, "Event", v.lastEvent))
	}
	players := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{Right: true}, ui.Col{})
	for i := 0; i < 2; i++ {
		name := v.Players[i]
		if !v.fromGCG {
			name = [2]string{p.T("show.to_move"), p.T("show.opponent")}[i]
		}
		rack := ui.Cell{Text: v.Racks[i], Style: ui.Accent}
		if rack.Text == "" {
			rack = ui.Cell{Text: p.T("show.unknown_rack"), Style: ui.Dim}
		}
		arrow := ""
		if i == 0 {
			arrow = ">"
		}
		players.Cells(ui.Cell{Text: arrow}, ui.Cell{Text: name, Style: ui.Bold}, ui.Cell{Text: p.Int(v.Scores[i])}, rack)
	}
	doc.Table(players)
	doc.P(p.N("show.bag", v.Bag) + " " + p.T("show.unseen", "Count", p.Int(len(v.unseen)), "Tiles", TileCounts(p, ts, v.unseen)))
	doc.KV([2]string{"CGP", v.CGP})
	return doc
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

// Draw draws the board three characters a square (so that digraph tiles fit), row numbers
// and column letters round it, premium squares marked (= - " ') and coloured on a colour
// terminal, blanks in lower case, the tiles of the last play (if given) highlighted; then the
// legend.
func Draw(t *ui.Term, p *i18n.Printer, pos *engine.Position, last *engine.Move) string {
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

// TileCounts lists tiles by kind with their counts, "A×9 B C×3 CH ... ?×2", as a player's
// tracking sheet does: a run of plain letters would be misread (LLL is an LL tile and an L).
func TileCounts(p *i18n.Printer, ts *lexicon.TileSet, tiles []lexicon.Tile) string {
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
