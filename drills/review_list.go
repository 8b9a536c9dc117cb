package drills

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// NoDecks reports a study database without decks: drills only so far, or a first day.
func NoDecks(ctx context.Context, st *studystore.Store) (bool, error) {
	decks, err := st.Decks(ctx)
	if err != nil || len(decks) > 0 {
		return false, err
	}
	return true, nil
}

// DueCardJSON is a card due as `atril review --list --json` writes it.
type DueCardJSON struct {
	Deck     string  `json:"deck"`
	CardID   int64   `json:"card_id"`
	Kind     string  `json:"kind"`
	Question string  `json:"question"`
	Valid    *bool   `json:"valid,omitempty"` // judge and twos cards: the answer when added
	State    any     `json:"state"`
	Overdue  float64 `json:"overdue_days"`
}

// DueJSON is what is due as `atril review --list --json` writes it.
type DueJSON struct {
	Now     time.Time     `json:"now"`
	Lexicon string        `json:"lexicon"`
	Reviews int           `json:"reviews"`
	New     int           `json:"new"`
	Other   int           `json:"other_lexicons"`
	Cards   []DueCardJSON `json:"cards"`
}

// DueListJSON is the cards due now under lexName for scripts; other counts those due under
// other lexicons.
func DueListJSON(now time.Time, lexName string, cards []studystore.DeckCard, other int) DueJSON {
	list := DueJSON{Now: now, Lexicon: lexName, Other: other, Cards: []DueCardJSON{}}
	for _, c := range cards {
		dc := DueCardJSON{Deck: c.Deck, CardID: c.CardID, Kind: c.Kind, Question: c.Question, Valid: c.Valid, State: c.State}
		if c.State.Phase == 0 {
			list.New++
		} else {
			list.Reviews++
			dc.Overdue = float64(now.Sub(c.State.Due).Round(time.Hour)) / float64(24*time.Hour)
		}
		list.Cards = append(list.Cards, dc)
	}
	return list
}
