package stats

import (
	"context"
	"math"
	"time"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// GameStats are the player's games against atril (atril play), over the report's windows:
// how many, how many won, and how well they were played by the analysis of the player's turns.
type GameStats struct {
	Windows []GameWindow `json:"windows"`
	// Unfinished counts the games not finished (atril play --resume).
	Unfinished int `json:"unfinished"`
}

// GameWindow is one period's games. Intervals are 95%: Wilson for the share won, Student's t
// over the games for the means.
type GameWindow struct {
	Days  int    `json:"days"`
	Since string `json:"since"`
	Games int    `json:"games"`
	Wins  int    `json:"wins"`
	Draws int    `json:"draws"`
	// WinRate counts a draw as half a win.
	WinRate float64 `json:"win_rate"`
	WinLow  float64 `json:"win_rate_low"`
	WinHigh float64 `json:"win_rate_high"`
	// Analysed games and turns: the means below are over them.
	Analysed int `json:"analysed_games"`
	Turns    int `json:"analysed_turns"`
	// LossPerTurn is the equity lost per turn (all turns of the analysed games together); its
	// interval comes from the games' own means, each weighted by its turns.
	LossPerTurn  float64 `json:"equity_loss_per_turn"`
	LossLow      float64 `json:"equity_loss_low"`
	LossHigh     float64 `json:"equity_loss_high"`
	BingosPlayed Mean    `json:"bingos_played_per_game"`
	BingosMissed Mean    `json:"bingos_missed_per_game"`
	// LossTrend is the equity lost per turn's change a week (weighted least squares over the
	// games, each weighted by its turns): below zero is improving.
	LossTrend *Slope `json:"equity_loss_trend,omitempty"`
	// Points are the analysed games, oldest first, for pictures.
	Points []GamePoint `json:"-"`
}

// Mean is a mean with its 95% interval.
type Mean struct {
	Mean float64 `json:"mean"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// GamePoint is one analysed game.
type GamePoint struct {
	At          time.Time
	LossPerTurn float64
	Turns       int
}

// CollectGames gathers the game statistics over the windows (or from since to now); nil when
// no game was ever played.
func CollectGames(ctx context.Context, st *studystore.Store, now time.Time, loc *time.Location, since time.Time) (*GameStats, error) {
	if loc == nil {
		loc = time.Local
	}
	all, err := st.Games(ctx, time.Time{}, false)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, nil
	}
	gs := &GameStats{}
	var finished []studystore.GameRecord
	for _, g := range all {
		if g.Finished.IsZero() {
			gs.Unfinished++
			continue
		}
		finished = append(finished, g)
	}
	today := DayNumber(now, loc)
	var froms []int64
	if !since.IsZero() {
		froms = append(froms, DayNumber(since, loc))
	} else {
		for _, d := range Windows {
			froms = append(froms, today-int64(d)+1)
		}
	}
	for _, from := range froms {
		gs.Windows = append(gs.Windows, gameWindow(finished, from, today, loc))
	}
	return gs, nil
}

func gameWindow(games []studystore.GameRecord, from, today int64, loc *time.Location) GameWindow {
	w := GameWindow{Days: int(today - from + 1), Since: DayDate(from, loc).Format(time.DateOnly)}
	var losses, weights, played, missed, xs []float64
	var t0 time.Time
	for _, g := range games {
		day := DayNumber(g.Finished, loc)
		if day < from || day > today {
			continue
		}
		w.Games++
		switch {
		case g.PlayerScore > g.EngineScore:
			w.Wins++
		case g.PlayerScore == g.EngineScore:
			w.Draws++
		}
		a := g.Analysis
		if a == nil || a.Turns == 0 {
			continue
		}
		if t0.IsZero() {
			t0 = g.Finished
		}
		w.Analysed++
		w.Turns += a.Turns
		per := a.EquityLost / float64(a.Turns)
		losses = append(losses, per)
		weights = append(weights, float64(a.Turns))
		played = append(played, float64(a.BingosPlayed))
		missed = append(missed, float64(a.BingosMissed))
		xs = append(xs, g.Finished.Sub(t0).Hours()/(24*7))
		w.Points = append(w.Points, GamePoint{At: g.Finished, LossPerTurn: per, Turns: a.Turns})
	}
	won := float64(w.Wins) + float64(w.Draws)/2
	if w.Games > 0 {
		w.WinRate = won / float64(w.Games)
	}
	w.WinLow, w.WinHigh = interval.Wilson(won, float64(w.Games))
	if w.Analysed > 0 {
		m := tMean(losses, weights)
		w.LossPerTurn, w.LossLow, w.LossHigh = m.Mean, m.Low, m.High
		w.BingosPlayed, w.BingosMissed = tMean(played, nil), tMean(missed, nil)
	}
	if s, ok := WLSSlope(xs, losses, weights); ok {
		w.LossTrend = &s
	}
	return w
}

// tMean is a (weighted) mean with a 95% interval from Student's t; a single value has no
// interval (it is the value itself).
func tMean(x, w []float64) Mean {
	m, sd := stat.MeanStdDev(x, w)
	n := float64(len(x))
	if w != nil {
		// Kish's effective number of observations.
		var sw, sw2 float64
		for _, v := range w {
			sw += v
			sw2 += v * v
		}
		n = sw * sw / sw2
	}
	if len(x) < 2 || math.IsNaN(sd) {
		return Mean{Mean: m, Low: m, High: m}
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: math.Max(1, n-1)}.Quantile(0.975)
	half := t * sd / math.Sqrt(n)
	return Mean{Mean: m, Low: m - half, High: m + half}
}

// LossTrendWords says the equity-lost trend in words: "improving: 0.8 less a week ± 0.5" when
// the whole interval is below zero, "slipping" above it, "steady" when it holds zero.
func LossTrendWords(p *i18n.Printer, t *Slope) string {
	if t == nil {
		return "–"
	}
	half := p.Float((t.High-t.Low)/2, 1)
	switch {
	case t.High < 0:
		return p.T("stats.games.trend_better", "Slope", p.Float(-t.Slope, 1), "Half", half)
	case t.Low > 0:
		return p.T("stats.games.trend_worse", "Slope", p.Float(t.Slope, 1), "Half", half)
	}
	return p.T("stats.games.trend_flat", "Slope", p.Float(t.Slope, 1), "Half", half)
}

// doc draws the game statistics.
func (gs *GameStats) doc(p *i18n.Printer, d *ui.Doc) {
	d.H2(p.T("stats.games.title"))
	tb := ui.NewTable(ui.Col{Header: p.T("stats.games.col.period"), Shrink: true}, ui.Col{Header: p.T("stats.games.col.games"), Right: true},
		ui.Col{Header: p.T("stats.games.col.won"), Right: true}, ui.Col{Header: p.T("stats.games.col.loss"), Right: true},
		ui.Col{Header: p.T("stats.games.col.bingos"), Right: true}, ui.Col{Header: p.T("stats.games.col.missed"), Right: true})
	for _, w := range gs.Windows {
		won := "–"
		if w.Games > 0 {
			won = p.T("stats.games.share", "Share", p.Percent(w.WinRate, 0), "Low", p.Float(100*w.WinLow, 0), "High", p.Percent(w.WinHigh, 0))
		}
		loss, bp, bm := "–", "–", "–"
		switch {
		case w.Analysed == 1: // one game: no interval to give
			loss, bp, bm = p.Float(w.LossPerTurn, 1), p.Float(w.BingosPlayed.Mean, 1), p.Float(w.BingosMissed.Mean, 1)
		case w.Analysed > 1:
			loss = p.T("stats.games.interval", "Mean", p.Float(w.LossPerTurn, 1), "Low", p.Float(w.LossLow, 1), "High", p.Float(w.LossHigh, 1))
			bp = p.T("stats.games.interval", "Mean", p.Float(w.BingosPlayed.Mean, 1), "Low", p.Float(w.BingosPlayed.Low, 1), "High", p.Float(w.BingosPlayed.High, 1))
			bm = p.T("stats.games.interval", "Mean", p.Float(w.BingosMissed.Mean, 1), "Low", p.Float(w.BingosMissed.Low, 1), "High", p.Float(w.BingosMissed.High, 1))
		}
		tb.Row(p.T("stats.window", "Days", w.Days), p.Int(w.Games), won, loss, bp, bm)
	}
	d.Table(tb)
	if len(gs.Windows) > 0 {
		longest := gs.Windows[len(gs.Windows)-1]
		if longest.LossTrend != nil {
			d.P(p.T("stats.games.trend", "Days", longest.Days, "Trend", LossTrendWords(p, longest.LossTrend)))
		}
	}
	if gs.Unfinished > 0 {
		d.Note(p.N("stats.games.unfinished", gs.Unfinished))
	}
}

// gamePanel draws the equity lost per turn, game by game, with the trend.
func gamePanel(w GameWindow, pr *i18n.Printer) (*plot.Plot, error) {
	gp := plot.New()
	gp.Title.Text = pr.T("stats.games.plot_title")
	gp.Y.Label.Text = pr.T("stats.games.plot_y")
	timeAxis(gp, pr)
	numberAxis(&gp.Y, pr)
	var pts plotter.XYs
	for _, pt := range w.Points {
		pts = append(pts, plotter.XY{X: float64(pt.At.Unix()), Y: pt.LossPerTurn})
	}
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.Color, points.Color = colLine, colLine
	gp.Add(line, points)
	if t := w.LossTrend; t != nil && len(pts) > 1 {
		x0, x1 := pts[0].X, pts[len(pts)-1].X
		week := 7 * 24 * 3600.0
		if fit, err := plotter.NewLine(plotter.XYs{{X: x0, Y: t.Intercept}, {X: x1, Y: t.Intercept + t.Slope*(x1-x0)/week}}); err == nil {
			fit.Color = colFit
			gp.Add(fit)
			gp.Legend.Add(LossTrendWords(pr, t), fit)
		}
	}
	return gp, nil
}

// PlotWin draws a game's analysis: the player's chance of winning after each of their turns.
func PlotWin(file string, r *analysis.Report, pr *i18n.Printer) error {
	if len(r.Turns) == 0 {
		return errNothingToDraw
	}
	wp := plot.New()
	wp.Title.Text = pr.T("analyze.plot_title", "Player", r.Nick)
	wp.X.Label.Text = pr.T("analyze.plot_x")
	wp.Y.Label.Text = pr.T("analyze.plot_y")
	wp.Y.Min, wp.Y.Max = 0, 100
	var after, before plotter.XYs
	for _, t := range r.Turns {
		after = append(after, plotter.XY{X: float64(t.Number), Y: 100 * t.WinAfter})
		before = append(before, plotter.XY{X: float64(t.Number), Y: 100 * t.WinBefore})
	}
	if best, err := plotter.NewLine(before); err == nil {
		best.Color = colFit
		best.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
		wp.Add(best)
		wp.Legend.Add(pr.T("stats.games.plot_best"), best)
	}
	line, points, err := plotter.NewLinePoints(after)
	if err != nil {
		return err
	}
	line.Color, points.Color = colLine, colLine
	wp.Add(line, points)
	wp.Legend.Add(pr.T("stats.games.plot_played"), line)
	wp.Legend.Top = false
	return writePanels(file, []*plot.Plot{wp})
}
