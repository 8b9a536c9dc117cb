package studystore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// The stats tables (stats_days, stats_questions, stats_progress) hold sums of the answers that
// package stats keeps up to date; the store only reads and writes them. See migration
// NNNN_stats.sql for what each column means.

// StatsDay is one row of stats_days: the answers of one day, deck and group.
type StatsDay struct {
	Day     int64 // calendar day, days since 1970-01-01
	Deck    string
	Dim     string
	Value   string
	Answers int64
	Correct int64
	TimeMS  int64
	Times   []byte // response-time histogram, package stats's encoding
}

// StatsQuestion is one row of stats_questions: a question's make-up and record.
type StatsQuestion struct {
	ID       int64
	Lexicon  string
	Kind     string
	Question string
	CardID   int64
	Tiles    int
	Digraphs int
	Blanks   int
	Rank     int // probability rank among words of its length; 0 unknown
	RankOf   int
	Answers  int64
	Correct  int64
	TimeMS   int64
	FirstAt  time.Time
	LastAt   time.Time
}

// StatsAnswer is a logged answer as the stats sums read it.
type StatsAnswer struct {
	ID       int64
	At       time.Time
	Drill    string
	Lexicon  string
	Question string
	Correct  bool
	TimeMS   int64
	DeckID   int64 // 0 outside decks (or if the deck was deleted)
	CardID   int64
	// Deck and CardKind are not read by AnswersAfter (joins cost more than the rest of the
	// read): the caller fills them from DeckNames and CardKinds.
	Deck     string
	CardKind string
}

// StatsProgress is how far the stats sums have read the answers (the last answer id summed)
// and the time zone their days are counted in; 0 and "" before the first sum.
func (s *Store) StatsProgress(ctx context.Context) (lastAnswer int64, zone string, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT last_answer, zone FROM stats_progress WHERE id = 1`).Scan(&lastAnswer, &zone)
	if err == sql.ErrNoRows {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("store: stats progress: %w", err)
	}
	return lastAnswer, zone, nil
}

// LastAnswerID is the id of the newest logged answer (0 with none).
func (s *Store) LastAnswerID(ctx context.Context) (int64, error) {
	var id int64
	if err := s.db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM answers`).Scan(&id); err != nil {
		return 0, fmt.Errorf("store: last answer: %w", err)
	}
	return id, nil
}

// AnswersAfter returns up to limit answers with an id above after, in id order.
func (s *Store) AnswersAfter(ctx context.Context, after int64, limit int) ([]StatsAnswer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, answered_at, drill, lexicon, question, correct, time_ms,
		coalesce(deck_id, 0), coalesce(card_id, 0) FROM answers WHERE id > ? ORDER BY id LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("store: answers for stats: %w", err)
	}
	defer rows.Close()
	out := make([]StatsAnswer, 0, min(limit, 1<<16))
	for rows.Next() {
		var a StatsAnswer
		var at int64
		if err := rows.Scan(&a.ID, &at, &a.Drill, &a.Lexicon, &a.Question, &a.Correct, &a.TimeMS, &a.DeckID, &a.CardID); err != nil {
			return nil, fmt.Errorf("store: answers for stats: %w", err)
		}
		a.At = fromMS(at)
		out = append(out, a)
	}
	return out, rows.Err()
}

// DeckNames maps every deck's id to its name.
func (s *Store) DeckNames(ctx context.Context) (map[int64]string, error) {
	names, err := s.idStrings(ctx, `SELECT id, name FROM decks`)
	if err != nil {
		return nil, fmt.Errorf("store: deck names: %w", err)
	}
	return names, nil
}

// CardKinds maps cards' ids to their kinds: those asked for (nil: every card).
func (s *Store) CardKinds(ctx context.Context, ids []int64) (map[int64]string, error) {
	if ids == nil {
		kinds, err := s.idStrings(ctx, `SELECT id, kind FROM cards`)
		if err != nil {
			return nil, fmt.Errorf("store: card kinds: %w", err)
		}
		return kinds, nil
	}
	out := map[int64]string{}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: card kinds: %w", err)
	}
	defer conn.Close()
	get, err := conn.PrepareContext(ctx, `SELECT kind FROM cards WHERE id = ?`)
	if err != nil {
		return nil, fmt.Errorf("store: card kinds: %w", err)
	}
	defer get.Close()
	for _, id := range ids {
		var kind string
		switch err := get.QueryRowContext(ctx, id).Scan(&kind); {
		case err == sql.ErrNoRows:
		case err != nil:
			return nil, fmt.Errorf("store: card kinds: %w", err)
		default:
			out[id] = kind
		}
	}
	return out, nil
}

// StatsQuestions returns every row of stats_questions.
func (s *Store) StatsQuestions(ctx context.Context) ([]StatsQuestion, error) {
	return s.statsQuestions(ctx, `SELECT id, lexicon, kind, question, coalesce(card_id, 0), tiles,
		digraphs, blanks, rank, rank_of, answers, correct, time_ms, first_at, last_at FROM stats_questions ORDER BY id`)
}

// statsQuestions reads the rows of stats_questions a query selects, columns as StatsQuestions.
func (s *Store) statsQuestions(ctx context.Context, query string, args ...any) ([]StatsQuestion, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: stats questions: %w", err)
	}
	defer rows.Close()
	var out []StatsQuestion
	for rows.Next() {
		var q StatsQuestion
		var first, last int64
		if err := rows.Scan(&q.ID, &q.Lexicon, &q.Kind, &q.Question, &q.CardID, &q.Tiles, &q.Digraphs,
			&q.Blanks, &q.Rank, &q.RankOf, &q.Answers, &q.Correct, &q.TimeMS, &first, &last); err != nil {
			return nil, fmt.Errorf("store: stats questions: %w", err)
		}
		q.FirstAt, q.LastAt = fromMS(first), fromMS(last)
		out = append(out, q)
	}
	return out, rows.Err()
}

// StatsUpdate is what one pass over new answers adds to the stats sums.
type StatsUpdate struct {
	From, To int64  // the answers summed: ids From+1..To (From is the progress read before)
	Zone     string // the time zone the days are counted in
	// Days are sums to add to stats_days (rows summed by key); Merge adds two histograms.
	Days  []StatsDay
	Merge func(old, add []byte) []byte
	// Questions are sums to add to stats_questions by (lexicon, kind, question); a new question
	// takes its make-up from here, a known one keeps its own.
	Questions []StatsQuestion
}

// ApplyStats adds u to the stats sums in one transaction, provided the progress is still u.From
// in zone u.Zone (another process may have summed the same answers meanwhile: then nothing is
// written and applied is false).
func (s *Store) ApplyStats(ctx context.Context, u StatsUpdate) (applied bool, err error) {
	applied, err = s.inTx(ctx, func(tx *sql.Tx) (bool, error) {
		var last int64
		var zone string
		err := tx.QueryRowContext(ctx, `SELECT last_answer, zone FROM stats_progress WHERE id = 1`).Scan(&last, &zone)
		if err == sql.ErrNoRows {
			last, zone, err = 0, "", nil
		}
		if err != nil {
			return false, err
		}
		if last != u.From || (u.From != 0 && zone != u.Zone) {
			return false, nil
		}
		if len(u.Days)+len(u.Questions) >= bigStatsUpdate {
			// The first sums of a long log write about as many pages as SQLite's default cache
			// holds (2 MB) several times over, each page read again on its next insert: hold them.
			if _, err := tx.ExecContext(ctx, `PRAGMA cache_size = -65536`); err != nil {
				return false, err
			}
		}
		if err := addDays(ctx, tx, u.Days, u.Merge); err != nil {
			return false, err
		}
		if err := addQuestions(ctx, tx, u.Questions); err != nil {
			return false, err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO stats_progress (id, last_answer, zone) VALUES (1, ?, ?)
			ON CONFLICT (id) DO UPDATE SET last_answer = excluded.last_answer, zone = excluded.zone`, u.To, u.Zone)
		return err == nil, err
	})
	if err != nil {
		return false, fmt.Errorf("store: stats sums: %w", err)
	}
	return applied, nil
}

// bigStatsUpdate is how many rows make an update big enough for a larger page cache.
const bigStatsUpdate = 20_000

func addDays(ctx context.Context, tx *sql.Tx, days []StatsDay, merge func(old, add []byte) []byte) error {
	if len(days) == 0 {
		return nil
	}
	get, err := tx.PrepareContext(ctx, `SELECT answers, correct, time_ms, times FROM stats_days
		WHERE day = ? AND deck = ? AND dim = ? AND value = ?`)
	if err != nil {
		return err
	}
	defer get.Close()
	put, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO stats_days (day, deck, dim, value, answers, correct, time_ms, times)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer put.Close()
	for _, d := range days {
		var old StatsDay
		err := get.QueryRowContext(ctx, d.Day, d.Deck, d.Dim, d.Value).Scan(&old.Answers, &old.Correct, &old.TimeMS, &old.Times)
		switch {
		case err == sql.ErrNoRows:
		case err != nil:
			return err
		default:
			d.Answers += old.Answers
			d.Correct += old.Correct
			d.TimeMS += old.TimeMS
			d.Times = merge(old.Times, d.Times)
		}
		if d.Times == nil {
			d.Times = []byte{}
		}
		if _, err := put.ExecContext(ctx, d.Day, d.Deck, d.Dim, d.Value, d.Answers, d.Correct, d.TimeMS, d.Times); err != nil {
			return err
		}
	}
	return nil
}

func addQuestions(ctx context.Context, tx *sql.Tx, qs []StatsQuestion) error {
	if len(qs) == 0 {
		return nil
	}
	put, err := tx.PrepareContext(ctx, `INSERT INTO stats_questions (lexicon, kind, question, card_id, tiles,
		digraphs, blanks, rank, rank_of, answers, correct, time_ms, first_at, last_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (lexicon, kind, question) DO UPDATE SET
			card_id = coalesce(excluded.card_id, card_id),
			answers = answers + excluded.answers, correct = correct + excluded.correct,
			time_ms = time_ms + excluded.time_ms,
			first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`)
	if err != nil {
		return err
	}
	defer put.Close()
	for _, q := range qs {
		if _, err := put.ExecContext(ctx, q.Lexicon, q.Kind, q.Question, nullID(q.CardID), q.Tiles, q.Digraphs,
			q.Blanks, q.Rank, q.RankOf, q.Answers, q.Correct, q.TimeMS, ms(q.FirstAt), ms(q.LastAt)); err != nil {
			return err
		}
	}
	return nil
}

// ResetStats empties the stats sums (to count them again, in another time zone).
func (s *Store) ResetStats(ctx context.Context) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM stats_days; DELETE FROM stats_questions; DELETE FROM stats_progress`)
		return err
	})
}

// StatsDaysQuery selects rows of stats_days.
type StatsDaysQuery struct {
	From, To int64    // days, both included
	Decks    []string // only these decks ("" is answers outside decks); nil: every deck
	Dims     []string // only these groupings; nil: all
}

// StatsDays returns the rows of stats_days q selects, by day.
func (s *Store) StatsDays(ctx context.Context, q StatsDaysQuery) ([]StatsDay, error) {
	query := `SELECT day, deck, dim, value, answers, correct, time_ms, times FROM stats_days WHERE day >= ? AND day <= ?`
	args := []any{q.From, q.To}
	if q.Decks != nil {
		query += ` AND deck IN (` + placeholders(len(q.Decks)) + `)`
		for _, d := range q.Decks {
			args = append(args, d)
		}
	}
	if q.Dims != nil {
		query += ` AND dim IN (` + placeholders(len(q.Dims)) + `)`
		for _, d := range q.Dims {
			args = append(args, d)
		}
	}
	query += ` ORDER BY day`
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: stats days: %w", err)
	}
	defer rows.Close()
	var out []StatsDay
	for rows.Next() {
		var d StatsDay
		if err := rows.Scan(&d.Day, &d.Deck, &d.Dim, &d.Value, &d.Answers, &d.Correct, &d.TimeMS, &d.Times); err != nil {
			return nil, fmt.Errorf("store: stats days: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func placeholders(n int) string {
	if n == 0 {
		return "NULL"
	}
	return strings.Repeat("?, ", n-1) + "?"
}

// FirstAnswerAt is when the first answer was logged (zero with none).
func (s *Store) FirstAnswerAt(ctx context.Context) (time.Time, error) {
	var at sql.NullInt64
	if err := s.db.QueryRowContext(ctx, `SELECT min(answered_at) FROM answers`).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("store: first answer: %w", err)
	}
	if !at.Valid {
		return time.Time{}, nil
	}
	return fromMS(at.Int64), nil
}

// AnswerSum is the answers of one period: how many, how many right, the time they took.
type AnswerSum struct {
	Answers int
	Correct int
	Time    time.Duration
}

// SumAnswers sums the answers logged in [from, to) (the answers_stats index alone).
func (s *Store) SumAnswers(ctx context.Context, from, to time.Time) (AnswerSum, error) {
	var a AnswerSum
	var total int64
	err := s.db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(correct), 0), coalesce(sum(time_ms), 0)
		FROM answers WHERE answered_at >= ? AND answered_at < ?`, ms(from), ms(to)).Scan(&a.Answers, &a.Correct, &total)
	if err != nil {
		return a, fmt.Errorf("store: answers of a period: %w", err)
	}
	a.Time = time.Duration(total) * time.Millisecond
	return a, nil
}

// QuestionKey names a row of stats_questions.
type QuestionKey struct{ Lexicon, Kind, Question string }

// StatsQuestionsFor returns the rows of stats_questions with these keys (those that exist),
// looked up one by one: for a few keys, cheaper than reading them all.
func (s *Store) StatsQuestionsFor(ctx context.Context, keys []QuestionKey) ([]StatsQuestion, error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: stats questions: %w", err)
	}
	defer conn.Close()
	get, err := conn.PrepareContext(ctx, `SELECT id, coalesce(card_id, 0), tiles, digraphs, blanks, rank, rank_of,
		answers, correct, time_ms, first_at, last_at FROM stats_questions WHERE lexicon = ? AND kind = ? AND question = ?`)
	if err != nil {
		return nil, fmt.Errorf("store: stats questions: %w", err)
	}
	defer get.Close()
	var out []StatsQuestion
	for _, k := range keys {
		q := StatsQuestion{Lexicon: k.Lexicon, Kind: k.Kind, Question: k.Question}
		var first, last int64
		err := get.QueryRowContext(ctx, k.Lexicon, k.Kind, k.Question).Scan(&q.ID, &q.CardID, &q.Tiles, &q.Digraphs,
			&q.Blanks, &q.Rank, &q.RankOf, &q.Answers, &q.Correct, &q.TimeMS, &first, &last)
		if err == sql.ErrNoRows {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("store: stats questions: %w", err)
		}
		q.FirstAt, q.LastAt = fromMS(first), fromMS(last)
		out = append(out, q)
	}
	return out, nil
}
