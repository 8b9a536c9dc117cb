package stats

import (
	"errors"
	"image/color"
	"os"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/atril-scrabble/atril/internal/i18n"
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
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// dayX is a date's x coordinate: Unix seconds, which plot.TimeTicks writes as dates.
func dayX(date string) float64 {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0
	}
	return float64(t.Unix())
}

func timeAxis(p *plot.Plot) {
	p.X.Tick.Marker = plot.TimeTicks{Format: "2006-01-02"}
}

// PlotReport draws the report's pictures to a PNG file: the daily accuracy with its 95% band
// and the trend line over the longest window, the answers a day, and the puzzle rating when
// there is a history.
func PlotReport(file string, r Report, pr *i18n.Printer) error {
	var panels []*plot.Plot
	if len(r.Daily) > 0 {
		acc := plot.New()
		acc.Title.Text = pr.T("stats.plot.accuracy_title")
		acc.Y.Label.Text = pr.T("stats.plot.accuracy")
		acc.Y.Min, acc.Y.Max = 0, 100
		timeAxis(acc)
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
			band := append(plotter.XYs{}, upper...)
			for i := len(lower) - 1; i >= 0; i-- {
				band = append(band, lower[i])
			}
			if poly, err := plotter.NewPolygon(band); err == nil {
				poly.Color = colBand
				poly.LineStyle.Width = 0
				acc.Add(poly)
				acc.Legend.Add(pr.T("stats.plot.band"), poly)
			}
			line, points, err := plotter.NewLinePoints(pts)
			if err != nil {
				return err
			}
			line.Color, points.Color = colLine, colLine
			acc.Add(line, points)
			acc.Legend.Add(pr.T("stats.plot.daily"), line)
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
		timeAxis(per)
		bins := make([]plotter.HistogramBin, 0, len(r.Daily))
		for _, d := range r.Daily {
			x := dayX(d.Date)
			bins = append(bins, plotter.HistogramBin{Min: x, Max: x + 24*3600, Weight: float64(d.Answers)})
		}
		h := &plotter.Histogram{Bins: bins, Width: 24 * 3600, FillColor: colBar}
		h.LineStyle.Width = 0
		per.Add(h)
		panels = append(panels, per)
	}
	if ps := r.Puzzles; ps != nil && len(ps.History) > 1 {
		rp, err := ratingPanel(ps.History, pr)
		if err != nil {
			return err
		}
		panels = append(panels, rp)
	}
	if gs := r.Games; gs != nil && len(gs.Windows) > 0 && len(gs.Windows[len(gs.Windows)-1].Points) > 1 {
		gp, err := gamePanel(gs.Windows[len(gs.Windows)-1], pr)
		if err != nil {
			return err
		}
		panels = append(panels, gp)
	}
	return writePanels(file, panels)
}

// PlotRating draws the puzzle rating's history, oldest first, to a PNG file (puzzle stats).
func PlotRating(file string, history []RatingPoint, pr *i18n.Printer) error {
	rp, err := ratingPanel(history, pr)
	if err != nil {
		return err
	}
	return writePanels(file, []*plot.Plot{rp})
}

func ratingPanel(history []RatingPoint, pr *i18n.Printer) (*plot.Plot, error) {
	rp := plot.New()
	rp.Title.Text = pr.T("stats.plot.rating_title")
	rp.Y.Label.Text = pr.T("stats.plot.rating")
	timeAxis(rp)
	var pts plotter.XYs
	for _, h := range history {
		pts = append(pts, plotter.XY{X: float64(h.At.Unix()), Y: h.Rating})
	}
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, err
	}
	line.Color, points.Color = colLine, colLine
	rp.Add(line, points)
	return rp, nil
}
