package drills

import (
	"context"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// StoreRecorder saves a drill's answers in the study store, each in its own transaction, under
// one session.
type StoreRecorder struct {
	Store     *studystore.Store
	SessionID int64
	DeckID    int64 // the deck drilled, 0 for none
}

// StartSession opens a drill session in the store (options say how to replay it) and returns the
// recorder for its answers. Call End on every way out.
func StartSession(st *studystore.Store, kind Kind, lexiconName string, deckID int64, options any) (*StoreRecorder, error) {
	id, err := st.StartSession(context.Background(), studystore.Session{
		Drill: string(kind), Lexicon: lexiconName, DeckID: deckID, Options: options,
	})
	if err != nil {
		return nil, err
	}
	return &StoreRecorder{Store: st, SessionID: id, DeckID: deckID}, nil
}

// Record commits one answer. It does not take the drill's context: an answer given just before
// Ctrl-C is still saved. While another process writes the same file (a long deck add), it waits
// its turn, up to the store's busy timeout; past that the error wraps studystore.ErrBusy and the
// answer is not saved (the command then exits 75, not as for bad input).
func (r *StoreRecorder) Record(a Answer) error {
	_, err := r.Store.RecordAnswer(context.Background(), studystore.Answer{
		SessionID: r.SessionID,
		CardID:    a.CardID,
		DeckID:    r.DeckID,
		Drill:     string(a.Kind),
		Lexicon:   a.Lexicon,
		Question:  a.Shown,
		Answer:    a.Typed,
		Expected:  a.Expected,
		Correct:   a.Right,
		Took:      a.Elapsed,
		At:        a.At,
	})
	return err
}

// End records the end of the session.
func (r *StoreRecorder) End() error {
	return r.Store.EndSession(context.Background(), r.SessionID)
}
