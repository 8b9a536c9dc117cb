package drills

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// Review sessions through the Runner: a real SQLite file, the shipped default lexicon, scripted
// answers and a clock that moves a fixed step at each reading.

// reviewSession opens a new database with one FSRS twos deck of cards and picks them for review.
func reviewSession(t *testing.T, clock *stepClock, cards ...string) (*Review, []Question) {
	t.Helper()
	ctx := context.Background()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	lex := defaultLexicon(t)
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "dos", Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards(cards...)); err != nil {
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

// asked lists each question header of a transcript ("1/3 AS", "again AS") with its note.
func asked(out string) []string {
	var hs []string
	for _, l := range strings.Split(out, "\n") {
		if n, _, _ := strings.Cut(l, " "); strings.HasPrefix(l, "again ") || strings.Contains(n, "/") && !strings.Contains(l, "> ") {
			hs = append(hs, l)
		}
	}
	return hs
}

// Cards that go into learning steps come back after the other cards, earliest due first: when
// due by the clock, or after a wait for their step (never asked early), shown as a wait.
func TestReviewAsksLearningStepsAgain(t *testing.T) {
	t.Parallel()
	// 2 s a reading: a question shown, answered and saved takes 6 s, each right answer is quick
	// (easy: learnt at once).
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: 2 * time.Second}
	cards := []string{"AS", "LA", "EL", "LO", "NO", "SI", "YA", "TE", "DE", "EN", "UN", "ES"}
	rv, qs := reviewSession(t, clock, cards...)
	// AS and ES (both words) wrong: again, a 1-minute step; the others right.
	var in strings.Builder
	for i, q := range qs {
		in.WriteString(typed(i != 0 && i != len(qs)-1, q) + "\n")
	}
	in.WriteString("y\ny\n") // the repeats, right
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in.String()), Out: &out, Lex: rv.Lex, Now: clock.Now, After: clock.After, Recorder: rv, Echo: true}
	sum, err := r.Run(context.Background(), qs)
	if err != nil {
		t.Fatal(err)
	}
	// AS, answered wrong 66 s before the round ends, is due by then; ES, wrong last, is waited
	// for: the wait is shown, and the clock has moved on by it when ES is asked.
	hs := asked(out.String())
	want := []string{"1/12 AS  a two-tile word?", "12/12 ES  a two-tile word?",
		"again AS  a two-tile word?  (learning step)",
		"again ES  a two-tile word?  (learning step)"}
	if len(hs) != 14 || hs[0] != want[0] || hs[11] != want[1] || hs[12] != want[2] || hs[13] != want[3] {
		t.Fatalf("questions asked:\n%s\nwant ... %q\n\n%s", strings.Join(hs, "\n"), want, out.String())
	}
	if !strings.Contains(out.String(), "Next, ES again: its learning step is due in 50 s; waiting (Ctrl-D or Ctrl-C stops).") {
		t.Errorf("the wait is not shown:\n%s", out.String())
	}
	if sum.Stopped != "done" || sum.Again != 2 || sum.Questions != 14 || sum.Answered != 14 || sum.Right != 12 ||
		!strings.Contains(out.String(), "Summary: 14 of 14 answered (2 again in learning steps), 12 right, 2 wrong") {
		t.Errorf("summary %+v\n%s", sum, out.String())
	}
	// The repeats are saved like any answer, from the learning state, never before their step
	// was due; every card ends learnt.
	ctx := context.Background()
	as, err := rv.Store.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(as) != 14 {
		t.Fatalf("%d answers logged, %v; want 14", len(as), err)
	}
	for _, a := range as[12:] {
		if a.Before.Phase != srs.Learning || a.After.Phase != srs.Review || !a.Correct || a.Rating != srs.Easy {
			t.Errorf("repeat of %s: %v -> %v, rating %v", a.Question, a.Before.Phase, a.After.Phase, a.Rating)
		}
		if a.At.Before(a.Before.Due) {
			t.Errorf("repeat of %s at %v, before its step was due at %v", a.Question, a.At, a.Before.Due)
		}
	}
	for _, c := range rv.Cards() {
		dc, err := cardIn(rv.Store, c.DeckID, c.CardID)
		if err != nil || dc.State.Phase != srs.Review || dc.State.ScheduledDays < 1 {
			t.Errorf("%s after the session: %+v, %v; want in review", c.Question, dc.State, err)
		}
	}
}

// Learning steps are not shrunk to seconds: a card answered good in its first learning step
// goes to the 10-minute step and does not come back in the same short session, which ends
// saying so (Learning); answered wrong, it comes back after its 1-minute step, no sooner.
func TestReviewLearningStepsNotShrunk(t *testing.T) {
	t.Parallel()
	// 3 s a reading: a right answer takes 3 s, good for a twos card (target 5 s: easy within
	// 2.5 s).
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: 3 * time.Second}
	rv, qs := reviewSession(t, clock, "AS")
	// wrong (the 1-minute step); then, once due, right and good (the 10-minute step); a third
	// line is left unread.
	in := typed(false, qs[0]) + "\ny\ny\n"
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in), Out: &out, Lex: rv.Lex, Now: clock.Now, After: clock.After, Recorder: rv}
	sum, err := r.Run(context.Background(), qs)
	if err != nil || sum.Answered != 2 || sum.Again != 1 || sum.Stopped != "done" {
		t.Fatalf("%+v, %v\n%s", sum, err, out.String())
	}
	as, _ := rv.Store.Answers(context.Background(), studystore.AnswerQuery{})
	if len(as) != 2 || as[0].Rating != srs.Again || as[1].Rating != srs.Good || as[1].After.Phase != srs.Learning {
		t.Fatalf("answers %+v", as)
	}
	if gap := as[1].At.Sub(as[0].At); gap < time.Minute {
		t.Errorf("the 1-minute step came back after %v", gap)
	}
	if step := as[1].After.Due.Sub(as[1].At); step != 10*time.Minute {
		t.Errorf("good in learning: next step in %v, want 10 min", step)
	}
	if n, first := rv.Learning(); n != 1 || !first.Equal(as[1].After.Due) {
		t.Errorf("left in learning: %d, first back at %v; want 1 at %v", n, first, as[1].After.Due)
	}
	for _, want := range []string{"again · back in 1 min", "good · back in 10 min"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the feedback does not say when the card comes back (%q):\n%s", want, out.String())
		}
	}
}

// Beyond StepWait nothing is waited for nor asked again; StepWait < 0 never asks again.
func TestReviewStepWaitLimit(t *testing.T) {
	t.Parallel()
	for _, wait := range []time.Duration{-1, 30 * time.Second} {
		clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
		rv, qs := reviewSession(t, clock, "AS")
		rv.StepWait = wait
		var out bytes.Buffer
		r := &Runner{In: strings.NewReader(typed(false, qs[0]) + "\n"), Out: &out, Lex: rv.Lex, Now: clock.Now, After: clock.After, Recorder: rv}
		sum, err := r.Run(context.Background(), qs)
		if err != nil || sum.Stopped != "done" || sum.Again != 0 || sum.Answered != 1 {
			t.Errorf("step wait %v: %+v, %v\n%s", wait, sum, err, out.String())
		}
	}
}

// --grade ask: the answer is saved with the derived grade, then Enter keeps it or another grade
// replaces it (the card's schedule with it); a bad grade is asked again.
func TestReviewAskedGrades(t *testing.T) {
	t.Parallel()
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	rv, qs := reviewSession(t, clock, "AS", "ES", "[CH]A")
	rv.AskGrade = true
	// One round (no learning steps asked again): the grades alone.
	rv.StepWait = -1
	in := typed(true, qs[0]) + "\n\n" + // right in 1 s: easy, kept
		typed(true, qs[1]) + "\n1\n" + // right, but the player says again
		typed(false, qs[2]) + "\nsoso\nfácil\n" // wrong (again), a typo, then easy in Spanish
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in), Out: &out, Lex: rv.Lex, Now: clock.Now, Recorder: rv, Echo: true}
	sum, err := r.Run(context.Background(), qs)
	if err != nil || sum.Answered != 3 || sum.Right != 2 || sum.Stopped != "done" {
		t.Fatalf("%+v, %v\n%s", sum, err, out.String())
	}
	o := out.String()
	for _, want := range []string{
		"  Grade: 1 again, 2 hard, 3 good, 4 easy (Enter: 4 easy)\n> \n  easy · due in 8 days",
		"> 1\n  again · back in 1 min",
		`> soso` + "\n" + `  "soso": type 1 (again), 2 (hard), 3 (good) or 4 (easy); Enter keeps again` + "\n> fácil\n  easy · due in 8 days",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("transcript lacks %q:\n%s", want, o)
		}
	}
	ctx := context.Background()
	as, err := rv.Store.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(as) != 3 {
		t.Fatalf("%d answers, %v", len(as), err)
	}
	for i, want := range []struct {
		rating srs.Rating
		phase  srs.Phase
	}{{srs.Easy, srs.Review}, {srs.Again, srs.Learning}, {srs.Easy, srs.Review}} {
		a := as[i]
		dc, err := cardIn(rv.Store, a.DeckID, a.CardID)
		if err != nil || a.Rating != want.rating || a.After.Phase != want.phase || dc.State.Phase != want.phase ||
			!dc.State.Due.Equal(a.After.Due.Truncate(time.Millisecond)) || a.Before.Phase != srs.New {
			t.Errorf("answer %d: rating %v, after %+v, card %+v (%v); want %v, %v", i+1, a.Rating, a.After, dc.State, err, want.rating, want.phase)
		}
	}
	if as[2].Correct || !as[1].Correct || as[2].Answer.Answer != typed(false, qs[2]) {
		t.Errorf("right/wrong as answered: %+v", as)
	}
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
