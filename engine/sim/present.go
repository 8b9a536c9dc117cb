package sim

import (
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// What a simulation shows its reader, the same for every front end: the result as JSON for
// scripts and as a document (Report).

// CandidateJSON is one candidate of a simulation as --json writes it.
type CandidateJSON struct {
	Move       string  `json:"move"`
	Coords     string  `json:"coords"`
	Word       string  `json:"word"`
	Score      int     `json:"score"`
	Static     float64 `json:"static"`
	Equity     float64 `json:"equity"`
	EquitySE   float64 `json:"equity_se"`
	Win        float64 `json:"win"`
	WinSE      float64 `json:"win_se"`
	Iterations int     `json:"iterations"`
	Dropped    bool    `json:"dropped"`
}

// Report is a simulation's result as --json writes it and Doc shows it.
type Report struct {
	CGP        string          `json:"cgp"`
	Plies      int             `json:"plies"`
	Iterations int             `json:"iterations"`
	Stopped    bool            `json:"stopped"`
	Seconds    float64         `json:"seconds"`
	PerSecond  float64         `json:"iterations_per_second"`
	Candidates []CandidateJSON `json:"candidates"`
}

// Report is res, the simulation of pos over plies that took elapsed, for its reader (moves in
// ts's notation).
func (res *Result) Report(pos *engine.Position, plies int, elapsed time.Duration, ts *lexicon.TileSet) *Report {
	out := &Report{CGP: pos.CGP(), Plies: plies, Iterations: res.Iterations, Stopped: res.Stopped, Seconds: num.Round2(elapsed.Seconds())}
	if sec := elapsed.Seconds(); sec > 0 {
		out.PerSecond = num.Round2(float64(res.Iterations) / sec)
	}
	for i := range res.Candidates {
		cd := &res.Candidates[i]
		j := CandidateJSON{Move: engine.FormatMove(&cd.Move, pos.Board, ts), Score: int(cd.Move.Score), Static: num.Round2(cd.Static),
			Equity: num.Round2(cd.Equity.Mean), EquitySE: num.Round2(cd.Equity.StdErr), Win: num.Round2(100*cd.Win.Mean) / 100,
			WinSE: num.Round2(100*cd.Win.StdErr) / 100, Iterations: cd.Iterations, Dropped: cd.Dropped}
		if cd.Move.Kind == engine.Play {
			j.Coords, j.Word = engine.FormatCoords(&cd.Move), engine.FormatWord(&cd.Move, pos.Board, ts)
		}
		out.Candidates = append(out.Candidates, j)
	}
	return out
}

// Doc is the report for a reader: the candidates best first, with their margins.
func (out *Report) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc()
	d.H2(p.T("sim.title", "Plies", out.Plies, "Iterations", p.Int(out.Iterations)))
	tb := ui.NewTable(ui.Col{Header: "#", Right: true}, ui.Col{Header: p.T("sim.col.play")}, ui.Col{Header: p.T("sim.col.score"), Right: true},
		ui.Col{Header: p.T("sim.col.static"), Right: true}, ui.Col{Header: p.T("sim.col.equity"), Right: true},
		ui.Col{Header: p.T("sim.col.win"), Right: true}, ui.Col{Header: p.T("sim.col.iterations"), Right: true}, ui.Col{Shrink: true})
	for i, cd := range out.Candidates {
		note := ui.Cell{}
		if cd.Dropped {
			note = ui.Cell{Text: p.T("sim.dropped"), Style: ui.Dim}
		}
		play := ui.Cell{Text: cd.Move}
		if i == 0 {
			play.Style = ui.Good
		}
		tb.Cells(ui.Cell{Text: p.Int(i + 1)}, play, ui.Cell{Text: p.Int(cd.Score)}, ui.Cell{Text: p.Float(cd.Static, 1)},
			ui.Cell{Text: p.Float(cd.Equity, 1) + " ± " + p.Float(cd.EquitySE, 1)},
			ui.Cell{Text: p.Percent(cd.Win, 1) + " ± " + p.Float(100*cd.WinSE, 1)}, ui.Cell{Text: p.Int(cd.Iterations)}, note)
	}
	d.Table(tb)
	key := "sim.ran_all"
	if out.Stopped {
		key = "sim.stopped_early"
	}
	d.Note(p.T(key, "Seconds", p.Float(out.Seconds, 1), "Rate", p.Float(out.PerSecond, 0)))
	d.Note(p.T("sim.legend"))
	return d
}
