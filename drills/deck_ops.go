package drills

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// ReadFile reads the word file the request's Source names, if any, into FileData (see
// ReadDeckFile); its errors name the file.
func (req *DeckRequest) ReadFile() error {
	if req.Source.File == "" {
		return nil
	}
	f, err := fileio.Open(req.Source.File)
	if err != nil {
		return err
	}
	defer f.Close()
	req.FileData, err = ReadDeckFile(f, req.Source.File)
	return err
}

// RemoveDeck deletes deck name (its schedules; see studystore's DeleteDeck); a name no deck
// has is an error that says so.
func RemoveDeck(ctx context.Context, st *studystore.Store, name string) error {
	if _, err := OpenDeck(ctx, st, name); err != nil {
		return err
	}
	return st.DeleteDeck(ctx, name)
}

// PostponeDeck is Postpone for the deck called deck ("": every deck); a name no deck has is
// an error that says so.
func PostponeDeck(ctx context.Context, st *studystore.Store, now time.Time, deck string, days int) ([]Postponed, error) {
	var deckID int64
	if deck != "" {
		d, err := OpenDeck(ctx, st, deck)
		if err != nil {
			return nil, err
		}
		deckID = d.ID
	}
	return Postpone(ctx, st, now, deckID, days)
}
