package studystore

import (
	"context"
	"database/sql"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
)

// ImportedCard is a card brought from another program's deck: its question under atril
// (Question, in tile notation), its schedule in the new deck (State), and what the program
// recorded, kept for exporting it back.
type ImportedCard struct {
	Question string
	State    srs.State
	Source   SourceRecord
}

// SourceRecord is a card as the program it came from recorded it.
type SourceRecord struct {
	Question         string // the program's spelling
	Correct          int
	Incorrect        int
	Streak           int // right answers in a row (negative: wrong ones)
	LastCorrect      time.Time
	Difficulty       *int
	Box              *int
	Due              time.Time
	Imported         time.Time
	FromOtherProgram bool // false for a card the deck got in atril
}

// ImportDeck creates deck d with cards, in one transaction: nothing is written on an error,
// and a deck of that name must not exist. source names the program ("zyzzyva").
func (s *Store) ImportDeck(ctx context.Context, d Deck, source string, cards []ImportedCard) (int64, error) {
	settings, err := checkNewDeck(d)
	if err != nil {
		return 0, err
	}
	now := ms(s.now())
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) (err error) {
		if id, err = insertDeck(ctx, tx, d, settings, now); err != nil {
			return err
		}
		insCard, err := tx.PrepareContext(ctx, `INSERT INTO cards (lexicon, kind, question, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (lexicon, kind, question) DO UPDATE SET question = excluded.question RETURNING id`)
		if err != nil {
			return err
		}
		defer insCard.Close()
		insDeck, err := tx.PrepareContext(ctx, `INSERT INTO deck_cards (deck_id, card_id, position, state, due, last_review,
			first_review, scheduled_days, reps, lapses, box) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer insDeck.Close()
		insImp, err := tx.PrepareContext(ctx, `INSERT INTO card_imports (deck_id, card_id, source, question, correct, incorrect,
			streak, last_correct, difficulty, box, due, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer insImp.Close()
		for i, c := range cards {
			var cid int64
			if err := insCard.QueryRowContext(ctx, d.Lexicon, d.Kind, c.Question, now).Scan(&cid); err != nil {
				return err
			}
			st := c.State
			var first sql.NullInt64
			if st.Phase != srs.New {
				first = sql.NullInt64{Int64: now, Valid: true}
				if !st.LastReview.IsZero() {
					first.Int64 = ms(st.LastReview)
				}
			}
			if _, err := insDeck.ExecContext(ctx, id, cid, i+1, int(st.Phase), nullMS(st.Due), nullMS(st.LastReview), first,
				st.ScheduledDays, st.Reps, st.Lapses, min(max(st.Box, 0), 10)); err != nil {
				return err
			}
			src := c.Source
			var diff, box sql.NullInt64
			if src.Difficulty != nil {
				diff = sql.NullInt64{Int64: int64(*src.Difficulty), Valid: true}
			}
			if src.Box != nil {
				box = sql.NullInt64{Int64: int64(*src.Box), Valid: true}
			}
			if _, err := insImp.ExecContext(ctx, id, cid, source, src.Question, src.Correct, src.Incorrect, src.Streak,
				nullMS(src.LastCorrect), diff, box, nullMS(src.Due), now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, s.createDeckError(err, d)
	}
	return id, nil
}

// ExportCard is a deck's card as an export needs it: its question and schedule in atril, what
// it brought from another program (Source.FromOtherProgram), and the answers given to it in the
// deck after that (all of them for a card the deck got in atril), oldest first.
type ExportCard struct {
	Question string
	State    srs.State
	Source   SourceRecord
	Answers  []ExportAnswer
}

// ExportAnswer is one answer to a card in its deck.
type ExportAnswer struct {
	Correct bool
	At      time.Time
}

// DeckExport reads deck deckID's cards for an export, in the deck's order.
func (s *Store) DeckExport(ctx context.Context, deckID int64) ([]ExportCard, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.question, dc.state, dc.due, dc.last_review, dc.scheduled_days, dc.reps,
		dc.lapses, dc.box, i.question, i.correct, i.incorrect, i.streak, i.last_correct, i.difficulty, i.box, i.due, i.imported_at
		FROM deck_cards dc JOIN cards c ON c.id = dc.card_id
		LEFT JOIN card_imports i ON i.deck_id = dc.deck_id AND i.card_id = dc.card_id
		WHERE dc.deck_id = ? ORDER BY dc.position, c.id`, deckID)
	if err != nil {
		return nil, s.readErr(err)
	}
	var out []ExportCard
	var ids []int64
	for rows.Next() {
		var (
			e                                   ExportCard
			id                                  int64
			phase                               int
			due, last, iLast, iDiff, iBox, iDue sql.NullInt64
			iQuestion                           sql.NullString
			iCorrect, iIncorrect, iStreak, iAt  sql.NullInt64
		)
		if err := rows.Scan(&id, &e.Question, &phase, &due, &last, &e.State.ScheduledDays, &e.State.Reps, &e.State.Lapses,
			&e.State.Box, &iQuestion, &iCorrect, &iIncorrect, &iStreak, &iLast, &iDiff, &iBox, &iDue, &iAt); err != nil {
			rows.Close()
			return nil, s.readErr(err)
		}
		e.State.Phase = srs.Phase(phase)
		if due.Valid {
			e.State.Due = fromMS(due.Int64)
		}
		if last.Valid {
			e.State.LastReview = fromMS(last.Int64)
		}
		if iQuestion.Valid {
			src := SourceRecord{Question: iQuestion.String, Correct: int(iCorrect.Int64), Incorrect: int(iIncorrect.Int64),
				Streak: int(iStreak.Int64), Imported: fromMS(iAt.Int64), FromOtherProgram: true}
			if iLast.Valid {
				src.LastCorrect = fromMS(iLast.Int64)
			}
			if iDiff.Valid {
				v := int(iDiff.Int64)
				src.Difficulty = &v
			}
			if iBox.Valid {
				v := int(iBox.Int64)
				src.Box = &v
			}
			if iDue.Valid {
				src.Due = fromMS(iDue.Int64)
			}
			e.Source = src
		}
		out = append(out, e)
		ids = append(ids, id)
	}
	if err := rows.Close(); err != nil {
		return nil, s.readErr(err)
	}
	// The answers given in the deck, after the import for imported cards.
	ans, err := s.db.QueryContext(ctx, `SELECT card_id, correct, answered_at FROM answers
		WHERE deck_id = ? AND card_id IS NOT NULL ORDER BY answered_at, id`, deckID)
	if err != nil {
		return nil, s.readErr(err)
	}
	defer ans.Close()
	at := make(map[int64]int, len(ids))
	for i, id := range ids {
		at[id] = i
	}
	for ans.Next() {
		var id, when int64
		var ok bool
		if err := ans.Scan(&id, &ok, &when); err != nil {
			return nil, s.readErr(err)
		}
		i, found := at[id]
		if !found {
			continue
		}
		t := fromMS(when)
		if out[i].Source.FromOtherProgram && t.Before(out[i].Source.Imported) {
			continue
		}
		out[i].Answers = append(out[i].Answers, ExportAnswer{Correct: ok, At: t})
	}
	if err := ans.Err(); err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}
