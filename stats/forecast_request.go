package stats

import (
	"context"
	"errors"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// ForecastRequest is a forecast as a user asks for one (`atril forecast`'s flags).
type ForecastRequest struct {
	Now time.Time
	// Date is the day to forecast (as the reader writes it, or ISO); SetDate the same, kept as
	// the next tournament. Neither: the next tournament set.
	Date, SetDate string
	Deck          string // a deck's name, or "" for every card (or the tournament's deck)
	Target        float64
	Curve         bool // the recall curve, for a plot
}

// AskForecast is the forecast r asks for from the study database st (nil: none yet, the
// forecast of nothing studied): the day (typed, or the next tournament's), checked not to be
// past, set as the next tournament if asked, the deck (given, or the tournament's). It returns
// the forecast, its day and the deck's name.
func AskForecast(ctx context.Context, st *studystore.Store, p *i18n.Printer, r ForecastRequest) (Forecast, time.Time, string, error) {
	now, loc := r.Now, r.Now.Location()
	dateText, flag := r.Date, "--date"
	if r.SetDate != "" {
		dateText, flag = r.SetDate, "--set-date"
	}
	deckName := r.Deck
	if dateText == "" {
		// The next tournament set, if any.
		if st != nil {
			t, ok, err := st.NextTournament(ctx, now.Format("2006-01-02"))
			if err != nil {
				return Forecast{}, time.Time{}, deckName, err
			}
			if ok {
				dateText = t.Date
				if deckName == "" && t.DeckID != 0 {
					if d, err := deckByID(ctx, st, t.DeckID); err == nil {
						deckName = d.Name
					}
				}
			}
		}
		if dateText == "" {
			return Forecast{}, time.Time{}, deckName, i18n.E("forecast.err.no_date")
		}
	}
	date, ok := p.ParseDate(dateText, loc)
	if !ok {
		return Forecast{}, time.Time{}, deckName, i18n.E("stats.err.bad_date", "Flag", flag, "Value", dateText)
	}
	if DayNumber(date, loc) < DayNumber(now, loc) {
		return Forecast{}, time.Time{}, deckName, i18n.E("forecast.err.past", "Flag", flag, "Value", dateText)
	}
	var deck studystore.Deck
	if deckName != "" {
		if st == nil {
			return Forecast{}, time.Time{}, deckName, i18n.E("stats.err.no_deck", "Deck", deckName)
		}
		var err error
		if deck, err = st.DeckByName(ctx, deckName); err != nil {
			if errors.Is(err, studystore.ErrNoDeck) {
				return Forecast{}, time.Time{}, deckName, i18n.E("stats.err.no_deck", "Deck", deckName)
			}
			return Forecast{}, time.Time{}, deckName, err
		}
	}
	if r.SetDate != "" {
		if err := st.SetTournament(ctx, studystore.Tournament{Date: date.Format(time.DateOnly), DeckID: deck.ID}); err != nil {
			return Forecast{}, time.Time{}, deckName, err
		}
	}
	if st == nil {
		return Forecast{Date: date.Format("2006-01-02"), Target: r.Target, Days: int(DayNumber(date, loc) - DayNumber(now, loc))}, date, deckName, nil
	}
	f, err := MakeForecast(ctx, st, ForecastOptions{Now: now, Loc: loc, Date: date, DeckID: deck.ID, Target: r.Target, Curve: r.Curve})
	return f, date, deckName, err
}

// deckByID finds a deck by its id.
func deckByID(ctx context.Context, st *studystore.Store, id int64) (studystore.Deck, error) {
	ds, err := st.Decks(ctx)
	if err != nil {
		return studystore.Deck{}, err
	}
	for _, d := range ds {
		if d.ID == id {
			return d, nil
		}
	}
	return studystore.Deck{}, studystore.ErrNoDeck
}
