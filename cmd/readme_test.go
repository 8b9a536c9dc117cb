package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReadmeTour runs every command of README.md's "A short tour" on the embedded default, so a
// promise in the README cannot silently break: each must exit 0, or 1 where the line judges a word
// that is not valid (a clear "no"), and never 2 or 3.
func TestReadmeTour(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := tourLines(t, string(readme))
	if len(lines) < 10 {
		t.Fatalf("found %d tour commands in README.md; the tour section moved or lost its commands", len(lines))
	}
	// The set-up command: build, then run the main job.
	setup := string(readme)[strings.Index(string(readme), "## Set up"):]
	k := strings.Index(setup, "&& ./atril ")
	if k < 0 {
		t.Fatal("README's set-up command does not run ./atril after building it")
	}
	lines = append(lines, strings.TrimSpace(strings.SplitN(setup[k+3:], "\n", 2)[0]))
	dir := t.TempDir()
	env := map[string]string{
		"ATRIL_DATA_DIR": filepath.Join(dir, "data"),
		"ATRIL_DB":       filepath.Join(dir, "atril.db"),
		"NO_COLOR":       "1",
	}
	clock := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	for _, line := range lines {
		args, err := shellWords(strings.TrimPrefix(line, "./atril "))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var out, errOut bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errOut,
			Now: func() time.Time { return clock }, Getenv: func(k string) string { return env[k] }}
		code := Run(io, args)
		wantNo := strings.Contains(line, "ZZZ") // the lines that judge a non-word
		if code != ExitOK && !(wantNo && code == ExitNo) {
			t.Errorf("%s\nexit %d\nstdout: %s\nstderr: %s", line, code, out.String(), errOut.String())
		}
		if out.Len() == 0 {
			t.Errorf("%s: printed nothing", line)
		}
	}
}

// tourLines returns the ./atril lines of the first sh block after "## A short tour", comments cut.
func tourLines(t *testing.T, readme string) []string {
	i := strings.Index(readme, "## A short tour")
	if i < 0 {
		t.Fatal(`README.md has no "## A short tour" section`)
	}
	rest := readme[i:]
	start := strings.Index(rest, "```sh\n")
	end := strings.Index(rest[start+6:], "```")
	if start < 0 || end < 0 {
		t.Fatal("the tour has no sh block")
	}
	var lines []string
	for _, l := range strings.Split(rest[start+6:start+6+end], "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "./atril ") {
			continue
		}
		if c := strings.Index(l, "  #"); c >= 0 {
			l = strings.TrimSpace(l[:c])
		}
		lines = append(lines, l)
	}
	return lines
}

// shellWords splits a line as sh would for the README's simple quoting (single quotes only).
func shellWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, os.ErrInvalid
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
