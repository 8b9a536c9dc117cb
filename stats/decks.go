package stats

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

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
