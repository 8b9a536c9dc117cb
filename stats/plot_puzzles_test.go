package stats

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/puzzles"
)

// A rating history of two attempts or more is drawn as a PNG; fewer is refused by file and
// count, nothing written; a file that cannot be written is named.
func TestPlotPuzzleRating(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := i18n.For(i18n.English)
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	one := []puzzles.HistoryPoint{{At: t0, Rating: 1500, Deviation: 300}}
	short := filepath.Join(dir, "short.png")
	err := PlotPuzzleRating(short, one, p)
	if err == nil || !strings.Contains(err.Error(), "short.png") || !strings.Contains(err.Error(), "1 rated attempts") {
		t.Errorf("one attempt: %v", err)
	}
	if _, err := os.Stat(short); !os.IsNotExist(err) {
		t.Errorf("a picture was written for one attempt: %v", err)
	}
	three := append(one, puzzles.HistoryPoint{At: t0.Add(time.Hour), Rating: 1540, Deviation: 250},
		puzzles.HistoryPoint{At: t0.Add(2 * time.Hour), Rating: 1510, Deviation: 220})
	file := filepath.Join(dir, "rating.png")
	if err := PlotPuzzleRating(file, three, p); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("not a PNG: %d bytes, %v", len(b), err)
	}
	bad := filepath.Join(dir, "missing", "rating.png")
	if err := PlotPuzzleRating(bad, three, p); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("unwritable file: %v", err)
	}
}
