package web

import (
	"fmt"
	"html"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// Boards and racks as HTML: the position's squares, premiums and tiles as the engine has them.
// A board under the mouse (interactive) gives every empty square its coordinates; app.js puts
// tiles there and sends the placements, which engine.MoveFromPlacements reads.

// boardHTML draws a position's board; last (if any) is highlighted as just played.
func boardHTML(p *i18n.Printer, pos *engine.Position, last *engine.Move, interactive bool) template.HTML {
	ts := pos.Tiles
	b := pos.Board
	var fresh [engine.Dim * engine.Dim]bool
	if last != nil && last.Kind == engine.Play {
		r, c := int(last.Row), int(last.Col)
		for i := 0; i < int(last.Len); i++ {
			if last.Tiles[i] != engine.PlayedThrough && r < engine.Dim && c < engine.Dim {
				fresh[r*engine.Dim+c] = true
			}
			if last.Vertical {
				r++
			} else {
				c++
			}
		}
	}
	prem := map[engine.Premium][2]string{
		engine.TripleWord:   {"tw", p.T("web.board.tw")},
		engine.DoubleWord:   {"dw", p.T("web.board.dw")},
		engine.TripleLetter: {"tl", p.T("web.board.tl")},
		engine.DoubleLetter: {"dl", p.T("web.board.dl")},
	}
	var sb strings.Builder
	class := "board"
	if interactive {
		class += " live"
	}
	sb.WriteString(`<div class="board-frame"><div class="` + class + `" role="grid" aria-label="` + html.EscapeString(p.T("web.board.label")) + `">`)
	sb.WriteString(`<div class="corner"></div>`)
	for c := 0; c < engine.Dim; c++ {
		sb.WriteString(`<div class="coord">` + string(rune('A'+c)) + `</div>`)
	}
	for r := 0; r < engine.Dim; r++ {
		sb.WriteString(`<div class="coord">` + strconv.Itoa(r+1) + `</div>`)
		for c := 0; c < engine.Dim; c++ {
			name := engine.SquareName(r, c)
			t := b.At(r, c)
			if t == engine.Empty {
				cl, text := "sq", ""
				if pr, ok := prem[b.Layout.Premium(r, c)]; ok {
					cl += " " + pr[0]
					text = pr[1]
				}
				if r == b.Layout.StartRow && c == b.Layout.StartCol {
					cl += " start"
					text = "★"
				}
				fmt.Fprintf(&sb, `<div class="%s" data-r="%d" data-c="%d" title="%s"><span class="pm">%s</span></div>`,
					cl, r, c, name, html.EscapeString(text))
				continue
			}
			cl := "sq full"
			if fresh[r*engine.Dim+c] {
				cl += " fresh"
			}
			sb.WriteString(`<div class="` + cl + `" title="` + name + `">` + tileHTML(ts, t, "") + `</div>`)
		}
	}
	sb.WriteString(`</div></div>`)
	return template.HTML(sb.String())
}

// tileHTML is one tile: its label and points (a blank's letter in lower case, no points).
func tileHTML(ts *lexicon.TileSet, t lexicon.Tile, attrs string) string {
	label := ts.Label(t)
	cl := "tile"
	pts := strconv.Itoa(ts.Points(t))
	switch {
	case t == lexicon.Blank:
		label, pts, cl = "", "", "tile blank"
	case t.IsBlanked():
		label, pts, cl = strings.ToLower(label), "", "tile blanked"
	}
	if len([]rune(label)) > 1 {
		cl += " wide"
	}
	return `<span class="` + cl + `"` + attrs + `><b>` + html.EscapeString(label) + `</b><i>` + pts + `</i></span>`
}

// rackHTML draws a rack whose tiles app.js can take: each says its label and points.
func rackHTML(ts *lexicon.TileSet, rack []lexicon.Tile) template.HTML {
	var sb strings.Builder
	sb.WriteString(`<div class="rack" data-rack>`)
	for i, t := range rack {
		label := ts.Label(t)
		if t == lexicon.Blank {
			label = "?"
		}
		attrs := ` data-i="` + strconv.Itoa(i) + `" data-label="` + html.EscapeString(label) + `" data-points="` + strconv.Itoa(ts.Points(t)) + `"`
		sb.WriteString(`<button type="button" class="rt">` + tileHTML(ts, t, attrs) + `</button>`)
	}
	sb.WriteString(`</div>`)
	return template.HTML(sb.String())
}

// lettersAttr lists the tile set's letters for the blank's letter picker ("A B C CH ...").
func lettersAttr(ts *lexicon.TileSet) string {
	var ls []string
	for i := 1; i < ts.Size(); i++ {
		ls = append(ls, ts.Label(lexicon.Tile(i)))
	}
	return strings.Join(ls, " ")
}

// formMove is the move a form sends: the tiles placed on board b when there are any (written
// as a move), else what was typed.
func formMove(r *http.Request, b *engine.Board, ts *lexicon.TileSet) (string, error) {
	pl := r.PostFormValue("placements")
	if pl == "" {
		return strings.TrimSpace(r.PostFormValue("move")), nil
	}
	placed, err := parsePlacements(ts, pl)
	if err != nil {
		return "", err
	}
	m, err := engine.MoveFromPlacements(b, placed)
	if err != nil {
		return "", err
	}
	return engine.FormatMove(&m, b, ts), nil
}

// parsePlacements reads the placements app.js sends: "row,col,LABEL,blank" joined by ';'
// (blank 1 for a blank played as LABEL).
func parsePlacements(ts *lexicon.TileSet, s string) ([]engine.Placement, error) {
	var out []engine.Placement
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		f := strings.Split(part, ",")
		if len(f) != 4 {
			return nil, i18n.E("web.err.placements")
		}
		r, err1 := strconv.Atoi(f[0])
		c, err2 := strconv.Atoi(f[1])
		t, ok := ts.Tile(strings.ToUpper(f[2]))
		if err1 != nil || err2 != nil || !ok || t == lexicon.Blank {
			return nil, i18n.E("web.err.placements")
		}
		if f[3] == "1" {
			t |= lexicon.BlankBit
		}
		out = append(out, engine.Placement{Row: r, Col: c, Tile: t})
	}
	return out, nil
}

// boardPre lets a report's board (a ui.Doc Pre block drawn by drawer) be drawn as HTML: the
// drawer notes each position and leaves a marker the Pre hook replaces.
type boardPre struct {
	p      *i18n.Printer
	boards []template.HTML
}

const boardMark = "\uE002board:"

func (b *boardPre) draw(_ *ui.Term, _ *i18n.Printer, pos *engine.Position, last *engine.Move) string {
	b.boards = append(b.boards, boardHTML(b.p, pos, last, false))
	return boardMark + strconv.Itoa(len(b.boards)-1)
}
