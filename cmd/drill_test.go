package cmd

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testproc"
)

// Tests of `atril drill ...` and `atril stats` through Run, on a real SQLite file in a
// temporary directory.

// drillTestWords is a made-up lexicon with enough of everything for each drill.
var drillTestWords = []string{
	"AD", "AH", "AL", "AS", "CHA", "CHE", "CHO", "LLE", "DE", "EL", "EN", "ES", "LA", "LE", "LO",
	"NO", "SE", "SI", "YA", "YO", "ÑU", "OS", "SO", "TE", "TU", "MI", "ME", "NI", "NE",
	"CASA", "SACA", "CAOS", "COSA", "ASCO", "SACO", "OCAS", "CASO", "ROCA", "ARCO", "ORCA", "CARO",
	"CORA", "CANTO", "CONTA", "TACON", "RATONES", "ENTORAS", "TORNASE",
	"CHICO", "CHICOS", "COCHE", "COCHES", "MUCHO", "LLAMA", "LLAMAS", "CALLE", "CALLES", "PERRO",
	"PERROS", "CARRO", "CARROS", "CORRA", "TORRE", "HACHA", "LECHE", "OLLA", "OLLAS",
	"ASA", "CASAS", "OSA", "OSAS", "LOSA", "ROSA", "ROSAS", "COSAS", "ACASO", "SACOS", "ARCOS",
	"MESA", "MESAS", "PERA", "PERAS", "PIEDRA", "CAMINO", "CAMINOS", "SALTO", "PUERTA",
}

// drillIO is a scripted player: input lines, a clock that moves 2 s at each reading.
type drillIO struct {
	out, err bytes.Buffer
	mu       sync.Mutex
	t        time.Time
}

func (d *drillIO) now() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.t = d.t.Add(2 * time.Second)
	return d.t
}

func runDrillCmd(t *testing.T, input string, args ...string) (*drillIO, int) {
	t.Helper()
	d := &drillIO{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	return d, Run(&IO{
		In: strings.NewReader(input), Out: &d.out, Err: &d.err,
		Now: d.now, Getenv: func(string) string { return "" },
	}, args)
}

// rightAnswers types each listed question's answer, one line each.
func rightAnswers(l drills.Listing) string {
	var b strings.Builder
	for _, q := range l.Questions {
		switch q.Form {
		case drills.FormWords:
			b.WriteString(strings.Join(*q.Answers, " "))
		case drills.FormYesNo:
			b.WriteString(map[bool]string{true: "y", false: "n"}[*q.Valid])
		case drills.FormHooks:
			side := func(s []string) string {
				if len(s) == 0 {
					return "-"
				}
				return strings.Join(s, " ")
			}
			b.WriteString(side(*q.Front) + " / " + side(*q.Back))
		}
		b.WriteString("\n")
	}
	return b.String()
}

func openTestStore(t *testing.T, path string) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(path, studystore.Options{Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

var drillCases = []struct {
	kind string
	args []string
}{
	{"anagram", []string{"--length", "4", "--count", "3"}},
	{"anagram", []string{"--length", "5", "--blanks", "1", "--count", "3"}},
	{"build", []string{"--rack", "7", "--min", "4", "--count", "3"}},
	{"twos", []string{"--count", "6"}},
	{"twos", []string{"--tile", "CH", "--tile", "ñ"}},
	{"digraphs", []string{"--count", "6"}},
	{"hooks", []string{"--length", "2-4", "--count", "5"}},
	{"judge", []string{"--length", "4-6", "--count", "6"}},
}

// Each drill: --list --json has the documented shape; answering every question right, as a
// player would type it, gives a full score; and every answer is in the database afterwards,
// in order, with the question as shown.
func TestDrillCommandsEndToEnd(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	for _, lx := range []struct {
		name string
		args []string
	}{{"small", []string{"--lexicon", kwg}}, {"FISE2-LIBRE", nil}} { // nil: the embedded default
		for _, tc := range drillCases {
			t.Run(lx.name+"/"+tc.kind+strings.Join(tc.args, ""), func(t *testing.T) {
				testDrillEndToEnd(t, lx.name, lx.args, tc.kind, tc.args)
			})
		}
	}
}

func testDrillEndToEnd(t *testing.T, lexName string, lexArgs []string, kind string, args []string) {
	db := filepath.Join(t.TempDir(), "study.db")
	base := append(append(lexArgs, "--db", db, "drill", kind, "--seed", "5"), args...)
	d, code := runDrillCmd(t, "", append(base, "--list", "--json")...)
	if code != 0 {
		t.Fatalf("--list --json: exit %d: %s", code, d.err.String())
	}
	var raw map[string]any
	if err := json.Unmarshal(d.out.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	if raw["drill"] != kind || raw["lexicon"] != lexName || raw["seed"] != float64(5) {
		t.Errorf("listing head %v %v %v", raw["drill"], raw["lexicon"], raw["seed"])
	}
	var l drills.Listing
	if err := json.Unmarshal(d.out.Bytes(), &l); err != nil {
		t.Fatal(err)
	}
	if len(l.Questions) == 0 {
		t.Fatal("no questions listed")
	}
	for i, q := range l.Questions {
		if q.N != i+1 || q.Question == "" || q.Card == "" || q.Ask == "" {
			t.Errorf("question %d: %+v", i+1, q)
		}
		has := map[drills.Form]bool{drills.FormWords: q.Answers != nil, drills.FormYesNo: q.Valid != nil, drills.FormHooks: q.Front != nil && q.Back != nil}
		for form, present := range has {
			if present != (form == q.Form) {
				t.Errorf("question %d (%s): %s answer fields present=%v", i+1, q.Form, form, present)
			}
		}
	}
	if _, err := studystore.Open(db, studystore.Options{Now: time.Now}); err == nil {
		if as, _ := openTestStore(t, db).Answers(context.Background(), studystore.AnswerQuery{}); len(as) != 0 {
			t.Errorf("--list saved %d answers", len(as))
		}
	}

	d, code = runDrillCmd(t, rightAnswers(l), base...)
	if code != 0 {
		t.Fatalf("drill: exit %d: %s", code, d.err.String())
	}
	n := len(l.Questions)
	if want := "Summary: " + itoa(n) + " of " + itoa(n) + " answered, " + itoa(n) + " right, 0 wrong"; !strings.Contains(d.out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, d.out.String())
	}
	as, err := openTestStore(t, db).Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != n {
		t.Fatalf("%d answers in the database, want %d", len(as), n)
	}
	for i, a := range as {
		if a.Drill != kind || a.Lexicon != lexName || a.Question != l.Questions[i].Question || !a.Correct || a.Took != 2*time.Second || a.SessionID == 0 {
			t.Errorf("answer %d saved as %+v (question %q)", i+1, a.Answer, l.Questions[i].Question)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Ctrl-D after two answers: exit 0, both saved, the summary says so. A second drill on the same
// file adds to it.
func TestDrillEndOfInputKeepsAnswers(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "study.db")
	args := []string{"--lexicon", kwg, "--db", db, "drill", "twos", "--count", "5", "--seed", "9"}
	d, code := runDrillCmd(t, "y\nn\n", args...)
	if code != 0 || !strings.Contains(d.out.String(), "Summary (end of input): 2 of 5 answered") {
		t.Fatalf("exit %d:\n%s%s", code, d.out.String(), d.err.String())
	}
	d, code = runDrillCmd(t, "y\n", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, d.err.String())
	}
	as, err := openTestStore(t, db).Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	sessions := map[int64]int{}
	for _, a := range as {
		sessions[a.SessionID]++
	}
	if len(as) != 3 || len(sessions) != 2 {
		t.Errorf("%d answers in sessions %v: want 3 over two sessions", len(as), sessions)
	}
}

// With --json the drill talks on stderr and stdout is the summary alone.
func TestDrillJSONSummary(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "study.db")
	d, code := runDrillCmd(t, "y\ny\ny\n", "--lexicon", kwg, "--db", db, "--json", "drill", "twos", "--count", "4", "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, d.err.String())
	}
	var sum drills.Summary
	if err := json.Unmarshal(d.out.Bytes(), &sum); err != nil {
		t.Fatalf("stdout is not the JSON summary: %v\n%s", err, d.out.String())
	}
	if sum.Questions != 4 || sum.Answered != 3 || sum.Right+sum.Wrong != 3 || sum.Stopped != "end of input" || sum.Seconds != 6 || sum.MeanSeconds != 2 {
		t.Errorf("summary %+v", sum)
	}
	if !strings.Contains(d.err.String(), "1/4") {
		t.Errorf("the questions did not go to stderr:\n%s", d.err.String())
	}
}

func TestDrillBadFlags(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "study.db")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"anagram", "--ranks", "9-1"}, `--ranks "9-1": FROM is greater than TO`},
		{[]string{"anagram", "--ranks", "x"}, `--ranks "x": expected N or FROM-TO`},
		{[]string{"anagram", "--blanks", "3"}, "blanks 3: expected 0 to 2"},
		{[]string{"anagram", "--ranks", "0-0"}, `--ranks "0-0": ranks start at 1 (the most probable word)`},
		{[]string{"hooks", "--ranks", "0"}, `--ranks "0": ranks start at 1`},
		{[]string{"anagram", "--length", "12"}, "no words of 12 tiles"},
		{[]string{"anagram", "--count", "-1"}, "--count -1"},
		{[]string{"build", "--min", "9"}, "words of at least 9: expected 2 to the rack's 7 tiles"},
		{[]string{"twos", "--tile", "K"}, `tile "K": expected one letter tile`},
		{[]string{"hooks", "--length", "1-3"}, "words have 2 to 15 tiles"},
		{[]string{"judge", "--racks", "2"}, "rack share 2"},
		{[]string{"judge", "--time-limit", "-3s"}, "--time-limit -3s"},
		{[]string{"digraphs", "--seed", "x"}, "--seed x: expected a whole number"},
	} {
		d, code := runDrillCmd(t, "", append([]string{"--lexicon", kwg, "--db", db, "drill"}, tc.args...)...)
		if code != ExitError || !strings.Contains(d.err.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tc.args, code, d.err.String(), tc.msg)
		}
	}
}

// A file that is not a study database is refused and left alone.
func TestDrillRefusesForeignDB(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	d, code := runDrillCmd(t, "y\n", "--lexicon", kwg, "--db", kwg, "drill", "twos")
	if code != ExitError || !strings.Contains(d.err.String(), "not an atril study database") {
		t.Errorf("exit %d: %s", code, d.err.String())
	}
}

// TestDrillChildProcess is not a test: the kill test below runs the test binary with
// ATRIL_DRILL_CHILD set, and this function then acts as `atril` (Main, signals included) on the
// real stdin and stdout.
func TestDrillChildProcess(t *testing.T) {
	t.Parallel()
	args := os.Getenv("ATRIL_DRILL_CHILD")
	if args == "" {
		t.Skip("runs only as the kill test's child process")
	}
	testproc.Watch(200 * time.Millisecond)
	sys := SystemIO()
	// The command is ready (past any signal set-up) when it first reads its input: say so on
	// stderr, for tests that must signal a command blocked on its input.
	sys.In = &announcingReader{r: os.Stdin, w: os.Stderr}
	// The embedded default, whatever the machine has; a data directory only when the test gives one.
	sys.Getenv = func(k string) string {
		if k == "ATRIL_DATA_DIR" {
			return os.Getenv("ATRIL_CHILD_DATA_DIR")
		}
		return ""
	}
	// Progress bars on the piped stderr, for tests that wait for work done before a signal.
	sys.ErrTTY = os.Getenv("ATRIL_CHILD_PROGRESS") != ""
	// A clock that runs ATRIL_CHILD_CLOCK times faster than the wall's, for kill tests that need
	// a long job's checkpoint (paced by the command's clock) after a fraction of a second.
	if x, err := strconv.Atoi(os.Getenv(childClockEnv)); err == nil && x > 1 {
		sys.Now = fastClock(time.Now(), time.Duration(x))
	}
	// Arguments are separated by spaces, or by newlines when one of them has a space.
	sep := " "
	if strings.Contains(args, "\n") {
		sep = "\n"
	}
	os.Args = append([]string{"atril"}, strings.Split(args, sep)...)
	os.Exit(Main(sys))
}

// childClockEnv makes a child's clock run faster (see fastClock).
const childClockEnv = "ATRIL_CHILD_CLOCK"

// fastClock is a clock that starts at start and runs x times faster than the wall's.
func fastClock(start time.Time, x time.Duration) func() time.Time {
	return func() time.Time { return start.Add(x * time.Since(start)) }
}

// readingInput is what a child process writes on stderr when its command first reads its input.
const readingInput = "atril-test: reading input"

// announcingReader writes readingInput to w at its first Read.
type announcingReader struct {
	r    io.Reader
	w    io.Writer
	once sync.Once
}

func (a *announcingReader) Read(p []byte) (int, error) {
	a.once.Do(func() { fmt.Fprintln(a.w, readingInput) })
	return a.r.Read(p)
}

// answerThenKill types each answer once its question (N/total) is shown, waits for the next
// question (so every typed answer was judged, hence committed), then kills the child.
func answerThenKill(t *testing.T, child *exec.Cmd, stdin io.Writer, out *lockedBuffer, typed []string, total int) {
	t.Helper()
	for i, line := range typed {
		out.waitFor(t, fmt.Sprintf("%d/%d", i+1, total))
		fmt.Fprintln(stdin, line)
	}
	out.waitFor(t, fmt.Sprintf("%d/%d", len(typed)+1, total))
	killChild(t, child, out)
}

// killChild sends SIGKILL (no chance to clean up) and checks the child died of it.
func killChild(t *testing.T, child *exec.Cmd, out *lockedBuffer) {
	t.Helper()
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	child.Wait()
	if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die of SIGKILL: %v\n%s", child.ProcessState, out.String())
	}
}

// startDrillChild runs `atril ARGS` as a child process with piped stdin and stdout.
func startDrillChild(t *testing.T, args string) (*exec.Cmd, io.Writer, *lockedBuffer) {
	t.Helper()
	child, stdin, out, _ := startChild(t, args)
	return child, stdin, out
}

// startChild runs `atril ARGS` as a child process with piped stdin, stdout and stderr, and env
// (KEY=VALUE) added to its environment.
func startChild(t *testing.T, args string, env ...string) (*exec.Cmd, io.Writer, *lockedBuffer, *lockedBuffer) {
	t.Helper()
	child := exec.Command(os.Args[0], "-test.run=^TestDrillChildProcess$")
	child.Env = append(append(os.Environ(), "ATRIL_DRILL_CHILD="+args), env...)
	testproc.Prepare(t, child)
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := child.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	out, errOut := &lockedBuffer{}, &lockedBuffer{}
	go out.readFrom(stdout)
	go errOut.readFrom(io.TeeReader(stderr, os.Stderr))
	return child, stdin, out, errOut
}

// startWorkingChild is startChild for a long job whose progress bar shows on stderr; it
// returns once the bar counts at least 10^(digits-1) of total games done, so a signal then
// stops a run that has done some work.
func startWorkingChild(t *testing.T, args, total string, digits int) (*exec.Cmd, *lockedBuffer) {
	t.Helper()
	child, _, out, errOut := startChild(t, args, "ATRIL_CHILD_PROGRESS=1")
	working := regexp.MustCompile(`\b[1-9][0-9,]{` + strconv.Itoa(digits-1) + `,}/` + regexp.QuoteMeta(total))
	errOut.waitUntil(t, "games done of "+total, working.MatchString)
	return child, out
}

// Ctrl-C (a real SIGINT) mid-question ends the drill cleanly: exit 0, the summary, every answer
// kept and the session closed.
func TestDrillSIGINT(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	// The small lexicon: judge's non-words come from a model of it learnt at the start, which
	// for the default would take 1.5 s of the child's.
	kwg := engineTestLexicon(t, drillTestWords...)
	child, stdin, out := startDrillChild(t, "--db "+db+" --lexicon "+kwg+" drill judge --count 10 --seed 3")
	out.waitFor(t, "1/10")
	fmt.Fprintln(stdin, "y")
	out.waitFor(t, "2/10")
	fmt.Fprint(stdin, "n") // typed, no Enter yet
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
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil || len(as) != 1 || as[0].Answer.Answer != "y" {
		t.Fatalf("answers %+v, %v", as, err)
	}
	var ended sql.NullInt64
	if err := st.DB().QueryRow(`SELECT ended_at FROM sessions`).Scan(&ended); err != nil || !ended.Valid {
		t.Errorf("session end %v, %v: want it recorded", ended, err)
	}
}

// A drilling process killed with SIGKILL (no chance to clean up) keeps every answer it had
// judged: the feedback that shows the next question comes only after the commit.
func TestDrillKilledKeepsAnswers(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	child, stdin, out := startDrillChild(t, "--db "+db+" drill twos --count 10 --seed 3")
	typed := []string{"y", "n", "y"}
	answerThenKill(t, child, stdin, out, typed, 10)
	as, err := openTestStore(t, db).Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != len(typed) {
		t.Fatalf("%d answers after the kill, want %d:\n%s", len(as), len(typed), out.String())
	}
	for i, a := range as {
		if a.Answer.Answer != typed[i] || a.Drill != "twos" || a.Lexicon != "FISE2-LIBRE" {
			t.Errorf("answer %d: %+v", i+1, a.Answer)
		}
	}
}

// lockedBuffer collects a child's output while the test reads it; waiting for some text
// wakes at each write (no polling, no sleeps).
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	grew   *sync.Cond // broadcast at each write, at the end of the stream and at a deadline
	closed bool
}

func (l *lockedBuffer) cond() *sync.Cond {
	if l.grew == nil {
		l.grew = sync.NewCond(&l.mu)
	}
	return l.grew
}

func (l *lockedBuffer) readFrom(r io.Reader) {
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		l.mu.Lock()
		l.b.Write(buf[:n])
		if err != nil {
			l.closed = true
		}
		l.cond().Broadcast()
		l.mu.Unlock()
		if err != nil {
			return
		}
	}
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitUntil blocks until done holds of the output, failing after 60 s (a loaded machine starts children slowly) or when the stream ends
// first.
func (l *lockedBuffer) waitUntil(t *testing.T, what string, done func(string) bool) {
	t.Helper()
	expired := false
	timer := time.AfterFunc(60*time.Second, func() {
		l.mu.Lock()
		expired = true
		l.cond().Broadcast()
		l.mu.Unlock()
	})
	defer timer.Stop()
	l.mu.Lock()
	defer l.mu.Unlock()
	for !done(l.b.String()) {
		if expired || l.closed {
			t.Fatalf("the child never showed %s:\n%s", what, l.b.String())
		}
		l.cond().Wait()
	}
}

// waitEnd blocks until the output has ended (the child closed it, as it does when it exits).
// A child's Wait closes the pipe: called first, it may lose what the child wrote last.
func (l *lockedBuffer) waitEnd(t *testing.T) {
	t.Helper()
	l.waitUntil(t, "the end of its output", func(string) bool { return l.closed })
}

// waitFor blocks until the output holds want.
func (l *lockedBuffer) waitFor(t *testing.T, want string) {
	t.Helper()
	l.waitUntil(t, strconv.Quote(want), func(s string) bool { return strings.Contains(s, want) })
}

// waitCount blocks until the output holds want n times.
func (l *lockedBuffer) waitCount(t *testing.T, want string, n int) {
	t.Helper()
	l.waitUntil(t, fmt.Sprintf("%q %d times", want, n), func(s string) bool { return strings.Count(s, want) >= n })
}

// --deck asks a deck's cards: each answer carries its card and deck, and stats count the deck.
func TestDrillDeck(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "study.db")
	st := openTestStore(t, db)
	ctx := context.Background()
	for _, d := range []studystore.Deck{
		{Name: "cuatros", Lexicon: "small", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5},
		{Name: "otro", Lexicon: "FISE2-LIBRE", Kind: "anagram", Scheduler: "cardbox", NewPerDay: 5},
		{Name: "ganchos", Lexicon: "small", Kind: "hooks", Scheduler: "fsrs", NewPerDay: 5},
	} {
		id, err := st.CreateDeck(ctx, d)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.AddCards(ctx, id, d.Lexicon, d.Kind, studystore.Cards("ACOS", "ACOR", "ACNOT")); err != nil {
			t.Fatal(err)
		}
	}
	base := []string{"--lexicon", kwg, "--db", db, "drill", "anagram", "--deck", "cuatros", "--seed", "4"}
	d, code := runDrillCmd(t, "", append(base, "--list", "--json")...)
	if code != 0 {
		t.Fatal(d.err.String())
	}
	var l drills.Listing
	if err := json.Unmarshal(d.out.Bytes(), &l); err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, q := range l.Questions {
		shown = append(shown, q.Question+"="+strings.Join(*q.Answers, ","))
	}
	slices.Sort(shown)
	if want := []string{"ACNOT=CANTO,CONTA,TACON", "ACOR=ARCO,CARO,CORA,ORCA,ROCA", "ACOS=ASCO,CAOS,CASO,COSA,OCAS,SACO"}; !slices.Equal(shown, want) {
		t.Errorf("deck questions %v, want %v", shown, want)
	}
	d, code = runDrillCmd(t, rightAnswers(l), base...)
	if code != 0 || !strings.Contains(d.out.String(), "3 of 3 answered, 3 right") {
		t.Fatalf("exit %d:\n%s%s", code, d.out.String(), d.err.String())
	}
	as, err := st.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(as) != 3 {
		t.Fatalf("%d answers, %v", len(as), err)
	}
	for _, a := range as {
		if a.CardID == 0 || a.DeckID == 0 || a.Drill != "anagram" {
			t.Errorf("answer %+v: want its card and deck", a.Answer)
		}
	}
	stats, err := st.StatsByDeck(ctx, time.Time{})
	if err != nil || len(stats) != 1 || stats[0].Group != "cuatros" || stats[0].Answers != 3 {
		t.Errorf("stats by deck %+v, %v", stats, err)
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"anagram", "--deck", "nada"}, "no deck called nada"},
		{[]string{"anagram", "--deck", "cuatros", "--length", "8", "--blanks", "1"}, "--blanks, --length: not with --deck, whose cards are the questions"},
		{[]string{"anagram", "--deck", "otro"}, "deck otro holds cards of lexicon FISE2-LIBRE, not small: use --lexicon FISE2-LIBRE, or carry the deck over with atril deck move otro --lexicon small"},
		{[]string{"anagram", "--deck", "ganchos"}, "deck ganchos holds hooks cards, not anagram cards: drill it with `atril drill hooks --deck ganchos`"},
	} {
		d, code := runDrillCmd(t, "", append([]string{"--lexicon", kwg, "--db", db, "drill"}, tc.args...)...)
		if code != ExitError || !strings.Contains(d.err.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, d.err.String(), tc.msg)
		}
	}
}

// scriptedAnswers answers the listed questions alternately right and wrong (for words: the
// first word and a phony; yes/no: the other answer; hooks: none).
func scriptedAnswers(l drills.Listing) string {
	right := strings.Split(rightAnswers(l), "\n")
	var b strings.Builder
	for i, q := range l.Questions {
		if i%2 == 0 {
			b.WriteString(right[i] + "\n")
			continue
		}
		switch q.Form {
		case drills.FormWords:
			if len(*q.Answers) > 0 {
				b.WriteString((*q.Answers)[0] + " ")
			}
			b.WriteString("cazza\n\n") // an empty line ends an answer of words
		case drills.FormYesNo:
			b.WriteString(map[bool]string{true: "n", false: "y"}[*q.Valid] + "\n")
		case drills.FormHooks:
			b.WriteString("ch / -\n")
		}
	}
	return b.String()
}

// Golden transcripts of each drill under a pipe, on the embedded default lexicon, with a fixed
// seed and clock: what a player sees (go test ./cmd -run DrillTranscripts -update rewrites).
func TestDrillTranscripts(t *testing.T) {
	t.Parallel()
	for _, tc := range drillCases {
		// Golden file names in ASCII: "twos-tileCH-tile" for --tile CH --tile ñ.
		name := strings.Map(func(r rune) rune {
			if r < 128 {
				return r
			}
			return -1
		}, tc.kind+strings.ReplaceAll(strings.Join(tc.args, ""), "--", "-"))
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "study.db")
			base := append([]string{"--db", db, "drill", tc.kind, "--seed", "11"}, tc.args...)
			d, code := runDrillCmd(t, "", append(base, "--list", "--json")...)
			if code != 0 {
				t.Fatal(d.err.String())
			}
			var l drills.Listing
			if err := json.Unmarshal(d.out.Bytes(), &l); err != nil {
				t.Fatal(err)
			}
			d, code = runDrillCmd(t, scriptedAnswers(l), base...)
			if code != 0 {
				t.Fatal(d.err.String())
			}
			checkGolden(t, "drill/"+name+".txt", strings.ReplaceAll(d.out.String(), db, "STUDY.db"))
		})
	}
}

// Without --db, answers go to $ATRIL_DB, else atril.db in $ATRIL_DATA_DIR.
func TestDrillDatabaseFromEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		env  map[string]string
		path string
	}{
		{map[string]string{"ATRIL_DB": filepath.Join(dir, "env.db"), "ATRIL_DATA_DIR": filepath.Join(dir, "data")}, filepath.Join(dir, "env.db")},
		{map[string]string{"ATRIL_DATA_DIR": filepath.Join(dir, "data")}, filepath.Join(dir, "data", "atril.db")},
	} {
		var out, errb bytes.Buffer
		code := Run(&IO{In: strings.NewReader("y\n"), Out: &out, Err: &errb, Now: time.Now,
			Getenv: func(k string) string { return tc.env[k] }}, []string{"drill", "twos", "--count", "1"})
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		as, err := openTestStore(t, tc.path).Answers(context.Background(), studystore.AnswerQuery{})
		if err != nil || len(as) != 1 {
			t.Errorf("%s: %d answers, %v", tc.path, len(as), err)
		}
	}
}
