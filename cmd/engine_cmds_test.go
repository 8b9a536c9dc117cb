package cmd

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/testlex/refdata"
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
	return testlex.SmallKWG(t, words...)
}

// file2017 is the path of the official list (tests and comparisons only), or "" when absent.
func file2017(t *testing.T) string {
	t.Helper()
	return refdata.Path(refdata.FILE2017)
}

const emptyRows = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
