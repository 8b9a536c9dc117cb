package studystore_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

func dayQuery(now time.Time, deck int64) studystore.DueQuery {
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	return studystore.DueQuery{DeckID: deck, Now: now, DayStart: start, DayEnd: start.AddDate(0, 0, 1)}
}

func questions(cs []studystore.DeckCard) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Question)
	}
	return out
}

func TestDueOrderAndNewLimit(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := &clock{t0}
	s := openTemp(t, c)
	a, err := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs"}); !errors.Is(err, studystore.ErrDeckExists) {
		t.Errorf("second deck a: %v, want ErrDeckExists", err)
	}
	b, _ := s.CreateDeck(ctx, studystore.Deck{Name: "b", Lexicon: "x", Kind: "judge", Scheduler: "cardbox", NewPerDay: 1})
	n, err := s.AddCards(ctx, a, "x", "anagram", studystore.Cards("A1", "A2", "A3", "A4", "A2"))
	if err != nil || n != 4 {
		t.Fatalf("AddCards = %d, %v; want 4 (A2 twice)", n, err)
	}
	if n, _ := s.AddCards(ctx, a, "x", "anagram", studystore.Cards("A4", "A5")); n != 1 {
		t.Errorf("adding A4 again and A5: %d added, want 1", n)
	}
	s.AddCards(ctx, b, "x", "judge", studystore.Cards("B1", "B2"))

	due, err := s.Due(ctx, dayQuery(t0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if got := questions(due); len(got) != 3 || got[0] != "A1" || got[1] != "A2" || got[2] != "B1" {
		t.Fatalf("first day: due %v, want new A1 A2 (limit 2) and B1 (limit 1)", got)
	}
	// Answer A1 (now in review, due in 3 days) and A2 (learning, due in 10 minutes).
	rec := func(card studystore.DeckCard, st srs.State) {
		t.Helper()
		if _, err := s.RecordReview(ctx, studystore.Answer{DeckID: card.DeckID, CardID: card.CardID, Drill: "review", Lexicon: "x",
			Question: card.Question, Correct: true, Before: &card.State, After: &st}); err != nil {
			t.Fatal(err)
		}
	}
	rec(due[0], srs.State{Phase: srs.Review, Due: t0.AddDate(0, 0, 3), Reps: 1})
	rec(due[1], srs.State{Phase: srs.Learning, Due: t0.Add(10 * time.Minute), Reps: 1})
	due, _ = s.Due(ctx, dayQuery(t0, a))
	if len(due) != 0 {
		t.Errorf("deck a after two new cards today: due %v, want none (limit reached, A2 in 10 min)", questions(due))
	}
	if r, f, _ := s.DueCount(ctx, dayQuery(t0, 0)); r != 0 || f != 1 {
		t.Errorf("DueCount = %d reviews, %d new; want 0, 1 (B1)", r, f)
	}
	due, _ = s.Due(ctx, dayQuery(t0.Add(11*time.Minute), a))
	if got := questions(due); len(got) != 1 || got[0] != "A2" || due[0].State.Phase != srs.Learning {
		t.Errorf("11 minutes later: due %v, want A2 in learning", got)
	}
	// Three days later: A1 due (review, due at 09:00, counted from the start of the day), and
	// two new ones; A2 still learning and overdue comes first.
	later := t0.AddDate(0, 0, 3).Add(-2 * time.Hour)
	due, _ = s.Due(ctx, dayQuery(later, a))
	if got := questions(due); len(got) != 4 || got[0] != "A2" || got[1] != "A1" || got[2] != "A3" || got[3] != "A4" {
		t.Errorf("3 days later, 07:00: due %v, want A2 A1 A3 A4", got)
	}
	lim := dayQuery(later, a)
	lim.Limit = 3
	if due, _ = s.Due(ctx, lim); len(due) != 3 {
		t.Errorf("Limit 3: got %d cards", len(due))
	}

	dc, err := s.Counts(ctx, studystore.Deck{ID: a, Scheduler: "fsrs"}, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), 7)
	if err != nil {
		t.Fatal(err)
	}
	if dc.ByPhase["new"] != 3 || dc.ByPhase["review"] != 1 || dc.ByPhase["learning"] != 1 {
		t.Errorf("counts by state = %v", dc.ByPhase)
	}
	if want := []int{1, 0, 0, 1, 0, 0, 0}; !equalInts(dc.DuePerDay, want) {
		t.Errorf("due per day = %v, want %v", dc.DuePerDay, want)
	}

	if err := s.DeleteDeck(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DeckByName(ctx, "a"); !errors.Is(err, studystore.ErrNoDeck) {
		t.Errorf("deck a after delete: %v", err)
	}
	if as, _ := s.Answers(ctx, studystore.AnswerQuery{}); len(as) != 2 || as[0].DeckID != 0 {
		t.Errorf("answers after deleting their deck: %+v, want kept without deck", as)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Regrade changes an answer's grade and the card's schedule together, and only while the card
// still has the schedule that answer gave it.
func TestRegrade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTemp(t, &clock{t0})
	d, _ := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	s.AddCards(ctx, d, "x", "twos", studystore.Cards("AS"))
	due, err := s.Due(ctx, dayQuery(t0, d))
	if err != nil || len(due) != 1 {
		t.Fatalf("due %v, %v", due, err)
	}
	card := due[0]
	derived := srs.State{Phase: srs.Learning, Due: t0.Add(10 * time.Minute), LastReview: t0, Reps: 1, Stability: 2.3, Difficulty: 2.1}
	id, err := s.RecordReview(ctx, studystore.Answer{DeckID: d, CardID: card.CardID, Drill: "review", Lexicon: "x",
		Question: "AS", Correct: true, Rating: srs.Good, Before: &card.State, After: &derived, At: t0})
	if err != nil {
		t.Fatal(err)
	}
	chosen := srs.State{Phase: srs.Review, Due: t0.AddDate(0, 0, 8), LastReview: t0, Reps: 1, Stability: 8.3, Difficulty: 1, ScheduledDays: 8}
	a := studystore.Answer{DeckID: d, CardID: card.CardID, Rating: srs.Easy, After: &chosen}
	if err := s.Regrade(ctx, id, a, derived); err != nil {
		t.Fatal(err)
	}
	check := func(wantRating srs.Rating, want srs.State) {
		t.Helper()
		as, err := s.Answers(ctx, studystore.AnswerQuery{CardID: card.CardID})
		if err != nil || len(as) != 1 || as[0].Rating != wantRating || as[0].After == nil || !as[0].After.Due.Equal(want.Due) || as[0].Before.Phase != srs.New {
			t.Errorf("answer %+v, %v; want rating %v, due %v", as, err, wantRating, want.Due)
		}
		c, err := cardIn(s, d, card.CardID)
		if err != nil || c.State.Phase != want.Phase || !c.State.Due.Equal(want.Due) || c.State.Stability != want.Stability {
			t.Errorf("card %+v, %v; want %+v", c.State, err, want)
		}
	}
	check(srs.Easy, chosen)
	// A stale previous state (the card moved on since): refused, nothing changes.
	again := srs.State{Phase: srs.Learning, Due: t0.Add(time.Minute), LastReview: t0, Reps: 1}
	if err := s.Regrade(ctx, id, studystore.Answer{DeckID: d, CardID: card.CardID, Rating: srs.Again, After: &again}, derived); err == nil || !strings.Contains(err.Error(), "meanwhile") {
		t.Errorf("regrade from a stale state: %v", err)
	}
	check(srs.Easy, chosen)
	if err := s.Regrade(ctx, id+1, studystore.Answer{DeckID: d, CardID: card.CardID, Rating: srs.Again, After: &again}, chosen); err == nil {
		t.Error("regrade of a missing answer accepted")
	}
	check(srs.Easy, chosen)
}

// cardIn is one card of a deck with its schedule, read back from the file.
func cardIn(st *studystore.Store, deckID, cardID int64) (studystore.DeckCard, error) {
	cards, err := st.DeckCards(context.Background(), deckID)
	for _, c := range cards {
		if c.CardID == cardID {
			return c, err
		}
	}
	return studystore.DeckCard{}, fmt.Errorf("card %d is not in deck %d (%v)", cardID, deckID, err)
}
