package bench

import (
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Doc is the report for a reader (positions read from file, or built in when ""): one row a figure, atril's median and spread, and for each other
// engine its median and the ratio.
func (rep *Report) Doc(p *i18n.Printer, file string) *ui.Doc {
	source := p.T("bench.builtin", "Seed", rep.Seed)
	if file != "" {
		source = file
	}
	doc := ui.NewDoc().H2(p.T("bench.title", "Positions", p.Int(rep.Positions), "Source", source, "Lexicon", rep.Lexicon))
	secDec := 2
	if rep.Seconds < 0.1 {
		secDec = 3
	}
	doc.P(p.T("bench.how", "Runs", p.N("bench.runs", rep.Runs), "Seconds", p.Float(rep.Seconds, secDec)))
	cols := []ui.Col{{Header: p.T("bench.col.figure"), Shrink: true}, {Header: p.T("bench.col.unit")},
		{Header: "atril", Right: true}, {Header: p.T("bench.col.spread"), Right: true}}
	var engines []string
	if len(rep.Results) > 0 {
		for _, o := range rep.Results[0].Others {
			engines = append(engines, o.Engine)
		}
	}
	for _, e := range engines {
		cols = append(cols, ui.Col{Header: e, Right: true}, ui.Col{Header: p.T("bench.col.ratio", "Engine", e), Right: true})
	}
	t := ui.NewTable(cols...)
	for _, r := range rep.Results {
		dec := 1
		if r.Figure == Sim {
			dec = 0
		}
		cells := []ui.Cell{{Text: figureName(p, r.Figure)}, {Text: unitName(p, r.Figure)},
			{Text: p.Float(r.Atril.Median, dec), Style: ui.Bold},
			{Text: p.Float(r.Atril.Min, dec) + "–" + p.Float(r.Atril.Max, dec)}}
		for _, o := range r.Others {
			if !o.Supported {
				cells = append(cells, ui.Cell{Text: "—"}, ui.Cell{Text: "—"})
				continue
			}
			ratio := o.Ratio.Median
			style := ui.Bad
			if (ratio < 1) == r.LowerIsBetter && ratio != 1 {
				style = ui.Good
			}
			cells = append(cells, ui.Cell{Text: p.Float(o.Stats.Median, dec)}, ui.Cell{Text: p.Float(ratio, 2) + "×", Style: style})
		}
		t.Cells(cells...)
	}
	doc.Table(t)
	if len(engines) > 0 {
		doc.Note(p.T("bench.legend"))
	}
	return doc
}

// figureName is a figure in the reader's words.
func figureName(p *i18n.Printer, f Figure) string {
	switch f {
	case TopEquity:
		return p.T("bench.figure.topeq")
	case AllMoves:
		return p.T("bench.figure.all")
	case Sim:
		return p.T("bench.figure.sim")
	case Endgame:
		return p.T("bench.figure.endgame")
	}
	return p.T("bench.figure.selfplay")
}

// unitName is a figure's unit in the reader's words.
func unitName(p *i18n.Printer, f Figure) string {
	switch f {
	case Sim:
		return p.T("bench.unit.iterations")
	case SelfPlay:
		return p.T("bench.unit.games")
	case Endgame:
		return p.T("bench.unit.ms")
	}
	return p.T("bench.unit.us")
}
