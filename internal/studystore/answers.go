package studystore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
)

// Session describes one run of a drill or a review, for StartSession.
type Session struct {
	Drill   string // "anagram", "twos", "review", ...
	Lexicon string // lexicon name
	DeckID  int64  // 0 when not drilling a deck
	Options any    // anything that marshals to JSON (seed, count, ...): how to replay it
}

// StartSession records the start of a drill session at the store's clock and returns its id,
// to put in each Answer.SessionID.
func (s *Store) StartSession(ctx context.Context, sess Session) (int64, error) {
	opts := []byte("{}")
	if sess.Options != nil {
		b, err := json.Marshal(sess.Options)
		if err != nil {
			return 0, i18n.Wrap(err, "store.bad_options", "File", s.path)
		}
		opts = b
	}
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `INSERT INTO sessions (drill, lexicon, deck_id, options, started_at)
			VALUES (?, ?, ?, ?, ?)`, sess.Drill, sess.Lexicon, nullID(sess.DeckID), string(opts), ms(s.now()))
		if err != nil {
			return err
		}
		id, err = r.LastInsertId()
		return err
	})
	if err != nil {
		return 0, i18n.Wrap(err, "store.start_session", "File", s.path)
	}
	return id, nil
}

// EndSession records the end of a session at the store's clock. Call it on every way out
// (done, Ctrl-D, Ctrl-C); a session left open by a killed process just has no end time.
func (s *Store) EndSession(ctx context.Context, id int64) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE sessions SET ended_at = ? WHERE id = ?`, ms(s.now()), id)
		return err
	})
	if err != nil {
		return i18n.Wrap(err, "store.end_session", "File", s.path)
	}
	return nil
}

// Answer is one answer to one question, as RecordAnswer stores it.
type Answer struct {
	SessionID int64  // from StartSession; 0 for none
	CardID    int64  // 0 when the question is not a card
	DeckID    int64  // 0 when not answering for a deck
	Drill     string // drill kind: "anagram", "build", "twos", "digraphs", "hooks", "judge", "review"
	Lexicon   string // lexicon name
	Question  string // as shown: rack in alphagram order, word, ...
	Answer    string // as typed (trimmed); "" for no answer
	Expected  string // the right answer(s), e.g. words space-separated; optional
	Correct   bool
	Took      time.Duration // time from question shown to answer entered
	Rating    srs.Rating    // FSRS grade used for a card; 0 otherwise
	Before    *srs.State    // scheduler state before and after, for cards
	After     *srs.State
	At        time.Time // when answered; zero means the store's clock now
}

// RecordAnswer stores one answer in its own transaction and returns its id once it is
// committed: after it returns, the answer survives the process being killed. Call it the
// moment the player answers, never batched. While another process writes, it waits for its
// turn (up to Options.BusyTimeout; then ErrBusy, and nothing is stored).
func (s *Store) RecordAnswer(ctx context.Context, a Answer) (int64, error) {
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = s.insertAnswer(ctx, tx, a)
		return err
	})
	if err != nil {
		return 0, i18n.Wrap(err, "store.record_answer", "File", s.path)
	}
	return id, nil
}

func (s *Store) insertAnswer(ctx context.Context, tx *sql.Tx, a Answer) (int64, error) {
	if a.Drill == "" {
		return 0, i18n.E("store.answer_no_drill")
	}
	at := a.At
	if at.IsZero() {
		at = s.now()
	}
	before, err := stateJSON(a.Before)
	if err != nil {
		return 0, err
	}
	after, err := stateJSON(a.After)
	if err != nil {
		return 0, err
	}
	rating := sql.NullInt64{Int64: int64(a.Rating), Valid: a.Rating != 0}
	r, err := tx.ExecContext(ctx, `INSERT INTO answers (session_id, card_id, deck_id, drill, lexicon,
		question, answer, expected, correct, time_ms, rating, state_before, state_after, answered_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		nullID(a.SessionID), nullID(a.CardID), nullID(a.DeckID), a.Drill, a.Lexicon,
		a.Question, a.Answer, a.Expected, a.Correct, max(a.Took.Milliseconds(), 0), rating,
		before, after, ms(at))
	if err != nil {
		return 0, err
	}
	return r.LastInsertId()
}

func stateJSON(st *srs.State) (sql.NullString, error) {
	if st == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(st)
	if err != nil {
		return sql.NullString{}, err
	}
	return sql.NullString{String: string(b), Valid: true}, nil
}

// LoggedAnswer is an answer as read back.
type LoggedAnswer struct {
	ID int64 `json:"id"`
	Answer
}

// AnswerQuery selects logged answers. Zero fields do not filter.
type AnswerQuery struct {
	Since     time.Time
	SessionID int64
	CardID    int64
	Limit     int // 0 = all
}

// Answers returns logged answers, oldest first.
func (s *Store) Answers(ctx context.Context, q AnswerQuery) ([]LoggedAnswer, error) {
	query := `SELECT id, coalesce(session_id, 0), coalesce(card_id, 0), coalesce(deck_id, 0), drill,
		lexicon, question, answer, expected, correct, time_ms, coalesce(rating, 0),
		state_before, state_after, answered_at FROM answers WHERE answered_at >= ?`
	args := []any{ms(q.Since)}
	if q.Since.IsZero() {
		args[0] = int64(-1 << 62)
	}
	if q.SessionID != 0 {
		query += ` AND session_id = ?`
		args = append(args, q.SessionID)
	}
	if q.CardID != 0 {
		query += ` AND card_id = ?`
		args = append(args, q.CardID)
	}
	query += ` ORDER BY answered_at, id`
	if q.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", q.Limit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.readErr(err)
	}
	defer rows.Close()
	var out []LoggedAnswer
	for rows.Next() {
		var a LoggedAnswer
		var took, at int64
		var before, after sql.NullString
		if err := rows.Scan(&a.ID, &a.SessionID, &a.CardID, &a.DeckID, &a.Drill, &a.Lexicon,
			&a.Question, &a.Answer.Answer, &a.Expected, &a.Correct, &took, &a.Rating,
			&before, &after, &at); err != nil {
			return nil, s.readErr(err)
		}
		a.Took = time.Duration(took) * time.Millisecond
		a.At = fromMS(at)
		if a.Before, err = parseState(before); err != nil {
			return nil, i18n.Wrap(err, "store.bad_state", "File", s.path, "Answer", a.ID)
		}
		if a.After, err = parseState(after); err != nil {
			return nil, i18n.Wrap(err, "store.bad_state", "File", s.path, "Answer", a.ID)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}

func parseState(ns sql.NullString) (*srs.State, error) {
	if !ns.Valid {
		return nil, nil
	}
	var st srs.State
	if err := json.Unmarshal([]byte(ns.String), &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// Stat sums the answers of one group (a drill kind, or a deck) over a period.
type Stat struct {
	Group    string        `json:"group"` // drill kind, or deck name ("" for answers outside decks)
	Answers  int           `json:"answers"`
	Correct  int           `json:"correct"`
	Accuracy float64       `json:"accuracy"` // Correct/Answers, 0..1
	Time     time.Duration `json:"time_ns"`  // total time answering
	Mean     time.Duration `json:"mean_ns"`  // mean time per answer
}

// StatsByDrill sums answers given at or after since, per drill kind, sorted by kind.
func (s *Store) StatsByDrill(ctx context.Context, since time.Time) ([]Stat, error) {
	return s.stats(ctx, `SELECT drill, count(*), sum(correct), sum(time_ms) FROM answers
		WHERE answered_at >= ? GROUP BY drill ORDER BY drill`, since)
}

// StatsByDeck sums answers given at or after since, per deck (by name; answers outside decks
// are left out), sorted by name.
func (s *Store) StatsByDeck(ctx context.Context, since time.Time) ([]Stat, error) {
	return s.stats(ctx, `SELECT d.name, count(*), sum(a.correct), sum(a.time_ms) FROM answers a
		JOIN decks d ON d.id = a.deck_id WHERE a.answered_at >= ? GROUP BY d.name ORDER BY d.name`, since)
}

func (s *Store) stats(ctx context.Context, query string, since time.Time) ([]Stat, error) {
	rows, err := s.db.QueryContext(ctx, query, ms(since))
	if err != nil {
		return nil, s.readErr(err)
	}
	defer rows.Close()
	var out []Stat
	for rows.Next() {
		var st Stat
		var total int64
		if err := rows.Scan(&st.Group, &st.Answers, &st.Correct, &total); err != nil {
			return nil, s.readErr(err)
		}
		st.Time = time.Duration(total) * time.Millisecond
		if st.Answers > 0 {
			st.Accuracy = float64(st.Correct) / float64(st.Answers)
			st.Mean = st.Time / time.Duration(st.Answers)
		}
		out = append(out, st)
	}
	if err := rows.Err(); err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}
