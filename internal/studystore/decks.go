package studystore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
)

// Deck is a named set of cards under one scheduler.
type Deck struct {
	ID        int64        `json:"id"`
	Name      string       `json:"name"`
	Lexicon   string       `json:"lexicon"`
	Kind      string       `json:"kind"`      // the kind of its cards: anagram, judge, hooks, ...
	Scheduler string       `json:"scheduler"` // "fsrs" or "cardbox"
	NewPerDay int          `json:"new_per_day"`
	Settings  DeckSettings `json:"settings"`
	Source    string       `json:"source"` // how it was filled: `--search "..."`, `--file PATH`
	Created   time.Time    `json:"created"`
	Cards     int          `json:"cards"` // filled by Decks
}

// DeckSettings are a deck's scheduling settings beyond the columns; stored as JSON so that new
// ones need no migration.
type DeckSettings struct {
	Retention float64 `json:"retention,omitempty"` // FSRS desired retention; 0 = 0.9
	TargetMS  int64   `json:"target_ms,omitempty"` // fluent answer time for ratings; 0 = the kind's default
	Seed      uint64  `json:"seed,omitempty"`      // cardbox spread seed
}

// ErrNoDeck is returned (wrapped) for a deck name that does not exist.
var ErrNoDeck = errors.New("no such deck")

// ErrDeckExists is returned (wrapped) by CreateDeck for a name already taken.
var ErrDeckExists = errors.New("deck already exists")

// MaxDeckName is the longest deck name, in characters.
const MaxDeckName = 100

// CheckDeckName refuses a name a deck cannot have: empty, longer than MaxDeckName characters,
// not UTF-8, or holding a control character (a line break, an escape sequence): a name is
// typed back on the command line and printed in tables.
func CheckDeckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return i18n.E("store.deck_no_name")
	case !utf8.ValidString(name):
		return i18n.E("store.deck_name_bytes", "Name", i18n.Quote(name))
	case utf8.RuneCountInString(name) > MaxDeckName:
		return i18n.E("store.deck_name_long", "Name", i18n.Quote(name), "Length", utf8.RuneCountInString(name), "Max", MaxDeckName)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return i18n.E("store.deck_name_control", "Name", i18n.Quote(name))
	}
	return nil
}

// CreateDeck adds an empty deck and returns its id.
func (s *Store) CreateDeck(ctx context.Context, d Deck) (int64, error) {
	settings, err := checkNewDeck(d)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.write(ctx, func(tx *sql.Tx) (err error) {
		id, err = insertDeck(ctx, tx, d, settings, ms(s.now()))
		return err
	})
	if err != nil {
		return 0, s.createDeckError(err, d)
	}
	return id, nil
}

// checkNewDeck refuses what deck d cannot be made with (its name, scheduler, new cards a day)
// and returns its settings as they are stored. Every deck is made through it.
func checkNewDeck(d Deck) (settings string, err error) {
	if err := CheckDeckName(d.Name); err != nil {
		return "", err
	}
	if d.Scheduler != "fsrs" && d.Scheduler != "cardbox" {
		return "", i18n.E("store.deck_scheduler", "Deck", d.Name, "Value", i18n.Quote(d.Scheduler))
	}
	if d.NewPerDay < 0 {
		return "", i18n.E("store.deck_new_per_day", "Deck", d.Name, "Value", d.NewPerDay)
	}
	b, err := json.Marshal(d.Settings)
	if err != nil {
		return "", i18n.Wrap(err, "store.deck_settings", "Deck", d.Name)
	}
	return string(b), nil
}

// insertDeck writes deck d's row in tx, refusing a name already taken, and returns its id;
// settings are checkNewDeck's.
func insertDeck(ctx context.Context, tx *sql.Tx, d Deck, settings string, now int64) (int64, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM decks WHERE name = ?`, d.Name).Scan(&n); err != nil {
		return 0, err
	}
	if n > 0 {
		return 0, i18n.Wrap(ErrDeckExists, "store.deck_exists", "Deck", d.Name)
	}
	r, err := tx.ExecContext(ctx, `INSERT INTO decks (name, lexicon, kind, scheduler, new_per_day, settings, source, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, d.Name, d.Lexicon, d.Kind, d.Scheduler, d.NewPerDay, settings, d.Source, now)
	if err != nil {
		return 0, err
	}
	return r.LastInsertId()
}

// createDeckError is the error of a write that made deck d: a name already taken as it is,
// anything else naming the database and the deck.
func (s *Store) createDeckError(err error, d Deck) error {
	var ie *i18n.Error
	if errors.As(err, &ie) && ie.ID == "store.deck_exists" {
		return err
	}
	return i18n.Wrap(err, "store.create_deck", "File", s.path, "Deck", d.Name)
}

// NewCard is a card to add to a deck.
type NewCard struct {
	Question string
	// Valid is the answer of a card that asks valid or not (judge, twos): whether the question
	// is a word of the lexicon when added. nil for other kinds.
	Valid *bool
}

// Cards are cards without a recorded answer (anagram, hooks), one per question.
func Cards(questions ...string) []NewCard {
	out := make([]NewCard, len(questions))
	for i, q := range questions {
		out[i] = NewCard{Question: q}
	}
	return out
}

// Batches of a long write: each holds the write lock for at most batchHold; between two, the
// writer gives way to the writes waiting (see waitRoom), for at most maxYield, then pauses
// batchGap (for writers that do not announce themselves).
const (
	batchHold = 100 * time.Millisecond
	batchGap  = time.Millisecond
	maxYield  = 2 * time.Second
)

// longWrite is the state of a long write between its batches.
type longWrite struct {
	room *waitRoom
}

func (s *Store) longWrite() *longWrite {
	return &longWrite{room: openWaitRoom(filepath.Dir(s.path))}
}

// between lets other writes in between two batches.
func (lw *longWrite) between(ctx context.Context) error {
	for deadline := time.Now().Add(maxYield); lw.room.occupied() && time.Now().Before(deadline); {
		if err := sleep(ctx, pollInterval); err != nil {
			return err
		}
	}
	return sleep(ctx, batchGap)
}

func (lw *longWrite) close() { lw.room.close() }

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// AddCards puts cards (created if new: one per lexicon, kind and question) into a deck, in the
// order given, as new cards after the ones it has. Cards already in the deck are skipped. It
// returns how many were added.
//
// It writes in batches, each its own short transaction, so that the write lock is never held
// for long (a drill on the same file saves its answers meanwhile). A process killed, or an
// error, part way leaves the deck holding the cards of the batches committed: each whole, in
// order, the deck usable; adding the same cards again adds just the rest, after them. On an
// error the count is of the cards committed.
func (s *Store) AddCards(ctx context.Context, deckID int64, lexicon, kind string, cards []NewCard) (int, error) {
	total, err := s.addCards(ctx, deckID, lexicon, kind, cards)
	if err != nil {
		return total, i18n.Wrap(err, "store.add_cards", "File", s.path, "Added", total)
	}
	return total, nil
}

// addCards is AddCards with its error as it came.
func (s *Store) addCards(ctx context.Context, deckID int64, lexicon, kind string, cards []NewCard) (int, error) {
	total := 0
	pos := int64(-1) // the deck's last position, once read
	lw := s.longWrite()
	defer lw.close()
	for first := true; len(cards) > 0; first = false {
		if !first {
			if err := lw.between(ctx); err != nil {
				return total, err
			}
		}
		added, done, last, err := s.addBatch(ctx, deckID, lexicon, kind, cards, pos)
		if err != nil {
			return total, err
		}
		total += added
		cards = cards[done:]
		pos = last
	}
	return total, nil
}

// addBatch adds cards from the start of cards in one transaction, for at most batchHold (at
// least one card), after position pos (-1: after the deck's last card, read here: a scan of
// the deck, done once), and returns how many it added to the deck, how many of cards it went
// through and the last position.
func (s *Store) addBatch(ctx context.Context, deckID int64, lexicon, kind string, cards []NewCard, pos int64) (added, done int, last int64, err error) {
	now := ms(s.now())
	err = s.write(ctx, func(tx *sql.Tx) error {
		added, done, last = 0, 0, pos // a retried transaction starts again
		if last < 0 {
			if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(position), 0) FROM deck_cards WHERE deck_id = ?`, deckID).Scan(&last); err != nil {
				return err
			}
		} else {
			// Another process may have added cards to this deck since the last batch: they
			// are new, found on an index.
			var newest int64
			if err := tx.QueryRowContext(ctx, newestCardSQL, deckID).Scan(&newest); err != nil {
				return err
			}
			last = max(last, newest)
		}
		insCard, err := tx.PrepareContext(ctx, `INSERT INTO cards (lexicon, kind, question, valid, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (lexicon, kind, question) DO UPDATE SET valid = coalesce(excluded.valid, valid) RETURNING id`)
		if err != nil {
			return err
		}
		defer insCard.Close()
		insDeck, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO deck_cards (deck_id, card_id, position) VALUES (?, ?, ?)`)
		if err != nil {
			return err
		}
		defer insDeck.Close()
		start := time.Now()
		for _, c := range cards {
			if done > 0 && time.Since(start) >= batchHold {
				break
			}
			var valid sql.NullBool
			if c.Valid != nil {
				valid = sql.NullBool{Bool: *c.Valid, Valid: true}
			}
			var id int64
			if err := insCard.QueryRowContext(ctx, lexicon, kind, c.Question, valid, now).Scan(&id); err != nil {
				return err
			}
			r, err := insDeck.ExecContext(ctx, deckID, id, last+1)
			if err != nil {
				return err
			}
			if n, _ := r.RowsAffected(); n > 0 {
				added++
				last++
			}
			done++
		}
		return nil
	})
	if err != nil {
		return 0, 0, pos, err
	}
	return added, done, last, nil
}

// newestCardSQL is the last position of deck ?1's new cards (0 for none).
const newestCardSQL = `SELECT coalesce(max(position), 0) FROM deck_cards WHERE deck_id = ? AND state = 0`

const deckColumns = `d.id, d.name, d.lexicon, d.kind, d.scheduler, d.new_per_day, d.settings, d.source, d.created_at`

func scanDeck(sc interface{ Scan(...any) error }, extra ...any) (Deck, error) {
	var d Deck
	var settings string
	var created int64
	err := sc.Scan(append([]any{&d.ID, &d.Name, &d.Lexicon, &d.Kind, &d.Scheduler, &d.NewPerDay, &settings, &d.Source, &created}, extra...)...)
	if err != nil {
		return d, err
	}
	d.Created = fromMS(created)
	if err := json.Unmarshal([]byte(settings), &d.Settings); err != nil {
		return d, i18n.Wrap(err, "store.deck_settings", "Deck", d.Name)
	}
	return d, nil
}

// Decks lists every deck by name, with its number of cards.
func (s *Store) Decks(ctx context.Context) ([]Deck, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+deckColumns+`,
		(SELECT count(*) FROM deck_cards c WHERE c.deck_id = d.id) FROM decks d ORDER BY d.name`)
	if err != nil {
		return nil, s.readErr(err)
	}
	defer rows.Close()
	var out []Deck
	for rows.Next() {
		var n int
		d, err := scanDeck(rows, &n)
		if err != nil {
			return nil, s.readErr(err)
		}
		d.Cards = n
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, s.readErr(err)
	}
	return out, nil
}

// DeckByName finds a deck; the error wraps ErrNoDeck when there is none.
func (s *Store) DeckByName(ctx context.Context, name string) (Deck, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+deckColumns+`,
		(SELECT count(*) FROM deck_cards c WHERE c.deck_id = d.id) FROM decks d WHERE d.name = ?`, name)
	var n int
	d, err := scanDeck(row, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return d, i18n.Wrap(ErrNoDeck, "store.no_deck", "Deck", name)
	}
	if err != nil {
		return d, s.readErr(err)
	}
	d.Cards = n
	return d, nil
}

// DeleteDeck removes a deck and its schedules; its cards stay (other decks may hold them) and
// logged answers keep their text, with no deck. A big deck's schedules go in batches (see
// AddCards), the deck itself last: a process killed part way leaves the deck, usable, with fewer
// cards, and deleting it again finishes.
func (s *Store) DeleteDeck(ctx context.Context, name string) error {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM decks WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return i18n.Wrap(ErrNoDeck, "store.no_deck", "Deck", name)
	}
	if err != nil {
		return s.readErr(err)
	}
	lw := s.longWrite()
	defer lw.close()
	for first, left := true, true; left; first = false {
		if !first {
			if err := lw.between(ctx); err != nil {
				return i18n.Wrap(err, "store.delete_deck", "File", s.path, "Deck", name)
			}
		}
		err := s.write(ctx, func(tx *sql.Tx) error {
			left = true
			for start := time.Now(); time.Since(start) < batchHold; {
				r, err := tx.ExecContext(ctx, `DELETE FROM deck_cards WHERE deck_id = ?1 AND card_id IN
					(SELECT card_id FROM deck_cards WHERE deck_id = ?1 ORDER BY card_id LIMIT 500)`, id)
				if err != nil {
					return err
				}
				if n, _ := r.RowsAffected(); n == 0 {
					left = false
					break
				}
			}
			return nil
		})
		if err != nil {
			return i18n.Wrap(err, "store.delete_deck", "File", s.path, "Deck", name)
		}
	}
	found := true
	err = s.write(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `DELETE FROM decks WHERE id = ?`, id)
		if err != nil {
			return err
		}
		n, _ := r.RowsAffected()
		found = n > 0
		return nil
	})
	if err != nil {
		return i18n.Wrap(err, "store.delete_deck", "File", s.path, "Deck", name)
	}
	if !found { // another process deleted it meanwhile
		return i18n.Wrap(ErrNoDeck, "store.no_deck", "Deck", name)
	}
	return nil
}

// DeckCard is a card of a deck with its schedule there.
type DeckCard struct {
	DeckID    int64     `json:"deck_id"`
	Deck      string    `json:"deck"`
	Scheduler string    `json:"scheduler"`
	CardID    int64     `json:"card_id"`
	Lexicon   string    `json:"lexicon"`
	Kind      string    `json:"kind"`
	Question  string    `json:"question"`
	Valid     *bool     `json:"valid,omitempty"` // NewCard.Valid
	State     srs.State `json:"state"`
}

const deckCardColumns = `dc.deck_id, d.name, d.scheduler, dc.card_id, c.lexicon, c.kind, c.question, c.valid,
	dc.state, dc.due, dc.last_review, dc.stability, dc.difficulty, dc.scheduled_days, dc.steps,
	dc.reps, dc.lapses, dc.box`

func scanDeckCard(sc interface{ Scan(...any) error }) (DeckCard, error) {
	var c DeckCard
	var due, last sql.NullInt64
	var valid sql.NullBool
	err := sc.Scan(&c.DeckID, &c.Deck, &c.Scheduler, &c.CardID, &c.Lexicon, &c.Kind, &c.Question, &valid,
		&c.State.Phase, &due, &last, &c.State.Stability, &c.State.Difficulty, &c.State.ScheduledDays,
		&c.State.Steps, &c.State.Reps, &c.State.Lapses, &c.State.Box)
	if due.Valid {
		c.State.Due = fromMS(due.Int64)
	}
	if last.Valid {
		c.State.LastReview = fromMS(last.Int64)
	}
	if valid.Valid {
		c.Valid = &valid.Bool
	}
	return c, err
}

// dueSQL selects the cards due: in review with a due time before ?1 (the end of the day), or in
// learning steps due by ?2 (now); of deck ?3 when oneDeck; of decks under lexicon ?5 unless
// that is empty; most overdue first; at most ?4.
// It must run on the deck_cards_due (or deck_cards_deck_due) index: see TestDueQueriesUseIndexes.
func dueSQL(oneDeck bool) string {
	q := `SELECT ` + deckCardColumns + ` FROM deck_cards dc
		JOIN decks d ON d.id = dc.deck_id JOIN cards c ON c.id = dc.card_id
		WHERE ` + dueWhere
	if oneDeck {
		return q + ` AND dc.deck_id = ?3 ORDER BY dc.due, dc.card_id LIMIT ?4`
	}
	return q + ` ORDER BY dc.due, dc.state, dc.deck_id, dc.card_id LIMIT ?4`
}

const dueWhere = `dc.due < ?1 AND (dc.state = 2 OR dc.state IN (1, 3) AND dc.due <= ?2)
	AND (?5 = '' OR dc.deck_id IN (SELECT id FROM decks WHERE lexicon = ?5 COLLATE NOCASE))`

// dueCountSQL counts what dueSQL selects, from the index alone.
func dueCountSQL(oneDeck bool) string {
	q := `SELECT count(*) FROM deck_cards dc WHERE ` + dueWhere
	if oneDeck {
		q += ` AND dc.deck_id = ?3`
	}
	return q
}

// newCardsSQL is deck ?1's next ?2 new cards in the order they were added.
const newCardsSQL = `SELECT ` + deckCardColumns + ` FROM deck_cards dc
	JOIN decks d ON d.id = dc.deck_id JOIN cards c ON c.id = dc.card_id
	WHERE dc.deck_id = ? AND dc.state = 0 ORDER BY dc.position LIMIT ?`

// startedTodaySQL counts deck ?1's cards first answered since ?2 (the daily new-card limit).
const startedTodaySQL = `SELECT count(*) FROM deck_cards WHERE deck_id = ? AND first_review >= ?`

// DueQuery selects the cards to review now.
type DueQuery struct {
	DeckID int64     // 0: every deck
	Now    time.Time // cards in learning steps are due when due <= Now
	// DayEnd: cards in review are due when due < DayEnd (the whole day's reviews at once);
	// DayStart: new cards first answered since then count against the daily limit.
	DayStart, DayEnd time.Time
	NoNew            bool   // reviews only
	Limit            int    // at most this many cards (0: all)
	Lexicon          string // only decks under this lexicon, in any case ("": all)
}

func (q DueQuery) args() []any {
	end := q.DayEnd
	if end.Before(q.Now) {
		end = q.Now
	}
	limit := q.Limit
	if limit <= 0 {
		limit = -1
	}
	return []any{ms(end), ms(q.Now), q.DeckID, limit, q.Lexicon}
}

// Due returns the cards due now: first every card whose review is due, most overdue first,
// then each deck's next new cards, up to its daily limit less those already started today; at
// most q.Limit in all. Answered cards leave the selection (their due time moves on), so calling
// it again after answering gives the next cards.
func (s *Store) Due(ctx context.Context, q DueQuery) ([]DeckCard, error) {
	rows, err := s.db.QueryContext(ctx, dueSQL(q.DeckID != 0), q.args()...)
	if err != nil {
		return nil, s.readErr(err)
	}
	out, err := scanDeckCards(rows)
	if err != nil {
		return nil, s.readErr(err)
	}
	if q.NoNew || q.Limit > 0 && len(out) >= q.Limit {
		return out, nil
	}
	left, err := s.newLeft(ctx, q)
	if err != nil {
		return nil, err
	}
	for _, dl := range left {
		n := dl.left
		if q.Limit > 0 {
			n = min(n, q.Limit-len(out))
		}
		if n <= 0 {
			continue // this deck's new cards are used up today; the next deck's may not be
		}
		rows, err := s.db.QueryContext(ctx, newCardsSQL, dl.deck, n)
		if err != nil {
			return nil, s.readErr(err)
		}
		cs, err := scanDeckCards(rows)
		if err != nil {
			return nil, s.readErr(err)
		}
		out = append(out, cs...)
	}
	return out, nil
}

type deckLeft struct {
	deck int64
	left int
}

// newLeft is, per deck (by name), how many new cards it may still introduce today.
func (s *Store) newLeft(ctx context.Context, q DueQuery) ([]deckLeft, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, new_per_day FROM decks
		WHERE (?1 = 0 OR id = ?1) AND (?2 = '' OR lexicon = ?2 COLLATE NOCASE) ORDER BY name`, q.DeckID, q.Lexicon)
	if err != nil {
		return nil, s.readErr(err)
	}
	var out []deckLeft
	for rows.Next() {
		var dl deckLeft
		if err := rows.Scan(&dl.deck, &dl.left); err != nil {
			rows.Close()
			return nil, s.readErr(err)
		}
		out = append(out, dl)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, s.readErr(err)
	}
	for i := range out {
		var started int
		if err := s.db.QueryRowContext(ctx, startedTodaySQL, out[i].deck, ms(q.DayStart)).Scan(&started); err != nil {
			return nil, s.readErr(err)
		}
		out[i].left = max(out[i].left-started, 0)
		if out[i].left > 0 {
			var avail int
			if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM deck_cards WHERE deck_id = ? AND state = 0 LIMIT ?)`,
				out[i].deck, out[i].left).Scan(&avail); err != nil {
				return nil, s.readErr(err)
			}
			out[i].left = avail
		}
	}
	return out, nil
}

// DueCount counts the reviews due now and the new cards the daily limits still let in.
func (s *Store) DueCount(ctx context.Context, q DueQuery) (reviews, fresh int, err error) {
	if err := s.db.QueryRowContext(ctx, dueCountSQL(q.DeckID != 0), q.args()...).Scan(&reviews); err != nil {
		return 0, 0, s.readErr(err)
	}
	left, err := s.newLeft(ctx, q)
	if err != nil {
		return 0, 0, err
	}
	for _, dl := range left {
		fresh += dl.left
	}
	return reviews, fresh, nil
}

func scanDeckCards(rows *sql.Rows) ([]DeckCard, error) {
	defer rows.Close()
	var out []DeckCard
	for rows.Next() {
		c, err := scanDeckCard(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// RecordReview stores a review answer and the card's new schedule in one transaction (a.DeckID,
// a.CardID and a.After are required; a.Before is logged). It returns the answer's id once
// committed.
func (s *Store) RecordReview(ctx context.Context, a Answer) (int64, error) {
	if a.DeckID == 0 || a.CardID == 0 || a.After == nil {
		return 0, i18n.E("store.review_incomplete")
	}
	at := a.At
	if at.IsZero() {
		at = s.now()
		a.At = at
	}
	var id int64
	err := s.write(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = s.insertAnswer(ctx, tx, a); err != nil {
			return err
		}
		n := a.After
		r, err := tx.ExecContext(ctx, `UPDATE deck_cards SET state = ?, due = ?, last_review = ?,
			first_review = coalesce(first_review, ?), stability = ?, difficulty = ?,
			scheduled_days = ?, steps = ?, reps = ?, lapses = ?, box = ?
			WHERE deck_id = ? AND card_id = ?`,
			n.Phase, nullMS(n.Due), nullMS(n.LastReview), ms(at), n.Stability, n.Difficulty,
			n.ScheduledDays, n.Steps, n.Reps, n.Lapses, n.Box, a.DeckID, a.CardID)
		if err != nil {
			return err
		}
		if k, _ := r.RowsAffected(); k != 1 {
			return i18n.E("store.card_not_in_deck", "Card", a.CardID, "Deck", a.DeckID)
		}
		return nil
	})
	if err != nil {
		return 0, i18n.Wrap(err, "store.record_review", "File", s.path)
	}
	return id, nil
}

// Regrade replaces the grade of a review answer that RecordReview committed (the player chose
// another grade after the feedback): the answer's rating and state after, and the card's
// schedule, change together in one transaction. a names the answer (answerID), its deck and
// card, and carries the new Rating and After; prev is the state RecordReview saved. Until
// Regrade commits, the card keeps the schedule RecordReview gave it, so a process killed in
// between leaves the answer and the card consistent. If the card's schedule is no longer prev
// (another process reviewed it meanwhile), nothing changes and the error says so.
func (s *Store) Regrade(ctx context.Context, answerID int64, a Answer, prev srs.State) error {
	if answerID == 0 || a.DeckID == 0 || a.CardID == 0 || a.After == nil || a.Rating == 0 {
		return i18n.E("store.regrade_incomplete")
	}
	after, err := stateJSON(a.After)
	if err != nil {
		return err
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, `UPDATE answers SET rating = ?, state_after = ?
			WHERE id = ? AND deck_id = ? AND card_id = ?`, int64(a.Rating), after, answerID, a.DeckID, a.CardID)
		if err != nil {
			return err
		}
		if k, _ := r.RowsAffected(); k != 1 {
			return i18n.E("store.no_answer", "Answer", answerID, "Card", a.CardID, "Deck", a.DeckID)
		}
		n := a.After
		r, err = tx.ExecContext(ctx, `UPDATE deck_cards SET state = ?, due = ?, last_review = ?,
			stability = ?, difficulty = ?, scheduled_days = ?, steps = ?, reps = ?, lapses = ?, box = ?
			WHERE deck_id = ? AND card_id = ? AND reps = ? AND last_review IS ? AND due IS ?`,
			n.Phase, nullMS(n.Due), nullMS(n.LastReview), n.Stability, n.Difficulty,
			n.ScheduledDays, n.Steps, n.Reps, n.Lapses, n.Box, a.DeckID, a.CardID,
			prev.Reps, nullMS(prev.LastReview), nullMS(prev.Due))
		if err != nil {
			return err
		}
		if k, _ := r.RowsAffected(); k != 1 {
			return i18n.E("store.reviewed_meanwhile", "Card", a.CardID, "Deck", a.DeckID)
		}
		return nil
	})
	if err != nil {
		return i18n.Wrap(err, "store.regrade", "File", s.path)
	}
	return nil
}

// Reschedule sets new due times (postponing a backlog), in batches (see AddCards): a process
// killed part way leaves each card with its old due time or its new one.
func (s *Store) Reschedule(ctx context.Context, dues []DeckCard) error {
	lw := s.longWrite()
	defer lw.close()
	for first := true; len(dues) > 0; first = false {
		if !first {
			if err := lw.between(ctx); err != nil {
				return i18n.Wrap(err, "store.reschedule", "File", s.path)
			}
		}
		done := 0
		err := s.write(ctx, func(tx *sql.Tx) error {
			done = 0
			st, err := tx.PrepareContext(ctx, `UPDATE deck_cards SET due = ? WHERE deck_id = ? AND card_id = ?`)
			if err != nil {
				return err
			}
			defer st.Close()
			for start := time.Now(); done < len(dues) && (done == 0 || time.Since(start) < batchHold); done++ {
				c := dues[done]
				if _, err := st.ExecContext(ctx, nullMS(c.State.Due), c.DeckID, c.CardID); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return i18n.Wrap(err, "store.reschedule", "File", s.path)
		}
		dues = dues[done:]
	}
	return nil
}

// DeckCounts is a deck's cards by state and what falls due in the coming days.
type DeckCounts struct {
	ByPhase map[string]int `json:"by_state"` // new, learning, review, relearning
	ByBox   []int          `json:"by_box,omitempty"`
	// DuePerDay[0] is due by the end of today (overdue included), [i] on the i-th next day.
	DuePerDay []int `json:"due_per_day"`
}

// Counts counts a deck's cards by state (and by box for a cardbox deck) and those falling due
// each of days days from dayStart (local midnight today).
func (s *Store) Counts(ctx context.Context, d Deck, dayStart time.Time, days int) (DeckCounts, error) {
	dc := DeckCounts{ByPhase: map[string]int{}, DuePerDay: make([]int, days)}
	for p := srs.New; p <= srs.Relearning; p++ {
		dc.ByPhase[p.String()] = 0
	}
	rows, err := s.db.QueryContext(ctx, `SELECT state, box, count(*) FROM deck_cards WHERE deck_id = ? GROUP BY state, box`, d.ID)
	if err != nil {
		return dc, s.readErr(err)
	}
	if d.Scheduler == "cardbox" {
		dc.ByBox = make([]int, len(srs.CardboxDays))
	}
	for rows.Next() {
		var phase srs.Phase
		var box, n int
		if err := rows.Scan(&phase, &box, &n); err != nil {
			rows.Close()
			return dc, s.readErr(err)
		}
		dc.ByPhase[phase.String()] += n
		if dc.ByBox != nil && phase != srs.New && box >= 0 && box < len(dc.ByBox) {
			dc.ByBox[box] += n
		}
	}
	rows.Close()
	// Day boundaries come from the caller's calendar (DST-safe), bucketed in SQL.
	bounds := make([]int64, days)
	for i := range bounds {
		bounds[i] = ms(dayStart.AddDate(0, 0, i+1))
	}
	for i, b := range bounds {
		lo := int64(-1 << 62)
		if i > 0 {
			lo = bounds[i-1]
		}
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM deck_cards WHERE deck_id = ? AND due >= ? AND due < ? AND state <> 0`,
			d.ID, lo, b).Scan(&dc.DuePerDay[i]); err != nil {
			return dc, s.readErr(err)
		}
	}
	return dc, nil
}
