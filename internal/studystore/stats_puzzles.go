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
	// Kind is the puzzle's kind, "" when the database does not know it; its rating row is
	// PuzzleRatingKindOf(Kind).
	Kind string
}

// PuzzleAttemptsSince returns the puzzle attempts made at or after since, oldest first: the
// rated ones (a puzzle's first try) when the attempts say which are, every one otherwise.
func (s *Store) PuzzleAttemptsSince(ctx context.Context, since time.Time) ([]StatsPuzzleAttempt, error) {
	rated, err := s.hasColumn(ctx, "puzzle_attempts", "rated")
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	where := ""
	if rated {
		where = " AND rated = 1"
	}
	kind := "''"
	if ok, err := s.hasTable(ctx, "puzzles"); err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	} else if ok {
		kind = "coalesce((SELECT p.kind FROM puzzles p WHERE CAST(p.id AS TEXT) = a.puzzle_id), '')"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT a.puzzle_id, a.attempted_at, a.correct, a.time_ms, coalesce(a.rating_after, 0), `+kind+`
		FROM puzzle_attempts a WHERE a.attempted_at >= ?`+where+` ORDER BY a.attempted_at, a.id`, ms(since))
	if err != nil {
		return nil, fmt.Errorf("store: puzzle attempts: %w", err)
	}
	defer rows.Close()
	var out []StatsPuzzleAttempt
	for rows.Next() {
		var a StatsPuzzleAttempt
		var at int64
		if err := rows.Scan(&a.PuzzleID, &at, &a.Correct, &a.TimeMS, &a.RatingAfter, &a.Kind); err != nil {
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

// The puzzle tables beyond schema 1's (puzzles, puzzle_tags, puzzle_attempts.rated) come with
// the puzzles' own migration; the stats read them when they are there.

// hasTable reports whether the database has a table of that name.
func (s *Store) hasTable(ctx context.Context, name string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?`, name).Scan(&n)
	return n > 0, err
}

// hasColumn reports whether a table has a column of that name.
func (s *Store) hasColumn(ctx context.Context, table, column string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info(?) WHERE name = ?`, table, column).Scan(&n)
	return n > 0, err
}

// PuzzleTags maps each puzzle's id (as puzzle_attempts writes it) to its tags; nil when the
// database has no puzzle tags.
func (s *Store) PuzzleTags(ctx context.Context) (map[string][]string, error) {
	ok, err := s.hasTable(ctx, "puzzle_tags")
	if err != nil || !ok {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT CAST(puzzle_id AS TEXT), tag FROM puzzle_tags ORDER BY puzzle_id, tag`)
	if err != nil {
		return nil, fmt.Errorf("store: puzzle tags: %w", err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var id, tag string
		if err := rows.Scan(&id, &tag); err != nil {
			return nil, fmt.Errorf("store: puzzle tags: %w", err)
		}
		out[id] = append(out[id], tag)
	}
	return out, rows.Err()
}

// PuzzleNear is a puzzle to suggest.
type PuzzleNear struct {
	ID     int64
	Rating float64
	Tags   []string
}

// PuzzlesNear returns up to n puzzles never attempted, their ratings nearest rating, nearest
// first; nil when the database has no puzzles table.
func (s *Store) PuzzlesNear(ctx context.Context, rating float64, n int) ([]PuzzleNear, error) {
	ok, err := s.hasTable(ctx, "puzzles")
	if err != nil || !ok {
		return nil, err
	}
	tags, err := s.PuzzleTags(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT p.id, p.rating FROM puzzles p
		WHERE NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = CAST(p.id AS TEXT))
		ORDER BY abs(p.rating - ?), p.id LIMIT ?`, rating, n)
	if err != nil {
		return nil, fmt.Errorf("store: puzzles near a rating: %w", err)
	}
	defer rows.Close()
	var out []PuzzleNear
	for rows.Next() {
		var p PuzzleNear
		if err := rows.Scan(&p.ID, &p.Rating); err != nil {
			return nil, fmt.Errorf("store: puzzles near a rating: %w", err)
		}
		p.Tags = tags[fmt.Sprint(p.ID)]
		out = append(out, p)
	}
	return out, rows.Err()
}
