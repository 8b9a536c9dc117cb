package drills

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills/srs"
	"github.com/atril-scrabble/atril/drills/store"
)

// Review sessions through the Runner: a real SQLite file, the shipped default lexicon, scripted
// answers and a clock that moves a fixed step at each reading.

// reviewSession opens a new database with one FSRS twos deck of cards and picks them for review.
func reviewSession(t *testing.T, clock *stepClock, cards ...string) (*Review, []Question) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "atril.db"), store.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	lex := defaultLexicon(t)
	d, err := st.CreateDeck(ctx, store.Deck{Name: "dos", Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, lex.Name, "twos", cards); err != nil {
		t.Fatal(err)
	}
	rv := &Review{Store: st, Lex: lex, Seed: 1}
	qs, _, err := rv.Questions(ctx, clock.Now(), 0, 0)
	if err != nil || len(qs) != len(cards) {
		t.Fatalf("%d questions, %v", len(qs), err)
	}
	if err := rv.Start(ctx, 0, nil); err != nil {
		t.Fatal(err)
	}
	return rv, qs
}

// typed is the answer to q, right or wrong.
func typed(right bool, q Question) string {
	if right == q.Valid {
		return "y"
	}
	return "n"
}

// --grade ask: the answer is saved with the derived grade, then Enter keeps it or another grade
// replaces it (the card's schedule with it); a bad grade is asked again.
func TestReviewAskedGrades(t *testing.T) {
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	rv, qs := reviewSession(t, clock, "AS", "ES", "[CH]A")
	rv.AskGrade = true
	in := typed(true, qs[0]) + "\n\n" + // right in 1 s: easy, kept
		typed(true, qs[1]) + "\n1\n" + // right, but the player says again
		typed(false, qs[2]) + "\nsoso\neasy\n" // wrong (again), a typo, then easy
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in), Out: &out, Lex: rv.Lex, Now: clock.Now, Recorder: rv, Echo: true}
	sum, err := r.Run(context.Background(), qs)
	if err != nil || sum.Answered != 3 || sum.Right != 2 || sum.Stopped != "done" {
		t.Fatalf("%+v, %v\n%s", sum, err, out.String())
	}
	o := out.String()
	for _, want := range []string{
		"  Grade: 1 again, 2 hard, 3 good, 4 easy (Enter: 4 easy)\n> \n  easy: due in 8 days",
		"> 1\n  again: back in 1 min",
		`> soso` + "\n" + `  "soso": type 1 (again), 2 (hard), 3 (good) or 4 (easy); Enter keeps again` + "\n> easy\n  easy: due in 8 days",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("transcript lacks %q:\n%s", want, o)
		}
	}
	ctx := context.Background()
	as, err := rv.Store.Answers(ctx, store.AnswerQuery{})
	if err != nil || len(as) != 3 {
		t.Fatalf("%d answers, %v", len(as), err)
	}
	for i, want := range []struct {
		rating srs.Rating
		phase  srs.Phase
	}{{srs.Easy, srs.Review}, {srs.Again, srs.Learning}, {srs.Easy, srs.Review}} {
		a := as[i]
		dc, err := rv.Store.DeckCardState(ctx, a.DeckID, a.CardID)
		if err != nil || a.Rating != want.rating || a.After.Phase != want.phase || dc.State.Phase != want.phase ||
			!dc.State.Due.Equal(a.After.Due.Truncate(time.Millisecond)) || a.Before.Phase != srs.New {
			t.Errorf("answer %d: rating %v, after %+v, card %+v (%v); want %v, %v", i+1, a.Rating, a.After, dc.State, err, want.rating, want.phase)
		}
	}
	if as[2].Correct || !as[1].Correct || as[2].Answer.Answer != typed(false, qs[2]) {
		t.Errorf("right/wrong as answered: %+v", as)
	}
}
