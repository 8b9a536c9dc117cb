package stats

import (
	"context"
	"math"
	"testing"
	"time"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// The Poisson binomial interval: two fair coins give 0, 1, 2 heads with probability 1/4, 1/2,
// 1/4, so the 2.5% and 97.5% quantiles are 0 and 2; equal probabilities give the binomial's
// quantiles (gonum's Binomial as the reference); many cards, the normal approximation.
func TestPoissonBinomialInterval(t *testing.T) {
	t.Parallel()
	if lo, hi := poissonBinomialInterval([]float64{0.5, 0.5}, 1, 0.5); lo != 0 || hi != 2 {
		t.Errorf("two coins: %v-%v, want 0-2", lo, hi)
	}
	for _, c := range []struct {
		n int
		p float64
	}{{10, 0.9}, {50, 0.3}, {200, 0.75}} {
		ps := make([]float64, c.n)
		for i := range ps {
			ps[i] = c.p
		}
		b := distuv.Binomial{N: float64(c.n), P: c.p}
		quantile := func(q float64) float64 {
			for k := 0; k <= c.n; k++ {
				if b.CDF(float64(k)) >= q-1e-12 {
					return float64(k)
				}
			}
			return float64(c.n)
		}
		mean := float64(c.n) * c.p
		lo, hi := poissonBinomialInterval(ps, mean, mean*(1-c.p))
		if lo != quantile(0.025) || hi != quantile(0.975) {
			t.Errorf("Binomial(%d, %.2f): %v-%v, want %v-%v", c.n, c.p, lo, hi, quantile(0.025), quantile(0.975))
		}
	}
	ps := make([]float64, 10_000)
	for i := range ps {
		ps[i] = 0.8
	}
	lo, hi := poissonBinomialInterval(ps, 8000, 1600)
	if math.Abs(lo-(8000-1.959964*40)) > 0.01 || math.Abs(hi-(8000+1.959964*40)) > 0.01 {
		t.Errorf("normal approximation: %v-%v, want 8000 ± 78.4", lo, hi)
	}
}

// A card not due before the day is recalled with go-fsrs's probability for the days since its
// last review; one due before it is reviewed then, so its recall on the day stays near the
// deck's retention or above; a new card is unknown until learnt.
func TestRecallOn(t *testing.T) {
	t.Parallel()
	loc := time.UTC
	mem, _ := srs.NewMemory(nil)
	m := &deckModel{fsrs: true, retention: 0.9, mem: mem, target: 0.95}
	m.perS, m.perSTarget = daysPerStability(mem, 0.9), daysPerStability(mem, 0.95)
	if math.Abs(m.perS-1) > 1e-9 {
		t.Errorf("days per day of stability at 90%%: %v, want 1 (stability is the 90%% interval)", m.perS)
	}
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, loc)
	today := DayNumber(now, loc)
	last := now.AddDate(0, 0, -10)
	st := srs.State{Phase: srs.Review, Stability: 30, Difficulty: 5, LastReview: last, Due: now.AddDate(0, 0, 20), ScheduledDays: 30}
	p, n := recallOn(st, m, false, today, today+15, loc, false)
	if want := mem.Recall(25, 30); math.Abs(p-want) > 1e-12 || n != 0 {
		t.Errorf("not due before the day: %v (%v reviews), want %v", p, n, want)
	}
	p, n = recallOn(st, m, false, today, today+200, loc, false)
	if p < 0.85 || p > 1 || n < 1 {
		t.Errorf("reviewed on schedule until day 200: recall %v after %v reviews", p, n)
	}
	pt, nt := recallOn(st, m, true, today, today+200, loc, false)
	if pt < p || nt < n {
		t.Errorf("at 95%%: recall %v after %v reviews; at 90%%: %v after %v", pt, nt, p, n)
	}
	if p, n := recallOn(srs.State{}, m, false, today, today+30, loc, false); p != 0 || n != 0 {
		t.Errorf("new card: %v %v", p, n)
	}
	if p, n := recallOn(srs.State{}, m, true, today, today+30, loc, true); p < 0.8 || n < 2 {
		t.Errorf("new card learnt today: recall %v after %v reviews", p, n)
	}
	// Cardbox: the FSRS-6 curve with the box's interval as stability.
	cb := &deckModel{retention: 0.9, mem: mem, perS: 1, perSTarget: m.perSTarget, target: 0.95}
	box := srs.State{Phase: srs.Review, Box: 3, ScheduledDays: 12, LastReview: last, Due: last.AddDate(0, 0, 12)}
	if p, _ := recallOn(box, cb, false, today, today+1, loc, false); math.Abs(p-mem.Recall(11, 12)) > 1e-12 {
		t.Errorf("cardbox card: %v", p)
	}
}

func TestMakeForecast(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	ctx := context.Background()
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, "x", "twos", studystore.Cards("AS", "ES", "OS", "US")); err != nil {
		t.Fatal(err)
	}
	// Three cards learnt (stabilities 5, 40, 200 days, last reviewed 3 days ago), one new.
	for i, s := range []float64{5, 40, 200} {
		if _, err := st.DB().Exec(`UPDATE deck_cards SET state = 2, stability = ?, difficulty = 5, reps = 3,
			last_review = ?, due = ?, scheduled_days = ? WHERE card_id = ?`, s, now.AddDate(0, 0, -3).UnixMilli(),
			now.AddDate(0, 0, int(s)-3).UnixMilli(), int(s), i+1); err != nil {
			t.Fatal(err)
		}
	}
	f, err := MakeForecast(ctx, st, ForecastOptions{Now: now, Loc: time.UTC, Date: now.AddDate(0, 0, 30), Curve: true})
	if err != nil {
		t.Fatal(err)
	}
	if f.Cards != 4 || f.NewCards != 1 || f.Days != 30 || f.Date != "2026-07-01" || f.Target != 0.95 {
		t.Errorf("forecast %+v", f)
	}
	mem, _ := srs.NewMemory(nil)
	// The 40- and 200-day cards are not due before the day: go-fsrs's recall after 33 days.
	atLeast := mem.Recall(33, 40) + mem.Recall(33, 200)
	if f.ExpectedRecalled < atLeast+0.8 || f.ExpectedRecalled > atLeast+1 || f.Low > f.ExpectedRecalled || f.High < f.ExpectedRecalled || f.High > 3 {
		t.Errorf("expected %v (%v-%v), want between %v and %v", f.ExpectedRecalled, f.Low, f.High, atLeast+0.8, atLeast+1)
	}
	if f.DailyReviewsNeeded <= f.DailyReviews || f.DailyReviewsNeeded <= 0 {
		t.Errorf("reviews a day: %v now, %v for 95%%", f.DailyReviews, f.DailyReviewsNeeded)
	}
	if len(f.Curve) < 2 || f.Curve[0].Date != "2026-06-01" || f.Curve[len(f.Curve)-1].Date != "2026-07-01" ||
		math.Abs(f.Curve[len(f.Curve)-1].Share-f.Share) > 1e-12 {
		t.Errorf("curve %+v", f.Curve)
	}
	// Fitted parameters for the deck change the forecast.
	w := srs.DefaultWeights()
	w[20] = 0.6 // a much steeper curve
	if err := st.SaveFSRSParameters(ctx, studystore.FSRSParameters{DeckID: d, Weights: w}); err != nil {
		t.Fatal(err)
	}
	g, _ := MakeForecast(ctx, st, ForecastOptions{Now: now, Loc: time.UTC, Date: now.AddDate(0, 0, 30)})
	if g.ExpectedRecalled == f.ExpectedRecalled {
		t.Error("the deck's fitted parameters did not change the forecast")
	}
}
