package stats

import (
	"errors"
	"image/color"
	"io"
	"math"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

// Pictures are PNG files of PlotWidth × PanelHeight pixels per panel, panels stacked.
const (
	PlotDPI     = 96
	PlotWidth   = 960 // pixels
	PanelHeight = 360 // pixels
)

var (
	colLine = color.RGBA{R: 0x1f, G: 0x6f, B: 0xb4, A: 0xff}
	colBand = color.RGBA{R: 0x1f, G: 0x6f, B: 0xb4, A: 0x40}
	colFit  = color.RGBA{R: 0xd6, G: 0x5f, B: 0x00, A: 0xff}
	colBar  = color.RGBA{R: 0x5a, G: 0x9b, B: 0x5a, A: 0xff}
)

// errNothingToDraw is returned for a picture with no data at all.
var errNothingToDraw = errors.New("no data to draw")

// writePanels stacks plots one above the other into a PNG file.
func writePanels(file string, plots []*plot.Plot) error {
	if len(plots) == 0 {
		return errNothingToDraw
	}
	px := func(n int) vg.Length { return vg.Length(n) * vg.Inch / PlotDPI }
	img := vgimg.NewWith(vgimg.UseWH(px(PlotWidth), px(PanelHeight*len(plots))), vgimg.UseDPI(PlotDPI),
		vgimg.UseBackgroundColor(color.White))
	dc := draw.New(img)
	grid := make([][]*plot.Plot, len(plots))
	for i, p := range plots {
		grid[i] = []*plot.Plot{p}
	}
	canvases := plot.Align(grid, draw.Tiles{Rows: len(plots), Cols: 1, PadX: vg.Millimeter, PadY: 2 * vg.Millimeter}, dc)
	for i, p := range plots {
		p.Draw(canvases[i][0])
	}
	return fileio.WriteFile(file, func(w io.Writer) error {
		_, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(w)
		return err
	})
}

// dayX is a date's x coordinate: Unix seconds.
func dayX(date string) float64 {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0
	}
	return float64(t.Unix())
}

// timeAxis writes an x axis of Unix seconds as days, in the reader's language ("1 mar"), one
// tick a day or every few days, never the same day twice.
func timeAxis(p *plot.Plot, pr *i18n.Printer) {
	p.X.Tick.Marker = dayTicks{pr}
}

// numberAxis writes an axis's numbers as the reader's language does (1750, 1,750; 0,5).
func numberAxis(a *plot.Axis, pr *i18n.Printer) {
	a.Tick.Marker = numberTicks{pr}
}

type numberTicks struct{ pr *i18n.Printer }

// Ticks are plot's default ticks, labelled with as few decimals as they need.
func (n numberTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	prec := 0
	for _, t := range ticks {
		if t.Label == "" {
			continue
		}
		for prec < 3 && math.Abs(t.Value*math.Pow(10, float64(prec))-math.Round(t.Value*math.Pow(10, float64(prec)))) > 1e-6 {
			prec++
		}
	}
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = n.pr.Float(ticks[i].Value, prec)
		}
	}
	return ticks
}

type dayTicks struct{ pr *i18n.Printer }

// Ticks mark midnights (UTC, as dayX puts days), every step days so that there are at most 8.
func (d dayTicks) Ticks(min, max float64) []plot.Tick {
	const day = 24 * 3600.0
	first := math.Ceil(min/day) * day
	n := int((max-first)/day) + 1
	step := max1(int(math.Ceil(float64(n)/8)), 1)
	var ticks []plot.Tick
	for x := first; x <= max; x += day {
		k := int(math.Round((x - first) / day))
		t := plot.Tick{Value: x}
		if k%step == 0 {
			t.Label = d.pr.ShortDate(time.Unix(int64(x), 0).UTC())
		}
		ticks = append(ticks, t)
	}
	return ticks
}

func max1(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// PlotReport draws the report's pictures to a PNG file: the daily accuracy with its 95% band
// and the trend line over the longest window, the answers a day, and the puzzle rating when
// there is a history.
func PlotReport(file string, r Report, pr *i18n.Printer) error {
	panels, err := reportPanels(r, pr)
	if err != nil {
		return err
	}
	return writePanels(file, panels)
}

// reportPanels are PlotReport's panels, top to bottom.
func reportPanels(r Report, pr *i18n.Printer) ([]*plot.Plot, error) {
	var panels []*plot.Plot
	if len(r.Daily) > 0 {
		acc := plot.New()
		acc.Title.Text = pr.T("stats.plot.accuracy_title")
		acc.Y.Label.Text = pr.T("stats.plot.accuracy")
		acc.Y.Min, acc.Y.Max = 0, 100
		timeAxis(acc, pr)
		numberAxis(&acc.Y, pr)
		var pts plotter.XYs
		var upper, lower plotter.XYs
		for _, d := range r.Daily {
			if d.Answers == 0 {
				continue
			}
			x := dayX(d.Date)
			pts = append(pts, plotter.XY{X: x, Y: 100 * d.Accuracy})
			upper = append(upper, plotter.XY{X: x, Y: 100 * d.High})
			lower = append(lower, plotter.XY{X: x, Y: 100 * d.Low})
		}
		if len(pts) > 0 {
			addBand(acc, upper, lower, pr.T("stats.plot.band"))
			if err := addLine(acc, pts, pr.T("stats.plot.daily")); err != nil {
				return nil, err
			}
			if t := r.Windows[len(r.Windows)-1].Total.Trend; t != nil {
				// The trend's x is weeks from the first day with answers.
				x0 := pts[0].X
				x1 := pts[len(pts)-1].X
				week := 7 * 24 * 3600.0
				fit, err := plotter.NewLine(plotter.XYs{
					{X: x0, Y: t.Intercept}, {X: x1, Y: t.Intercept + t.Slope*(x1-x0)/week}})
				if err == nil {
					fit.Color = colFit
					fit.Width = vg.Points(2)
					acc.Add(fit)
					acc.Legend.Add(TrendWords(pr, t), fit)
				}
			}
			acc.Legend.Top = false
			acc.Legend.Left = true
		}
		panels = append(panels, acc)

		per := plot.New()
		per.Title.Text = pr.T("stats.plot.answers_title")
		per.Y.Label.Text = pr.T("stats.plot.answers")
		timeAxis(per, pr)
		numberAxis(&per.Y, pr)
		// Both panels show the same days: from the first day with answers to the last day.
		from, to := -1.0, 0.0
		for _, d := range r.Daily {
			if d.Answers > 0 && from < 0 {
				from = dayX(d.Date)
			}
			to = dayX(d.Date) + 24*3600
		}
		bins := make([]plotter.HistogramBin, 0, len(r.Daily))
		for _, d := range r.Daily {
			if x := dayX(d.Date); x >= from {
				bins = append(bins, plotter.HistogramBin{Min: x, Max: x + 24*3600, Weight: float64(d.Answers)})
			}
		}
		if from >= 0 {
			acc.X.Min, acc.X.Max = from, to
			per.X.Min, per.X.Max = from, to
		}
		h := &plotter.Histogram{Bins: bins, Width: 24 * 3600, FillColor: colBar}
		h.LineStyle.Width = 0
		per.Add(h)
		panels = append(panels, per)
	}
	if ps := r.Puzzles; ps != nil && len(ps.History) > 1 {
		rp, err := ratingPanel(ps.History, pr)
		if err != nil {
			return nil, err
		}
		panels = append(panels, rp)
	}
	if gs := r.Games; gs != nil && len(gs.Windows) > 0 && len(gs.Windows[len(gs.Windows)-1].Points) > 1 {
		gp, err := gamePanel(gs.Windows[len(gs.Windows)-1], pr)
		if err != nil {
			return nil, err
		}
		panels = append(panels, gp)
	}
	return panels, nil
}

// PlotRating draws the puzzle rating's history, oldest first, to a PNG file (puzzle stats).
func PlotRating(file string, history []puzzles.RatingPoint, pr *i18n.Printer) error {
	rp, err := ratingPanel(history, pr)
	if err != nil {
		return err
	}
	return writePanels(file, []*plot.Plot{rp})
}

// addBand shades the area between upper and lower (the same xs), named in the legend.
func addBand(p *plot.Plot, upper, lower plotter.XYs, legend string) {
	band := append(plotter.XYs{}, upper...)
	for i := len(lower) - 1; i >= 0; i-- {
		band = append(band, lower[i])
	}
	if poly, err := plotter.NewPolygon(band); err == nil {
		poly.Color = colBand
		poly.LineStyle.Width = 0
		p.Add(poly)
		p.Legend.Add(legend, poly)
	}
}

// addLine draws pts as a line with its points, named in the legend.
func addLine(p *plot.Plot, pts plotter.XYs, legend string) error {
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return err
	}
	line.Color, points.Color = colLine, colLine
	p.Add(line, points)
	p.Legend.Add(legend, line)
	return nil
}

func ratingPanel(history []puzzles.RatingPoint, pr *i18n.Printer) (*plot.Plot, error) {
	rp := plot.New()
	// x is the rated attempt's number (several a day would crowd a time axis); the title
	// gives the days.
	rp.Title.Text = pr.T("stats.plot.rating_title_days", "From", pr.Date(history[0].At), "To", pr.Date(history[len(history)-1].At))
	rp.Y.Label.Text = pr.T("stats.plot.rating")
	rp.X.Label.Text = pr.T("stats.plot.attempt")
	numberAxis(&rp.X, pr)
	numberAxis(&rp.Y, pr)
	var pts, upper, lower plotter.XYs
	for i, h := range history {
		x := float64(i + 1)
		pts = append(pts, plotter.XY{X: x, Y: h.Rating})
		if h.Deviation > 0 {
			upper = append(upper, plotter.XY{X: x, Y: h.Rating + h.Deviation})
			lower = append(lower, plotter.XY{X: x, Y: h.Rating - h.Deviation})
		}
	}
	if len(upper) == len(pts) {
		addBand(rp, upper, lower, pr.T("stats.plot.deviation"))
	}
	if err := addLine(rp, pts, pr.T("stats.plot.rating")); err != nil {
		return nil, err
	}
	rp.Legend.Top = true
	rp.Legend.Left = true
	return rp, nil
}

// isoDate writes a day kept as YYYY-MM-DD (JSON keeps it so) as the reader's language does.
func isoDate(p *i18n.Printer, date string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return p.Date(t)
}
