package studystore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
)

// EachStatsAnswer reads the answers with ids in (after, upTo], in id order, in one pass, and
// hands each to fn: a log of millions of answers is never held in memory. fn gets the same
// *StatsAnswer every time (copy what it keeps); its ID is not filled, its Drill and Lexicon
// strings are shared between answers, and Deck and CardKind are left to the caller (DeckNames,
// CardKinds). An error from fn ends the reading and is returned.
//
// Reading is the first sums' bottleneck (the first `atril stats` after an upgrade reads every
// answer ever given), and with this driver each column of each row costs about as much as
// SQLite's whole step: the query asks for as few columns as it can (time and result in one
// number; the drill kind and the lexicon as small numbers when they are among those the
// sessions and decks name, as they nearly always are) and reads them below database/sql.
func (s *Store) EachStatsAnswer(ctx context.Context, after, upTo int64, fn func(*StatsAnswer) error) error {
	drills, lexicons, err := s.answerNames(ctx)
	if err != nil {
		return fmt.Errorf("store: answers for stats: %w", err)
	}
	var q strings.Builder
	args := []driver.NamedValue{{Ordinal: 1, Value: after}, {Ordinal: 2, Value: upTo}}
	// A CASE over a list of names, as the name's index in it; a name not in the list as itself.
	code := func(col string, names []string) {
		if len(names) == 0 {
			q.WriteString(col)
			return
		}
		fmt.Fprintf(&q, "CASE %s", col)
		for i, n := range names {
			args = append(args, driver.NamedValue{Ordinal: len(args) + 1, Value: n})
			fmt.Fprintf(&q, " WHEN ?%d THEN %d", len(args), i)
		}
		fmt.Fprintf(&q, " ELSE %s END", col)
	}
	q.WriteString(`SELECT answered_at, time_ms * 2 + correct, deck_id, card_id, `)
	code("drill", drills)
	q.WriteString(", ")
	code("lexicon", lexicons)
	q.WriteString(` , question FROM answers WHERE id > ?1 AND id <= ?2 ORDER BY id`)

	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: answers for stats: %w", err)
	}
	defer conn.Close()
	var fnErr error
	err = conn.Raw(func(dc any) error {
		qc, ok := dc.(driver.QueryerContext)
		if !ok {
			return errors.New("the SQLite driver cannot query")
		}
		rows, err := qc.QueryContext(ctx, q.String(), args)
		if err != nil {
			return err
		}
		defer rows.Close()
		row := make([]driver.Value, 7)
		var a StatsAnswer
		for {
			if err := rows.Next(row); err != nil {
				if err == io.EOF {
					return nil
				}
				return err
			}
			at, ok1 := row[0].(int64)
			timeCorrect, ok2 := row[1].(int64)
			if !ok1 || !ok2 {
				return fmt.Errorf("an answer's time (%v, %v) is not a whole number", row[0], row[1])
			}
			a.At = fromMS(at)
			a.TimeMS, a.Correct = timeCorrect>>1, timeCorrect&1 == 1
			a.DeckID, _ = row[2].(int64)
			a.CardID, _ = row[3].(int64)
			if a.Drill, err = named(row[4], drills); err != nil {
				return err
			}
			if a.Lexicon, err = named(row[5], lexicons); err != nil {
				return err
			}
			if a.Question, err = named(row[6], nil); err != nil {
				return err
			}
			if fnErr = fn(&a); fnErr != nil {
				return fnErr
			}
		}
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("store: answers for stats: %w", err)
	}
	return nil
}

// named is a text column coded by EachStatsAnswer: an index into names, or the text itself.
func named(v driver.Value, names []string) (string, error) {
	switch v := v.(type) {
	case int64:
		if v >= 0 && v < int64(len(names)) {
			return names[v], nil
		}
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("unexpected value %v in a text column", v)
}

// answerNames are the drill kinds and lexicons answers are likely to name: those of the sessions
// and decks (small tables), and "review".
func (s *Store) answerNames(ctx context.Context) (drills, lexicons []string, err error) {
	list := func(query string) ([]string, error) {
		rows, err := s.db.QueryContext(ctx, query)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var n sql.NullString
			if err := rows.Scan(&n); err != nil {
				return nil, err
			}
			if n.Valid {
				out = append(out, n.String)
			}
		}
		return out, rows.Err()
	}
	const most = 64 // a longer CASE costs every row more than it saves
	if drills, err = list(`SELECT 'review' UNION SELECT drill FROM sessions`); err != nil {
		return nil, nil, err
	}
	if lexicons, err = list(`SELECT lexicon FROM sessions UNION SELECT lexicon FROM decks`); err != nil {
		return nil, nil, err
	}
	return drills[:min(len(drills), most)], lexicons[:min(len(lexicons), most)], nil
}

// StatsQuestionsAnswered returns the rows of stats_questions that the answers with ids in
// (after, upTo] belong to (those that exist): what a short update needs of the questions summed
// before, without reading them all. A question is filed under its card's kind for a review,
// else under the drill (see package stats).
func (s *Store) StatsQuestionsAnswered(ctx context.Context, after, upTo int64) ([]StatsQuestion, error) {
	return s.statsQuestions(ctx, `SELECT DISTINCT q.id, q.lexicon, q.kind, q.question, coalesce(q.card_id, 0), q.tiles,
		q.digraphs, q.blanks, q.rank, q.rank_of, q.answers, q.correct, q.time_ms, q.first_at, q.last_at
		FROM answers a LEFT JOIN cards c ON c.id = a.card_id
		JOIN stats_questions q ON q.lexicon = a.lexicon AND q.question = a.question
			AND q.kind = CASE WHEN a.drill = 'review' AND coalesce(c.kind, '') != '' THEN c.kind ELSE a.drill END
		WHERE a.id > ? AND a.id <= ? ORDER BY q.id`, after, upTo)
}

// StatsQuestionCount is how many rows stats_questions has.
func (s *Store) StatsQuestionCount(ctx context.Context) (int64, error) {
	var n int64
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM stats_questions`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: stats questions: %w", err)
	}
	return n, nil
}

// CardKindsAnswered maps the cards reviewed in the answers with ids in (after, upTo] to their
// kinds: for a short update, cheaper than every card's (CardKinds).
func (s *Store) CardKindsAnswered(ctx context.Context, after, upTo int64) (map[int64]string, error) {
	kinds, err := s.idStrings(ctx, `SELECT DISTINCT c.id, c.kind FROM answers a JOIN cards c ON c.id = a.card_id
		WHERE a.id > ? AND a.id <= ? AND a.drill = 'review'`, after, upTo)
	if err != nil {
		return nil, fmt.Errorf("store: card kinds: %w", err)
	}
	return kinds, nil
}

// idStrings reads the (id, text) rows of a query into a map.
func (s *Store) idStrings(ctx context.Context, query string, args ...any) (map[int64]string, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			return nil, err
		}
		out[id] = text
	}
	return out, rows.Err()
}
