package studystore

import (
	"context"
	"errors"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// CreateDeckWithCards makes deck d and fills it with cards, as AddCards does (in batches). If
// filling fails, the new deck is removed again, so that a failed `deck add` leaves no deck
// behind, and the error says the deck was not created; a stop asked for (ctx cancelled) keeps
// the deck with the cards done so far, as a killed process would (adding the same cards again
// finishes it), and says so, as does a deck that could not be removed.
func (s *Store) CreateDeckWithCards(ctx context.Context, d Deck, cards []NewCard) (id int64, added int, err error) {
	id, err = s.CreateDeck(ctx, d)
	if err != nil {
		return 0, 0, err
	}
	added, err = s.addCards(ctx, id, d.Lexicon, d.Kind, cards)
	if err == nil {
		return id, added, nil
	}
	kept := func() (int64, int, error) {
		return id, added, i18n.Wrap(err, "store.add_cards", "File", s.path, "Added", added)
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return kept()
	}
	if derr := s.DeleteDeck(context.WithoutCancel(ctx), d.Name); derr != nil {
		return kept()
	}
	return 0, 0, s.createDeckError(err, d)
}
