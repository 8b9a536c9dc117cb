package stats

import (
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/puzzles"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// Plot ticks are written as the language writes numbers and days: no "1750.00", no ISO date,
// never the same day twice; the answers-a-day panel shows the days the accuracy panel does;
// the puzzle rating is drawn against its attempts with its deviation band.
func TestPlotAxes(t *testing.T) {
	t.Parallel()
	en, es := i18n.For(i18n.English), i18n.For(i18n.Spanish)
	for _, tc := range []struct {
		p        *i18n.Printer
		min, max float64
		want     []string
	}{
		{en, 1400, 2100, []string{"1,500", "1,800", "2,100"}},
		{es, 1400, 2100, []string{"1500", "1800", "2100"}},
		{es, 0, 1, []string{"0,0", "0,5", "1,0"}},
		{en, 0, 100, []string{"0", "50", "100"}},
	} {
		var got []string
		for _, tk := range (numberTicks{tc.p}).Ticks(tc.min, tc.max) {
			if tk.Label != "" {
				got = append(got, tk.Label)
				if strings.Contains(tk.Label, ".00") {
					t.Errorf("tick %q", tk.Label)
				}
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(" "+strings.Join(got, " ")+" ", " "+w+" ") {
				t.Errorf("%s %v–%v: ticks %q lack %q", tc.p.Lang(), tc.min, tc.max, got, w)
			}
		}
	}
	day := func(s string) float64 { return dayX(s) }
	for _, span := range []struct{ from, to string }{{"2026-03-01", "2026-03-04"}, {"2026-01-01", "2026-03-31"}} {
		seen := map[string]bool{}
		for _, tk := range (dayTicks{es}).Ticks(day(span.from), day(span.to)) {
			if tk.Label == "" {
				continue
			}
			if seen[tk.Label] || strings.Contains(tk.Label, "-") {
				t.Errorf("%v: tick %q repeated or ISO", span, tk.Label)
			}
			seen[tk.Label] = true
		}
		if len(seen) < 3 || len(seen) > 8 {
			t.Errorf("%v: %d labelled ticks", span, len(seen))
		}
	}
	if got := (dayTicks{es}).Ticks(day("2026-03-01"), day("2026-03-02"))[0].Label; got != "1\u00a0mar" {
		t.Errorf("Spanish day tick %q", got)
	}
	// The two daily panels cover the same days: from the first day with answers.
	r := Report{Windows: []Window{{Days: 90}}}
	for d := 0; d < 90; d++ {
		day := Day{Date: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, d).Format(time.DateOnly)}
		if d >= 60 {
			day.Answers, day.Correct, day.Accuracy, day.Low, day.High = 10, 8, 0.8, 0.5, 0.95
		}
		r.Daily = append(r.Daily, day)
	}
	r.Puzzles = &PuzzleStats{Overview: puzzles.Overview{History: []puzzles.RatingPoint{{At: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), Rating: 1500},
		{At: time.Date(2026, 3, 1, 9, 5, 0, 0, time.UTC), Rating: 1420}}}}
	panels, err := reportPanels(r, en)
	if err != nil || len(panels) != 3 {
		t.Fatalf("%d panels, %v", len(panels), err)
	}
	first := day(r.Daily[60].Date)
	if panels[0].X.Min != first || panels[1].X.Min != first || panels[0].X.Max != panels[1].X.Max {
		t.Errorf("accuracy x %v–%v, answers x %v–%v; first answers on %v", panels[0].X.Min, panels[0].X.Max, panels[1].X.Min, panels[1].X.Max, first)
	}
	// Two attempts on one day: x is the attempt, 1 and 2; with deviations, a band.
	if rp := panels[2]; rp.X.Min != 1 || rp.X.Max != 2 || !strings.Contains(rp.Title.Text, "1\u00a0Mar\u00a02026") {
		t.Errorf("rating panel x %v–%v, title %q", rp.X.Min, rp.X.Max, rp.Title.Text)
	}
	withDev := []puzzles.RatingPoint{{At: time.Now(), Rating: 1500, Deviation: 350}, {At: time.Now(), Rating: 1400, Deviation: 300}}
	rp, err := ratingPanel(withDev, en)
	if err != nil || rp.Y.Min > 1100 || rp.Y.Max < 1850 {
		t.Errorf("rating with its deviation band: y %v–%v, %v", rp.Y.Min, rp.Y.Max, err)
	}
}

// fsrs fit never says "fewer than 8 predictions" under a count of hundreds: when the fit kept
// too few once outliers were set aside, it says how many it kept.
func TestFSRSFitDefaultsSaysWhy(t *testing.T) {
	t.Parallel()
	en := i18n.For(i18n.English)
	render := func(r FSRSFit) string {
		var b strings.Builder
		term := &ui.Term{W: &b, Mode: ui.Pipe}
		term.Print(r.Doc(en))
		return b.String()
	}
	out := render(FSRSFit{NReviews: 300, Cards: 40, Items: 222, FitItems: 5, Outcome: fsrsfit.Defaulted})
	if strings.Contains(out, "Fewer than 8 predictions") || !strings.Contains(out, "Of these 222 predictions, 5 are left") {
		t.Errorf("222 predictions, 5 kept:\n%s", out)
	}
	out = render(FSRSFit{NReviews: 300, Cards: 40, Items: 222, FitItems: 100, Outcome: fsrsfit.Defaulted})
	if strings.Contains(out, "Fewer than") || !strings.Contains(out, "initial stabilities") {
		t.Errorf("222 predictions, no initial stabilities:\n%s", out)
	}
	if out := render(FSRSFit{Items: 3, Outcome: fsrsfit.Defaulted}); !strings.Contains(out, "Fewer than 8 predictions") {
		t.Errorf("3 predictions:\n%s", out)
	}
}
