package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testproc"
)

// atrilCmd is `atril ARGS` as a child process (TestDrillChildProcess), as the test's user or,
// if unprivileged and the test runs as root, as nobody (root writes read-only files).
func atrilCmd(t *testing.T, args string, unprivileged bool) *exec.Cmd {
	t.Helper()
	bin := os.Args[0]
	var attr *syscall.SysProcAttr
	if unprivileged && os.Geteuid() == 0 {
		bin = binaryForAll(t)
		attr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	child := exec.Command(bin, "-test.run=^TestDrillChildProcess$")
	child.SysProcAttr = attr
	child.Env = append(os.Environ(), "ATRIL_DRILL_CHILD="+args)
	return testproc.Prepare(t, child)
}

// binariesForAll are the tests' copies of the test binary that anyone may run, by test.
var binariesForAll sync.Map // *testing.T → path

// binaryForAll is the test binary where anyone may run it (the build's directory is root's
// alone): one per test, hard-linked when it can be, else copied (58 MB).
func binaryForAll(t *testing.T) string {
	t.Helper()
	if bin, ok := binariesForAll.Load(t); ok {
		return bin.(string)
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Dir(dir), 0o755)
	bin := filepath.Join(dir, "cmd.test")
	if err := os.Link(os.Args[0], bin); err != nil {
		b, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	binariesForAll.Store(t, bin)
	t.Cleanup(func() { binariesForAll.Delete(t) })
	return bin
}

// atrilChild starts `atril ARGS` with piped stdin, and stdout and stderr collected together.
func atrilChild(t *testing.T, args string) (*exec.Cmd, io.WriteCloser, *lockedBuffer) {
	t.Helper()
	child := atrilCmd(t, args, false)
	stdin, err := child.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := &lockedBuffer{}
	child.Stdout, child.Stderr = out, out
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	return child, stdin, out
}

// Write collects a child's stdout and stderr together, waking whoever waits for some text.
func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n, err := l.b.Write(p)
	l.cond().Broadcast()
	return n, err
}

// runAtrilChild runs `atril ARGS` in a child process to its end and returns its output (stdout and
// stderr) and exit code.
func runAtrilChild(t *testing.T, args string, unprivileged bool, input string) (string, int) {
	t.Helper()
	child := atrilCmd(t, args, unprivileged)
	child.Stdin = strings.NewReader(input)
	out, err := child.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out), child.ProcessState.ExitCode()
}

// dirFiles is every file of a directory and its bytes.
func dirFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		m[e.Name()] = string(b)
	}
	return m
}

func sameFiles(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for name, b := range before {
		if a, ok := after[name]; !ok || a != b {
			t.Errorf("%s changed or removed %s", what, name)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			t.Errorf("%s left %s behind", what, name)
		}
	}
}

// The reading commands work on a database the user may not write, and leave it as it was; a
// drill on it says it is read-only before asking anything, and leaves no -wal or -shm.
func TestStudyCommandsOnAReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.Chmod(dir, 0o755)
	os.Chmod(filepath.Dir(dir), 0o755)
	db := filepath.Join(dir, "atril.db")
	if s, code := study(t, day1, "", "--db", db, "deck", "add", "dos", "--kind", "twos", "--search", "length:2", "--new-per-day", "3"); code != 0 {
		t.Fatal(s.err.String())
	}
	var out, errOut bytes.Buffer // answered now: stats count the last days
	if code := Run(&IO{In: strings.NewReader("y\nn\n"), Out: &out, Err: &errOut, Now: time.Now, Getenv: noEnv},
		[]string{"--db", db, "drill", "twos", "--count", "2", "--seed", "1"}); code != 0 {
		t.Fatal(errOut.String())
	}
	os.Chmod(db, 0o444)
	before := dirFiles(t, dir)
	for _, c := range []struct{ args, want string }{
		{"stats", "2 answers · 100%"},
		{"deck list", "dos"},
		{"review --list --json", `"new": 3`},
		{"--json stats", `"answers": 2`},
		{"today", ""},
		{"forecast --date 2030-01-01", ""},
		{"stats weak", ""},
	} {
		got, code := runAtrilChild(t, "--db "+db+" "+c.args, true, "")
		if code != 0 || !strings.Contains(got, c.want) {
			t.Errorf("%s on a read-only database: exit %d\n%s\nwant %q", c.args, code, got, c.want)
		}
		sameFiles(t, c.args, before, dirFiles(t, dir))
	}
	for _, args := range []string{"drill twos --count 3", "review", "deck rm dos", "deck add tres --search length:3"} {
		got, code := runAtrilChild(t, "--db "+db+" "+args, true, "y\n")
		if code != ExitError || !strings.Contains(got, db+" is read-only: answers and decks cannot be saved in it") || strings.Contains(got, "a two-tile word?") {
			t.Errorf("%s on a read-only database: exit %d\n%s", args, code, got)
		}
		sameFiles(t, args, before, dirFiles(t, dir))
	}
}

// Reading commands never make a file a database, nor a --db directory; /dev/null is no file.
func TestStudyCommandsNeverMakeADatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	before := dirFiles(t, dir)
	for _, args := range [][]string{
		{"stats"}, {"deck", "list"}, {"review", "--list"}, {"review"}, {"deck", "rm", "dos"}, {"review", "postpone", "--days", "2"},
	} {
		s, code := study(t, day1, "", append([]string{"--db", empty}, args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), empty+" is an empty file: no study data in it yet") {
			t.Errorf("%v on an empty file: exit %d, %q", args, code, s.err.String())
		}
		sameFiles(t, fmt.Sprint(args), before, dirFiles(t, dir))
		s, code = study(t, day1, "y\n", append([]string{"--db", "/dev/null"}, args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), "/dev/null is not a regular file but a device") {
			t.Errorf("%v --db /dev/null: exit %d, %q", args, code, s.err.String())
		}
	}
	missing := filepath.Join(dir, "missing.db")
	if s, code := study(t, day1, "", "--db", missing, "drill", "anagram", "--deck", "dos", "--list"); code != ExitError || !strings.Contains(s.err.String(), missing+" does not exist") {
		t.Errorf("drill --deck --list on a missing file: exit %d, %q", code, s.err.String())
	}
	sameFiles(t, "drill --deck --list", before, dirFiles(t, dir))
	s, code := study(t, day1, "y\n", "--db", "/dev/null", "drill", "twos")
	if code != ExitError || !strings.Contains(s.err.String(), "/dev/null is not a regular file but a device") {
		t.Errorf("drill --db /dev/null: exit %d, %q", code, s.err.String())
	}
	// in the reader's language
	s, code = study(t, day1, "", "--lang", "es", "--db", "/dev/null", "stats")
	if code != ExitError || !strings.Contains(s.err.String(), "/dev/null no es un archivo normal sino un dispositivo") {
		t.Errorf("stats --db /dev/null in Spanish: exit %d, %q", code, s.err.String())
	}
	s, code = study(t, day1, "", "--lang", "es", "--db", empty, "deck", "list")
	if code != ExitError || !strings.Contains(s.err.String(), empty+" es un archivo vacío") {
		t.Errorf("deck list on an empty file in Spanish: exit %d, %q", code, s.err.String())
	}
}

// The data directory (no --db, no $ATRIL_DB) is atril's own and made when missing; a directory
// named by $ATRIL_DB is not.
func TestDataDirectoryMadeOthersNot(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	data := filepath.Join(root, "new", "atril")
	run := func(env map[string]string, args ...string) (string, int) {
		var out, errOut bytes.Buffer
		code := Run(&IO{In: strings.NewReader("y\n"), Out: &out, Err: &errOut, Now: func() time.Time { return day1 },
			Getenv: func(k string) string { return env[k] }}, args)
		return errOut.String(), code
	}
	if msg, code := run(map[string]string{"ATRIL_DATA_DIR": data}, "drill", "twos", "--count", "1"); code != 0 {
		t.Fatalf("drill with a new data directory: %d %s", code, msg)
	}
	if _, err := os.Stat(filepath.Join(data, "atril.db")); err != nil {
		t.Errorf("the data directory's database: %v", err)
	}
	typo := filepath.Join(root, "tpyo", "x.db")
	if msg, code := run(map[string]string{"ATRIL_DB": typo}, "drill", "twos", "--count", "1"); code != ExitError || !strings.Contains(msg, "the directory "+filepath.Dir(typo)+" does not exist") {
		t.Errorf("drill with $ATRIL_DB in a missing directory: %d %s", code, msg)
	}
	if _, err := os.Stat(filepath.Dir(typo)); !os.IsNotExist(err) {
		t.Errorf("$ATRIL_DB's directory was made")
	}
	for _, args := range [][]string{{"deck", "list"}, {"stats"}, {"review"}} {
		if msg, code := run(map[string]string{}, args...); code != ExitError || !strings.Contains(msg, "HOME is not set, nor ATRIL_DB or ATRIL_DATA_DIR: use --db PATH") {
			t.Errorf("%s without HOME: %d %s", strings.Join(args, " "), code, msg)
		}
	}
}

func newBusyCmd() *cobra.Command {
	return &cobra.Command{Use: "busy", RunE: func(*cobra.Command, []string) error {
		return withCode(ExitError, fmt.Errorf("saving the answer to AB: %w", i18n.Wrap(studystore.ErrBusy, "store.busy", "Seconds", 60)))
	}}
}

// A locked database is never bad input: whatever code the command chose, it exits ExitBusy with
// the store's message.
func TestBusyIsNotBadInput(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&IO{Getenv: noEnv})
	root.AddCommand(newBusyCmd())
	var out, errOut bytes.Buffer
	code := execute(context.Background(), root, &IO{Out: &out, Err: &errOut}, []string{"busy"})
	if code != ExitBusy || !strings.Contains(errOut.String(), "saving the answer to AB: another program kept the study database locked for 60 s") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
}

// The scenario of issue 12 as real processes: two twos drills answering every 40 ms while deck
// add writes a big deck to the same database (there a deck of 357,302 cards, 13 s and more: its
// one transaction made every drill die of "database is locked" with the answer just typed lost).
// Here the deck is 19,291 anagram cards (anagram cards: no morphology to learn nor non-words to
// make before the writing, which is what the drills meet); the drills are asking before it
// starts, and answer from the moment the deck exists, so that the whole of its writing meets
// answers; the test says how many rounds of answers it overlapped.
func TestDeckAddWhileDrilling(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("writes 19,291 cards")
	}
	const questions = 40
	db := filepath.Join(t.TempDir(), "atril.db")
	if s, code := study(t, day1, "y\n", "--db", db, "drill", "twos", "--count", "1", "--seed", "1"); code != 0 {
		t.Fatal(s.err.String())
	}
	type drill struct {
		cmd   *exec.Cmd
		stdin io.WriteCloser
		out   *lockedBuffer
	}
	var drills []drill
	for _, seed := range []string{"2", "3"} {
		c, stdin, out := atrilChild(t, "--db "+db+" drill twos --count "+fmt.Sprint(questions)+" --seed "+seed)
		drills = append(drills, drill{c, stdin, out})
	}
	for _, d := range drills {
		d.out.waitFor(t, fmt.Sprintf("1/%d", questions))
	}
	adder, _, addOut := atrilChild(t, strings.Join([]string{"--db", db, "deck", "add", "big8", "--kind", "anagram", "--search", "length:8 top:40000"}, "\n"))
	addStart := time.Now()
	added := make(chan error, 1)
	var addTook time.Duration
	go func() { err := adder.Wait(); addTook = time.Since(addStart); added <- err }()
	// Ready: the deck exists (its cards are being written).
	waitForDeck(t, db, "big8", 0)
	t.Logf("deck big8 exists after %s", time.Since(addStart).Round(time.Millisecond))
	// A player typing fast: an answer every 40 ms, whatever the drill shows.
	tick := time.NewTicker(40 * time.Millisecond)
	addingMeanwhile := 0
	for range questions {
		<-tick.C
		for _, d := range drills {
			fmt.Fprintln(d.stdin, "y")
		}
		select {
		case err := <-added:
			added <- err
		default:
			addingMeanwhile++
		}
	}
	tick.Stop()
	for i, d := range drills {
		d.stdin.Close()
		if err := d.cmd.Wait(); err != nil {
			t.Errorf("drill %d: %v\n%s", i+1, err, tail(d.out.String()))
		}
		if want := fmt.Sprintf("Summary: %d of %d answered", questions, questions); !strings.Contains(d.out.String(), want) {
			t.Errorf("drill %d did not answer all:\n%s", i+1, tail(d.out.String()))
		}
	}
	if err := <-added; err != nil {
		t.Fatalf("deck add: %v\n%s", err, addOut.String())
	}
	if !strings.Contains(addOut.String(), "deck big8 created: 19,291 anagram cards") {
		t.Errorf("deck add said:\n%s", addOut.String())
	}
	if addingMeanwhile == 0 {
		t.Errorf("deck add was over before the drills answered: the test tried nothing")
	}
	t.Logf("%d of the %d rounds of answers typed while deck add wrote (it took %s)", addingMeanwhile, questions, addTook.Round(time.Millisecond))
	st := openTestStore(t, db)
	as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil || len(as) != 1+2*questions {
		t.Errorf("%d answers saved (%v), want 1 + 2 x %d", len(as), err, questions)
	}
}

func tail(s string) string {
	if len(s) > 600 {
		return "…" + s[len(s)-600:]
	}
	return s
}

// waitForDeck waits until deck name holds more than min cards (as a reader sees it), up to a
// minute, and returns how many. It opens the database once (opening it at each look would cost
// more than the writing it waits for).
func waitForDeck(t *testing.T, db, name string, min int) int {
	t.Helper()
	var st *studystore.Store
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if st == nil {
			var err error
			if st, err = studystore.Open(db, studystore.Options{Now: time.Now, ReadOnly: true}); err != nil {
				st = nil
				continue
			}
		}
		d, err := st.DeckByName(context.Background(), name)
		if err == nil && (d.Cards > min || min == 0) {
			return d.Cards
		}
	}
	t.Fatalf("deck %s never held more than %d cards", name, min)
	return 0
}

// deck add killed (SIGKILL) part way: the deck is there and usable with the cards of the
// batches committed, each whole and in order; the same command again adds the rest.
func TestDeckAddKilled(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "atril.db")
	// 19,291 anagram cards: a dozen batches of 100 ms or more.
	args := []string{"--db", db, "deck", "add", "ochos", "--kind", "anagram", "--search", "length:8 top:40000"}
	adder, _, out := atrilChild(t, strings.Join(args, "\n"))
	first := waitForDeck(t, db, "ochos", 0)
	waitForDeck(t, db, "ochos", max(first, 1)) // a batch or two committed
	killChild(t, adder, out)
	s, code := study(t, day1, "", "--db", db, "deck", "list", "--json")
	if code != 0 || !strings.Contains(s.out.String(), `"name": "ochos"`) {
		t.Fatalf("deck list after the kill: %d %s %s", code, s.out.String(), s.err.String())
	}
	st := openTestStore(t, db)
	d, err := st.DeckByName(context.Background(), "ochos")
	if err != nil || d.Cards == 0 {
		t.Fatalf("deck after the kill: %+v %v", d, err)
	}
	k := d.Cards
	if l := listDue(t, day1, []string{"--db", db}, "--deck", "ochos"); l.New != 20 {
		t.Errorf("the deck after the kill gives %d new cards, want 20", l.New)
	}
	s, code = study(t, day1, "", args...)
	if code != 0 || !strings.Contains(s.out.String(), "("+i18n.For(i18n.English).Int(k)+" already in it)") {
		t.Fatalf("deck add again: %d %s %s", code, s.out.String(), s.err.String())
	}
	d, _ = st.DeckByName(context.Background(), "ochos")
	cards, err := st.DeckCards(context.Background(), d.ID)
	if err != nil || len(cards) != d.Cards || d.Cards <= k {
		t.Fatalf("%d cards after adding again (%v), %d before", len(cards), err, k)
	}
	var lo, hi, distinct int
	st.DB().QueryRow(`SELECT min(position), max(position), count(DISTINCT position) FROM deck_cards WHERE deck_id = ?`, d.ID).Scan(&lo, &hi, &distinct)
	if lo != 1 || hi != d.Cards || distinct != d.Cards {
		t.Errorf("positions %d..%d (%d distinct) for %d cards", lo, hi, distinct, d.Cards)
	}
	t.Logf("killed with %d cards in the deck; %d after adding again", k, d.Cards)
}
