package studystore

import (
	"context"
	"database/sql"
	"fmt"
)

// MovedCard is a card of a deck carried to another lexicon by MoveDeck, with its answer there
// (NewCard.Valid).
type MovedCard struct {
	CardID int64
	Valid  *bool
}

// MoveDeck carries deck deckID to lexicon, in one transaction: the deck is filed under lexicon;
// each card of keep becomes the card of the same kind and question under lexicon (created if
// new), keeping its schedule in the deck and taking the deck's answers to it along (the
// answers keep the lexicon they were given under); the cards of drop leave the deck, their
// answers staying in the log.
func (s *Store) MoveDeck(ctx context.Context, deckID int64, lexicon string, keep []MovedCard, drop []int64) error {
	now := ms(s.now())
	err := s.write(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE decks SET lexicon = ? WHERE id = ?`, lexicon, deckID)
		if err != nil {
			return err
		}
		if n, _ := r.RowsAffected(); n != 1 {
			return fmt.Errorf("deck %d: %w", deckID, ErrNoDeck)
		}
		del, err := tx.PrepareContext(ctx, `DELETE FROM deck_cards WHERE deck_id = ? AND card_id = ?`)
		if err != nil {
			return err
		}
		defer del.Close()
		for _, id := range drop {
			if _, err := del.ExecContext(ctx, deckID, id); err != nil {
				return err
			}
		}
		card, err := tx.PrepareContext(ctx, `INSERT INTO cards (lexicon, kind, question, valid, created_at)
			SELECT ?, kind, question, ?, ? FROM cards WHERE id = ?
			ON CONFLICT (lexicon, kind, question) DO UPDATE SET valid = coalesce(excluded.valid, valid) RETURNING id`)
		if err != nil {
			return err
		}
		defer card.Close()
		move, err := tx.PrepareContext(ctx, `UPDATE deck_cards SET card_id = ?1 WHERE deck_id = ?2 AND card_id = ?3`)
		if err != nil {
			return err
		}
		defer move.Close()
		history, err := tx.PrepareContext(ctx, `UPDATE answers SET card_id = ?1 WHERE deck_id = ?2 AND card_id = ?3`)
		if err != nil {
			return err
		}
		defer history.Close()
		// What an imported card brought from another program goes with it (schema 8).
		imports, err := tx.PrepareContext(ctx, `UPDATE card_imports SET card_id = ?1 WHERE deck_id = ?2 AND card_id = ?3`)
		if err != nil {
			return err
		}
		defer imports.Close()
		for _, c := range keep {
			var valid sql.NullBool
			if c.Valid != nil {
				valid = sql.NullBool{Bool: *c.Valid, Valid: true}
			}
			var id int64
			if err := card.QueryRowContext(ctx, lexicon, valid, now, c.CardID).Scan(&id); err != nil {
				return fmt.Errorf("card %d: %w", c.CardID, err)
			}
			if id == c.CardID {
				continue
			}
			if _, err := move.ExecContext(ctx, id, deckID, c.CardID); err != nil {
				return err
			}
			if _, err := history.ExecContext(ctx, id, deckID, c.CardID); err != nil {
				return err
			}
			if _, err := imports.ExecContext(ctx, id, deckID, c.CardID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: move deck: %w", err)
	}
	return nil
}
