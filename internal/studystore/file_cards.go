package studystore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// FileCards puts a few cards (a drill's misses) into deck d.Name in one transaction, creating
// the deck as d describes when no deck has that name: two drills ending at the same moment,
// filing into one deck, both land, the second appending to the deck the first created. check,
// when not nil, vets an existing deck (its kind and lexicon) before anything is written. It
// returns the deck (with its number of cards after), whether it was created, and the cards
// added.
func (s *Store) FileCards(ctx context.Context, d Deck, cards []NewCard, check func(Deck) error) (Deck, bool, int, error) {
	settings, err := json.Marshal(d.Settings)
	if err != nil {
		return d, false, 0, i18n.Wrap(err, "store.deck_settings", "Deck", d.Name)
	}
	var (
		out     Deck
		created bool
		added   int
		vetoed  error
	)
	now := ms(s.now())
	err = s.write(ctx, func(tx *sql.Tx) error {
		out, created, added, vetoed = d, false, 0, nil
		existing, err := scanDeck(tx.QueryRowContext(ctx, `SELECT `+deckColumns+` FROM decks d WHERE d.name = ?`, d.Name))
		switch {
		case errors.Is(err, sql.ErrNoRows):
			r, err := tx.ExecContext(ctx, `INSERT INTO decks (name, lexicon, kind, scheduler, new_per_day, settings, source, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, d.Name, d.Lexicon, d.Kind, d.Scheduler, d.NewPerDay, string(settings), d.Source, now)
			if err != nil {
				return err
			}
			if out.ID, err = r.LastInsertId(); err != nil {
				return err
			}
			out.Created, created = fromMS(now), true
		case err != nil:
			return err
		default:
			if check != nil {
				if vetoed = check(existing); vetoed != nil {
					return nil // nothing written
				}
			}
			out = existing
		}
		var last int64
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(position), 0) FROM deck_cards WHERE deck_id = ?`, out.ID).Scan(&last); err != nil {
			return err
		}
		for _, c := range cards {
			var valid sql.NullBool
			if c.Valid != nil {
				valid = sql.NullBool{Bool: *c.Valid, Valid: true}
			}
			var id int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO cards (lexicon, kind, question, valid, created_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (lexicon, kind, question) DO UPDATE SET valid = coalesce(excluded.valid, valid) RETURNING id`,
				out.Lexicon, out.Kind, c.Question, valid, now).Scan(&id); err != nil {
				return err
			}
			r, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO deck_cards (deck_id, card_id, position) VALUES (?, ?, ?)`, out.ID, id, last+1)
			if err != nil {
				return err
			}
			if n, _ := r.RowsAffected(); n > 0 {
				added++
				last++
			}
		}
		return tx.QueryRowContext(ctx, `SELECT count(*) FROM deck_cards WHERE deck_id = ?`, out.ID).Scan(&out.Cards)
	})
	if vetoed != nil {
		return Deck{}, false, 0, vetoed
	}
	if err != nil {
		return Deck{}, false, 0, i18n.Wrap(err, "store.add_cards", "File", s.path, "Added", 0)
	}
	return out, created, added, nil
}
