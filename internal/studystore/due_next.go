package studystore

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// lexiconDecks restricts deck_cards dc to decks under lexicon ?1, in any case (empty: every deck).
const lexiconDecks = `(?1 = '' OR dc.deck_id IN (SELECT id FROM decks WHERE lexicon = ?1 COLLATE NOCASE))`

// NextDue is when the first card not new of a deck under lexicon ("" every deck) falls due at
// or after from; zero when none will.
func (s *Store) NextDue(ctx context.Context, lexicon string, from time.Time) (time.Time, error) {
	var due sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT min(dc.due) FROM deck_cards dc
		WHERE dc.due >= ?2 AND dc.state <> 0 AND `+lexiconDecks, lexicon, ms(from)).Scan(&due)
	if err != nil {
		return time.Time{}, fmt.Errorf("store: next due card: %w", err)
	}
	if !due.Valid {
		return time.Time{}, nil
	}
	return fromMS(due.Int64), nil
}

// DueBetween counts the cards not new of decks under lexicon ("" every deck) that fall due in
// [from, to).
func (s *Store) DueBetween(ctx context.Context, lexicon string, from, to time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM deck_cards dc
		WHERE dc.due >= ?2 AND dc.due < ?3 AND dc.state <> 0 AND `+lexiconDecks, lexicon, ms(from), ms(to)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: cards due: %w", err)
	}
	return n, nil
}
