package lexicon

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Word lists and tile sets are read by the shared bounded reader (internal/fileio): its caps and
// errors name standard input as such, and a read that fails midway names the file and the line.
func TestListReadersNameInputAndLine(t *testing.T) {
	ts := DefaultTileSet()
	if _, err := ReadWordList(zeros{}, "-", ts, false); err == nil || !strings.Contains(err.Error(), "standard input:1: line longer than 1 MB") {
		t.Errorf("word list from standard input (/dev/zero): %v", err)
	}
	if _, err := ParseTileSet("z", "-", zeros{}); err == nil || !strings.Contains(err.Error(), "standard input:1: line longer than 64 KB") {
		t.Errorf("tile set from standard input (/dev/zero): %v", err)
	}
	broken := func(text string) io.Reader { return io.MultiReader(strings.NewReader(text), failing{}) }
	if _, err := ReadWordList(broken("casa\nmesa\n"), "words.txt", ts, false); err == nil || !strings.Contains(err.Error(), "words.txt:3") ||
		!strings.Contains(err.Error(), "disk gone") {
		t.Errorf("word list failing at line 3: %v", err)
	}
	if _, err := ParseTileSet("x", "set.csv", broken("A,12,1,true\n")); err == nil || !strings.Contains(err.Error(), "set.csv:2") ||
		!strings.Contains(err.Error(), "disk gone") {
		t.Errorf("tile set failing at line 2: %v", err)
	}
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("disk gone") }

// A tile set file that is a FIFO or a device is refused before it is read.
func TestLoadTileSetRefusesSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "set.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for path, kind := range map[string]string{fifo: "named pipe", "/dev/zero": "device"} {
		if _, err := LoadTileSet(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), kind) {
			t.Errorf("%s: %v", path, err)
		}
	}
}
