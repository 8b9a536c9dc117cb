package studystore_test

import (
	"context"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// review puts a deck's card in review, due at due.
func review(t *testing.T, s *studystore.Store, c studystore.DeckCard, due time.Time) {
	t.Helper()
	st := srs.State{Phase: srs.Review, Due: due, LastReview: t0, Reps: 1, ScheduledDays: 1}
	if _, err := s.RecordReview(context.Background(), studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review",
		Lexicon: c.Lexicon, Question: c.Question, Correct: true, Before: &c.State, After: &st, At: t0}); err != nil {
		t.Fatal(err)
	}
}

// A deck whose new cards are used up today does not hide the next decks' new cards.
func TestDueNewCardsPastAnExhaustedDeck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTemp(t, &clock{t0})
	a, _ := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 1})
	b, _ := s.CreateDeck(ctx, studystore.Deck{Name: "b", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 2})
	s.AddCards(ctx, a, "x", "anagram", studystore.Cards("A1", "A2"))
	s.AddCards(ctx, b, "x", "anagram", studystore.Cards("B1", "B2", "B3"))
	due, _ := s.Due(ctx, dayQuery(t0, a))
	review(t, s, due[0], t0.AddDate(0, 0, 3)) // a's one new card of the day, started
	due, err := s.Due(ctx, dayQuery(t0.Add(time.Hour), 0))
	if got := questions(due); err != nil || len(got) != 2 || got[0] != "B1" || got[1] != "B2" {
		t.Errorf("due after a's daily card: %v, %v; want b's B1 B2", got, err)
	}
	if rev, fresh, err := s.DueCount(ctx, dayQuery(t0.Add(time.Hour), 0)); err != nil || rev != 0 || fresh != 2 {
		t.Errorf("DueCount = %d, %d, %v; want 0, 2", rev, fresh, err)
	}
}

// NextDue and DueBetween see cards not new, of decks under one lexicon in any case.
func TestNextDueAndDueBetween(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTemp(t, &clock{t0})
	a, _ := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "FISE2", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5})
	o, _ := s.CreateDeck(ctx, studystore.Deck{Name: "o", Lexicon: "FILE2017", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5})
	s.AddCards(ctx, a, "FISE2", "anagram", studystore.Cards("A1", "A2", "A3", "A4"))
	s.AddCards(ctx, o, "FILE2017", "anagram", studystore.Cards("O1"))
	if next, err := s.NextDue(ctx, "fise2", t0); err != nil || !next.IsZero() {
		t.Errorf("only new cards: next %v, %v; want none", next, err)
	}
	cards, _ := s.Due(ctx, dayQuery(t0, a))
	review(t, s, cards[0], t0.AddDate(0, 0, 3))
	review(t, s, cards[1], t0.AddDate(0, 0, 3).Add(5*time.Hour))
	review(t, s, cards[2], t0.AddDate(0, 0, 6))
	other, _ := s.Due(ctx, dayQuery(t0, o))
	review(t, s, other[0], t0.AddDate(0, 0, 1))
	next, err := s.NextDue(ctx, "fise2", t0)
	if err != nil || !next.Equal(t0.AddDate(0, 0, 3)) {
		t.Errorf("next under fise2: %v, %v; want %v", next, err, t0.AddDate(0, 0, 3))
	}
	if next, _ := s.NextDue(ctx, "", t0); !next.Equal(t0.AddDate(0, 0, 1)) {
		t.Errorf("next of every deck: %v", next)
	}
	day := time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)
	if n, err := s.DueBetween(ctx, "FISE2", day, day.AddDate(0, 0, 1)); err != nil || n != 2 {
		t.Errorf("due on %v: %d, %v; want 2", day, n, err)
	}
}

// MoveDeck files a deck under another lexicon: kept cards become the cards of that lexicon
// (their schedules and the deck's answers following them), dropped ones leave the deck, the
// log keeps every answer.
func TestMoveDeck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openTemp(t, &clock{t0})
	d, _ := s.CreateDeck(ctx, studystore.Deck{Name: "d", Lexicon: "old", Kind: "judge", Scheduler: "fsrs", NewPerDay: 5})
	yes := true
	s.AddCards(ctx, d, "old", "judge", []studystore.NewCard{{Question: "CASA", Valid: &yes}, {Question: "ZZZA", Valid: &yes}})
	cards, _ := s.Due(ctx, dayQuery(t0, d))
	review(t, s, cards[0], t0.AddDate(0, 0, 2))
	if err := s.MoveDeck(ctx, d, "new", []studystore.MovedCard{{CardID: cards[0].CardID, Valid: &yes}}, []int64{cards[1].CardID}); err != nil {
		t.Fatal(err)
	}
	deck, _ := s.DeckByName(ctx, "d")
	moved, _ := s.DeckCards(ctx, d)
	if deck.Lexicon != "new" || len(moved) != 1 || moved[0].Lexicon != "new" || moved[0].CardID == cards[0].CardID ||
		moved[0].State.Phase != srs.Review || moved[0].State.Reps != 1 || moved[0].Valid == nil || !*moved[0].Valid {
		t.Fatalf("after the move: deck %+v, cards %+v", deck, moved)
	}
	as, _ := s.Answers(ctx, studystore.AnswerQuery{})
	if len(as) != 1 || as[0].CardID != moved[0].CardID || as[0].Lexicon != "old" {
		t.Errorf("answers %+v: want the one answer, on the moved card, given under old", as)
	}
	// The old card is still there for other decks; a card of the new lexicon with the same
	// question is shared, not duplicated.
	var n int
	s.DB().QueryRow(`SELECT count(*) FROM cards WHERE question = 'CASA'`).Scan(&n)
	if n != 2 {
		t.Errorf("%d CASA cards, want the old and the new", n)
	}
	if err := s.MoveDeck(ctx, 99, "new", nil, nil); err == nil {
		t.Error("moving a deck that does not exist")
	}
}
