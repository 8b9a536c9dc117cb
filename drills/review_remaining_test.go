package drills

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// StillDue counts, on a real file, the reviews due today, the new cards the daily limit leaves,
// and the learning steps coming back within LearningSoon; decks of other lexicons are not counted.
func TestStillDue(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	d, _ := st.CreateDeck(ctx, studystore.Deck{Name: "dos", Lexicon: "L", Kind: "twos", Scheduler: "fsrs", NewPerDay: 3})
	other, _ := st.CreateDeck(ctx, studystore.Deck{Name: "otro", Lexicon: "M", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	st.AddCards(ctx, d, "L", "twos", studystore.Cards("AS", "ES", "OS", "US", "IS"))
	st.AddCards(ctx, other, "M", "twos", studystore.Cards("AS", "ES"))
	if r, err := StillDue(ctx, st, now, 0, "L"); err != nil || r != (Remaining{New: 3}) {
		t.Errorf("fresh deck: %+v %v, want 3 new (the daily limit)", r, err)
	}
	due, _ := st.Due(ctx, DueQuery(now, d, 0))
	answer := func(c studystore.DeckCard, after srs.State) {
		t.Helper()
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review", Lexicon: "L",
			Question: c.Question, Before: &c.State, After: &after, At: now}); err != nil {
			t.Fatal(err)
		}
	}
	answer(due[0], srs.State{Phase: srs.Learning, Due: now.Add(10 * time.Minute), Reps: 1, LastReview: now})
	answer(due[1], srs.State{Phase: srs.Review, Due: now.Add(3 * time.Hour), Reps: 1, LastReview: now})
	r, err := StillDue(ctx, st, now, 0, "L")
	if err != nil || r != (Remaining{Reviews: 1, New: 1, Learning: 1}) {
		t.Errorf("after two answers: %+v %v; want 1 review due today, 1 new left, 1 learning soon", r, err)
	}
	if r, _ := StillDue(ctx, st, now, other, "M"); r != (Remaining{New: 2}) {
		t.Errorf("the other lexicon's deck: %+v", r)
	}
}
