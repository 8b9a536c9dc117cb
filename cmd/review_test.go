package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// Tests of `atril deck` and `atril review` through Run, on a real SQLite file, a small lexicon
// built by the test, scripted answers and a clock that moves 2 s at each reading.

type studyIO struct {
	out, err bytes.Buffer
	mu       sync.Mutex
	t        time.Time
}

func (s *studyIO) now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t = s.t.Add(2 * time.Second)
	return s.t
}

// after is a timer on the scripted clock: it moves the clock on by d and fires at once.
func (s *studyIO) after(d time.Duration) <-chan time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t = s.t.Add(d)
	c := make(chan time.Time, 1)
	c <- s.t
	return c
}

// study runs atril at clock time at with the answers in input.
func study(t *testing.T, at time.Time, input string, args ...string) (*studyIO, int) {
	t.Helper()
	s := &studyIO{t: at}
	code := Run(&IO{In: strings.NewReader(input), Out: &s.out, Err: &s.err, Now: s.now, After: s.after,
		Getenv: func(string) string { return "" }}, args)
	return s, code
}

// eofReader tells when its reader has been read to the end.
type eofReader struct {
	r    *strings.Reader
	once sync.Once
	done chan struct{}
}

func (e *eofReader) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err != nil {
		e.once.Do(func() { close(e.done) })
	}
	return n, err
}

// studyInputFirst is study with timers that fire once the input has all been read: the
// input's end comes first, as it does with real timers of seconds.
func studyInputFirst(t *testing.T, at time.Time, input string, args ...string) (*studyIO, int) {
	t.Helper()
	s := &studyIO{t: at}
	in := &eofReader{r: strings.NewReader(input), done: make(chan struct{})}
	after := func(d time.Duration) <-chan time.Time {
		fired := s.after(d)
		c := make(chan time.Time, 1)
		go func() {
			<-in.done
			time.Sleep(200 * time.Millisecond)
			c <- <-fired
		}()
		return c
	}
	code := Run(&IO{In: in, Out: &s.out, Err: &s.err, Now: s.now, After: after,
		Getenv: func(string) string { return "" }}, args)
	return s, code
}

var day1 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func TestDeckAddAndList(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	words := filepath.Join(dir, "words.txt")
	os.WriteFile(words, []byte("CASA\nCOSA\n# comment\nROCA\nSACA\nCARRO\n"), 0o644)

	s, code := study(t, day1, "", append(base, "deck", "add", "cuatro", "--file", words, "--new-per-day", "2", "--json")...)
	if code != 0 {
		t.Fatalf("deck add: exit %d: %s", code, s.err.String())
	}
	var add map[string]any
	if err := json.Unmarshal(s.out.Bytes(), &add); err != nil {
		t.Fatal(err, s.out.String())
	}
	// CASA and SACA share the alphagram AACS: 5 words, 4 cards.
	if add["cards_added"] != float64(4) || add["words"] != float64(5) || add["created"] != true || add["scheduler"] != "fsrs" {
		t.Errorf("deck add --json = %v", add)
	}
	s, code = study(t, day1, "", append(base, "deck", "add", "cuatro", "--search", "anagram:ACSA")...)
	if code != 0 || !strings.Contains(s.out.String(), "deck cuatro: 0 anagram cards added from 2 words (1 already in it); 4 cards in all") {
		t.Errorf("deck add again: exit %d, %q %s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--scheduler", "cardbox", "--new-per-day", "3")...)
	if code != 0 {
		t.Fatalf("deck add twos: exit %d: %s", code, s.err.String())
	}

	// Bad input: a clear message, exit 2, nothing changed.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("CASA\nKIWI\nPERRO\n"), 0o644)
	phony := filepath.Join(dir, "phony.txt")
	os.WriteFile(phony, []byte("CASA\nCASQO\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"deck", "add", "x", "--file", bad, "--strict"}, "bad.txt:2"},
		{[]string{"deck", "add", "x", "--file", phony}, "CASQO"},
		{[]string{"deck", "add", "x"}, "--search QUERY or --file WORDS"},
		{[]string{"deck", "add", "x", "--search", "length:4", "--kind", "bingo"}, `--kind "bingo": want one of anagram, hooks, judge, twos`},
		{[]string{"deck", "add", "x", "--search", "length:4", "--scheduler", "sm2"}, `--scheduler "sm2": want fsrs or cardbox`},
		{[]string{"deck", "add", "x", "--search", "lenght:4"}, "lenght"},
		{[]string{"deck", "add", "x", "--search", "length:3", "--kind", "twos"}, "two-tile words only"},
		{[]string{"deck", "add", "cuatro", "--search", "length:4", "--scheduler", "cardbox"}, "--scheduler cardbox: deck cuatro is scheduled by fsrs and cannot change to cardbox"},
		{[]string{"deck", "add", "cuatro", "--search", "length:4", "--kind", "hooks"}, "--kind hooks: deck cuatro holds anagram cards and cannot hold hooks cards"},
		{[]string{"deck", "add", "x", "--file", "/dev/zero"}, "/dev/zero is a device (like /dev/null), not a regular file"},
		{[]string{"deck", "rm", "nada"}, "no deck called nada"},
		{[]string{"review", "--deck", "nada"}, "no deck called nada"},
		{[]string{"review", "postpone"}, "--days 0"},
		{[]string{"review", "--deck", "cuatro", "--lexicon", "FISE2-LIBRE"}, "holds cards of lexicon"},
		{[]string{"review", "--max", "-1"}, "--max -1"},
		{[]string{"review", "--grade", "maybe"}, `--grade "maybe": want auto or ask`},
	} {
		s, code := study(t, day1, "", append(base, c.args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, s.err.String(), c.want)
		}
	}
	// judge decks may hold phonies
	if s, code := study(t, day1, "", append(base, "deck", "add", "trampas", "--file", phony, "--kind", "judge")...); code != 0 {
		t.Errorf("judge deck from phonies: exit %d %s", code, s.err.String())
	}

	// Nothing due yet in the judge deck under another lexicon: with --json stdout is only JSON.
	s, code = study(t, day1, "", "--db", db, "review", "--json")
	var sum map[string]any
	if err := json.Unmarshal(s.out.Bytes(), &sum); code != 0 || err != nil || sum["answered"] != float64(0) ||
		!strings.Contains(s.err.String(), "Nothing due under lexicon FISE2-LIBRE.\nWaiting under other lexicons: decks cuatro (small, 2 cards), dos (small, 3 cards), trampas (small, 2 cards). Review them with --lexicon NAME") {
		t.Errorf("review --json under the default lexicon: exit %d, %v, out %q, err %q", code, err, s.out.String(), s.err.String())
	}

	s, code = study(t, day1, "", append(base, "deck", "list", "--json")...)
	if code != 0 {
		t.Fatalf("deck list: %d %s", code, s.err.String())
	}
	var decks []struct {
		Name      string         `json:"name"`
		Cards     int            `json:"cards"`
		Scheduler string         `json:"scheduler"`
		ByState   map[string]int `json:"by_state"`
		ByBox     []int          `json:"by_box"`
		Due       []int          `json:"due_per_day"`
	}
	if err := json.Unmarshal(s.out.Bytes(), &decks); err != nil {
		t.Fatal(err, s.out.String())
	}
	if len(decks) != 3 || decks[0].Name != "cuatro" || decks[0].Cards != 4 || decks[0].ByState["new"] != 4 ||
		// dos: the 29 two-tile words and the 190 look-alikes the twos drill asks
		decks[1].Name != "dos" || decks[1].Cards != 219 || len(decks[1].ByBox) != 11 || len(decks[0].Due) != 7 {
		t.Errorf("deck list = %+v", decks)
	}
	s, _ = study(t, day1, "", append(base, "deck", "list")...)
	for _, want := range []string{
		"Deck     Lexicon  Kind     Scheduler  Cards  New  Learning  Review\n",
		"cuatro   small    anagram  FSRS           4    4         0       0\n",
		// today: the new cards review shows today, up to each deck's daily limit
		"Deck     Today  Mon 2  Tue 3  Wed 4  Thu 5  Fri 6  Sat 7\n",
		"cuatro       2      0      0      0      0      0      0\n",
		"dos          3      0      0      0      0      0      0\n",
	} {
		if !strings.Contains(s.out.String(), want) {
			t.Errorf("deck list lacks %q:\n%s", want, s.out.String())
		}
	}
	if s, code := study(t, day1, "", append(base, "deck", "rm", "trampas")...); code != 0 || !strings.Contains(s.out.String(), "deleted") {
		t.Errorf("deck rm: %d %s", code, s.err.String())
	}
	// Without --strict, a line that is not a word is skipped and reported by its number, as
	// `atril lexicon add` does.
	s, code = study(t, day1, "", append(base, "deck", "add", "saltos", "--file", bad)...)
	if code != 0 || !strings.Contains(s.err.String(), "skipped 1 line") || !strings.Contains(s.err.String(), "bad.txt:2") ||
		!strings.Contains(s.out.String(), "deck saltos created: 2 anagram cards from 2 words") {
		t.Errorf("deck add with a bad line: exit %d, out %q, err %q", code, s.out.String(), s.err.String())
	}
}

// reviewList is `atril review --list --json`.
type reviewList struct {
	Reviews int `json:"reviews"`
	New     int `json:"new"`
	Cards   []struct {
		Deck     string    `json:"deck"`
		Kind     string    `json:"kind"`
		Question string    `json:"question"`
		State    srs.State `json:"state"`
	} `json:"cards"`
}

func listDue(t *testing.T, at time.Time, base []string, extra ...string) reviewList {
	t.Helper()
	s, code := study(t, at, "", append(append(base, "review", "--list", "--json"), extra...)...)
	if code != 0 {
		t.Fatalf("review --list: %d %s", code, s.err.String())
	}
	var l reviewList
	if err := json.Unmarshal(s.out.Bytes(), &l); err != nil {
		t.Fatal(err, s.out.String())
	}
	return l
}

func TestReviewSchedulesEachAnswer(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	words := filepath.Join(dir, "words.txt")
	os.WriteFile(words, []byte("CASA\nCOSA\nROCA\nCARRO\n"), 0o644)
	for _, args := range [][]string{
		{"deck", "add", "cuatro", "--file", words, "--new-per-day", "3"},
		{"deck", "add", "trampas", "--file", words, "--kind", "judge", "--scheduler", "cardbox", "--new-per-day", "1"},
	} {
		if s, code := study(t, day1, "", append(base, args...)...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, s.err.String())
		}
	}
	l := listDue(t, day1, base)
	var qs []string
	for _, c := range l.Cards {
		qs = append(qs, c.Deck+":"+c.Question)
	}
	// New cards in deck name order, up to each deck's limit.
	if got := strings.Join(qs, " "); l.New != 4 || l.Reviews != 0 || got != "cuatro:AACS cuatro:ACOS cuatro:ACOR trampas:CASA" {
		t.Fatalf("due on day 1: %d new, %d reviews: %s", l.New, l.Reviews, got)
	}

	// AACS right (CASA SACA), ACOS half right, ACOR wrong word, then CASA judged valid.
	input := "casa saca\nCOSA\n\nROCAS\n\ny\n"
	// The learning step's wait must end with the input, as a real 46 s wait would: its timer
	// fires only once the input has been read to its end (plus a moment for the reader to
	// say so), not at once.
	s, code := studyInputFirst(t, day1, input, append(base, "review", "--seed", "3")...)
	if code != 0 {
		t.Fatalf("review: %d %s", code, s.err.String())
	}
	out := s.out.String()
	for _, want := range []string{"1/4 AACS", "right", "missed:  ASCO CAOS CASO OCAS SACO", "wrong:   ROCAS (not a word)", "Next, ACOS again: its learning step is due in 46 s; waiting (Ctrl-D or Ctrl-C stops).", "again · back in 1 min", "box 1 · due in 5 days",
		// the input ended during the wait for the learning step: the session ends then, as
		// Ctrl-D does anywhere, without waiting; the learning cards come back later
		"Summary (end of input): 4 of 4 answered, 2 right, 2 wrong",
		"card in learning comes back within 30 minutes"} {
		if !strings.Contains(out, want) {
			t.Errorf("review output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "again ACOS") {
		t.Errorf("the learning step was waited for after the input ended:\n%s", out)
	}

	st := openTestStore(t, db)
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 4 {
		t.Fatalf("%d answers logged, want 4", len(as))
	}
	// Each answer took 2 s of the scripted clock... plus the readings in between; the FSRS
	// grade follows from right/wrong and time against the anagram target (15 s).
	wantRating := []srs.Rating{srs.Easy, srs.Again, srs.Again, 0}
	for i, a := range as {
		if a.Drill != "review" || a.DeckID == 0 || a.CardID == 0 || a.Before == nil || a.After == nil || a.Rating != wantRating[i] {
			t.Errorf("answer %d: drill %s deck %d card %d rating %v before %v after %v", i+1, a.Drill, a.DeckID, a.CardID, a.Rating, a.Before, a.After)
			continue
		}
		if a.Before.Phase != srs.New {
			t.Errorf("answer %d: state before %v, want new", i+1, a.Before.Phase)
		}
	}
	// Easy on a new card: FSRS-6 S0(Easy) = w3 = 8.2956, straight to review, due in 8 days.
	if a := as[0]; a.After.Phase != srs.Review || a.After.ScheduledDays != 8 || a.After.Stability != 8.2956 || !a.Correct || a.Answer.Answer != "casa saca" {
		t.Errorf("first answer: %+v", a.After)
	}
	// Again: first learning step, 1 minute.
	if a := as[1]; a.After.Phase != srs.Learning || a.After.Due.Sub(a.At) != time.Minute || a.Correct {
		t.Errorf("second answer: %+v at %v", a.After, a.At)
	}
	// Cardbox: a new card right goes to box 1, 4±1 days.
	if a := as[3]; a.After.Box != 1 || a.After.ScheduledDays < 3 || a.After.ScheduledDays > 5 || !a.Correct {
		t.Errorf("cardbox answer: %+v", a.After)
	}
	st.Close()

	// The same day, 5 minutes later: the two learning cards are due (1 minute step); the daily
	// limits are used up.
	l = listDue(t, day1.Add(5*time.Minute), base)
	if l.Reviews != 2 || l.New != 0 || l.Cards[0].Question != "ACOS" || l.Cards[0].State.Phase != srs.Learning {
		t.Errorf("5 minutes later: %+v", l)
	}
	// The next day: those two, and the day's new cards (one left in cuatro: CARRO's ACORR;
	// one in trampas).
	l = listDue(t, day1.AddDate(0, 0, 1), base)
	if l.Reviews != 2 || l.New != 2 {
		t.Errorf("next day: %d reviews, %d new: %+v", l.Reviews, l.New, l.Cards)
	}
	// Nine days later AACS (due in 8) is due too, under review.
	l = listDue(t, day1.AddDate(0, 0, 9), base, "--deck", "cuatro")
	found := false
	for _, c := range l.Cards {
		found = found || c.Question == "AACS" && c.State.Phase == srs.Review
	}
	if !found || l.Reviews != 3 {
		t.Errorf("day 10, deck cuatro: %+v", l)
	}

	// deck list counts the states and the days ahead.
	s, _ = study(t, day1, "", append(base, "deck", "list", "--json")...)
	var decks []struct {
		Name    string         `json:"name"`
		ByState map[string]int `json:"by_state"`
		ByBox   []int          `json:"by_box"`
		Due     []int          `json:"due_per_day"`
	}
	json.Unmarshal(s.out.Bytes(), &decks)
	if len(decks) != 2 || decks[0].ByState["learning"] != 2 || decks[0].ByState["review"] != 1 || decks[0].ByState["new"] != 1 ||
		decks[0].Due[0] != 2 || decks[1].ByBox[1] != 1 {
		t.Errorf("deck list after the review: %+v", decks)
	}
}

func TestReviewEndOfInputKeepsAnswers(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "10")...); code != 0 {
		t.Fatal(s.err.String())
	}
	// Two answers, then the input ends (Ctrl-D).
	s, code := study(t, day1, "y\nn\n", append(base, "review", "--json")...)
	if code != 0 {
		t.Fatalf("review: %d %s", code, s.err.String())
	}
	var sum map[string]any
	if err := json.Unmarshal(s.out.Bytes(), &sum); err != nil {
		t.Fatal(err, s.out.String())
	}
	if sum["answered"] != float64(2) || sum["stopped"] != "end of input" || sum["questions"] != float64(10) {
		t.Errorf("summary = %v", sum)
	}
	if !strings.Contains(s.err.String(), "Still due: 0 reviews, 8 new cards.") {
		t.Errorf("stderr:\n%s", s.err.String())
	}
	st := openTestStore(t, db)
	defer st.Close()
	as, _ := st.Answers(context.Background(), studystore.AnswerQuery{})
	if len(as) != 2 || as[0].Answer.Answer != "y" || as[1].Answer.Answer != "n" {
		t.Errorf("answers saved: %+v", as)
	}
}

func TestReviewPostponeKeepsUrgency(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "6")...); code != 0 {
		t.Fatal(s.err.String())
	}
	// Six answers on day 1, each card ending in review with a different stability, then a
	// month away: all six overdue.
	st := openTestStore(t, db)
	ctx := context.Background()
	cards, err := st.Due(ctx, studystore.DueQuery{Now: day1, DayStart: day1, DayEnd: day1.Add(time.Hour)})
	if err != nil || len(cards) != 6 {
		t.Fatalf("due: %d %v", len(cards), err)
	}
	for i, c := range cards {
		after := srs.State{Phase: srs.Review, Stability: float64(1 + i*3), Difficulty: 5, Reps: 1,
			LastReview: day1, Due: day1.AddDate(0, 0, 1+i), ScheduledDays: 1 + i}
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review", Lexicon: "x",
			Question: c.Question, Correct: true, Before: &c.State, After: &after, At: day1}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	later := day1.AddDate(0, 1, 0)
	s, code := study(t, later, "", append(base, "review", "postpone", "--days", "3", "--json")...)
	if code != 0 {
		t.Fatalf("postpone: %d %s", code, s.err.String())
	}
	var moved []struct {
		Question string    `json:"question"`
		Urgency  float64   `json:"urgency"`
		State    srs.State `json:"state"`
	}
	if err := json.Unmarshal(s.out.Bytes(), &moved); err != nil {
		t.Fatal(err, s.out.String())
	}
	if len(moved) != 6 {
		t.Fatalf("moved %d cards, want 6", len(moved))
	}
	start := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	for i, m := range moved {
		// lowest stability = lowest retrievability = most urgent, two a day
		wantQ := cards[i].Question
		if m.Question != wantQ || !m.State.Due.Equal(start.AddDate(0, 0, i/2)) {
			t.Errorf("moved[%d] = %s due %v, want %s due %v", i, m.Question, m.State.Due, wantQ, start.AddDate(0, 0, i/2))
		}
		if i > 0 && m.Urgency < moved[i-1].Urgency {
			t.Errorf("urgency order broken at %d: %v after %v", i, m.Urgency, moved[i-1].Urgency)
		}
	}
	if l := listDue(t, later.Add(time.Minute), base); l.Reviews != 2 {
		t.Errorf("after postponing, due today: %d, want 2", l.Reviews)
	}
	if l := listDue(t, later.AddDate(0, 0, 2), base); l.Reviews != 6 {
		t.Errorf("two days later, due: %d, want all 6", l.Reviews)
	}
	// Postponing again the same day moves nothing (today's cards are due, not overdue); the next
	// day, the two cards of the first day that were not reviewed are overdue again.
	s, _ = study(t, later, "", append(base, "review", "postpone", "--days", "3")...)
	if !strings.Contains(s.out.String(), "Nothing overdue: no cards moved.") {
		t.Errorf("postpone again: %q", s.out.String())
	}
	s, _ = study(t, later.AddDate(0, 0, 1), "", append(base, "review", "postpone", "--days", "2")...)
	if !strings.Contains(s.out.String(), "2 overdue cards spread over 2 days: Thu 2: 1, Fri 3: 1") {
		t.Errorf("postpone again: %q", s.out.String())
	}
	// Ten years is the longest spread, and costs nothing per empty day.
	s, code = study(t, later.AddDate(0, 0, 5), "", append(base, "review", "postpone", "--days", "3650")...)
	if code != 0 || !strings.Contains(s.out.String(), "overdue cards spread over 3,650 days: 6\u00a0Apr\u00a02026: 1, ") {
		t.Errorf("postpone --days 3650: exit %d, %q %s", code, s.out.String(), s.err.String())
	}
}

// A reviewing process killed with SIGKILL keeps every answer it had judged, each with the card's
// new schedule (committed together).
func TestReviewKilledKeepsAnswers(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	if s, code := study(t, day1, "", "--db", db, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "10"); code != 0 {
		t.Fatal(s.err.String())
	}
	child, stdin, out := startDrillChild(t, "--db "+db+" review --seed 1")
	typed := []string{"y", "n", "y"}
	answerThenKill(t, child, stdin, out, typed, 10)
	st := openTestStore(t, db)
	defer st.Close()
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != len(typed) {
		t.Fatalf("%d answers after the kill, want %d:\n%s", len(as), len(typed), out.String())
	}
	for i, a := range as {
		if a.Answer.Answer != typed[i] || a.Drill != "review" || a.After == nil {
			t.Errorf("answer %d: %+v", i+1, a.Answer)
			continue
		}
		c, err := cardIn(st, a.DeckID, a.CardID)
		if err != nil || c.State.Phase == srs.New || !c.State.Due.Equal(a.After.Due.Truncate(time.Millisecond)) {
			t.Errorf("answer %d: card schedule %+v (%v), want the logged state after %+v", i+1, c.State, err, a.After)
		}
	}
}

// Under a pipe, review echoes each answer after its prompt exactly as the drills do (one
// Runner set-up for both): the same deck's cards answered the same way read the same.
func TestReviewEchoesLikeDrill(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", kwg, "--db", db}
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "2")...); code != 0 {
		t.Fatal(s.err.String())
	}
	echoed := func(out string) (lines []string) {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "> ") && len(l) > 2 {
				lines = append(lines, l)
			}
		}
		return lines
	}
	d, code := study(t, day1, "y\nnada\nn\n", append(base, "drill", "twos", "--deck", "dos", "--count", "2", "--seed", "1")...)
	if code != 0 {
		t.Fatal(d.err.String())
	}
	r, code := study(t, day1, "y\nnada\nn\n", append(base, "review", "--seed", "1")...)
	if code != 0 {
		t.Fatal(r.err.String())
	}
	want := []string{"> y", "> nada", "> n"}
	if got := echoed(d.out.String()); !slices.Equal(got, want) {
		t.Errorf("drill echoes %q, want %q:\n%s", got, want, d.out.String())
	}
	if got := echoed(r.out.String()); !slices.Equal(got, want) {
		t.Errorf("review echoes %q, want %q:\n%s", got, want, r.out.String())
	}
}

// Ctrl-C (a real SIGINT) mid-review: exit 0, the summary, the answer kept with its schedule,
// and the session closed although the command's context is cancelled.
func TestReviewSIGINT(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	if s, code := study(t, day1, "", "--db", db, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "10"); code != 0 {
		t.Fatal(s.err.String())
	}
	child, stdin, out := startDrillChild(t, "--db "+db+" review --seed 1")
	out.waitFor(t, "1/10")
	fmt.Fprintln(stdin, "y")
	out.waitFor(t, "2/10")
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	out.waitEnd(t)
	if err := child.Wait(); err != nil {
		t.Fatalf("exit after Ctrl-C: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Summary (interrupted): 1 of 10 answered") {
		t.Errorf("output:\n%s", out.String())
	}
	st := openTestStore(t, db)
	defer st.Close()
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil || len(as) != 1 || as[0].After == nil {
		t.Fatalf("answers %+v, %v", as, err)
	}
	var ended int
	if err := st.DB().QueryRow(`SELECT count(*) FROM sessions WHERE drill = 'review' AND ended_at IS NOT NULL`).Scan(&ended); err != nil || ended != 1 {
		t.Errorf("ended review sessions %d, %v: want 1", ended, err)
	}
}

// --grade ask, killed (SIGKILL) while a grade is asked: the answer was committed with the
// derived grade and schedule before the prompt, and a grade typed earlier replaced both
// together, so every logged answer's state after is its card's schedule.
func TestReviewAskedGradeKilled(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	if s, code := study(t, day1, "", "--db", db, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "10"); code != 0 {
		t.Fatal(s.err.String())
	}
	child, stdin, out := startDrillChild(t, "--db "+db+" review --seed 1 --grade ask")
	out.waitFor(t, "1/10")
	fmt.Fprintln(stdin, "y")
	out.waitCount(t, "Grade: ", 1)
	fmt.Fprintln(stdin, "again")
	out.waitFor(t, "2/10")
	fmt.Fprintln(stdin, "n")
	out.waitCount(t, "Grade: ", 2) // the second answer is saved; its grade is being asked
	killChild(t, child, out)
	transcript := out.String()
	derived := transcript[strings.LastIndex(transcript, "(Enter: ")+len("(Enter: "):]
	derived = derived[:strings.Index(derived, ")")]

	st := openTestStore(t, db)
	defer st.Close()
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil || len(as) != 2 {
		t.Fatalf("%d answers after the kill, %v; want 2:\n%s", len(as), err, transcript)
	}
	if as[0].Rating != srs.Again || as[0].After.Phase != srs.Learning {
		t.Errorf("first answer, graded again: rating %v, after %+v", as[0].Rating, as[0].After)
	}
	if got := fmt.Sprintf("%d %s", as[1].Rating, as[1].Rating); got != derived {
		t.Errorf("second answer, killed at its grade: rating %q, want the derived %q", got, derived)
	}
	for i, a := range as {
		c, err := cardIn(st, a.DeckID, a.CardID)
		if err != nil || c.State.Phase != a.After.Phase || !c.State.Due.Equal(a.After.Due.Truncate(time.Millisecond)) || c.State.Reps != a.After.Reps {
			t.Errorf("answer %d: card %+v (%v), logged state after %+v", i+1, c.State, err, a.After)
		}
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
