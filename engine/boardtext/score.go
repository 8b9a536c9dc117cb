package boardtext

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// WordJSON is one word a play forms, as `atril score --json` writes it.
type WordJSON struct {
	Word       string `json:"word"`
	Score      int    `json:"score"`
	Valid      bool   `json:"valid"`
	Arithmetic string `json:"arithmetic"`
}

// ProblemJSON is why a play is not legal.
type ProblemJSON struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// Score is a play's verdict as `atril score` presents it; its JSON (messages in English
// whatever the interface language, for scripts) is what --json writes.
type Score struct {
	Valid    bool          `json:"valid"`
	Move     string        `json:"move"`
	Score    int           `json:"score"`
	Words    []WordJSON    `json:"words"`
	Bingo    bool          `json:"bingo"`
	CGP      string        `json:"cgp,omitempty"`
	Problems []ProblemJSON `json:"problems,omitempty"`
	Notes    []string      `json:"notes,omitempty"`

	verdict *engine.Verdict
	notes   []error
}

// ScoreOf is the verdict v on play (as typed) in pos, with notes on how it was read.
func ScoreOf(pos *engine.Position, play string, v *engine.Verdict, notes []error) *Score {
	ts := pos.Tiles
	out := &Score{Valid: v.Legal, Score: v.Score, Bingo: v.Bingo, Words: []WordJSON{}, verdict: v, notes: notes}
	if v.Move.Len > 0 {
		out.Move = engine.FormatMove(&v.Move, pos.Board, ts)
	} else {
		out.Move = play
	}
	for _, w := range v.Words {
		out.Words = append(out.Words, WordJSON{Word: ts.Word(w.Tiles), Score: w.Score, Valid: w.Valid, Arithmetic: w.Arithmetic(ts)})
	}
	for _, p := range v.Problems {
		out.Problems = append(out.Problems, ProblemJSON{Kind: string(p.Kind), Message: p.Reason.Error()})
	}
	for _, n := range notes {
		out.Notes = append(out.Notes, n.Error())
	}
	if v.Legal {
		out.CGP = pos.After(&v.Move).CGP()
	}
	return out
}

// Doc is the verdict as a player reads it: the play and its points (or why it is not
// legal), each word's count, the bonus and the total, the notes and the position after.
func (s *Score) Doc(t *ui.Term, p *i18n.Printer) *ui.Doc {
	v, notes := s.verdict, s.notes
	doc := ui.NewDoc()
	verdict := ui.NewTable(ui.Col{}, ui.Col{})
	if s.Valid {
		verdict.Cells(ui.Cell{Text: s.Move, Style: ui.Bold}, ui.Cell{Text: p.N("score.points", s.Score), Style: ui.Good})
		doc.Table(verdict)
	} else {
		verdict.Cells(ui.Cell{Text: s.Move, Style: ui.Bold}, ui.Cell{Text: p.T("score.not_legal"), Style: ui.Bad})
		doc.Table(verdict)
		var problems []string
		for _, pr := range v.Problems {
			problems = append(problems, p.Err(pr.Reason))
		}
		doc.List(problems...)
	}
	if len(s.Words) > 0 {
		// Each word, how it counts and its points; on a terminal too narrow for the counts in a
		// column (a long word through premiums), they follow the table, wrapped between tiles.
		words := make([]ui.Cell, len(s.Words))
		wordW, countW, pointsW := 0, xansi.StringWidth(p.T("score.col.count")), xansi.StringWidth(p.T("engine.col.points"))
		for i, w := range s.Words {
			words[i] = ui.Cell{Text: w.Word}
			if !w.Valid {
				words[i] = ui.Cell{Text: p.T("score.word_not_valid", "Word", w.Word), Style: ui.Bad}
			}
			wordW = max(wordW, xansi.StringWidth(words[i].Text))
			countW = max(countW, xansi.StringWidth(w.Arithmetic))
			pointsW = max(pointsW, len(p.Int(w.Score)))
		}
		total := p.T("score.total")
		bingo := p.T("score.bingo", "Tiles", engine.RackSize)
		wordW = max(wordW, xansi.StringWidth(total))
		if s.Bingo {
			wordW = max(wordW, xansi.StringWidth(bingo))
		}
		inline := t.Width == 0 || 2+wordW+2+countW+2+pointsW <= t.Width
		cols := []ui.Col{{Header: p.T("engine.col.word")}}
		if inline {
			cols = append(cols, ui.Col{Header: p.T("score.col.count")})
		}
		tb := ui.NewTable(append(cols, ui.Col{Header: p.T("engine.col.points"), Right: true})...)
		row := func(first ui.Cell, count, points string) {
			if inline {
				tb.Cells(first, ui.Cell{Text: count}, ui.Cell{Text: points})
			} else {
				tb.Cells(first, ui.Cell{Text: points})
			}
		}
		var counts []string
		for i, w := range s.Words {
			row(words[i], w.Arithmetic, p.Int(w.Score))
			counts = append(counts, wrapCount(w.Word+":", w.Arithmetic, t.Width-4))
		}
		if s.Bingo {
			row(ui.Cell{Text: bingo}, "", p.Int(engine.BingoBonus))
		}
		row(ui.Cell{Text: total}, "", p.Int(s.Score))
		doc.Table(tb.Strong())
		if !inline {
			// Drawn as they are (not through glamour, which would wrap them its own way).
			doc.Pre(strings.Join(counts, "\n"))
		}
	}
	for _, n := range notes {
		doc.Note(p.T("engine.note_line", "Note", p.Err(n)))
	}
	if s.CGP != "" {
		doc.KV([2]string{p.T("score.after"), s.CGP})
	}
	return doc
}

// wrapCount lays out "WORD: B3 O1 C3 A1x2 = 10, x2 = 20" in lines of at most width columns,
// breaking only between tiles, so that the sum "= 10, x2 = 20" stays whole on the last line;
// lines after the first are indented.
func wrapCount(word, arithmetic string, width int) string {
	tiles, sum, _ := strings.Cut(arithmetic, " = ")
	tokens := append([]string{word}, strings.Fields(tiles)...)
	tokens[len(tokens)-1] += " = " + sum
	var lines []string
	line := ""
	for _, tok := range tokens {
		switch {
		case line == "":
			line = tok
		case xansi.StringWidth(line)+1+xansi.StringWidth(tok) > width:
			lines = append(lines, line)
			line = tok
		default:
			line += " " + tok
		}
	}
	return strings.Join(append(lines, line), "\n  ")
}
