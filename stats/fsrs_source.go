package stats

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// FSRSSource is the reviews to fit or check FSRS on and what they are measured against: the
// deck they belong to (the zero deck for all of them) and the weights in use for it.
type FSRSSource struct {
	Reviews []fsrsfit.Review
	Deck    studystore.Deck
	InUse   []float64
}

// ReadRevlogFile reads a review log file (fsrsfit.ReadRevlog), its errors naming the file.
func ReadRevlogFile(path string) ([]fsrsfit.Review, error) {
	f, err := fileio.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return fsrsfit.ReadRevlog(f, path)
}

// LoadFSRSSource reads from st the deck named deck (all decks when empty), the weights in use
// for it and, when storeReviews, its review log with days in loc. A deck not there is
// studystore.ErrNoDeck.
func LoadFSRSSource(ctx context.Context, st *studystore.Store, deck string, storeReviews bool, loc *time.Location) (FSRSSource, error) {
	var src FSRSSource
	if deck != "" {
		d, err := st.DeckByName(ctx, deck)
		if err != nil {
			return src, err
		}
		src.Deck = d
	}
	var err error
	if src.InUse, err = st.FSRSWeights(ctx, src.Deck.ID); err != nil {
		return src, err
	}
	if storeReviews {
		rs, err := st.Reviews(ctx, src.Deck.ID)
		if err != nil {
			return src, err
		}
		src.Reviews = fsrsfit.FromStore(rs, loc)
	}
	return src, nil
}
