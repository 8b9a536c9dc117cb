package cmd

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/stats"
)

// forecast's JSON has the keys; --set-date records the tournament, which today counts
// down to and forecast alone then forecasts; --plot draws a PNG.
func TestForecastAndToday(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	seedFSRSReviews(t, db, 300, day1) // deck "sim", 300 cards reviewed over 200 days
	s, code := study(t, day1, "", "--db", db, "--json", "forecast", "--date", "2026-04-15", "--deck", "sim")
	if code != 0 {
		t.Fatalf("exit %d %s", code, s.err.String())
	}
	var f map[string]any
	if err := json.Unmarshal(s.out.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"date", "cards", "expected_recalled", "low", "high", "daily_reviews_needed"} {
		if _, ok := f[k]; !ok {
			t.Errorf("forecast JSON lacks %q: %s", k, s.out.String())
		}
	}
	if f["date"] != "2026-04-15" || f["cards"] != 300.0 || f["expected_recalled"].(float64) <= 0 ||
		f["low"].(float64) > f["expected_recalled"].(float64) || f["high"].(float64) < f["expected_recalled"].(float64) {
		t.Errorf("forecast %v", f)
	}
	// --set-date alone needs a day; after --date it is a switch that records it.
	if s, code := study(t, day1, "", "--db", db, "forecast", "--set-date"); code != ExitError || !strings.Contains(s.err.String(), "add --date") {
		t.Errorf("--set-date alone: exit %d %s", code, s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "forecast", "--date", "2026-04-15", "--set-date", "--deck", "sim")
	if code != 0 || !strings.Contains(s.out.String(), "Forecast for 15\u00a0Apr\u00a02026: deck sim") || !strings.Contains(s.out.String(), "Tournament set for 15\u00a0Apr\u00a02026") {
		t.Errorf("--set-date: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "--lang", "es", "forecast")
	if code != 0 || !strings.Contains(s.out.String(), "Previsión para el 15\u00a0abr\u00a02026: mazo sim") || !strings.Contains(s.out.String(), "Dentro de 45 días") {
		t.Errorf("forecast of the tournament set: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "today")
	if code != 0 || !strings.Contains(s.out.String(), "15\u00a0Apr\u00a02026, in 45 days (expected recall") || !strings.Contains(s.out.String(), "yesterday") {
		t.Errorf("today: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", "--db", db, "--json", "today")
	var td stats.Today
	if code != 0 || json.Unmarshal(s.out.Bytes(), &td) != nil || td.Empty || td.Tournament == nil || td.Tournament.Days != 45 ||
		td.Yesterday.Answers == 0 || td.Reviews == 0 {
		t.Errorf("today JSON: %+v (yesterday %+v)", td, td.Yesterday)
	}
	file := filepath.Join(dir, "f.png")
	s, code = study(t, day1, "", "--db", db, "forecast", "--plot", file)
	if code != 0 {
		t.Fatalf("plot: exit %d %s", code, s.err.String())
	}
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(fh)
	fh.Close()
	if err != nil || img.Bounds().Dx() != stats.PlotWidth || img.Bounds().Dy() != stats.PanelHeight {
		t.Errorf("forecast picture: %v %v", img.Bounds(), err)
	}
}

func TestForecastBadInput(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"forecast"}, "no day to forecast"},
		{[]string{"forecast", "--date", "14/03/2027"}, "--date 14/03/2027: expected a date as YYYY-MM-DD"},
		{[]string{"forecast", "--date", "2020-01-01"}, "the day has passed"},
		{[]string{"forecast", "--date", "2027-01-01", "--target", "1.5"}, "--target 1.5"},
		{[]string{"forecast", "--date", "2027-01-01", "--set-date", "2027-02-01"}, "different days"},
		{[]string{"forecast", "--date", "2027-01-01", "--deck", "nope"}, "deck nope: no such deck"},
	} {
		s, code := study(t, day1, "", append([]string{"--db", db}, c.args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, s.err.String())
		}
	}
	// No database yet: today is a first day, and a forecast has no cards.
	s, code := study(t, day1, "", "--db", db, "today")
	if code != 0 || !strings.Contains(s.out.String(), "Your first day") {
		t.Errorf("today on a first day: exit %d\n%s", code, s.out.String())
	}
	s, code = study(t, day1, "", "--db", db, "--lang", "es", "today")
	if code != 0 || !strings.Contains(s.out.String(), "Su primer día") {
		t.Errorf("today on a first day, in Spanish: exit %d\n%s", code, s.out.String())
	}
	s, code = study(t, day1, "", "--db", db, "forecast", "--date", "2027-01-01")
	if code != 0 || !strings.Contains(s.out.String(), "No cards to forecast") {
		t.Errorf("forecast with no database: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Error("today or forecast made a database")
	}
	// --set-date makes it: it records something.
	if s, code := study(t, day1, "", "--db", db, "forecast", "--set-date", "2027-01-01"); code != 0 {
		t.Errorf("--set-date on a new database: exit %d %s", code, s.err.String())
	}
	s, _ = study(t, day1, "", "--db", db, "--json", "today")
	var td stats.Today
	if json.Unmarshal(s.out.Bytes(), &td) != nil || td.Tournament == nil || td.Tournament.Date != "2027-01-01" || !slices.Equal(td.Decks, []stats.TodayDeck{}) {
		t.Errorf("today after --set-date: %s", s.out.String())
	}
}
