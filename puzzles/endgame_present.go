package puzzles

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Drawing endgame and pre-endgame puzzles: what PuzzleDoc, TryDoc and SolutionDoc add or say
// otherwise for them.

// exactTitle is an exact puzzle's title.
func exactTitle(p *i18n.Printer, pz *Puzzle) string {
	if pz.Kind == KindPreEndgame {
		return p.T("egpuzzle.title_preendgame", "ID", pz.ID)
	}
	return p.T("egpuzzle.title_endgame", "ID", pz.ID)
}

// exactInfo is what an exact puzzle shows besides the rack: the opponent's rack (an endgame's
// is known) or the unseen tiles.
func exactInfo(t *ui.Term, p *i18n.Printer, pz *Puzzle) [2]string {
	ts := pz.Position.Tiles
	if pz.Kind == KindEndgame {
		return [2]string{p.T("egpuzzle.opponent_rack"), RackText(ts, pz.Position.Racks[1])}
	}
	hidden := *pz.Position
	hidden.Racks[1] = nil
	return [2]string{p.T("egpuzzle.unseen"), RackText(ts, hidden.UnseenTiles())}
}

// exactTry is the verdict on a legal try at an exact puzzle.
func exactTry(t *ui.Term, p *i18n.Printer, pz *Puzzle, j *Judgement) string {
	g := j.Grade
	ans := pz.Answers[0].Move
	ed := pz.Exact
	if pz.Kind == KindPreEndgame {
		switch {
		case j.Correct:
			return t.Paint(ui.Good, p.T("egpuzzle.right_peg", "Play", j.Play.Move, "Win", p.Percent(g.Win, 1), "Value", p.SignedFloat(g.Value, 1)))
		case !g.Known:
			return t.Paint(ui.Bad, p.T("egpuzzle.wrong_peg_unvalued", "Play", j.Play.Move, "Answer", ans, "AnswerWin", p.Percent(ed.Win, 1)))
		}
		return t.Paint(ui.Bad, p.T("egpuzzle.wrong_peg", "Play", j.Play.Move, "Win", p.Percent(g.Win, 1), "Value", p.SignedFloat(g.Value, 1),
			"Answer", ans, "AnswerWin", p.Percent(ed.Win, 1), "AnswerValue", p.SignedFloat(ed.Value, 1)))
	}
	final := func(v float64) string { return p.SignedFloat(float64(ed.Spread)+v, 0) }
	switch {
	case j.Correct:
		return t.Paint(ui.Good, p.T("egpuzzle.right", "Play", j.Play.Move, "Value", p.SignedFloat(g.Value, 0), "Final", final(g.Value)))
	case !g.Known:
		return t.Paint(ui.Bad, p.T("egpuzzle.wrong_unknown", "Play", j.Play.Move, "Answer", ans, "AnswerValue", p.SignedFloat(ed.Value, 0)))
	case g.AtMost:
		return t.Paint(ui.Bad, p.T("egpuzzle.wrong_at_most", "Play", j.Play.Move, "Value", p.SignedFloat(g.Value, 0), "Answer", ans,
			"AnswerValue", p.SignedFloat(ed.Value, 0)))
	}
	msg := t.Paint(ui.Bad, p.T("egpuzzle.wrong", "Play", j.Play.Move, "Value", p.SignedFloat(g.Value, 0), "Final", final(g.Value),
		"Answer", ans, "AnswerValue", p.SignedFloat(ed.Value, 0), "AnswerFinal", final(ed.Value)))
	if ep := ed.find(*j.Play); ep != nil && len(ep.Line) > 0 {
		msg += "\n" + p.T("egpuzzle.your_line", "Line", lineText(p, ep.Line, ep.End))
	}
	return msg
}

// lineText writes a line on one line: "8H CASA (12) · opponent: 3C ZA (11) · …, goes out".
func lineText(p *i18n.Printer, l []LineTurn, end string) string {
	parts := make([]string, len(l))
	for i, t := range l {
		who := p.T("egpuzzle.you")
		if t.Player == 1 {
			who = p.T("egpuzzle.opponent")
		}
		parts[i] = who + ": " + t.Move + " (" + p.Int(t.Score) + ")"
	}
	s := strings.Join(parts, " · ")
	switch end {
	case EndOut:
		s += "; " + p.T("egpuzzle.end_out")
	case EndPassed:
		s += "; " + p.T("egpuzzle.end_passed")
	}
	return s
}

// exactSolution is what SolutionDoc shows of an exact puzzle's answers: the best, the other
// right plays, the rule, the optimal line and the first plays by value.
func exactSolution(p *i18n.Printer, d *ui.Doc, pz *Puzzle, top int) {
	ed := pz.Exact
	a := pz.Answers[0]
	if pz.Kind == KindPreEndgame {
		d.P(p.T("egpuzzle.answer_is_peg", "Play", a.Move, "Win", p.Percent(ed.Win, 1), "Value", p.SignedFloat(ed.Value, 1)))
	} else {
		d.P(p.T("egpuzzle.answer_is", "Play", a.Move, "Value", p.SignedFloat(ed.Value, 0), "Final", p.SignedFloat(float64(ed.Spread)+ed.Value, 0)))
	}
	if len(pz.Answers) > 1 {
		var moves []string
		for _, o := range pz.Answers[1:] {
			moves = append(moves, o.Move)
		}
		d.Note(p.T("egpuzzle.also_right", "Plays", strings.Join(moves, ", ")))
	}
	if pz.Kind == KindPreEndgame {
		d.Note(p.T("egpuzzle.rule_preendgame", "Tolerance", p.Float(ed.Accept, 1)))
	} else {
		d.Note(p.T("egpuzzle.rule_endgame"))
		if best := ed.find(a); best != nil && len(best.Line) > 0 {
			d.H2(p.T("egpuzzle.line_title"))
			tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("egpuzzle.col.player")},
				ui.Col{Header: p.T("puzzle.col.play")}, ui.Col{Header: p.T("puzzle.col.score"), Right: true})
			for i, t := range best.Line {
				who := p.T("egpuzzle.you")
				if t.Player == 1 {
					who = p.T("egpuzzle.opponent")
				}
				tb.Row(p.Int(i+1), who, t.Move, p.Int(t.Score))
			}
			d.Table(tb)
			switch best.End {
			case EndOut:
				d.Note(p.T("egpuzzle.end_out"))
			case EndPassed:
				d.Note(p.T("egpuzzle.end_passed"))
			}
		}
	}
	if pz.Played != nil {
		d.P(p.T("egpuzzle.you_played", "Play", pz.Played.Move, "Loss", p.Float(pz.Played.Loss, 1)))
	}
	d.H2(p.T("egpuzzle.plays_title"))
	cols := []ui.Col{{Header: "#", Right: true}, {Header: p.T("puzzle.col.play")}, {Header: p.T("puzzle.col.score"), Right: true}}
	if pz.Kind == KindPreEndgame {
		cols = append(cols, ui.Col{Header: p.T("puzzle.col.win"), Right: true}, ui.Col{Header: p.T("egpuzzle.col.expected"), Right: true})
	} else {
		cols = append(cols, ui.Col{Header: p.T("egpuzzle.col.value"), Right: true}, ui.Col{Header: p.T("egpuzzle.col.final"), Right: true})
	}
	cols = append(cols, ui.Col{Header: p.T("egpuzzle.col.static"), Right: true, Drop: 1})
	tb := ui.NewTable(cols...)
	for i, ep := range ed.Plays[:min(top, len(ed.Plays))] {
		row := []ui.Cell{{Text: p.Int(i + 1)}, {Text: ep.Move}, {Text: p.Int(ep.Score)}}
		if isAnswer(pz, &ep.Play) {
			row[1].Style = ui.Good
		}
		if pz.Kind == KindPreEndgame {
			row = append(row, ui.Cell{Text: p.Percent(ep.Win, 1)}, ui.Cell{Text: p.SignedFloat(ep.Value, 1)})
		} else {
			v, f := p.SignedFloat(ep.Value, 0), p.SignedFloat(float64(ed.Spread)+ep.Value, 0)
			if ep.AtMost {
				v, f = "≤ "+v, "≤ "+f
			}
			row = append(row, ui.Cell{Text: v}, ui.Cell{Text: f})
		}
		mark := ""
		if ep.Key == ed.StaticBest {
			mark = p.T("egpuzzle.static_best")
		}
		row = append(row, ui.Cell{Text: mark})
		tb.Cells(row...)
	}
	d.Table(tb)
}

// exactKindName names the exact kinds (stats, filters).
func exactKindName(p *i18n.Printer, k Kind) string {
	if k == KindPreEndgame {
		return p.T("egpuzzle.kind.preendgame")
	}
	return p.T("egpuzzle.kind.endgame")
}

// ratingsDoc lists the player's ratings by kind (bingo and best play share one, endgame and
// pre-endgame puzzles have one each) once an exact puzzle has been rated, and names the kind
// whose rating the stats show.
func ratingsDoc(p *i18n.Printer, d *ui.Doc, st *Stats) {
	exact := false
	for _, r := range st.Ratings {
		exact = exact || r.Kinds[0].Exact() && r.Rated > 0
	}
	if !exact && !st.Kind.Exact() {
		return
	}
	d.H2(p.T("egpuzzle.stats.ratings"))
	tb := ui.NewTable(ui.Col{Header: p.T("puzzle.stats.col.kind")}, ui.Col{Header: p.T("puzzle.stats.col.rating"), Right: true},
		ui.Col{Header: p.T("puzzle.stats.rated"), Right: true})
	for _, r := range st.Ratings {
		var names []string
		for _, k := range r.Kinds {
			names = append(names, KindName(p, k))
		}
		tb.Row(strings.Join(names, ", "), p.T("puzzle.stats.rating_value", "Rating", p.Int(roundInt(r.Rating.Rating)),
			"Deviation", p.Int(roundInt(r.Rating.Deviation))), p.Int(r.Rated))
	}
	d.Table(tb)
	if st.Kind != "" {
		d.Note(p.T("egpuzzle.stats.shown", "Kind", KindName(p, st.Kind)))
	}
}
