package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// Helpers for the engine commands' tests (score, show, selfplay).

// runEngineCmd runs atril with args and returns stdout, stderr and the exit code.
func runEngineCmd(t *testing.T, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := &IO{
		In: strings.NewReader(""), Out: &out, Err: &errb,
		Now:    func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		Getenv: func(k string) string { return env[k] },
	}
	code := Run(io, args)
	return out.String(), errb.String(), code
}

// engineTestLexicon compiles a small word list into a .kwg file in a temporary directory.
func engineTestLexicon(t *testing.T, words ...string) string {
	t.Helper()
	ts := lexicon.DefaultTileSet()
	var ws [][]lexicon.Tile
	for _, w := range words {
		tiles, err := ts.ParseWord(w)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, tiles)
	}
	g, err := lexicon.BuildKWG(ws)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "small.kwg")
	if err := os.WriteFile(path, g.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// file2017 is the path of the official list (tests and comparisons only), or "" when absent.
func file2017(t *testing.T) string {
	t.Helper()
	dir, _ := os.Getwd()
	for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		p := filepath.Join(dir, "shared", "lexica", "FILE2017.kwg")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

const emptyRows = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
