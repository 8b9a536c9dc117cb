package studystore_test

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// TestReadOnlyLeavesNoTrace: a store opened ReadOnly reads everything, refuses every write with
// ErrReadOnly, and leaves the directory as it found it.
func TestReadOnlyLeavesNoTrace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "atril.db")
	atrilWithData(t, path, 30)
	before := dirState(t, dir)
	s, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return t0 }, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if !s.ReadOnly() {
		t.Error("ReadOnly() is false")
	}
	decks, err := s.Decks(ctx)
	if err != nil || len(decks) != 1 || decks[0].Cards != 30 {
		t.Errorf("decks %+v, %v", decks, err)
	}
	if as, err := s.Answers(ctx, studystore.AnswerQuery{}); err != nil || len(as) != 1 {
		t.Errorf("answers %+v, %v", as, err)
	}
	if due, err := s.Due(ctx, dayQuery(t0, 0)); err != nil || len(due) != 5 {
		t.Errorf("due %d, %v; want the 5 new cards of the day", len(due), err)
	}
	for what, err := range map[string]error{
		"RecordAnswer": func() error {
			_, err := s.RecordAnswer(ctx, studystore.Answer{Drill: "twos", Lexicon: "x", Question: "AB"})
			return err
		}(),
		"CreateDeck": func() error {
			_, err := s.CreateDeck(ctx, studystore.Deck{Name: "b", Lexicon: "x", Kind: "twos", Scheduler: "fsrs"})
			return err
		}(),
		"AddCards": func() error {
			_, err := s.AddCards(ctx, decks[0].ID, "x", "anagram", studystore.Cards("AB"))
			return err
		}(),
		"DeleteDeck":   s.DeleteDeck(ctx, "sietes"),
		"StartSession": func() error { _, err := s.StartSession(ctx, studystore.Session{Drill: "twos"}); return err }(),
	} {
		if !errors.Is(err, studystore.ErrReadOnly) || !strings.Contains(err.Error(), "opened for reading only") {
			t.Errorf("%s on a read-only store: %v, want ErrReadOnly", what, err)
		}
	}
	if _, err := s.DB().Exec(`DELETE FROM answers`); err == nil {
		t.Error("the read-only pool took a DELETE")
	}
	s.Close()
	if diff := sameState(before, dirState(t, dir)); diff != "" {
		t.Errorf("a read-only store changed the directory: %s", diff)
	}
}

// asUnprivileged makes cmd (the test binary) run as a user who cannot write what the test made
// read-only: the test's user, or nobody when that is root (root writes read-only files).
func asUnprivileged(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	// nobody must reach the binary: a copy in a directory anyone can enter.
	dir := t.TempDir()
	for _, d := range []string{dir, filepath.Dir(dir)} {
		os.Chmod(d, 0o755)
	}
	bin := filepath.Join(dir, "studystore.test")
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(bin, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	dst.Close()
	cmd.Path, cmd.Args[0] = bin, bin
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
}

// openAs runs openChild on path (mode "ro", "rw" or "existing") as an unprivileged user and
// returns what it printed.
func openAs(t *testing.T, path, mode string) string {
	t.Helper()
	cmd := storeChild(t, path, "open", "ATRIL_STORE_CHILD_OPEN="+mode)
	asUnprivileged(t, cmd)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("open child (%s): %v\n%s", mode, err, out)
	}
	return string(out)
}

// TestReadOnlyFiles: a database this process may not write (the file, its directory, or both)
// is read by ReadOnly, refused up front by the writing modes with a message saying so, and left
// as it was, without -wal or -shm files.
func TestReadOnlyFiles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name              string
		fileMode, dirMode os.FileMode
		refusal           string
	}{
		{"read-only file", 0o444, 0o755, "is read-only: answers and decks cannot be saved in it"},
		{"read-only directory", 0o666, 0o555, "is read-only, and saving in a study database needs atril.db-wal beside it"},
		{"both", 0o444, 0o555, "is read-only: answers and decks cannot be saved in it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Chmod(filepath.Dir(dir), 0o755)
			path := filepath.Join(dir, "atril.db")
			atrilWithData(t, path, 30)
			os.Chmod(path, c.fileMode)
			os.Chmod(dir, c.dirMode)
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			before := dirState(t, dir)
			if got := openAs(t, path, "ro"); !strings.Contains(got, "read: 1 decks, 1 answers") || !strings.Contains(got, "read-only: true") {
				t.Errorf("ReadOnly open:\n%s", got)
			}
			for _, mode := range []string{"rw", "existing"} {
				if got := openAs(t, path, mode); !strings.Contains(got, "refused: ") || !strings.Contains(got, c.refusal) || !strings.Contains(got, path) {
					t.Errorf("%s open: %s, want it refused saying %q", mode, got, c.refusal)
				}
			}
			if diff := sameState(before, dirState(t, dir)); diff != "" {
				t.Errorf("the directory changed: %s", diff)
			}
		})
	}
}

// TestReadOnlyOldSchema: ReadOnly brings an older database up to date when it may write it, and
// refuses, saying why, when it may not.
func TestReadOnlyOldSchema(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.Chmod(filepath.Dir(dir), 0o755)
	path := filepath.Join(dir, "atril.db")
	old, err := studystore.Open(path, studystore.Options{Now: time.Now, MaxVersion: 1})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	os.Chmod(path, 0o444)
	before := dirState(t, dir)
	want := "is read-only and has schema 1, older than the"
	if got := openAs(t, path, "ro"); !strings.Contains(got, want) {
		t.Errorf("ReadOnly on a read-only schema-1 file: %s, want %q", got, want)
	}
	if diff := sameState(before, dirState(t, dir)); diff != "" {
		t.Errorf("the directory changed: %s", diff)
	}
	os.Chmod(path, 0o644)
	s, err := studystore.Open(path, studystore.Options{Now: time.Now, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Version(); v != studystore.SchemaVersion() || !s.ReadOnly() {
		t.Errorf("schema %d after a ReadOnly open of a writable schema-1 file, want %d, read-only", v, studystore.SchemaVersion())
	}
}

// TestReadOnlyWhileWriting: a reader opened while a drill writes sees its committed answers, and
// the drill goes on saving.
func TestReadOnlyWhileWriting(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "atril.db")
	c := storeChild(t, path, "drill", "ATRIL_STORE_CHILD_TAG=w", "ATRIL_STORE_CHILD_EVERY=5ms")
	stdin, err := c.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out := readLines(t, c)
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	defer c.Process.Kill()
	out.waitFor(t, 5)
	for i := range 20 {
		seen := len(out.all())
		s, err := studystore.Open(path, studystore.Options{Now: time.Now, ReadOnly: true})
		if err != nil {
			t.Fatalf("reader %d: %v", i, err)
		}
		as, err := s.Answers(context.Background(), studystore.AnswerQuery{})
		s.Close()
		if err != nil || len(as) < seen {
			t.Fatalf("reader %d: %d answers, %v; the drill had reported %d", i, len(as), err, seen)
		}
	}
	n := len(out.all())
	out.waitFor(t, n+5)
	stdin.Close()
	<-out.done
	if err := c.Wait(); err != nil {
		t.Errorf("the drill failed while read: %v", err)
	}
}
