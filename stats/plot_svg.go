package stats

import (
	"image/color"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

// ReportSVG writes the pictures PlotReport draws as one SVG image (the web interface shows
// them): the same panels, the same size.
func ReportSVG(w io.Writer, r Report, pr *i18n.Printer) error {
	panels, err := reportPanels(r, pr)
	if err != nil {
		return err
	}
	return writePanelsSVG(w, panels)
}

// RatingSVG writes the puzzle rating's history as PlotRating draws it, as SVG.
func RatingSVG(w io.Writer, history []puzzles.RatingPoint, pr *i18n.Printer) error {
	rp, err := ratingPanel(history, pr)
	if err != nil {
		return err
	}
	return writePanelsSVG(w, []*plot.Plot{rp})
}

func writePanelsSVG(w io.Writer, plots []*plot.Plot) error {
	if len(plots) == 0 {
		return errNothingToDraw
	}
	px := func(n int) vg.Length { return vg.Length(n) * vg.Inch / PlotDPI }
	c := vgsvg.NewWith(vgsvg.UseWH(px(PlotWidth), px(PanelHeight*len(plots))))
	dc := draw.New(c)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	grid := make([][]*plot.Plot, len(plots))
	for i, p := range plots {
		grid[i] = []*plot.Plot{p}
	}
	canvases := plot.Align(grid, draw.Tiles{Rows: len(plots), Cols: 1, PadX: vg.Millimeter, PadY: 2 * vg.Millimeter}, dc)
	for i, p := range plots {
		p.Draw(canvases[i][0])
	}
	_, err := c.WriteTo(w)
	return err
}
