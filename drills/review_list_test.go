package drills

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// The due list counts new cards and reviews apart, a review with how many days overdue; a
// database without decks says so.
func TestDueListJSON(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	cards := []studystore.DeckCard{
		{Deck: "d", CardID: 1, Kind: "anagram", Question: "AEIRST"},
		{Deck: "d", CardID: 2, Kind: "anagram", Question: "AEINST", State: srs.State{Phase: srs.Review, Due: now.Add(-36 * time.Hour)}},
	}
	j := DueListJSON(now, "LEX", cards, 4)
	if j.New != 1 || j.Reviews != 1 || j.Other != 4 || j.Lexicon != "LEX" || len(j.Cards) != 2 || j.Cards[0].Overdue != 0 || j.Cards[1].Overdue != 1.5 {
		t.Errorf("%+v", j)
	}
	if empty := DueListJSON(now, "LEX", nil, 0); empty.Cards == nil {
		t.Error("no cards is null, not []")
	}
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if none, err := NoDecks(context.Background(), st); err != nil || !none {
		t.Errorf("a new database: no decks %v, %v", none, err)
	}
}
