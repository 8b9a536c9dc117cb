package studystore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
)

// FSRSParameters are FSRS-6 weights fitted to the player's reviews (`atril fsrs fit`).
type FSRSParameters struct {
	DeckID   int64     `json:"deck_id,omitempty"` // 0: every FSRS deck without its own
	Weights  []float64 `json:"weights"`           // the 21 FSRS-6 weights
	Reviews  int       `json:"reviews"`           // reviews fitted on
	LogLoss  float64   `json:"log_loss"`          // on the held-out reviews (0: not measured)
	FittedAt time.Time `json:"fitted_at"`
}

// FSRSWeightCount is how many weights FSRS-6 has.
const FSRSWeightCount = 21

// SaveFSRSParameters keeps p as the parameters of its deck (or of every deck without its own),
// replacing what was there; from then on schedulers built with FSRSWeights use them.
func (s *Store) SaveFSRSParameters(ctx context.Context, p FSRSParameters) error {
	if len(p.Weights) != FSRSWeightCount {
		return fmt.Errorf("store: FSRS parameters: %d weights, want %d", len(p.Weights), FSRSWeightCount)
	}
	for i, w := range p.Weights {
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("store: FSRS parameters: weight %d is %v", i, w)
		}
	}
	b, err := json.Marshal(p.Weights)
	if err != nil {
		return err
	}
	at := p.FittedAt
	if at.IsZero() {
		at = s.now()
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM fsrs_parameters WHERE deck_id IS ?`, nullID(p.DeckID)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO fsrs_parameters (deck_id, weights, reviews, log_loss, fitted_at)
			VALUES (?, ?, ?, ?, ?)`, nullID(p.DeckID), string(b), p.Reviews, p.LogLoss, ms(at))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: save FSRS parameters: %w", err)
	}
	return nil
}

// FSRSParametersFor returns the parameters a deck schedules with: its own, else those fitted on
// every deck; ok is false when neither was ever fitted (the FSRS-6 defaults apply). deckID 0
// asks for the ones fitted on every deck.
func (s *Store) FSRSParametersFor(ctx context.Context, deckID int64) (p FSRSParameters, ok bool, err error) {
	var w string
	var deck sql.NullInt64
	var loss sql.NullFloat64
	var at int64
	err = s.db.QueryRowContext(ctx, `SELECT deck_id, weights, reviews, log_loss, fitted_at FROM fsrs_parameters
		WHERE deck_id = ? OR deck_id IS NULL ORDER BY deck_id IS NULL LIMIT 1`, deckID).Scan(&deck, &w, &p.Reviews, &loss, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return p, false, nil
	}
	if err != nil {
		return p, false, fmt.Errorf("store: FSRS parameters: %w", err)
	}
	if err := json.Unmarshal([]byte(w), &p.Weights); err != nil || len(p.Weights) != FSRSWeightCount {
		return p, false, fmt.Errorf("store: FSRS parameters of deck %d: %q is not %d numbers", deckID, w, FSRSWeightCount)
	}
	p.DeckID, p.LogLoss, p.FittedAt = deck.Int64, loss.Float64, fromMS(at)
	return p, true, nil
}

// FSRSWeights are the weights deck deckID schedules with (see FSRSParametersFor), nil for the
// FSRS-6 defaults.
func (s *Store) FSRSWeights(ctx context.Context, deckID int64) ([]float64, error) {
	p, ok, err := s.FSRSParametersFor(ctx, deckID)
	if err != nil || !ok {
		return nil, err
	}
	return p.Weights, nil
}

// Review is one graded review of a card in a deck, for fitting and checking FSRS.
type Review struct {
	DeckID int64
	CardID int64
	At     time.Time
	Rating srs.Rating
}

// Reviews returns every graded review (an answer with an FSRS rating, of a card in a deck) of
// deck deckID, or of every deck when deckID is 0, in the order they were logged.
func (s *Store) Reviews(ctx context.Context, deckID int64) ([]Review, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT deck_id, card_id, answered_at, rating FROM answers
		WHERE rating IS NOT NULL AND card_id IS NOT NULL AND deck_id IS NOT NULL AND (?1 = 0 OR deck_id = ?1)
		ORDER BY id`, deckID)
	if err != nil {
		return nil, fmt.Errorf("store: reviews: %w", err)
	}
	defer rows.Close()
	var out []Review
	for rows.Next() {
		var r Review
		var at int64
		if err := rows.Scan(&r.DeckID, &r.CardID, &at, &r.Rating); err != nil {
			return nil, fmt.Errorf("store: reviews: %w", err)
		}
		r.At = fromMS(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// CardState is a card's schedule in a deck, without its question: what forecasts read.
type CardState struct {
	DeckID int64
	CardID int64
	State  srs.State
}

// CardStates returns the schedule of every card of deck deckID (of every deck when 0): phase,
// due, last review, stability, difficulty, scheduled days and box (what forecasts need; no
// counts).
func (s *Store) CardStates(ctx context.Context, deckID int64) ([]CardState, error) {
	parts, err := s.CardStatesSplit(ctx, deckID, 1, false)
	if err != nil {
		return nil, err
	}
	return parts[0], nil
}

// CardStatesSplit is CardStates read in parts (ranges of the deck_cards key) by as many
// queries at once, so that a large deck is read on every core; learnt leaves out the new cards
// (NewCards counts them).
func (s *Store) CardStatesSplit(ctx context.Context, deckID int64, parts int, learnt bool) ([][]CardState, error) {
	parts = max(parts, 1)
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM deck_cards WHERE ?1 = 0 OR deck_id = ?1`, deckID).Scan(&n); err != nil {
		return nil, fmt.Errorf("store: card states: %w", err)
	}
	if n < 10_000 {
		parts = 1
	}
	// Split keys: the (deck_id, card_id) at each part's start; the first part starts at the
	// lowest key there is.
	type key struct{ deck, card int64 }
	bounds := []key{{-1 << 62, -1 << 62}}
	for i := 1; i < parts; i++ {
		var k key
		if err := s.db.QueryRowContext(ctx, `SELECT deck_id, card_id FROM deck_cards WHERE ?1 = 0 OR deck_id = ?1
			ORDER BY deck_id, card_id LIMIT 1 OFFSET ?2`, deckID, i*n/parts).Scan(&k.deck, &k.card); err != nil {
			return nil, fmt.Errorf("store: card states: %w", err)
		}
		bounds = append(bounds, k)
	}
	bounds = append(bounds, key{1 << 62, 1 << 62})
	out := make([][]CardState, parts)
	errs := make([]error, parts)
	var wg sync.WaitGroup
	for i := range parts {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			out[i], errs[i] = s.cardStates(ctx, deckID, bounds[i].deck, bounds[i].card, bounds[i+1].deck, bounds[i+1].card, n/parts+1, learnt)
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("store: card states: %w", err)
		}
	}
	return out, nil
}

func (s *Store) cardStates(ctx context.Context, deckID, fromDeck, fromCard, toDeck, toCard int64, size int, learnt bool) ([]CardState, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT deck_id, card_id, state, coalesce(due, 0), coalesce(last_review, 0),
		stability, difficulty, scheduled_days, box FROM deck_cards
		WHERE (deck_id, card_id) >= (?2, ?3) AND (deck_id, card_id) < (?4, ?5) AND (?1 = 0 OR deck_id = ?1)
		AND (?6 = 0 OR state <> 0)`,
		deckID, fromDeck, fromCard, toDeck, toCard, learnt)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]CardState, 0, size)
	for rows.Next() {
		var c CardState
		var phase, due, last, days, box int64
		st := &c.State
		// Plain integers scan without reflection: a forecast reads every card.
		if err := rows.Scan(&c.DeckID, &c.CardID, &phase, &due, &last, &st.Stability, &st.Difficulty, &days, &box); err != nil {
			return nil, err
		}
		st.Phase, st.ScheduledDays, st.Box = srs.Phase(phase), int(days), int(box)
		if due != 0 {
			st.Due = fromMS(due)
		}
		if last != 0 {
			st.LastReview = fromMS(last)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// NewCards counts each deck's new cards (of deck deckID, or of every deck when 0).
func (s *Store) NewCards(ctx context.Context, deckID int64) (map[int64]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT deck_id, count(*) FROM deck_cards WHERE state = 0 AND (?1 = 0 OR deck_id = ?1)
		GROUP BY deck_id`, deckID)
	if err != nil {
		return nil, fmt.Errorf("store: new cards: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var d int64
		var n int
		if err := rows.Scan(&d, &n); err != nil {
			return nil, fmt.Errorf("store: new cards: %w", err)
		}
		out[d] = n
	}
	return out, rows.Err()
}

// Tournament is a tournament date the player set (`atril forecast --set-date`).
type Tournament struct {
	Date   string `json:"date"` // YYYY-MM-DD
	DeckID int64  `json:"deck_id,omitempty"`
}

// SetTournament records a tournament date (and the deck forecast for it, 0 for all decks);
// setting a date again replaces its deck.
func (s *Store) SetTournament(ctx context.Context, t Tournament) error {
	if _, err := time.Parse(time.DateOnly, t.Date); err != nil {
		return fmt.Errorf("store: tournament date %q: want YYYY-MM-DD", t.Date)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO tournaments (date, deck_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (date) DO UPDATE SET deck_id = excluded.deck_id`, t.Date, nullID(t.DeckID), ms(s.now()))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set tournament: %w", err)
	}
	return nil
}

// NextTournament is the first tournament on or after the day today (YYYY-MM-DD); ok is false
// when none is set.
func (s *Store) NextTournament(ctx context.Context, today string) (t Tournament, ok bool, err error) {
	var deck sql.NullInt64
	err = s.db.QueryRowContext(ctx, `SELECT date, deck_id FROM tournaments WHERE date >= ? ORDER BY date LIMIT 1`, today).Scan(&t.Date, &deck)
	if errors.Is(err, sql.ErrNoRows) {
		return t, false, nil
	}
	if err != nil {
		return t, false, fmt.Errorf("store: next tournament: %w", err)
	}
	t.DeckID = deck.Int64
	return t, true, nil
}
