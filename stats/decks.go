package stats

import (
	"context"
	"errors"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// FindDeck is the deck named name in st; one not there is stats.err.no_deck, naming it.
func FindDeck(ctx context.Context, st *studystore.Store, name string) (studystore.Deck, error) {
	d, err := st.DeckByName(ctx, name)
	if errors.Is(err, studystore.ErrNoDeck) {
		return d, i18n.E("stats.err.no_deck", "Deck", name)
	}
	return d, err
}

// NextTournament is the next tournament set in st, today (now's day) or later: its day as
// stored (2006-01-02) and the name of its deck ("" when it has none or the deck is gone); ok is
// false when none is set.
func NextTournament(ctx context.Context, st *studystore.Store, now time.Time) (day, deck string, ok bool, err error) {
	t, ok, err := st.NextTournament(ctx, now.Format(time.DateOnly))
	if err != nil || !ok {
		return "", "", false, err
	}
	if t.DeckID != 0 {
		if ds, err := st.Decks(ctx); err == nil {
			for _, d := range ds {
				if d.ID == t.DeckID {
					deck = d.Name
				}
			}
		}
	}
	return t.Date, deck, true, nil
}
