package stats

import (
	"math"
	"strconv"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Doc draws the report in the reader's language.
func (r Report) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc()
	if r.Deck != "" {
		d.H1(p.T("stats.title_deck", "Deck", r.Deck))
	} else {
		d.H1(p.T("stats.title"))
	}
	if r.Empty && r.Puzzles == nil && r.Games == nil {
		d.P(p.T("stats.first_day"))
		return d
	}
	if r.Empty { // puzzles solved or games played, but no drill or review answered yet
		if r.Puzzles != nil {
			d.P(p.T("stats.puzzles_only"))
			puzzleDoc(p, d, r.Puzzles)
		} else {
			d.P(p.T("stats.games.only"))
		}
		if r.Games != nil {
			r.Games.doc(p, d)
		}
		return d
	}
	longest := r.Windows[len(r.Windows)-1]
	d.P(p.T("stats.intro", "Date", p.DateTime(r.Now), "Days", longest.Days))
	if longest.Total.Answers == 0 {
		d.P(p.T("stats.none_recent", "Days", longest.Days))
	} else {
		var kv [][2]string
		for _, w := range r.Windows {
			kv = append(kv, [2]string{p.T("stats.window", "Days", w.Days), summary(p, w.Total)})
		}
		d.KV(kv...)
		if t := longest.Total.Trend; t != nil {
			d.P(p.T("stats.trend_total", "Days", longest.Days, "Trend", TrendWords(p, t)))
		}
		for _, dim := range Dims {
			if t := groupTable(p, r.Windows, dim); t != nil {
				d.H2(dimTitle(p, dim))
				d.Table(t)
			}
		}
	}
	if r.Puzzles != nil {
		puzzleDoc(p, d, r.Puzzles)
	}
	if r.Games != nil {
		r.Games.doc(p, d)
	}
	return d
}

// summary is a window's total in one line.
func summary(p *i18n.Printer, t Row) string {
	if t.Answers == 0 {
		return p.T("stats.no_answers")
	}
	return p.T("stats.summary", "Answers", p.N("stats.count.answers", t.Answers),
		"Accuracy", accuracy(p, t), "Median", seconds(p, t.MedianSeconds),
		"Q1", seconds(p, t.Q1Seconds), "Q3", seconds(p, t.Q3Seconds))
}

// accuracy is "85 % (78–90 %)".
func accuracy(p *i18n.Printer, r Row) string {
	if r.Answers == 0 {
		return "–"
	}
	return p.T("stats.accuracy", "Share", p.Percent(r.Accuracy, 0), "Low", p.Float(100*r.AccuracyLow, 0),
		"High", p.Percent(r.AccuracyHigh, 0))
}

func seconds(p *i18n.Printer, s float64) string {
	return p.T("stats.seconds", "Seconds", p.Float(s, 1))
}

// TrendWords says a trend in words: "improving 1.8 points a week ± 0.9" when the interval
// is above zero, "slipping ..." below it, "steady (...)" when it holds zero.
func TrendWords(p *i18n.Printer, t *Slope) string {
	if t == nil {
		return "–"
	}
	half := (t.High - t.Low) / 2
	prec := 1
	if half < 0.1 {
		prec = 2 // a very long log: "0,1 ± 0,0" would say nothing
	}
	switch {
	case t.Low > 0:
		return p.T("stats.trend.up", "Slope", p.Float(t.Slope, prec), "Half", p.Float(half, prec))
	case t.High < 0:
		return p.T("stats.trend.down", "Slope", p.Float(-t.Slope, prec), "Half", p.Float(half, prec))
	}
	return p.T("stats.trend.flat", "Slope", p.Float(t.Slope, prec), "Half", p.Float(half, prec))
}

func dimTitle(p *i18n.Printer, dim string) string {
	switch dim {
	case DimDrill:
		return p.T("stats.dim.drill")
	case DimDeck:
		return p.T("stats.dim.deck")
	case DimCardKind:
		return p.T("stats.dim.card_kind")
	case DimLength:
		return p.T("stats.dim.length")
	case DimBand:
		return p.T("stats.dim.band")
	case DimDigraph:
		return p.T("stats.dim.digraph")
	}
	return dim
}

// GroupName is a group as the reader says it: a drill or card kind, "7 tiles", a band.
func GroupName(p *i18n.Printer, dim, g string) string {
	switch dim {
	case DimDrill, DimCardKind:
		return drills.NameAs(p, drills.Kind(g), drills.InReport)
	case DimLength:
		n, _ := strconv.Atoi(g)
		return p.N("count.tiles", n)
	case DimBand:
		b, _ := strconv.Atoi(g)
		return p.T("stats.band", "Band", b, "From", (b-1)*100/Bands, "To", b*100/Bands)
	case DimDigraph:
		if g == "yes" {
			return p.T("stats.digraph.yes")
		}
		return p.T("stats.digraph.no")
	case DimDeck:
		if g == "" {
			return p.T("stats.no_deck")
		}
		return i18n.Escape(g)
	}
	return g
}

// groupTable lays out one grouping: a row per group, the answers and accuracy in each window,
// the response times and the trend over the longest.
func groupTable(p *i18n.Printer, ws []Window, dim string) *ui.Table {
	// Windows end today and nest, so the longest has every group, in order.
	longest := ws[len(ws)-1]
	var ordered []string
	for _, r := range longest.Groups(dim) {
		ordered = append(ordered, r.Group)
	}
	if len(ordered) == 0 {
		return nil
	}
	cols := []ui.Col{{Header: p.T("stats.col.group"), Shrink: true}, {Header: p.T("stats.col.answers"), Right: true}}
	// On a narrow terminal the middle windows go first, then the times, then the shortest
	// window: the longest window and its trend stay.
	for i, w := range ws {
		drop := 3
		switch i {
		case len(ws) - 1:
			drop = 0
		case 0:
			drop = 1
		}
		cols = append(cols, ui.Col{Header: p.T("stats.col.accuracy", "Days", w.Days), Right: true, Drop: drop})
	}
	cols = append(cols, ui.Col{Header: p.T("stats.col.time", "Days", longest.Days), Right: true, Drop: 2},
		ui.Col{Header: p.T("stats.col.trend", "Days", longest.Days), Shrink: true})
	t := ui.NewTable(cols...)
	for _, g := range ordered {
		cells := []ui.Cell{{Text: GroupName(p, dim, g)}}
		counts := ""
		var accs []ui.Cell
		var last Row
		for i, w := range ws {
			var row Row
			for _, r := range w.Groups(dim) {
				if r.Group == g {
					row = r
				}
			}
			if i > 0 {
				counts += " / "
			}
			counts += p.Int(row.Answers)
			accs = append(accs, ui.Cell{Text: accuracy(p, row)})
			last = row
		}
		cells = append(cells, ui.Cell{Text: counts})
		cells = append(cells, accs...)
		timeText := "–"
		if last.Answers > 0 {
			timeText = p.T("stats.quartiles", "Median", seconds(p, last.MedianSeconds),
				"Q1", p.Float(last.Q1Seconds, 1), "Q3", p.Float(last.Q3Seconds, 1))
		}
		trend := ui.Cell{Text: TrendWords(p, last.Trend)}
		if last.Trend != nil {
			switch {
			case last.Trend.Low > 0:
				trend.Style = ui.Good
			case last.Trend.High < 0:
				trend.Style = ui.Bad
			}
		}
		cells = append(cells, ui.Cell{Text: timeText}, trend)
		t.Cells(cells...)
	}
	return t
}

func puzzleDoc(p *i18n.Printer, d *ui.Doc, ps *PuzzleStats) {
	d.H2(p.T("stats.puzzles.title"))
	kv := [][2]string{{p.T("stats.puzzles.solved"), p.T("stats.puzzles.solved_value",
		"Solved", p.Int(ps.Solved), "Attempts", p.Int(ps.Attempts),
		"Accuracy", accuracy(p, Row{Answers: ps.Attempts, Accuracy: ps.Rate, AccuracyLow: ps.Low, AccuracyHigh: ps.High}))}}
	if ps.Rating != nil {
		kv = append(kv, [2]string{p.T("stats.puzzles.rating"), p.T("stats.puzzles.rating_value",
			"Rating", p.Int(int(math.Round(ps.Rating.Rating))), "Deviation", p.Int(int(math.Round(ps.Rating.Deviation))))})
	}
	if n := len(ps.History); n > 1 {
		kv = append(kv, [2]string{p.T("stats.puzzles.change"), p.T("stats.puzzles.change_value",
			"From", p.Int(int(math.Round(ps.History[0].Rating))), "To", p.Int(int(math.Round(ps.History[n-1].Rating))),
			"Count", p.N("stats.count.attempts", n))})
	}
	d.KV(kv...)
	if len(ps.ByTag) > 0 {
		t := ui.NewTable(ui.Col{Header: p.T("stats.puzzles.tag"), Shrink: true},
			ui.Col{Header: p.T("stats.col.answers"), Right: true}, ui.Col{Header: p.T("stats.puzzles.rate"), Right: true})
		for _, r := range ps.ByTag {
			t.Row(puzzletag.Name(p, puzzletag.Tag(r.Group)), p.Int(r.Answers), accuracy(p, r))
		}
		d.Table(t)
	}
}
