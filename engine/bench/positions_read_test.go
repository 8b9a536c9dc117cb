package bench

import (
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// A file of positions is read by the shared bounded reader (internal/fileio): a line over 1 MiB
// names the file and the line (it said "bufio.Scanner: token too long"), an endless input (/dev/zero,
// comments for ever) ends, and a FIFO or a device is refused before it is opened.
func TestReadPositionsBounded(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	good := builtin(t, lex, 1, 1)[0].CGP()
	long := good + "\n# " + strings.Repeat("x", 1<<20+10) + "\n"
	_, err := ReadPositions(strings.NewReader(long), "p.cgp", lex.Tiles, engine.StandardLayout())
	if err == nil || !strings.Contains(err.Error(), "p.cgp:2: a line longer than 1 MiB") || strings.Contains(err.Error(), "bufio") {
		t.Errorf("a long line: %v", err)
	}
	_, err = ReadPositions(endless("#"+strings.Repeat("x", 4094)+"\n"), "-", lex.Tiles, engine.StandardLayout())
	if err == nil || !strings.Contains(err.Error(), "standard input: more than 64 MiB") {
		t.Errorf("endless comments on standard input: %v", err)
	}
	fifo := filepath.Join(t.TempDir(), "p.cgp")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for path, kind := range map[string]string{fifo: "named pipe", "/dev/zero": "device"} {
		if _, err := ReadPositionsFile(path, lex.Tiles, engine.StandardLayout()); err == nil || !strings.Contains(err.Error(), path) ||
			!strings.Contains(err.Error(), kind) {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// endless is s for ever (len(s) dividing 4096).
func endless(s string) io.Reader { return &repeating{block: strings.Repeat(s, 4096/len(s))} }

type repeating struct {
	block string
	off   int
}

func (r *repeating) Read(p []byte) (int, error) {
	n := copy(p, r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	return n, nil
}
