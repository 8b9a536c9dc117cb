package drills

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// sessionStore is a new database with one FSRS twos deck, "dos", of cards.
func sessionStore(t *testing.T, clock *stepClock, cards ...string) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	lex := defaultLexicon(t)
	ctx := context.Background()
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "dos", Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards(cards...)); err != nil {
		t.Fatal(err)
	}
	return st
}

// lastSession is the drill, options and whether it ended of the store's last session.
func lastSession(t *testing.T, st *studystore.Store) (drill, options string, ended bool) {
	t.Helper()
	var end sql.NullInt64
	if err := st.DB().QueryRow(`SELECT drill, options, ended_at FROM sessions ORDER BY id DESC LIMIT 1`).Scan(&drill, &options, &end); err != nil {
		t.Fatal(err)
	}
	return drill, options, end.Valid
}

// A drill asked in a session: each answer saved under it, the session ended, the missed
// questions put into the deck named for them.
func TestDrillSessionAsk(t *testing.T) {
	t.Parallel()
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: time.Second}
	st := sessionStore(t, clock, "AS", "LA", "EL")
	lex := defaultLexicon(t)
	ctx := context.Background()
	qs, dk, err := DeckQuestions(ctx, st, lex, "dos", KindTwos, 0, 1)
	if err != nil || len(qs) != 3 {
		t.Fatalf("%d questions, %v", len(qs), err)
	}
	var in strings.Builder
	for i, q := range qs {
		in.WriteString(typed(i != 0, q) + "\n") // the first wrong
	}
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(in.String()), Out: &out, Lex: lex, Now: clock.Now, After: clock.After, P: i18n.For(i18n.English)}
	d := DrillSession{Store: st, Lex: lex, Kind: KindTwos, DeckID: dk.ID, DeckOut: "fallos",
		Options: SessionOptions(1, 0, "dos", 0, nil)}
	sum, err := d.Ask(ctx, r, qs)
	if err != nil || sum.Answered != 3 || sum.Right != 2 || sum.Stopped != "done" {
		t.Fatalf("%+v, %v\n%s", sum, err, out.String())
	}
	drill, options, ended := lastSession(t, st)
	if drill != "twos" || !strings.Contains(options, `"deck":"dos"`) || !ended {
		t.Errorf("session %q %q ended %v", drill, options, ended)
	}
	as, err := st.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(as) != 3 || as[0].Correct || !as[1].Correct {
		t.Errorf("answers %+v, %v", as, err)
	}
	missed, err := OpenDeck(ctx, st, "fallos")
	if err != nil {
		t.Fatalf("the missed question's deck: %v\n%s", err, out.String())
	}
	cards, err := st.DeckCards(ctx, missed.ID)
	if err != nil || len(cards) != 1 || cards[0].Question != qs[0].Show {
		t.Errorf("missed cards %+v, %v; want %s", cards, err, qs[0].Show)
	}
}

// A review in a session: the decks waiting under other lexicons said first, each answer
// saved, the session ended with its options.
func TestReviewSession(t *testing.T) {
	t.Parallel()
	clock := &stepClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), step: 2 * time.Second}
	st := sessionStore(t, clock, "AS", "LA")
	lex := defaultLexicon(t)
	ctx := context.Background()
	rv := &Review{Store: st, Lex: lex, Seed: 1}
	qs, _, _, err := rv.Due(ctx, clock.Now(), 0, 0)
	if err != nil || len(qs) != 2 {
		t.Fatalf("%d due, %v", len(qs), err)
	}
	var out bytes.Buffer
	r := &Runner{In: strings.NewReader(typed(true, qs[0]) + "\n" + typed(true, qs[1]) + "\n"), Out: &out, Lex: lex,
		Now: clock.Now, After: clock.After, P: i18n.For(i18n.English)}
	elsewhere := []DeckDue{{Deck: "viejo", Lexicon: "FILE2017", Reviews: 3}}
	sum, err := rv.Session(ctx, r, qs, 0, elsewhere, map[string]any{"max": 100})
	if err != nil || sum.Answered != 2 || sum.Right != 2 {
		t.Fatalf("%+v, %v\n%s", sum, err, out.String())
	}
	if text := out.String(); !strings.Contains(text, "viejo") || strings.Index(text, "viejo") > strings.Index(text, "1/2") {
		t.Errorf("the deck waiting elsewhere is not said first:\n%s", text)
	}
	drill, options, ended := lastSession(t, st)
	if drill != "review" || options != `{"max":100}` || !ended {
		t.Errorf("session %q %q ended %v", drill, options, ended)
	}
	if as, err := st.Answers(ctx, studystore.AnswerQuery{}); err != nil || len(as) != 2 || as[0].SessionID == 0 {
		t.Errorf("answers %+v, %v", as, err)
	}
}
