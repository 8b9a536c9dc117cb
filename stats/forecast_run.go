package stats

import (
	"context"
	"errors"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// ForecastRequest is a forecast as the reader asks for it (`atril forecast`).
type ForecastRequest struct {
	Now    time.Time // today, in the reader's location
	Day    string    // the day as the reader wrote it (ParseDay); "": the next tournament set
	Record bool      // record Day as the tournament (of Deck)
	Deck   string    // a deck's name; "": every deck, or the next tournament's
	Target float64   // the share to recall on the day, in (0, 1)
	Curve  bool      // the expected share day by day, for a picture
}

// ForecastRun is a forecast made for a request, with the day and the deck it settled on.
type ForecastRun struct {
	Forecast
	Day  time.Time // midnight of the day forecast
	Deck string    // the deck's name; "": every deck
}

// ErrNoDay is a forecast asked for without a day when no tournament is set.
var ErrNoDay = errors.New("no day to forecast")

// RunForecast settles the day (the one asked for, or the next tournament set, with its deck
// unless one is asked for) and the deck, records the tournament when asked, and forecasts.
// st is nil when nothing has been studied yet: then no deck is there, no tournament either,
// and the forecast is of no cards; recording needs a store. A day that cannot be read or has
// passed is a *DayError; a deck not there wraps studystore.ErrNoDeck.
func RunForecast(ctx context.Context, st *studystore.Store, p *i18n.Printer, r ForecastRequest) (*ForecastRun, error) {
	loc := r.Now.Location()
	text, deckName := r.Day, r.Deck
	if text == "" {
		if st != nil {
			day, deck, ok, err := NextTournament(ctx, st, r.Now)
			if err != nil {
				return nil, err
			}
			if ok {
				text = day
				if deckName == "" {
					deckName = deck
				}
			}
		}
		if text == "" {
			return nil, ErrNoDay
		}
	}
	day, err := ParseDay(p, text, loc)
	if err != nil {
		return nil, err
	}
	if DayNumber(day, loc) < DayNumber(r.Now, loc) {
		return nil, &DayError{Value: text, Problem: DayPast}
	}
	out := &ForecastRun{Day: day, Deck: deckName}
	var deck studystore.Deck
	if deckName != "" {
		if st == nil {
			return nil, i18n.Wrap(studystore.ErrNoDeck, "store.no_deck", "Deck", deckName)
		}
		if deck, err = st.DeckByName(ctx, deckName); err != nil {
			return nil, err
		}
	}
	if r.Record {
		if st == nil {
			return nil, errors.New("stats: a tournament recorded with no study store")
		}
		if err := st.SetTournament(ctx, studystore.Tournament{Date: day.Format(time.DateOnly), DeckID: deck.ID}); err != nil {
			return nil, err
		}
	}
	if st == nil {
		out.Forecast = Forecast{Date: day.Format("2006-01-02"), Target: r.Target, Days: int(DayNumber(day, loc) - DayNumber(r.Now, loc))}
		return out, nil
	}
	out.Forecast, err = MakeForecast(ctx, st, ForecastOptions{Now: r.Now, Loc: loc, Date: day, DeckID: deck.ID, Target: r.Target, Curve: r.Curve})
	if err != nil {
		return nil, err
	}
	return out, nil
}
