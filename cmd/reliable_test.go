package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// Tests of issue 24: nothing lost, nothing hangs, nothing fails silently.

// endlessInput is standard input that never ends and never ends a line (/dev/zero), after a
// first part.
func endlessInput(first string) io.Reader {
	return io.MultiReader(strings.NewReader(first), zeroReader{})
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// runWith runs atril with stdin in, returning stdout, stderr and the exit code.
func runWith(t *testing.T, in io.Reader, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(&IO{In: in, Out: &out, Err: &errb, Now: func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) },
		Getenv: func(string) string { return "" }}, args)
	return out.String(), errb.String(), code
}

// TestAnswerReadersCapALine: drills, reviews and puzzles drop an answer line of a megabyte
// (saying so) and go on; standard input that never ends ends the session with an error that
// names it, the answers given before it saved.
func TestAnswerReadersCapALine(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	huge := strings.Repeat("A", 1<<20) + "\n"
	answers := func() int {
		st := openTestStore(t, db)
		as, err := st.Answers(context.Background(), studystore.AnswerQuery{})
		if err != nil {
			t.Fatal(err)
		}
		st.Close()
		return len(as)
	}

	out, errOut, code := runWith(t, strings.NewReader("y\n"+huge+"n\n"), "drill", "twos", "--count", "2", "--lexicon", kwg, "--db", db)
	if code != 0 || !strings.Contains(out, "a line longer than 4 KiB was ignored") {
		t.Fatalf("drill twos: exit %d\n%s\n%s", code, out, errOut)
	}
	if len(out) > 100_000 {
		t.Errorf("the dropped line is echoed somewhere: %d bytes of output", len(out))
	}
	if n := answers(); n != 2 {
		t.Errorf("%d answers saved, want 2", n)
	}

	_, errOut, code = runWith(t, endlessInput("y\n"), "drill", "twos", "--count", "3", "--lexicon", kwg, "--db", db)
	if code != ExitError || !strings.Contains(errOut, "standard input: more than 64 MiB") {
		t.Errorf("drill twos on endless input: exit %d, %q", code, errOut)
	}
	if n := answers(); n != 3 {
		t.Errorf("%d answers saved, want 3 (the one before the endless line)", n)
	}

	if _, errOut, code := runWith(t, nil, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--lexicon", kwg, "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code = runWith(t, strings.NewReader(huge+"y\n"), "review", "--lexicon", kwg, "--db", db)
	if code != 0 || !strings.Contains(out, "a line longer than 4 KiB was ignored") {
		t.Fatalf("review: exit %d\n%s\n%s", code, out, errOut)
	}
	if n := answers(); n != 4 {
		t.Errorf("%d answers saved, want 4", n)
	}

	if _, errOut, code := runWith(t, nil, "puzzle", "gen", "--selfplay", "1", "--seed", "3", "--no-sim", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code = runWith(t, strings.NewReader(huge+"!\n"), "puzzle", "--count", "1", "--db", db)
	if code != 0 || !strings.Contains(out, "a line longer than 4 KiB was ignored") || !strings.Contains(out, "Given up                 1") {
		t.Fatalf("puzzle: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestFloatFlagsRefuseNonFinite: every number flag refuses NaN and infinities when it is
// parsed, exit 2 naming the flag (they reached a JSON encoder and exited 3).
func TestFloatFlagsRefuseNonFinite(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}})
	seen := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "float64" {
				return
			}
			seen++
			for _, v := range []string{"NaN", "nan", "Inf", "-Inf", "+infinity", "1e999"} {
				if err := f.Value.Set(v); err == nil {
					t.Errorf("%s --%s %s taken: %s", c.CommandPath(), f.Name, v, f.Value.String())
				}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if seen < 8 {
		t.Errorf("only %d number flags seen", seen)
	}
	for _, args := range [][]string{
		{"puzzle", "gen", "--selfplay", "1", "--margin", "NaN"},
		{"puzzle", "gen", "--selfplay", "1", "--accept", "Inf"},
		{"puzzle", "gen", "--selfplay", "1", "--min-loss", "nan"},
		{"sim", "--stop", "NaN", "--cgp", "x"},
	} {
		_, errOut, code := runWith(t, strings.NewReader(""), append(args, "--db", filepath.Join(t.TempDir(), "a.db"))...)
		flag := args[len(args)-2]
		if args[0] == "sim" {
			flag = "--stop"
		}
		if code != ExitError || !strings.Contains(errOut, flag+" ") || !strings.Contains(errOut, "expected a number") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestPuzzleAnswerWordNotOnRack: on a bingo puzzle, the word alone made of tiles the rack
// does not hold is a slip, as the same word with coordinates is: bad input, not rated.
func TestPuzzleAnswerWordNotOnRack(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	out, errOut, code := runWith(t, nil, "puzzle", "gen", "--selfplay", "2", "--seed", "3", "--no-sim", "--kind", "bingo", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("gen: %d %s", code, errOut)
	}
	var gen struct {
		Puzzles []struct {
			ID int64 `json:"id"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal([]byte(out), &gen); err != nil || len(gen.Puzzles) == 0 {
		t.Fatalf("%v: %s", err, out)
	}
	id := fmt.Sprint(gen.Puzzles[0].ID)
	for _, answer := range []string{"ZZZZZZZ", "8H ZZZZZZZ"} {
		_, errOut, code = runWith(t, nil, "puzzle", "answer", "--db", db, "--", id, answer)
		if code != ExitError || !strings.Contains(errOut, "cannot be played here") || !strings.Contains(errOut, "Not counted") {
			t.Errorf("%s: exit %d, %q", answer, code, errOut)
		}
	}
	out, _, _ = runWith(t, nil, "puzzle", "stats", "--json", "--db", db)
	if !strings.Contains(out, `"rated": 0`) {
		t.Errorf("a slip was rated:\n%s", out)
	}
}
