package puzzles

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A runner's session is recorded with its filter and ended when the input ends; one answer by
// id is saved and rated, a move the rules refuse is an UnplayableError and saves nothing.
func TestSessionAndAnswerOnce(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	st := openStore(t)
	ctx := context.Background()
	generate(t, st, lex, GenOptions{SelfPlay: 1, Seed: 4, Kinds: []Kind{KindBest}}, nil, 1)
	svc := &Service{Store: st, Lex: lex}
	var out strings.Builder
	r := &Runner{Service: svc, In: strings.NewReader(""), UI: &ui.Term{W: &out}, P: i18n.For(i18n.English),
		Now: func() time.Time { return t0 }, Filter: Filter{Kind: KindBest},
		Draw: func(_ *ui.Term, _ *i18n.Printer, pos *engine.Position, _ *engine.Move) string { return "" }}
	sum, err := r.Session(ctx)
	if err != nil || sum == nil || sum.Stopped != "end of input" {
		t.Fatalf("%+v, %v", sum, err)
	}
	var drill, options string
	var ended sql.NullInt64
	if err := st.DB().QueryRowContext(ctx, `SELECT drill, options, ended_at FROM sessions`).Scan(&drill, &options, &ended); err != nil {
		t.Fatal(err)
	}
	if drill != "puzzle" || !strings.Contains(options, `"kind":"best"`) || !ended.Valid {
		t.Errorf("session %q %q ended %v", drill, options, ended)
	}

	pz, err := svc.Next(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	// Two tiles of the rack at a place no word is: not a play, not an attempt.
	_, _, err = svc.AnswerOnce(ctx, pz.ID, "A1 "+lex.Tiles.Notation(pz.Rack()[:2]))
	var ue *UnplayableError
	if !errors.As(err, &ue) {
		t.Fatalf("an unplayable move: %v", err)
	}
	if atts, _ := st.PuzzleAttempts(ctx, pz.ID); len(atts) != 0 {
		t.Errorf("an unplayable move was saved: %+v", atts)
	}
	got, o, err := svc.AnswerOnce(ctx, pz.ID, pz.Answers[0].Move)
	if err != nil || got.ID != pz.ID || !o.Judgement.Correct || !o.Rated || !o.Saved {
		t.Fatalf("the answer: %+v, %v", o, err)
	}
	if atts, _ := st.PuzzleAttempts(ctx, pz.ID); len(atts) != 1 || !atts[0].Correct || atts[0].SessionID != 0 {
		t.Errorf("attempts %+v", atts)
	}
	if _, _, err := svc.AnswerOnce(ctx, 9999, "paso"); err == nil || !strings.Contains(err.Error(), "9999") {
		t.Errorf("no such puzzle: %v", err)
	}
}
