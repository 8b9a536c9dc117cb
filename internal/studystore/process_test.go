package studystore_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testproc"
)

// The test binary doubles as the processes these tests need: with ATRIL_STORE_CHILD set to a
// database path it becomes, by ATRIL_STORE_CHILD_MODE, a drill recording answers ("answers",
// the default, or "drill"), a long writer adding a deck ("deckadd"), or a program opening the
// database and reporting what it could do ("open").
func TestMain(m *testing.M) {
	if path := os.Getenv("ATRIL_STORE_CHILD"); path != "" {
		testproc.Watch(200 * time.Millisecond)
		os.Exit(child(path))
	}
	code := m.Run()
	if bigPath != "" {
		os.RemoveAll(filepath.Dir(bigPath))
	}
	for _, dir := range bigDeckDirs {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

func child(path string) int {
	n, _ := strconv.Atoi(os.Getenv("ATRIL_STORE_CHILD_N")) // 0: until killed
	tag := os.Getenv("ATRIL_STORE_CHILD_TAG")
	wait, _ := time.ParseDuration(os.Getenv("ATRIL_STORE_CHILD_WAIT")) // 0: the default
	switch os.Getenv("ATRIL_STORE_CHILD_MODE") {
	case "drill":
		every, _ := time.ParseDuration(os.Getenv("ATRIL_STORE_CHILD_EVERY"))
		return drillChild(path, tag, every, wait)
	case "deckadd":
		return deckAddChild(path, n, wait)
	case "open":
		return openChild(path, os.Getenv("ATRIL_STORE_CHILD_OPEN"))
	}
	s, err := studystore.Open(path, studystore.Options{Now: time.Now, BusyTimeout: wait})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx := context.Background()
	sid, err := s.StartSession(ctx, studystore.Session{Drill: "anagram", Lexicon: "test"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	out := bufio.NewWriter(os.Stdout)
	for i := 0; n == 0 || i < n; i++ {
		id, err := s.RecordAnswer(ctx, studystore.Answer{SessionID: sid, Drill: "anagram", Lexicon: "test",
			Question: fmt.Sprintf("%s-%d", tag, i), Answer: "AERST", Correct: i%3 != 0, Took: time.Duration(i) * time.Millisecond})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Fprintf(out, "%d %s-%d\n", id, tag, i)
		out.Flush() // reported only after the commit returned
	}
	s.EndSession(ctx, sid)
	s.Close()
	return 0
}

// drillChild answers a question every interval until its stdin closes, as a player typing fast
// does, and prints "ID QUESTION MILLISECONDS" once each answer is committed.
func drillChild(path, tag string, every, wait time.Duration) int {
	s, err := studystore.Open(path, studystore.Options{Now: time.Now, BusyTimeout: wait})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer s.Close()
	ctx := context.Background()
	sid, err := s.StartSession(ctx, studystore.Session{Drill: "twos", Lexicon: "test"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	stop := make(chan struct{})
	go func() { io.Copy(io.Discard, os.Stdin); close(stop) }()
	for i := 0; ; i++ {
		select {
		case <-stop:
			s.EndSession(ctx, sid)
			return 0
		case <-time.After(every):
		}
		start := time.Now()
		id, err := s.RecordAnswer(ctx, studystore.Answer{SessionID: sid, Drill: "twos", Lexicon: "test",
			Question: fmt.Sprintf("%s-%d", tag, i), Answer: "y", Correct: true})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		fmt.Printf("%d %s-%d %d\n", id, tag, i, time.Since(start).Milliseconds())
	}
}

// bigDeckCards are the cards deckAddChild adds: questions in order, every third not valid.
func bigDeckCards(n int) []studystore.NewCard {
	cards := make([]studystore.NewCard, n)
	for i := range cards {
		valid := i%3 != 0
		cards[i] = studystore.NewCard{Question: fmt.Sprintf("Q%07d", i), Valid: &valid}
	}
	return cards
}

// deckAddChild adds n cards to deck "big" (made if missing) and prints how many it added.
func deckAddChild(path string, n int, wait time.Duration) int {
	s, err := studystore.Open(path, studystore.Options{Now: time.Now, BusyTimeout: wait})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer s.Close()
	ctx := context.Background()
	id, err := s.CreateDeck(ctx, studystore.Deck{Name: "big", Lexicon: "test", Kind: "judge", Scheduler: "fsrs", NewPerDay: 20})
	if errors.Is(err, studystore.ErrDeckExists) {
		var d studystore.Deck
		d, err = s.DeckByName(ctx, "big")
		id = d.ID
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	added, err := s.AddCards(ctx, id, "test", "judge", bigDeckCards(n))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	fmt.Printf("added %d\n", added)
	return 0
}

// openChild opens the database (mode "rw", "existing" or "ro") and reports: "refused: ERROR", or
// what it read, and then what a write did.
func openChild(path, mode string) int {
	s, err := studystore.Open(path, studystore.Options{Now: time.Now, MustExist: mode == "existing", ReadOnly: mode == "ro"})
	if err != nil {
		fmt.Printf("refused: %v\n", err)
		return 0
	}
	defer s.Close()
	ctx := context.Background()
	decks, err := s.Decks(ctx)
	if err != nil {
		fmt.Printf("decks: %v\n", err)
		return 0
	}
	answers, err := s.Answers(ctx, studystore.AnswerQuery{})
	if err != nil {
		fmt.Printf("answers: %v\n", err)
		return 0
	}
	due, err := s.Due(ctx, studystore.DueQuery{Now: time.Now(), DayEnd: time.Now()})
	if err != nil {
		fmt.Printf("due: %v\n", err)
		return 0
	}
	fmt.Printf("read: %d decks, %d answers, %d due\n", len(decks), len(answers), len(due))
	_, err = s.RecordAnswer(ctx, studystore.Answer{Drill: "twos", Lexicon: "test", Question: "AB"})
	fmt.Printf("write: %v (read-only: %v)\n", err, errors.Is(err, studystore.ErrReadOnly))
	return 0
}

// storeChild is a child process of mode (see TestMain) on the database at path.
func storeChild(t *testing.T, path, mode string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ATRIL_STORE_CHILD="+path, "ATRIL_STORE_CHILD_MODE="+mode)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	return testproc.Prepare(t, cmd)
}

func childCmd(t *testing.T, path, n, tag string) *exec.Cmd {
	return storeChild(t, path, "answers", "ATRIL_STORE_CHILD_N="+n, "ATRIL_STORE_CHILD_TAG="+tag)
}

// lines collects a child's stdout lines as they come.
type lines struct {
	mu   sync.Mutex
	got  []string
	done chan struct{}
}

func readLines(t *testing.T, cmd *exec.Cmd) *lines {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	l := &lines{done: make(chan struct{})}
	go func() {
		defer close(l.done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			l.mu.Lock()
			l.got = append(l.got, sc.Text())
			l.mu.Unlock()
		}
	}()
	return l
}

func (l *lines) all() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.got...)
}

// waitFor waits until the child has printed n lines (its readiness), up to a minute.
func (l *lines) waitFor(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); len(l.all()) < n; time.Sleep(time.Millisecond) {
		select {
		case <-l.done:
			if len(l.all()) < n {
				t.Fatalf("the child stopped after printing %d lines, want %d", len(l.all()), n)
			}
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the child printed %d lines in a minute, want %d", len(l.all()), n)
		}
	}
}

// TestKilledMidDrillLosesNothing kills a process recording answers (SIGKILL, no chance to clean
// up) and checks that every answer it had reported as recorded is in the database.
func TestKilledMidDrillLosesNothing(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "atril.db")
	cmd := childCmd(t, path, "0", "k")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	reported := map[int64]string{}
	for sc.Scan() {
		id, q, _ := strings.Cut(sc.Text(), " ")
		n, _ := strconv.ParseInt(id, 10, 64)
		reported[n] = q
		if len(reported) == 300 {
			cmd.Process.Signal(syscall.SIGKILL)
			break
		}
	}
	for sc.Scan() { // whatever it reported before dying
		id, q, _ := strings.Cut(sc.Text(), " ")
		n, _ := strconv.ParseInt(id, 10, 64)
		reported[n] = q
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die of SIGKILL: %v", err)
	}
	if _, err := os.Stat(path + "-wal"); err != nil {
		t.Logf("no WAL left behind (%v)", err)
	}

	s, err := studystore.Open(path, studystore.Options{Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var check string
	if err := s.DB().QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check after kill: %q %v", check, err)
	}
	got, err := s.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	have := map[int64]string{}
	for _, a := range got {
		have[a.ID] = a.Question
	}
	for id, q := range reported {
		if have[id] != q {
			t.Errorf("answer %d (%s) was reported recorded but is %q after the kill", id, q, have[id])
		}
	}
	if len(reported) < 300 || len(got) < len(reported) {
		t.Errorf("reported %d, found %d", len(reported), len(got))
	}
	t.Logf("killed after %d reported answers; %d in the database", len(reported), len(got))
}

// TestTwoProcessesWriteTogether runs two processes recording answers into one database at once,
// while this process records too, and checks that every answer of each arrived.
func TestTwoProcessesWriteTogether(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "atril.db")
	const n = 150
	// Neither process has created the file: both race to migrate it too.
	cmds := []*exec.Cmd{childCmd(t, path, strconv.Itoa(n), "a"), childCmd(t, path, strconv.Itoa(n), "b")}
	var outs []*lines
	for _, c := range cmds {
		outs = append(outs, readLines(t, c))
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	// Ready when both have committed an answer: the file exists, migrated.
	for _, o := range outs {
		o.waitFor(t, 1)
	}
	s, err := studystore.Open(path, studystore.Options{Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range n {
			if _, err := s.RecordAnswer(context.Background(), studystore.Answer{Drill: "judge", Lexicon: "test", Question: fmt.Sprint("c-", i)}); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	for i, c := range cmds {
		<-outs[i].done
		if err := c.Wait(); err != nil {
			t.Fatalf("writer process failed: %v", err)
		}
	}
	wg.Wait()
	got, err := s.Answers(context.Background(), studystore.AnswerQuery{})
	if err != nil {
		t.Fatal(err)
	}
	per := map[byte]int{}
	for _, a := range got {
		per[a.Question[0]]++
	}
	if per['a'] != n || per['b'] != n || per['c'] != n {
		t.Errorf("answers per writer = a:%d b:%d c:%d, want %d each", per['a'], per['b'], per['c'], n)
	}
}
