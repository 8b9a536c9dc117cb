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
// that is not valid (a clear "no"), and never 2 or 3. LEEME.md, the Spanish README, is run the
// same way in Spanish, and must show as many commands.
func TestReadmeTour(t *testing.T) {
	t.Parallel()
	en := runTour(t, "../README.md", "## A short tour", "## Set up", "en")
	es := runTour(t, "../LEEME.md", "## Un recorrido breve", "## Puesta en marcha", "es")
	if en != es {
		t.Errorf("README.md's tour has %d commands, LEEME.md's %d: keep them together", en, es)
	}
}

func runTour(t *testing.T, file, tourHeading, setupHeading, lang string) int {
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	lines := tourLines(t, readme, tourHeading)
	if len(lines) < 10 {
		t.Fatalf("found %d tour commands in %s; the tour section moved or lost its commands", len(lines), file)
	}
	// The set-up command: build, then run the main job.
	k := strings.Index(readme, setupHeading)
	if k < 0 {
		t.Fatalf("%s has no %q section", file, setupHeading)
	}
	setup := readme[k:]
	k = strings.Index(setup, "&& ./atril ")
	if k < 0 {
		t.Fatalf("%s's set-up command does not run ./atril after building it", file)
	}
	lines = append(lines, strings.TrimSpace(strings.SplitN(setup[k+3:], "\n", 2)[0]))
	dir := t.TempDir()
	env := map[string]string{
		"ATRIL_DATA_DIR": filepath.Join(dir, "data"),
		"ATRIL_DB":       filepath.Join(dir, "atril.db"),
		"NO_COLOR":       "1",
		"ATRIL_LANG":     lang,
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
			t.Errorf("%s (%s)\nexit %d\nstdout: %s\nstderr: %s", line, file, code, out.String(), errOut.String())
		}
		if out.Len() == 0 {
			t.Errorf("%s (%s): printed nothing", line, file)
		}
	}
	return len(lines)
}

// tourLines returns the ./atril lines of the first sh block after the tour's heading, comments cut.
func tourLines(t *testing.T, readme, heading string) []string {
	i := strings.Index(readme, heading)
	if i < 0 {
		t.Fatalf("no %q section", heading)
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
