package stats

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// The reviews come from the file when one is given (then, alone, no store is opened), else
// from the store; the deck and the weights in use come from the store; with no store yet a
// deck named is not there; the file is read before the store is opened.
func TestOpenFSRSSource(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	if err != nil {
		t.Fatal(err)
	}
	w := fsrsfit.Defaults()
	w[0] = 0.5
	if err := st.SaveFSRSParameters(ctx, studystore.FSRSParameters{DeckID: d, Weights: w}); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "log.csv")
	if err := os.WriteFile(log, []byte("card_id,review_th,delta_t,rating\n7,1,-1,3\n7,2,3,1\n8,3,-1,4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opened := 0
	open := func(s *studystore.Store) func() (*studystore.Store, error) {
		return func() (*studystore.Store, error) { opened++; return s, nil }
	}
	src, got, err := OpenFSRSSource(ctx, FSRSInput{Revlog: log, Deck: "zzz", FileOnly: true, Open: open(st)})
	if err != nil || got != nil || len(src.Reviews) != 3 || src.InUse != nil || opened != 0 {
		t.Errorf("the file alone: %+v %v %v, store opened %d times", src, got, err, opened)
	}
	src, got, err = OpenFSRSSource(ctx, FSRSInput{Revlog: log, Deck: "a", Loc: time.UTC, Open: open(st)})
	if err != nil || got != st || len(src.Reviews) != 3 || src.Deck.ID != d || len(src.InUse) != len(w) || src.InUse[0] != 0.5 {
		t.Errorf("the file with the store: %+v %v", src, err)
	}
	if _, _, err := OpenFSRSSource(ctx, FSRSInput{Deck: "b", Loc: time.UTC, Open: open(st)}); !errors.Is(err, studystore.ErrNoDeck) {
		t.Errorf("deck b: %v", err)
	}
	if _, got, err := OpenFSRSSource(ctx, FSRSInput{Deck: "a", Open: open(nil)}); !errors.Is(err, studystore.ErrNoDeck) || got != nil {
		t.Errorf("no store, deck a: %v", err)
	}
	if src, got, err := OpenFSRSSource(ctx, FSRSInput{Revlog: log, Open: open(nil)}); err != nil || got != nil || len(src.Reviews) != 3 {
		t.Errorf("no store, the file: %+v %v", src, err)
	}
	opened = 0
	bad := filepath.Join(t.TempDir(), "bad.csv")
	os.WriteFile(bad, []byte("card_id\n1\n"), 0o644)
	if _, _, err := OpenFSRSSource(ctx, FSRSInput{Revlog: bad, Open: open(st)}); err == nil || !strings.Contains(err.Error(), "bad.csv") || opened != 0 {
		t.Errorf("a bad file: %v, store opened %d times", err, opened)
	}
	openErr := errors.New("locked")
	if _, _, err := OpenFSRSSource(ctx, FSRSInput{Open: func() (*studystore.Store, error) { return nil, openErr }}); err != openErr {
		t.Errorf("the store not opened: %v", err)
	}
}

// A fit is saved for the deck when there is a store to save to and it is more than the
// defaults; too few reviews give the defaults, which are not saved.
func TestFitAndSave(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTestStore(t, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC))
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	if err != nil {
		t.Fatal(err)
	}
	// Two reviews a card: the initial stabilities are fitted, without Adam's steps.
	rs, _ := fsrsfit.Simulation{Weights: fsrsfit.Defaults(), Cards: 300, ReviewsPerCard: 2, Days: 5, Seed: 1}.Run()
	src := FSRSSource{Reviews: rs, Deck: studystore.Deck{ID: d, Name: "a"}}
	r, err := FitAndSave(ctx, nil, src, nil)
	if err != nil || r.Saved || r.Outcome != fsrsfit.Initialized {
		t.Fatalf("no store: saved %v, %s, %v", r.Saved, r.Outcome, err)
	}
	if w, _ := st.FSRSWeights(ctx, d); w != nil {
		t.Fatalf("weights before saving: %v", w)
	}
	r, err = FitAndSave(ctx, st, src, nil)
	if err != nil || !r.Saved {
		t.Fatalf("with the store: saved %v, %v", r.Saved, err)
	}
	if w, _ := st.FSRSWeights(ctx, d); len(w) != len(r.Parameters) || w[0] != r.Parameters[0] {
		t.Errorf("saved %v, fitted %v", w, r.Parameters)
	}
	few, _ := fsrsfit.Simulation{Weights: fsrsfit.Defaults(), Cards: 3, ReviewsPerCard: 3, Days: 5, Seed: 1}.Run()
	other, _ := st.CreateDeck(ctx, studystore.Deck{Name: "b", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	r, err = FitAndSave(ctx, st, FSRSSource{Reviews: few, Deck: studystore.Deck{ID: other}}, nil)
	if err != nil || r.Saved || r.Outcome != fsrsfit.Defaulted {
		t.Errorf("too few: saved %v, %s, %v", r.Saved, r.Outcome, err)
	}
	if w, _ := st.FSRSWeights(ctx, other); w != nil {
		t.Errorf("the defaults saved for deck b: %v", w)
	}
}
