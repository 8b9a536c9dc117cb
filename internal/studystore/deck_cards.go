package studystore

import "context"

// DeckCards returns every card of a deck with its schedule there, in the order they were added:
// what `atril drill ... --deck` asks, outside the deck's schedule.
func (s *Store) DeckCards(ctx context.Context, deckID int64) ([]DeckCard, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+deckCardColumns+` FROM deck_cards dc
		JOIN decks d ON d.id = dc.deck_id JOIN cards c ON c.id = dc.card_id
		WHERE dc.deck_id = ? ORDER BY dc.position`, deckID)
	if err != nil {
		return nil, s.readErr(err)
	}
	cards, err := scanDeckCards(rows)
	if err != nil {
		return nil, s.readErr(err)
	}
	return cards, nil
}
