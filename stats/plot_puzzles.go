package stats

import (
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

// PlotPuzzleRating draws the puzzle rating's history (puzzles.Stats.History) to a PNG file;
// with fewer than two rated attempts there is no line to draw, which is said rather than an
// empty picture written. Its errors name the file.
func PlotPuzzleRating(file string, history []puzzles.HistoryPoint, pr *i18n.Printer) error {
	if len(history) < 2 {
		return i18n.E("puzzle_stats.plot_too_few", "File", file, "Attempts", len(history))
	}
	if err := PlotRating(file, puzzles.Points(history), pr); err != nil {
		return i18n.Wrap(err, "stats.err.plot", "File", file)
	}
	return nil
}
