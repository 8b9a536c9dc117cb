package stats

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// A day reads in ISO or the reader's words; since-days are not in the future and start no
// earlier than the epoch; a day that cannot serve says which way it fails.
func TestDays(t *testing.T) {
	t.Parallel()
	en, es := i18n.For(i18n.English), i18n.For(i18n.Spanish)
	loc := time.FixedZone("X", 3600)
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, loc)
	for _, c := range []struct {
		p *i18n.Printer
		s string
	}{{en, "2026-03-14"}, {en, "14 Mar 2026"}, {es, "14 mar 2026"}} {
		if d, err := ParseDay(c.p, c.s, loc); err != nil || !d.Equal(time.Date(2026, 3, 14, 0, 0, 0, 0, loc)) {
			t.Errorf("%q: %v %v", c.s, d, err)
		}
	}
	problem := func(err error) DayProblem {
		var de *DayError
		if !errors.As(err, &de) {
			t.Fatalf("%v is not a DayError", err)
		}
		return de.Problem
	}
	if _, err := ParseDay(en, "14/14/2026", loc); problem(err) != DayUnreadable {
		t.Errorf("unreadable: %v", err)
	}
	if _, err := SinceDay(en, "2026-06-02", now); problem(err) != DayFuture {
		t.Errorf("tomorrow: %v", err)
	}
	if d, err := SinceDay(en, "2026-06-01", now); err != nil || !d.Equal(time.Date(2026, 6, 1, 0, 0, 0, 0, loc)) {
		t.Errorf("today: %v %v", d, err)
	}
	if d, err := SinceDay(en, "0001-01-01", now); err != nil || !d.Equal(time.Date(1970, 1, 1, 0, 0, 0, 0, loc)) {
		t.Errorf("before the epoch: %v %v", d, err)
	}
}

// A forecast settles its day and deck: the day asked for; else the next tournament, with its
// deck; none is ErrNoDay. A passed day, a deck not there (with or without a store) are refused;
// recording sets the tournament that the next forecast without a day finds.
func TestRunForecast(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	en := i18n.For(i18n.English)
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	// No store yet: a forecast of no cards, days counted; no tournament; no deck.
	f, err := RunForecast(ctx, nil, en, ForecastRequest{Now: now, Day: "2026-06-11", Target: 0.9})
	if err != nil || f.Cards != 0 || f.Days != 10 || f.Date != "2026-06-11" || f.Target != 0.9 || f.Deck != "" {
		t.Errorf("no store: %+v %v", f, err)
	}
	if _, err := RunForecast(ctx, nil, en, ForecastRequest{Now: now}); !errors.Is(err, ErrNoDay) {
		t.Errorf("no store, no day: %v", err)
	}
	if _, err := RunForecast(ctx, nil, en, ForecastRequest{Now: now, Day: "2026-06-11", Deck: "a"}); !errors.Is(err, studystore.ErrNoDeck) {
		t.Errorf("no store, a deck: %v", err)
	}
	st := openTestStore(t, now)
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, "x", "twos", studystore.Cards("AS", "ES")); err != nil {
		t.Fatal(err)
	}
	var de *DayError
	if _, err := RunForecast(ctx, st, en, ForecastRequest{Now: now, Day: "2026-05-31"}); !errors.As(err, &de) || de.Problem != DayPast || de.Value != "2026-05-31" {
		t.Errorf("yesterday: %v", err)
	}
	if _, err := RunForecast(ctx, st, en, ForecastRequest{Now: now, Day: "2026-06-11", Deck: "b"}); !errors.Is(err, studystore.ErrNoDeck) {
		t.Errorf("deck b: %v", err)
	}
	if _, err := RunForecast(ctx, st, en, ForecastRequest{Now: now}); !errors.Is(err, ErrNoDay) {
		t.Errorf("no tournament: %v", err)
	}
	f, err = RunForecast(ctx, st, en, ForecastRequest{Now: now, Day: "21 Jun 2026", Record: true, Deck: "a", Target: 0.95})
	if err != nil || f.Cards != 2 || f.NewCards != 2 || f.Days != 20 || f.Deck != "a" || !f.Day.Equal(time.Date(2026, 6, 21, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("recorded: %+v %v", f, err)
	}
	f, err = RunForecast(ctx, st, en, ForecastRequest{Now: now, Target: 0.95})
	if err != nil || f.Date != "2026-06-21" || f.Deck != "a" || f.Cards != 2 {
		t.Errorf("the next tournament: %+v %v", f, err)
	}
	if _, err := RunForecast(ctx, nil, en, ForecastRequest{Now: now, Day: "2026-06-21", Record: true}); err == nil {
		t.Error("a tournament recorded with no store")
	}
}
