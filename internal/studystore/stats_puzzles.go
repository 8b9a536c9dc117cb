package studystore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// StatsPuzzleAttempt is one logged puzzle attempt, as the stats read it.
type StatsPuzzleAttempt struct {
	PuzzleID string
	At       time.Time
	Correct  bool
	TimeMS   int64
	// RatingAfter is the player's puzzle rating after the attempt; 0 when none was kept.
	RatingAfter float64
}

// PuzzleAttemptsSince returns the puzzle attempts made at or after since, oldest first.
func (s *Store) PuzzleAttemptsSince(ctx context.Context, since time.Time) ([]StatsPuzzleAttempt, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT puzzle_id, attempted_at, correct, time_ms, coalesce(rating_after, 0)
		FROM puzzle_attempts WHERE attempted_at >= ? ORDER BY attempted_at, id`, ms(since))
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	defer rows.Close()
	var out []StatsPuzzleAttempt
	for rows.Next() {
		var a StatsPuzzleAttempt
		var at int64
		if err := rows.Scan(&a.PuzzleID, &at, &a.Correct, &a.TimeMS, &a.RatingAfter); err != nil {
			return nil, fmt.Errorf("store: puzzle attempts: %w", err)
		}
		a.At = fromMS(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// StoredRating is the player's current rating of one kind of play (e.g. "puzzles").
type StoredRating struct {
	Kind      string    `json:"kind"`
	Rating    float64   `json:"rating"`
	Deviation float64   `json:"deviation"`
	Games     int       `json:"games"`
	Updated   time.Time `json:"updated"`
}

// RatingOf returns the player's rating of a kind; ok is false when there is none yet.
func (s *Store) RatingOf(ctx context.Context, kind string) (r StoredRating, ok bool, err error) {
	var at int64
	err = s.db.QueryRowContext(ctx, `SELECT kind, rating, deviation, games, updated_at FROM player_ratings WHERE kind = ?`, kind).
		Scan(&r.Kind, &r.Rating, &r.Deviation, &r.Games, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("store: rating: %w", err)
	}
	r.Updated = fromMS(at)
	return r, true, nil
}
