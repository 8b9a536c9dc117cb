package studystore

import (
	"context"
	"time"
)

// LearningDue counts deck deckID's cards (every deck's when 0) in learning or relearning steps
// due at until or before: what `atril today` shows apart from the day's reviews, as `atril
// review` does at its end.
func (s *Store) LearningDue(ctx context.Context, deckID int64, until time.Time) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM deck_cards WHERE state IN (1, 3) AND due <= ?1
		AND (?2 = 0 OR deck_id = ?2)`, ms(until), deckID).Scan(&n)
	if err != nil {
		return 0, s.readErr(err)
	}
	return n, nil
}
