package fileio

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testproc"
)

// zeros is an endless input, as /dev/zero is.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// within fails the test if f does not return in time: what it guards against is blocking
// for ever.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("still blocked after 10 s")
	}
}

func TestOpenRefusesSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	link := filepath.Join(dir, "zero.gcg")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, kind string }{
		{fifo, "named pipe"}, {"/dev/zero", "device"}, {link, "device"}, {dir, "directory"},
	} {
		within(t, func() {
			_, err := Open(c.path)
			var nr *NotRegularError
			if !errors.As(err, &nr) {
				t.Fatalf("Open(%s) = %v, want a NotRegularError", c.path, err)
			}
			if msg := err.Error(); !strings.Contains(msg, c.path) || !strings.Contains(msg, c.kind) {
				t.Errorf("Open(%s): %q, want the path and %q", c.path, msg, c.kind)
			}
		})
	}
	// A regular file opens and reads as ever.
	file := filepath.Join(dir, "words.txt")
	os.WriteFile(file, []byte("CASA\n"), 0o644)
	b, err := ReadFile(file, 100)
	if err != nil || string(b) != "CASA\n" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
	if _, err := ReadFile(file, 4); !errors.As(err, new(*TooBigError)) || !strings.Contains(err.Error(), file) {
		t.Errorf("5 bytes with a cap of 4: %v, want too big naming the file", err)
	}
}

func TestReadAllCapsEndlessInput(t *testing.T) {
	t.Parallel()
	b, err := ReadAll(zeros{}, Stdin, 1<<20)
	var tb *TooBigError
	if !errors.As(err, &tb) || b != nil {
		t.Fatalf("ReadAll(endless) = %d bytes, %v; want a TooBigError", len(b), err)
	}
	if msg := i18n.For(i18n.Spanish).Err(err); !strings.Contains(msg, "la entrada estándar") || !strings.Contains(msg, "1 MiB") {
		t.Errorf("in Spanish: %q, want it to name standard input and the cap", msg)
	}
	// Exactly the cap is fine.
	if b, err := ReadAll(strings.NewReader("abcd"), "f", 4); err != nil || string(b) != "abcd" {
		t.Errorf("4 bytes, cap 4: %q, %v", b, err)
	}
}

func TestScannerCaps(t *testing.T) {
	t.Parallel()
	in := "one\r\ntwo\n" + strings.Repeat("x", 100) + "\nfour\n"
	s := NewScanner(strings.NewReader(in), "game.gcg", 1<<20, 50)
	var got []string
	for s.Scan() {
		got = append(got, s.Text())
	}
	var lt *LineTooLongError
	if err := s.Err(); !errors.As(err, &lt) || lt.Line != 3 || !strings.Contains(err.Error(), "game.gcg:3") {
		t.Fatalf("lines %q, err %v; want line 3 too long", got, err)
	}
	if strings.Join(got, ",") != "one,two" {
		t.Errorf("lines before it: %q", got)
	}
	// A line just under the cap, and the size cap on endless short lines.
	s = NewScanner(strings.NewReader(strings.Repeat("y", 50)+"\n"), "f", 1<<20, 50)
	if !s.Scan() || s.Scan() || s.Err() != nil {
		t.Errorf("a 50-byte line with a cap of 50: %v", s.Err())
	}
	s = NewScanner(io.MultiReader(strings.NewReader(strings.Repeat("ab\n", 1000))), "many", 2000, 50)
	n := 0
	for s.Scan() {
		n++
	}
	if err := s.Err(); !errors.As(err, new(*TooBigError)) || n > 667 {
		t.Errorf("3000 bytes, cap 2000: %d lines, %v", n, err)
	}
	// /dev/zero: no line end ever.
	within(t, func() {
		s := NewScanner(zeros{}, Stdin, 1<<30, 4096)
		for s.Scan() {
		}
		if !errors.As(s.Err(), &lt) {
			t.Errorf("endless zeros: %v, want a line too long", s.Err())
		}
	})
}

func TestLineReaderDropsLongLinesAndGoesOn(t *testing.T) {
	t.Parallel()
	in := "casa\n" + strings.Repeat("z", 10_000) + "\nperro\r\nfin"
	r := NewLineReader(strings.NewReader(in), Stdin, 4096, 1<<20)
	var got []string
	drops := 0
	for {
		line, dropped, err := r.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if dropped {
			drops++
			continue
		}
		got = append(got, string(line))
	}
	if strings.Join(got, "|") != "casa|perro\r|fin" || drops != 1 {
		t.Errorf("lines %q, %d dropped; want casa, perro, fin and one dropped", got, drops)
	}
	within(t, func() {
		r := NewLineReader(zeros{}, Stdin, 4096, 8<<20)
		for {
			_, _, err := r.ReadLine()
			if err != nil {
				if !errors.As(err, new(*TooBigError)) {
					t.Errorf("endless zeros: %v, want too big", err)
				}
				return
			}
		}
	})
}

func TestOutputRefusesSpecialFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, path := range []string{fifo, "/dev/full", "/dev/null", dir} {
		within(t, func() {
			err := WriteFile(path, func(w io.Writer) error { _, err := w.Write([]byte("x")); return err })
			var nr *NotRegularError
			if !errors.As(err, &nr) || !strings.Contains(err.Error(), path) {
				t.Errorf("WriteFile(%s) = %v, want it refused", path, err)
			}
		})
	}
	for _, dev := range []string{"/dev/full", "/dev/null"} {
		if fi, err := os.Stat(dev); err != nil || fi.Mode().IsRegular() {
			t.Errorf("%s is no longer a device: %v", dev, fi.Mode())
		}
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced")
	}
}

func TestOutputWholeOrNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "table.klv2")
	os.WriteFile(path, []byte("old"), 0o640)
	// write fails: the old file stays, nothing is left beside it.
	err := WriteFile(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return errors.New("learning failed")
	})
	if err == nil || err.Error() != "learning failed" {
		t.Fatalf("WriteFile = %v", err)
	}
	// Written: the new content, the old file's permissions, no temporary or lock file left.
	if err := WriteFile(path, func(w io.Writer) error { _, err := w.Write([]byte("new")); return err }); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(b) != "new" || fi.Mode().Perm() != 0o640 {
		t.Errorf("after WriteFile: %q, mode %v", b, fi.Mode().Perm())
	}
	// Through a symbolic link: the file it points to is written, the link kept.
	link := filepath.Join(dir, "link.klv2")
	os.Symlink(path, link)
	if err := WriteFile(link, func(w io.Writer) error { _, err := w.Write([]byte("via link")); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "via link" {
		t.Errorf("through the link: %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("left in the directory: %v, want only the file and the link", names)
	}
}

func TestOutputOneWriterAtATime(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "out.klv2")
	a, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path); err == nil || !strings.Contains(err.Error(), "another atril") || !strings.Contains(err.Error(), path) {
		t.Fatalf("second writer: %v, want it refused", err)
	}
	a.Write([]byte("first"))
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	// Free again once the first is done.
	b, err := Create(path)
	if err != nil {
		t.Fatalf("after the first committed: %v", err)
	}
	b.Abort()
	if got, _ := os.ReadFile(path); string(got) != "first" {
		t.Errorf("after an abort: %q, want the committed file", got)
	}
}

func TestOutputRefusesATargetChangedMeanwhile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "stats.png")
	o, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	o.Write([]byte("ours"))
	os.WriteFile(path, []byte("theirs"), 0o644) // another program, not an atril
	if err := o.Commit(); err == nil || !strings.Contains(err.Error(), "changed by another program") {
		t.Fatalf("Commit = %v, want it refused", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "theirs" {
		t.Errorf("the other program's file became %q", b)
	}
	// A directory put in its place is not replaced either.
	os.Remove(path)
	o, _ = Create(path)
	o.Write([]byte("ours"))
	os.Mkdir(path, 0o755)
	if err := o.Commit(); !errors.As(err, new(*NotRegularError)) {
		t.Errorf("Commit over a new directory = %v", err)
	}
}

// TestOutputWriteErrorKeepsOldFile writes past a file size limit in a child process (the
// limit is the process's): the write fails for real, and the old file must stay whole.
func TestOutputWriteErrorKeepsOldFile(t *testing.T) {
	if path := os.Getenv("FILEIO_TEST_FSIZE"); path != "" {
		syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 1000, Max: 1000})
		err := WriteFile(path, func(w io.Writer) error {
			_, err := w.Write(bytes.Repeat([]byte("n"), 5000))
			return err
		})
		if err == nil {
			os.Exit(0)
		}
		os.Stderr.WriteString(err.Error())
		os.Exit(7)
	}
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "table.klv2")
	os.WriteFile(path, []byte("old table"), 0o644)
	cmd := exec.Command(os.Args[0], "-test.run=^TestOutputWriteErrorKeepsOldFile$")
	cmd.Env = append(os.Environ(), "FILEIO_TEST_FSIZE="+path)
	testproc.Prepare(t, cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 7 {
		t.Fatalf("child: %v (%s), want the write to fail", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "could not be written, and is as it was") {
		t.Errorf("error %q", stderr.String())
	}
	if b, _ := os.ReadFile(path); string(b) != "old table" {
		t.Errorf("old file became %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files left in the directory, want 1", len(ents))
	}
}
