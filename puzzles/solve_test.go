package puzzles

import (
	"context"

	"fmt"
	"github.com/atril-scrabble/atril/engine"
	"io"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// TestServeAndRate: puzzles are served nearest the player's rating and unseen; the first try
// is rated (player and puzzle, by Glicko-2), later ones are not; hints and giving up are saved.
func TestServeAndRate(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	st := openStore(t)
	ctx := context.Background()
	generate(t, st, lex, GenOptions{SelfPlay: 2, Seed: 4}, nil, 2)
	svc := &Service{Store: st, Lex: lex}
	n0, _ := svc.Unseen(ctx, Filter{})
	pz, err := svc.Next(ctx, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	// The nearest to 1500: no unseen puzzle is nearer.
	var nearest float64 = math.Inf(1)
	for id := int64(1); id <= int64(n0); id++ {
		rec, err := st.Puzzle(ctx, id)
		if err == nil {
			nearest = math.Min(nearest, math.Abs(rec.Rating.Rating-InitialRating))
		}
	}
	if math.Abs(pz.Rating.Rating-InitialRating) != nearest {
		t.Errorf("served rating %.1f; the nearest is %.1f away from 1500", pz.Rating.Rating, nearest)
	}
	// A wrong try: rated, player down, puzzle up, as Rate says.
	wrong := "-" + lex.Tiles.Notation(pz.Rack()[:1])
	out, err := svc.Answer(ctx, pz, wrong, 3*time.Second, 0)
	if err != nil {
		t.Fatal(err)
	}
	wp, wz := Rate(NewRating(), out.PuzzleBefore, false)
	if !out.Rated || out.Judgement.Correct || out.PlayerAfter != wp || out.PuzzleAfter != wz || wp.Rating >= InitialRating {
		t.Fatalf("first try: %+v (want player %+v, puzzle %+v)", out, wp, wz)
	}
	// A hint, then the right answer: saved, not rated.
	h, err := svc.Hint(ctx, pz, i18n.For(i18n.English), 1, time.Second, 0)
	if err != nil || !strings.Contains(h, "points") {
		t.Fatalf("hint %q, %v", h, err)
	}
	out2, err := svc.Answer(ctx, pz, pz.Answers[0].Move, 5*time.Second, 0)
	if err != nil || out2.Rated || !out2.Judgement.Correct || out2.PlayerAfter != wp {
		t.Fatalf("second try: %+v, %v", out2, err)
	}
	r, games, _ := svc.PlayerRating(ctx)
	if r != wp || games != 1 {
		t.Errorf("player rating %+v after %d games, want %+v after 1", r, games, wp)
	}
	atts, _ := st.PuzzleAttempts(ctx, pz.ID)
	var actions []string
	for _, a := range atts {
		actions = append(actions, a.Action)
	}
	if strings.Join(actions, ",") != "answer,hint,answer" || !atts[0].Rated || atts[1].Rated || atts[2].Rated || !atts[2].Correct {
		t.Errorf("attempts %+v", atts)
	}
	// It is seen now: the next one is another, and the count went down.
	next, err := svc.Next(ctx, Filter{})
	if n1, _ := svc.Unseen(ctx, Filter{}); err != nil || next.ID == pz.ID || n1 != n0-1 {
		t.Errorf("next %v after %d, unseen %d → %d, %v", next.ID, pz.ID, n0, n1, err)
	}
	// Giving up first is a loss.
	g, err := svc.GiveUp(ctx, next, time.Second, 0)
	if err != nil || !g.Rated || g.PlayerAfter.Rating >= g.PlayerBefore.Rating {
		t.Errorf("give up: %+v, %v", g, err)
	}
	// Stats: two rated attempts, one kind or two, none solved.
	s, err := svc.Stats(ctx)
	if err != nil || s.All.Attempts != 2 || s.All.Solved != 0 || len(s.History) != 2 || s.Rating != g.PlayerAfter || s.All.High <= 0 {
		t.Errorf("stats %+v, %v", s, err)
	}
	// Filters: a kind with no unseen puzzle left.
	if _, err := svc.Next(ctx, Filter{Source: SourceGCG}); err != ErrNoPuzzle {
		t.Errorf("no GCG puzzles, got %v", err)
	}
	// Another lexicon's puzzle is refused by id.
	small := testlex.Small(t, "CASA")
	if _, err := (&Service{Store: st, Lex: small}).Puzzle(ctx, pz.ID); err == nil {
		t.Error("a FISE2-LIBRE puzzle served under another lexicon")
	}
}

// syncBuffer is output a test reads while a runner writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until the output holds n prompts.
func (s *syncBuffer) waitFor(t *testing.T, prompt string, n int) {
	t.Helper()
	for start := time.Now(); strings.Count(s.String(), prompt) < n; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("no prompt %d:\n%s", n, s.String())
		}
	}
}

// TestRunner plays a session as a player types it: on the first puzzle a hint asked too
// early, a wrong try, three hints and a fourth refused, giving up; the second right at once;
// the third left with q.
func TestRunner(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	st := openStore(t)
	ctx := context.Background()
	generate(t, st, lex, GenOptions{SelfPlay: 1, Seed: 4, Kinds: []Kind{KindBest}}, nil, 1)
	svc := &Service{Store: st, Lex: lex}
	first, _ := svc.Next(ctx, Filter{})
	in, typer := io.Pipe()
	out := &syncBuffer{}
	session, _ := svc.StartSession(ctx, Filter{})
	r := &Runner{Service: svc, In: in, UI: &ui.Term{W: out}, P: i18n.For(i18n.Spanish), Now: func() time.Time { return t0 }, Echo: true,
		Draw: func(_ *ui.Term, _ *i18n.Printer, pos *engine.Position, _ *engine.Move) string {
			return engine.BoardCGP(pos.Board, pos.Tiles)
		}}
	done := make(chan error)
	var sum *RunSummary
	go func() {
		var err error
		sum, err = r.Run(ctx, session)
		done <- err
	}()
	const prompt = "(? pista, ! rendirse):"
	n := 0
	say := func(line string) {
		n++
		out.waitFor(t, prompt, n)
		fmt.Fprintln(typer, line)
	}
	for _, line := range []string{"?", "paso", "?", "?", "?", "?", "!"} {
		say(line)
	}
	// The first puzzle is over: the next one served is the unseen one nearest the new rating.
	out.waitFor(t, prompt, n+1)
	second, err := svc.Next(ctx, Filter{})
	if err != nil || second.ID == first.ID {
		t.Fatalf("second puzzle %v, %v", second, err)
	}
	say(second.Answers[0].Move)
	say("q")
	typer.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"Las pistas llegan después", "No es la respuesta", "Pista 1:", "Pista 3:", "No quedan pistas", "Se ha rendido", "¡Correcto!", "Las mejores jugadas del motor"} {
		if !strings.Contains(text, want) {
			t.Errorf("the session never says %q:\n%s", want, text)
		}
	}
	if sum.Puzzles != 2 || sum.GaveUp != 1 || sum.Solved != 1 || sum.Skipped != 1 || sum.Stopped != "quit" {
		t.Errorf("summary %+v", sum)
	}
	a1, _ := st.PuzzleAttempts(ctx, first.ID)
	a2, _ := st.PuzzleAttempts(ctx, second.ID)
	var acts []string
	for _, a := range a1 {
		acts = append(acts, a.Action)
	}
	if strings.Join(acts, ",") != "answer,hint,hint,hint,give_up" || !a1[0].Rated || a1[4].Rated || len(a2) != 1 || !a2[0].Correct || !a2[0].Rated {
		t.Errorf("first puzzle %v, second %+v", acts, a2)
	}
}
