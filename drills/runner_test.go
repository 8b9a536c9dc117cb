package drills

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// stepClock moves on by step at every reading: a question shown at t answered at t+step.
type stepClock struct {
	mu   sync.Mutex
	t    time.Time
	step time.Duration
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.step)
	return c.t
}

// After is a timer on the clock: it moves the clock on by d and fires at once.
func (c *stepClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
	ch := make(chan time.Time, 1)
	ch <- c.t
	return ch
}

// syncBuffer is an output the test reads while the drill writes it; waiting for some text
// wakes at each write (no polling).
type syncBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	grew *sync.Cond
}

func (s *syncBuffer) cond() *sync.Cond {
	if s.grew == nil {
		s.grew = sync.NewCond(&s.mu)
	}
	return s.grew
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.cond().Broadcast()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor blocks until the output holds want, failing after 5 s.
func (s *syncBuffer) waitFor(t *testing.T, want string) {
	t.Helper()
	expired := false
	timer := time.AfterFunc(5*time.Second, func() {
		s.mu.Lock()
		expired = true
		s.cond().Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for !strings.Contains(s.b.String(), want) {
		if expired {
			t.Fatalf("output never showed %q; it is:\n%s", want, s.b.String())
		}
		s.cond().Wait()
	}
}

// openStore opens a real study database in a temporary directory.
func openStore(t *testing.T, clock func() time.Time) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "study.db"), studystore.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func savedAnswers(t *testing.T, st *studystore.Store) []studystore.LoggedAnswer {
	t.Helper()
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	return as
}

// runnerQuestions: an anagram rack, a two-tile judgement and a hook question of the small
// lexicon, whose answers the test knows by heart.
func runnerQuestions(t *testing.T) []Question {
	lex := smallLexicon(t)
	rack, err := lex.Tiles.ParseRack("soca")
	if err != nil {
		t.Fatal(err)
	}
	return []Question{
		anagramQuestion(lex, rack),
		twoQuestion(lex.Tiles, mustWord(t, lex.Tiles, "CHA"), true),
		hookQuestion(t, lex, "OSA"),
	}
}

func TestRunnerScripted(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	type row struct {
		typed   string
		correct bool
	}
	tests := []struct {
		name     string
		input    string
		limit    time.Duration
		right    int
		wrong    int
		timedOut int
		stopped  string
		saved    []row
		wantOut  []string
		notInOut []string
	}{
		{
			name:  "all right",
			input: "caos cosa asco saco ocas caso\ny\nc l r / s\n",
			right: 3, stopped: "done",
			saved:   []row{{"caos cosa asco saco ocas caso", true}, {"y", true}, {"c l r / s", true}},
			wantOut: []string{"right (2.0 s): ASCO CAOS CASO COSA OCAS SACO", "CH·A is valid", "C L R / S", "3 of 3 answered, 3 right, 0 wrong, 100%; time 6.0 s, 2.0 s a question"},
		},
		{
			name:  "all wrong",
			input: "casa\n\nno\n- / -\n",
			wrong: 3, stopped: "done",
			saved:   []row{{"casa", false}, {"no", false}, {"- / -", false}},
			wantOut: []string{"answers: ASCO CAOS CASO COSA OCAS SACO", "wrong:   CASA (a word, but not from these tiles)", "missed:  front C, L, R · back S", "0 right, 3 wrong"},
		},
		{
			name:  "partial answers",
			input: "CAOS, cosa, cosa  xoca\n\nsí\nL / S\n",
			right: 1, wrong: 2, stopped: "done",
			saved:    []row{{"CAOS, cosa, cosa  xoca", false}, {"sí", true}, {"L / S", false}},
			wantOut:  []string{"2 of 6 found (2.0 s)", "missed:  ASCO CASO OCAS SACO", "wrong:   XOCA (not a word)", "missed:  front C, R"},
			notInOut: []string{"wrong:   COSA"},
		},
		{
			name:  "end of input mid-drill",
			input: "caos cosa asco saco ocas caso\n",
			right: 1, stopped: "end of input",
			saved:   []row{{"caos cosa asco saco ocas caso", true}},
			wantOut: []string{"Summary (end of input): 1 of 3 answered, 1 right, 0 wrong"},
		},
		{
			name:  "unreadable answers are asked again, not judged",
			input: "ca5a cosa\ncaos cosa asco saco ocas caso\nmaybe\ny\n",
			right: 2, stopped: "end of input",
			saved:   []row{{"caos cosa asco saco ocas caso", true}, {"y", true}},
			wantOut: []string{`cannot read "ca5a": '5' is not a letter`, `"maybe": answer y`},
		},
		{
			name:  "time limit exceeded",
			input: "caos cosa asco saco ocas caso\ny\n",
			limit: 1500 * time.Millisecond,
			wrong: 2, timedOut: 2, stopped: "end of input",
			saved:   []row{{"caos cosa asco saco ocas caso", false}, {"y", false}},
			wantOut: []string{"time's up (2.0 s, limit 1.5 s)", "(2 out of time)"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := &stepClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), step: time.Second}
			st := openStore(t, clock.Now)
			rec, err := StartSession(st, KindAnagram, lex.Name, 0, map[string]any{"seed": 1})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			r := &Runner{In: strings.NewReader(tc.input), Out: &out, Lex: lex, Now: clock.Now, TimeLimit: tc.limit, Recorder: rec, Echo: true}
			// The clock is read when a question is shown and when its answer comes: 2 s apart.
			clock.step = 2 * time.Second
			sum, err := r.Run(context.Background(), runnerQuestions(t))
			if err != nil {
				t.Fatal(err)
			}
			if sum.Right != tc.right || sum.Wrong != tc.wrong || sum.TimedOut != tc.timedOut || sum.Stopped != tc.stopped {
				t.Errorf("summary %+v, want right %d wrong %d timed out %d stopped %q", sum, tc.right, tc.wrong, tc.timedOut, tc.stopped)
			}
			saved := savedAnswers(t, st)
			if len(saved) != len(tc.saved) {
				t.Fatalf("saved %d answers, want %d: %+v\n%s", len(saved), len(tc.saved), saved, out.String())
			}
			for i, a := range saved {
				if a.Answer.Answer != tc.saved[i].typed || a.Correct != tc.saved[i].correct {
					t.Errorf("answer %d saved as %q correct=%v, want %q %v", i+1, a.Answer.Answer, a.Correct, tc.saved[i].typed, tc.saved[i].correct)
				}
				if a.SessionID != rec.SessionID || a.Lexicon != "small" || a.Took <= 0 {
					t.Errorf("answer %d: session %d lexicon %q took %v", i+1, a.SessionID, a.Lexicon, a.Took)
				}
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range tc.notInOut {
				if strings.Contains(out.String(), w) {
					t.Errorf("output has %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// What the store keeps of an answer: the drill, the question as shown, the typed line, the
// right answer and the time taken, by the injected clock.
func TestRunnerSavesWhatWasAsked(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	clock := &stepClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), step: 1500 * time.Millisecond}
	st := openStore(t, clock.Now)
	rec, err := StartSession(st, KindHooks, lex.Name, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	qs := runnerQuestions(t)
	r := &Runner{In: strings.NewReader("cosa caso\n"), Out: io.Discard, Lex: lex, Now: clock.Now, Recorder: rec}
	if _, err := r.Run(context.Background(), qs[:1]); err != nil {
		t.Fatal(err)
	}
	if err := rec.End(); err != nil {
		t.Fatal(err)
	}
	got := savedAnswers(t, st)
	if len(got) != 1 {
		t.Fatalf("%d answers saved", len(got))
	}
	a := got[0]
	if a.Drill != "anagram" || a.Question != "ACOS" || a.Expected != "ASCO CAOS CASO COSA OCAS SACO" || a.Took != 1500*time.Millisecond || a.Correct {
		t.Errorf("saved %+v", a.Answer)
	}
}

// Ctrl-C while a question waits: the drill ends at once, what was answered is in the database.
func TestRunnerInterrupted(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	clock := &stepClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), step: time.Second}
	st := openStore(t, clock.Now)
	rec, err := StartSession(st, KindTwos, lex.Name, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	in, typist := io.Pipe()
	defer typist.Close()
	out := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &Runner{In: in, Out: out, Lex: lex, Now: clock.Now, Recorder: rec}
	done := make(chan Summary)
	go func() {
		sum, err := r.Run(ctx, runnerQuestions(t))
		if err != nil {
			t.Error(err)
		}
		done <- sum
	}()
	if _, err := io.WriteString(typist, "caos cosa asco saco ocas caso\n"); err != nil {
		t.Fatal(err)
	}
	out.waitFor(t, "2/3")
	go io.WriteString(typist, "y") // half typed, no Enter: lost, as on a terminal
	cancel()
	sum := <-done
	if sum.Stopped != "interrupted" || sum.Answered != 1 || sum.Right != 1 {
		t.Errorf("summary %+v", sum)
	}
	if got := savedAnswers(t, st); len(got) != 1 || !got[0].Correct {
		t.Errorf("saved %+v, want the one answer given", got)
	}
	if !strings.Contains(out.String(), "Summary (interrupted): 1 of 3 answered") {
		t.Errorf("output:\n%s", out.String())
	}
}

// When the time runs out with no answer, the question is saved as missed, and the line the
// player was typing is swallowed by "Press Enter" instead of answering the next question.
func TestRunnerTimerRunsOut(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	clock := &stepClock{t: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), step: time.Second}
	st := openStore(t, clock.Now)
	rec, err := StartSession(st, KindJudge, lex.Name, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	in, typist := io.Pipe()
	out := &syncBuffer{}
	timers := make(chan chan time.Time, 3)
	after := func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		timers <- c
		return c
	}
	r := &Runner{In: in, Out: out, Lex: lex, Now: clock.Now, After: after, TimeLimit: 10 * time.Second, Recorder: rec}
	done := make(chan Summary)
	go func() {
		sum, err := r.Run(context.Background(), runnerQuestions(t))
		if err != nil {
			t.Error(err)
		}
		done <- sum
	}()
	<-timers // question 1's timer never fires
	io.WriteString(typist, "caos cosa asco saco ocas caso\n")
	q2 := <-timers
	out.waitFor(t, "2/3")
	q2 <- time.Now()
	out.waitFor(t, "Press Enter")
	io.WriteString(typist, "y, too late\n")
	<-timers
	io.WriteString(typist, "c l r / s\n")
	typist.Close()
	sum := <-done
	if sum.Answered != 3 || sum.Right != 2 || sum.TimedOut != 1 {
		t.Errorf("summary %+v", sum)
	}
	got := savedAnswers(t, st)
	if len(got) != 3 {
		t.Fatalf("saved %d answers", len(got))
	}
	if got[1].Answer.Answer != "" || got[1].Correct || got[1].Took != 10*time.Second {
		t.Errorf("the timed-out question was saved as %+v", got[1].Answer)
	}
	if got[2].Answer.Answer != "c l r / s" || !got[2].Correct {
		t.Errorf("the late line leaked into the next question: %+v", got[2].Answer)
	}
}
