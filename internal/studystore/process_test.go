package studystore_test

import (
	"bufio"
	"context"
	"fmt"
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
)

// The test binary doubles as a drilling process: with ATRIL_STORE_CHILD set it records answers
// into that database, printing each answer's id once RecordAnswer has returned (committed).
func TestMain(m *testing.M) {
	if path := os.Getenv("ATRIL_STORE_CHILD"); path != "" {
		os.Exit(child(path, os.Getenv("ATRIL_STORE_CHILD_N"), os.Getenv("ATRIL_STORE_CHILD_TAG")))
	}
	code := m.Run()
	if bigPath != "" {
		os.RemoveAll(filepath.Dir(bigPath))
	}
	os.Exit(code)
}

func child(path, count, tag string) int {
	n, _ := strconv.Atoi(count) // 0: until killed
	s, err := studystore.Open(path, studystore.Options{Now: time.Now})
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

func childCmd(t *testing.T, path, n, tag string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ATRIL_STORE_CHILD="+path, "ATRIL_STORE_CHILD_N="+n, "ATRIL_STORE_CHILD_TAG="+tag)
	cmd.Stderr = os.Stderr
	return cmd
}

// TestKilledMidDrillLosesNothing kills a process recording answers (SIGKILL, no chance to clean
// up) and checks that every answer it had reported as recorded is in the database.
func TestKilledMidDrillLosesNothing(t *testing.T) {
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
// while this process reviews, and checks that every answer of each arrived.
func TestTwoProcessesWriteTogether(t *testing.T) {
	path := filepath.Join(t.TempDir(), "atril.db")
	const n = 150
	// Neither process has created the file: both race to migrate it too.
	cmds := []*exec.Cmd{childCmd(t, path, strconv.Itoa(n), "a"), childCmd(t, path, strconv.Itoa(n), "b")}
	var wg sync.WaitGroup
	for _, c := range cmds {
		c.Stdout = nil
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(50 * time.Millisecond)
	s, err := studystore.Open(path, studystore.Options{Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
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
	for _, c := range cmds {
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
