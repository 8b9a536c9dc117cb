package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/internal/fileio"
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
		// A play that cannot be made is a clear no (exit 1, as in atril score), not counted.
		if code != ExitNo || !strings.Contains(errOut, "cannot be played here") || !strings.Contains(errOut, "Not counted") {
			t.Errorf("%s: exit %d, %q", answer, code, errOut)
		}
	}
	out, _, _ = runWith(t, nil, "puzzle", "stats", "--json", "--db", db)
	if !strings.Contains(out, `"rated": 0`) {
		t.Errorf("a slip was rated:\n%s", out)
	}
}

// runEnv runs atril with an environment, stdin empty, failing the test if it does not return
// within 20 s (what these tests guard against is blocking for ever).
func runEnv(t *testing.T, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		out, err string
		code     int
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb,
			Now: func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }, Getenv: func(k string) string { return env[k] }}, args)
		done <- result{out.String(), errb.String(), code}
	}()
	select {
	case r := <-done:
		return r.out, r.err, r.code
	case <-time.After(20 * time.Second):
		t.Fatalf("atril %v still blocked after 20 s", args)
	}
	return "", "", 0
}

// TestSpecialFilesRefused: a FIFO with no writer, or a device, given where atril reads a file
// is refused at once, exit 2, saying what it is (they blocked for ever, or read /dev/zero
// until memory ran out).
func TestSpecialFilesRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	env := map[string]string{"ATRIL_DATA_DIR": filepath.Join(dir, "data"), "ATRIL_DB": filepath.Join(dir, "atril.db")}
	cgp := "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 BOCAERS/ 0/0 0"
	for _, path := range []string{fifo, "/dev/zero"} {
		for _, args := range [][]string{
			{"puzzle", "gen", "--gcg", path, "--no-sim"},
			{"show", "--gcg", path},
			{"fsrs", "fit", "--revlog", path},
			{"lexicon", "add", "MIO", path},
			{"leaves", "use", path},
			{"moves", "--leaves", path, "--cgp", cgp},
			{"sim", "--leaves", path, "--cgp", cgp, "--iterations", "10"},
			{"selfplay", "--leaves", path, "--games", "1"},
			{"deck", "add", "d", "--file", path},
			{"judge", "--tiles", path, "CASA"},
			{"judge", "--lexicon", path, "CASA"},
			{"bench", "--positions", path},
			{"analyze", path},
			{"endgame", "--gcg", path},
			{"deck", "import", "--zyzzyva", path},
		} {
			_, errOut, code := runEnv(t, env, args...)
			kind := "named pipe"
			if path == "/dev/zero" {
				kind = "device"
			}
			if code != ExitError || !strings.Contains(errOut, path) || !strings.Contains(errOut, kind) {
				t.Errorf("%v: exit %d, %q", args, code, errOut)
			}
		}
	}
}

// TestOutputsNotReplacedOrLost: --out, --plot and saved games refuse a device or a FIFO (the
// device stays a device, and nothing says "written"); a second leaves learn on the same --out
// is refused while the first writes it.
func TestOutputsNotReplacedOrLost(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	lex := engineTestLexicon(t, leavesWords...)
	db := filepath.Join(dir, "atril.db")
	env := map[string]string{"ATRIL_DB": db}
	for _, target := range []string{"/dev/full", fifo} {
		_, errOut, code := runEnv(t, env, "leaves", "learn", "--lexicon", lex, "--games", "20", "--generations", "1", "--out", target)
		if code != ExitError || !strings.Contains(errOut, target+" is ") || !strings.Contains(errOut, "not a regular file") {
			t.Errorf("leaves learn --out %s: exit %d, %q", target, code, errOut)
		}
	}
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Fatalf("/dev/full is no longer a device: %v", err)
	}
	// Some answers to draw.
	if _, errOut, code := runWith(t, strings.NewReader("y\nn\ny\n"), "drill", "twos", "--count", "3", "--lexicon", lex, "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{{"stats", "--plot", fifo}, {"stats", "--plot", "/dev/full"}, {"forecast", "--plot", fifo}, {"puzzle", "stats", "--plot", fifo},
		{"analyze", "--plot", fifo, filepath.Join("..", "engine", "gcg", "testdata", "spanish.gcg")},
		{"games", "export", "1", "--out", "/dev/full"}, {"games", "export", "1", "--out", fifo}} {
		out, errOut, code := runEnv(t, env, args...)
		if code != ExitError || strings.Contains(out+errOut, "written") || !strings.Contains(errOut, "not a regular file") {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
	}
	games := filepath.Join(dir, "games")
	os.Mkdir(games, 0o755)
	syscall.Mkfifo(filepath.Join(games, "game-0001.gcg"), 0o644)
	if _, errOut, code := runEnv(t, env, "selfplay", "--games", "1", "--save", games, "--lexicon", lex); code != ExitError || !strings.Contains(errOut, "named pipe") {
		t.Errorf("selfplay --save over a FIFO: exit %d, %q", code, errOut)
	}

	// Two writers of one table: the second is refused at once, the first's table kept.
	out := filepath.Join(dir, "table.klv2")
	first, err := fileio.Create(out) // another atril, writing out
	if err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runEnv(t, env, "leaves", "learn", "--lexicon", lex, "--games", "20", "--generations", "1", "--out", out)
	if code != ExitError || !strings.Contains(errOut, out+" is being written by another atril now") {
		t.Errorf("second writer: exit %d, %q", code, errOut)
	}
	first.Write([]byte("the first run's table"))
	if err := first.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) != "the first run's table" {
		t.Errorf("the first table became %q", b)
	}
}

// TestGCGForeignPragmas: show notes a game of another tile distribution or lexicon; puzzle gen
// refuses the first (no puzzle of this set comes from it) and notes the second.
func TestGCGForeignPragmas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := "#player1 ana Ana\n#player2 beto Beto\n%s>ana: ABCO?EI 8F BOCa +14 14\n"
	english := filepath.Join(dir, "en.gcg")
	os.WriteFile(english, []byte(fmt.Sprintf(game, "#tile-distribution english\n")), 0o644)
	otherLex := filepath.Join(dir, "nwl.gcg")
	os.WriteFile(otherLex, []byte(fmt.Sprintf(game, "#lexicon NWL2023\n")), 0o644)
	_, errOut, code := runWith(t, nil, "show", "--gcg", english)
	if code != 0 || !strings.Contains(errOut, `the game names the tile distribution "english"`) {
		t.Errorf("show: exit %d, %q", code, errOut)
	}
	db := filepath.Join(dir, "p.db")
	_, errOut, code = runWith(t, nil, "puzzle", "gen", "--gcg", english, "--no-sim", "--db", db)
	if code != ExitError || !strings.Contains(errOut, english+`: the game names the tile distribution "english": it makes no puzzles for the fise tile set`) {
		t.Errorf("puzzle gen, English: exit %d, %q", code, errOut)
	}
	_, errOut, code = runWith(t, nil, "puzzle", "gen", "--gcg", otherLex, "--no-sim", "--db", db)
	if code != 0 || !strings.Contains(errOut, `the game was played with lexicon "NWL2023"; atril judges it with FISE2-LIBRE`) {
		t.Errorf("puzzle gen, NWL2023: exit %d, %q", code, errOut)
	}
}

// TestStatsSinceTheBeginning: --since 0001-01-01 is honoured (every answer, one window from
// the first day atril can time), not taken for no --since at all.
func TestStatsSinceTheBeginning(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	if _, errOut, code := runWith(t, strings.NewReader("y\nn\n"), "drill", "twos", "--count", "2", "--lexicon", lex, "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code := runWith(t, nil, "stats", "--since", "0001-01-01", "--json", "--db", db)
	var r struct {
		Windows []struct {
			Since string `json:"since"`
			Total struct {
				Answers int `json:"answers"`
			} `json:"total"`
		} `json:"windows"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if len(r.Windows) != 1 || r.Windows[0].Since != "1970-01-01" || r.Windows[0].Total.Answers != 2 {
		t.Errorf("windows %+v, want one since 1970-01-01 with both answers", r.Windows)
	}
}

// TestDeckNames: a deck name with a control character or over 100 characters is refused; one
// made before names were checked is listed escaped, not obeyed.
func TestDeckNames(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, drillTestWords...)
	db := filepath.Join(t.TempDir(), "atril.db")
	base := []string{"--lexicon", lex, "--db", db}
	for _, c := range []struct{ name, want string }{
		{"dos\nlíneas", `deck name "dos\nlíneas": holds a control character`},
		{"\x1b[31mrojo", `deck name "\x1b[31mrojo": holds a control character`},
		{strings.Repeat("m", 101), "101 characters; a deck name has at most 100"},
		{"\xff\xfe", `deck name "\xff\xfe": not UTF-8 text`},
	} {
		_, errOut, code := runWith(t, nil, append(base, "deck", "add", c.name, "--search", "length:2")...)
		if code != ExitError || !strings.Contains(errOut, c.want) || len(errOut) > 400 {
			t.Errorf("deck add %q: exit %d, %q", c.name, code, errOut)
		}
	}
	if _, errOut, code := runWith(t, nil, append(base, "deck", "add", strings.Repeat("ñ", 100), "--search", "length:2")...); code != 0 {
		t.Errorf("a name of 100 characters: %s", errOut)
	}
	// An odd name from an older atril, written straight into the file.
	st := openTestStore(t, db)
	if _, err := st.DB().Exec(`UPDATE decks SET name = ? WHERE id = 1`, "viejo\x1b[2J\nmazo"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	out, errOut, code := runWith(t, nil, append(base, "deck", "list")...)
	if code != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, `viejo\x1b[2J\nmazo`) {
		t.Errorf("deck list: exit %d %s\n%q", code, errOut, out)
	}
}

// TestUpgradeSaysWhereTheCopyIs: the first command of a newer atril on an older database
// copies it first and says where, once.
func TestUpgradeSaysWhereTheCopyIs(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "internal", "studystore", "testdata", "schema1.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "atril.db")
	os.WriteFile(db, b, 0o644)
	_, errOut, code := runWith(t, nil, "deck", "list", "--db", db)
	want := fmt.Sprintf("%s was brought from schema 1 to %d for this atril; a copy of it as it was is %s.bak-schema1", db, studystore.SchemaVersion(), db)
	if code != 0 || strings.Count(errOut, want) != 1 {
		t.Errorf("first command: exit %d, %q; want %q once", code, errOut, want)
	}
	if _, err := os.Stat(db + ".bak-schema1"); err != nil {
		t.Error(err)
	}
	if _, errOut, _ := runWith(t, nil, "deck", "list", "--db", db); strings.Contains(errOut, "schema") {
		t.Errorf("said again: %q", errOut)
	}
}
