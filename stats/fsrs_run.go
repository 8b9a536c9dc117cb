package stats

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// FSRSInput is where the reviews to fit or check FSRS on come from: a review log file
// (Revlog), else the study database's log; of a deck (Deck), else of every deck.
type FSRSInput struct {
	Deck   string
	Revlog string         // a review log file (ReadRevlogFile); "": the store's reviews
	Loc    *time.Location // the reader's days, for the store's reviews
	// FileOnly reads Revlog alone: no store is opened, no deck looked up, no weights in use.
	FileOnly bool
	// Open opens the study database, nil (and no error) when there is none yet.
	Open func() (*studystore.Store, error)
}

// OpenFSRSSource reads the reviews in's file or store names and, from the store, the deck and
// the weights in use for it. The store comes back open (the caller closes it) for saving to;
// nil when FileOnly or when there is none yet, in which case a deck named is not there
// (studystore.ErrNoDeck). The file is read before the store is opened.
func OpenFSRSSource(ctx context.Context, in FSRSInput) (FSRSSource, *studystore.Store, error) {
	var file []fsrsfit.Review
	if in.Revlog != "" {
		var err error
		if file, err = ReadRevlogFile(in.Revlog); err != nil {
			return FSRSSource{}, nil, err
		}
		if in.FileOnly {
			return FSRSSource{Reviews: file}, nil, nil
		}
	}
	st, err := in.Open()
	if err != nil {
		return FSRSSource{}, nil, err
	}
	if st == nil {
		if in.Deck != "" {
			return FSRSSource{}, nil, i18n.Wrap(studystore.ErrNoDeck, "store.no_deck", "Deck", in.Deck)
		}
		return FSRSSource{Reviews: file}, nil, nil
	}
	src, err := LoadFSRSSource(ctx, st, in.Deck, in.Revlog == "", in.Loc)
	if err != nil {
		st.Close()
		return FSRSSource{}, nil, err
	}
	if in.Revlog != "" {
		src.Reviews = file
	}
	return src, st, nil
}

// FitAndSave fits FSRS-6 to src (FitFSRS) and, when st is not nil, saves the parameters for
// src's deck, unless the fit fell back on the defaults: Saved says so.
func FitAndSave(ctx context.Context, st *studystore.Store, src FSRSSource, progress func(done, total int)) (FSRSFit, error) {
	r, err := FitFSRS(ctx, src.Reviews, src.InUse, fsrsfit.Config{}, progress)
	if err != nil || st == nil || r.Outcome == fsrsfit.Defaulted {
		return r, err
	}
	if err := st.SaveFSRSParameters(ctx, studystore.FSRSParameters{DeckID: src.Deck.ID, Weights: r.Parameters,
		Reviews: r.NReviews, LogLoss: r.Test.LogLoss}); err != nil {
		return r, err
	}
	r.Saved = true
	return r, nil
}
