package cmd

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/atril-scrabble/atril/internal/testproc"
	"github.com/atril-scrabble/atril/stats"
)

// runPuzzle runs atril with its own database; stdin is given.
func runAtril(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(stdin), Out: &out, Err: &errb,
		Now: func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }, Getenv: func(string) string { return "" }}
	code := Run(io, args)
	return out.String(), errb.String(), code
}

// keys are a JSON object's keys, sorted.
func keys(t *testing.T, v any) []string {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("not an object: %v", v)
	}
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestPuzzleScripting: gen, next and answer print exactly the JSON the issue gives, and an
// answer moves the ratings only the first time.
func TestPuzzleScripting(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	out, errOut, code := runAtril(t, "", "puzzle", "gen", "--selfplay", "2", "--seed", "3", "--no-sim", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	var gen map[string]any
	if err := json.Unmarshal([]byte(out), &gen); err != nil {
		t.Fatal(err)
	}
	if k := keys(t, gen); !slices.Equal(k, []string{"puzzles"}) {
		t.Fatalf("gen keys %v", k)
	}
	ps := gen["puzzles"].([]any)
	if len(ps) < 20 {
		t.Fatalf("%d puzzles", len(ps))
	}
	bingoSeen := false
	for _, p := range ps {
		if k := keys(t, p); !slices.Equal(k, []string{"answers", "cgp", "id", "kind", "rack", "tags"}) {
			t.Fatalf("puzzle keys %v", k)
		}
		pm := p.(map[string]any)
		answers := pm["answers"].([]any)
		for _, a := range answers {
			if k := keys(t, a); !slices.Equal(k, []string{"coords", "equity", "score", "word"}) {
				t.Fatalf("answer keys %v", k)
			}
			if w := a.(map[string]any)["word"].(string); w != strings.ToUpper(w) || strings.Contains(w, "(") {
				t.Errorf("word %q is not plain upper case", w)
			}
		}
		if pm["kind"] == "bingo" {
			bingoSeen = true
		} else if len(answers) != 1 {
			t.Errorf("a best-play puzzle with %d answers", len(answers))
		}
	}
	if !bingoSeen {
		t.Error("no bingo puzzle")
	}

	out, errOut, code = runAtril(t, "", "puzzle", "next", "--json", "--db", db)
	var next map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &next) != nil {
		t.Fatalf("next: exit %d %s %s", code, out, errOut)
	}
	if k := keys(t, next); !slices.Equal(k, []string{"cgp", "id", "kind", "rack", "rating"}) {
		t.Fatalf("next keys %v", k)
	}
	id := fmt.Sprint(next["id"])
	// next asks nothing and saves nothing: the same puzzle again.
	out2, _, _ := runAtril(t, "", "puzzle", "next", "--json", "--db", db)
	if out2 != out {
		t.Errorf("next changed without an answer:\n%s\n%s", out, out2)
	}
	var answer string
	for _, p := range ps {
		if fmt.Sprint(p.(map[string]any)["id"]) == id {
			a := p.(map[string]any)["answers"].([]any)[0].(map[string]any)
			answer = fmt.Sprint(a["coords"], " ", a["word"])
			if a["coords"] == "" {
				answer = fmt.Sprint(a["word"])
			}
		}
	}
	// A play that cannot be made (three Ñ, the set has one), an exchange written with its
	// minus and no "--": a clear no (exit 1, as in atril score), not rated, and nothing asks
	// for another play; under --json the error is also an object on stdout.
	if _, errOut, code := runAtril(t, "", "puzzle", "answer", "--db", db, id, "-ÑÑÑ"); code != ExitNo ||
		!strings.Contains(errOut, "-ÑÑÑ cannot be played here") || strings.Contains(errOut, "type another") {
		t.Errorf("unplayable answer: exit %d %q", code, errOut)
	}
	out, _, code = runAtril(t, "", "puzzle", "answer", id, "-[CH][CH]", "--json", "--db", db)
	var jerr map[string]map[string]any
	if code != ExitNo || json.Unmarshal([]byte(out), &jerr) != nil || jerr["error"]["code"] != float64(ExitNo) ||
		!strings.Contains(fmt.Sprint(jerr["error"]["message"]), "cannot be played here") {
		t.Errorf("unplayable answer under --json: exit %d %q", code, out)
	}
	out, _, _ = runAtril(t, "", "puzzle", "stats", "--json", "--db", db)
	if !strings.Contains(out, `"rated": 0`) {
		t.Errorf("an unplayable answer was rated:\n%s", out)
	}
	// A wrong answer: exit 1, rated.
	out, _, code = runAtril(t, "", "puzzle", "answer", id, "paso", "--json", "--db", db)
	var res map[string]any
	if code != 1 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("wrong answer: exit %d, %s", code, out)
	}
	if k := keys(t, res); !slices.Equal(k, []string{"answers", "correct", "grade", "play", "player_rating", "puzzle_rating"}) {
		t.Fatalf("answer keys %v", k)
	}
	if k := keys(t, res["grade"]); !slices.Equal(k, []string{"accepted", "answer", "below", "figure", "tolerance", "value"}) {
		t.Fatalf("grade keys %v", k)
	}
	if res["correct"] != false || res["player_rating"].(float64) >= 1500 || len(res["answers"].([]any)) == 0 {
		t.Errorf("wrong answer: %v", res)
	}
	// The right one, written with the board's tiles as letters: exit 0, not rated again.
	out, errOut, code = runAtril(t, "", "puzzle", "answer", id, answer, "--json", "--db", db)
	var res2 map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &res2) != nil || res2["correct"] != true || res2["player_rating"] != res["player_rating"] || res2["puzzle_rating"] != res["puzzle_rating"] {
		t.Errorf("right answer %q: exit %d, %s %s", answer, code, out, errOut)
	}
	// Not a move: bad input, nothing saved; under --json an error object too.
	if _, errOut, code = runAtril(t, "", "puzzle", "answer", id, "8H", "--db", db); code != 2 || errOut == "" {
		t.Errorf("bad move: exit %d, %q", code, errOut)
	}
	out, _, code = runAtril(t, "", "puzzle", "answer", id, "8H", "--db", db, "--json")
	jerr = nil
	if code != 2 || json.Unmarshal([]byte(out), &jerr) != nil || jerr["error"]["code"] != float64(2) {
		t.Errorf("bad move under --json: exit %d, %q", code, out)
	}
	// An exchange with its minus, and the help, without "--".
	tile := fmt.Sprint(next["rack"])[:1]
	if tile == "[" {
		tile = fmt.Sprint(next["rack"])[:4]
	}
	if out, errOut, code := runAtril(t, "", "puzzle", "answer", id, "-"+tile, "--db", db); code > 1 || !strings.Contains(out, "Not the answer") {
		t.Errorf("exchange with a minus: exit %d %q %q", code, out, errOut)
	}
	if out, _, code := runAtril(t, "", "puzzle", "answer", "--help"); code != 0 || !strings.Contains(out, "-[CH]DFQSY") {
		t.Errorf("puzzle answer --help: exit %d %q", code, out)
	}
	if _, errOut, code = runAtril(t, "", "puzzle", "answer", "x", "8H CASA", "--db", db); code != 2 || !strings.Contains(errOut, "x") {
		t.Errorf("bad id: exit %d, %q", code, errOut)
	}
	out, _, code = runAtril(t, "", "puzzle", "stats", "--json", "--db", db)
	var st map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st["rated"].(float64) != 1 {
		t.Errorf("stats: exit %d %s", code, out)
	}
	out, _, code = runAtril(t, "", "puzzle", "stats", "--db", db)
	if code != 0 || !strings.Contains(out, "Rating history") || !strings.Contains(out, "missed") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
	// --plot draws the rating's history: a line needs two rated attempts.
	picture := filepath.Join(t.TempDir(), "rating.png")
	if _, errOut, code := runAtril(t, "", "puzzle", "stats", "--plot", picture, "--db", db); code != ExitError || !strings.Contains(errOut, "1 rated attempts, and a line needs 2") {
		t.Errorf("plot of one attempt: exit %d %q", code, errOut)
	}
	out, _, _ = runAtril(t, "", "puzzle", "next", "--json", "--db", db)
	next = map[string]any{}
	if err := json.Unmarshal([]byte(out), &next); err != nil || fmt.Sprint(next["id"]) == id {
		t.Fatalf("a second puzzle: %v %s", err, out)
	}
	runAtril(t, "", "puzzle", "answer", fmt.Sprint(next["id"]), "paso", "--db", db)
	out, errOut, code = runAtril(t, "", "puzzle", "stats", "--plot", picture, "--db", db)
	if code != 0 || !strings.Contains(out, "Picture written to "+picture) {
		t.Fatalf("plot: exit %d %s %s", code, out, errOut)
	}
	f, err := os.Open(picture)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() != stats.PlotWidth || img.Bounds().Dy() != stats.PanelHeight {
		t.Errorf("rating picture: %v", err)
	}
}

// TestPuzzleBadInput: a bad GCG or CGP is refused, naming the file and line, and nothing is
// stored; in Spanish too.
func TestPuzzleBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "p.db")
	bad := filepath.Join(dir, "mala.gcg")
	os.WriteFile(bad, []byte("#player1 a Ana\n#player2 b Beto\n>a: ABCDEFG 8H ABC +7 7\n>b: ABCDEFG 8Z XX +1 1\n"), 0o644)
	for _, args := range [][]string{
		{"puzzle", "gen", "--gcg", bad, "--db", db},
		{"puzzle", "gen", "--selfplay", "1", "--gcg", bad, "--db", db},
	} {
		_, errOut, code := runAtril(t, "", args...)
		if code != 2 || !strings.Contains(errOut, bad+":4") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	_, errOut, code := runAtril(t, "", "puzzle", "gen", "--cgp", "15/15 A/ 0/0 0", "--db", db, "--lang", "es")
	if code != 2 || !strings.Contains(errOut, "--cgp") {
		t.Errorf("bad CGP: exit %d, %q", code, errOut)
	}
	_, errOut, code = runAtril(t, "", "puzzle", "gen", "--gcg", filepath.Join(dir, "no.gcg"), "--db", db, "--lang", "es")
	if code != 2 || !strings.Contains(errOut, "no existe") {
		t.Errorf("missing file in Spanish: exit %d, %q", code, errOut)
	}
	_, errOut, code = runAtril(t, "", "puzzle", "next", "--json", "--db", db)
	if code != 1 || !strings.Contains(errOut, "No unseen puzzle") {
		t.Errorf("after bad input, next: exit %d, %q", code, errOut)
	}
	if d, _ := sql.Open("sqlite", db); d != nil {
		var n int
		d.QueryRow(`SELECT count(*) FROM puzzle_runs`).Scan(&n)
		d.Close()
		if n != 0 {
			t.Errorf("%d runs recorded for bad input", n)
		}
	}
	for _, args := range [][]string{
		{"puzzle", "gen", "--db", db},                                           // no source
		{"puzzle", "gen", "--selfplay", "1", "--kind", "anagram", "--db", db},   // bad kind
		{"puzzle", "gen", "--selfplay", "1", "--tag", "NADA", "--db", db},       // bad tag
		{"puzzle", "gen", "--selfplay", "1", "--player", "ana", "--db", db},     // --player without --gcg
		{"puzzle", "gen", "--resume", "--selfplay", "1", "--db", db},            // resume with options
		{"puzzle", "gen", "--resume", "--db", db},                               // nothing to resume
		{"puzzle", "gen", "--selfplay", "1", "--disagree", "maybe", "--db", db}, // bad policy
		{"puzzle", "--kind", "x", "--db", db},
		{"sim", "--cgp", emptyRows + " AEIRST?/ 0/0 0", "--plies", "0"},
		{"sim", "--cgp", emptyRows + " AEIRST?/ 0/0 0", "--stop", "100"},
		{"sim"},
	} {
		if _, errOut, code := runAtril(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestPuzzleSessionSpanish: what a Spanish player sees in a session from a pipe.
func TestPuzzleSessionSpanish(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	if _, errOut, code := runAtril(t, "", "puzzle", "gen", "--selfplay", "1", "--seed", "2", "--no-sim", "--kind", "best", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	out, errOut, code := runAtril(t, "?\npaso\n?\n!\n", "puzzle", "--count", "1", "--lang", "es", "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"encuentre la mejor jugada", "Atril", "Bolsa", "Puntuación", "usted", "rival",
		"Las pistas llegan después", "No es la respuesta", "Su rating 1500 →", "Pista 1:", "Se ha rendido",
		"Las mejores jugadas del motor", "Valoración", "Pérdida", "Remanente", "Rendidos", "palabra triple"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	// Asked again: that puzzle is seen, another one comes.
	out2, _, _ := runAtril(t, "q\n", "puzzle", "--lang", "es", "--db", db)
	if first, second := puzzleTitle(out), puzzleTitle(out2); first == "" || first == second {
		t.Errorf("the same puzzle twice: %q %q", first, second)
	}
}

func puzzleTitle(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "Problema ") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// TestSimCommand: the same seed gives the same figures; JSON keys as documented.
func TestSimCommand(t *testing.T) {
	t.Parallel()
	cgp := "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEIRSTN/ 0/16 0"
	args := []string{"sim", "--cgp", cgp, "--iterations", "40", "--candidates", "3", "--play", "exch AEI", "--json", "--workers", "2"}
	a, errOut, code := runAtril(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, _, _ := runAtril(t, "", append(args[:len(args)-2], "--workers", "1")...)
	var ja, jb map[string]any
	json.Unmarshal([]byte(a), &ja)
	json.Unmarshal([]byte(b), &jb)
	if fmt.Sprint(ja["candidates"]) != fmt.Sprint(jb["candidates"]) {
		t.Errorf("2 workers and 1 differ:\n%v\n%v", ja["candidates"], jb["candidates"])
	}
	if k := keys(t, ja); !slices.Equal(k, []string{"candidates", "cgp", "iterations", "iterations_per_second", "plies", "seconds", "stopped"}) {
		t.Errorf("keys %v", k)
	}
	cands := ja["candidates"].([]any)
	if len(cands) != 4 {
		t.Fatalf("%d candidates, want the top 3 and the exchange", len(cands))
	}
	if k := keys(t, cands[0]); !slices.Equal(k, []string{"coords", "dropped", "equity", "equity_se", "iterations", "move", "score", "static", "win", "win_se", "word"}) {
		t.Errorf("candidate keys %v", k)
	}
	out, _, code := runAtril(t, "", "sim", "--cgp", cgp, "--iterations", "20", "--candidates", "2", "--lang", "es")
	if code != 0 || !strings.Contains(out, "Valoración sim.") || !strings.Contains(out, "% victoria") {
		t.Errorf("Spanish table: exit %d\n%s", code, out)
	}
}

// TestPuzzleGenKilled: a generation killed with SIGKILL loses nothing committed, and --resume
// ends with the same puzzles as a run left alone. The killed run has one worker and a clock 20
// times the wall's, so that it commits (every 2 s of its clock: 0.1 s) after a few of its 40
// games and is still at work; the others have all the cores (the puzzles are the same for any
// number of workers).
func TestPuzzleGenKilled(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a child process")
	}
	// 40 games make 725 puzzles.
	genKilledAndResumed(t, "puzzle gen --selfplay 40 --seed 4 --no-sim", 500)
}

// genKilledAndResumed runs `atril GEN --workers 1` in a child process, kills it with SIGKILL
// once it has committed some of its jobs, resumes it in-process, and checks that the puzzles
// are those of a run of GEN left alone, puzzle by puzzle (and at least least of them).
func genKilledAndResumed(t *testing.T, gen string, least int) {
	t.Helper()
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	// The run left alone, meanwhile.
	whole := filepath.Join(dir, "w.db")
	wholeErr := make(chan string, 1)
	go func() {
		_, errOut, code := runAtril(t, "", strings.Fields(gen+" --db "+whole)...)
		if code != 0 {
			errOut = fmt.Sprintf("exit %d: %s", code, errOut)
		} else {
			errOut = ""
		}
		wholeErr <- errOut
	}()
	defer func() { <-wholeErr }() // t.TempDir's removal waits for the run
	child := exec.Command(os.Args[0], "-test.run=^TestDrillChildProcess$")
	child.Env = append(os.Environ(), "ATRIL_DRILL_CHILD="+gen+" --workers 1 --db "+db, childClockEnv+"=20")
	testproc.Prepare(t, child)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once it has committed some games and before it finishes. (One reader, asked
	// again and again: opening the file at each look would cost more than the games.)
	reader, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	done, jobs := 0, 0
	for start := time.Now(); done == 0; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 60*time.Second {
			child.Process.Kill()
			t.Fatal("no commit in a minute")
		}
		reader.QueryRow(`SELECT done, jobs FROM puzzle_runs WHERE finished_at IS NULL`).Scan(&done, &jobs)
	}
	reader.Close()
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Skipf("the child finished before it could be killed (%v)", child.ProcessState)
	}
	t.Logf("killed after %d of %d jobs committed", done, jobs)
	if _, errOut, code := runAtril(t, "", "puzzle", "gen", "--resume", "--db", db); code != 0 {
		t.Fatalf("resume: exit %d %s", code, errOut)
	}
	if e := <-wholeErr; e != "" {
		wholeErr <- e
		t.Fatal("the run left alone: " + e)
	}
	wholeErr <- ""
	got, want := puzzleDump(t, db), puzzleDump(t, whole)
	if len(want) < least || !slices.Equal(got, want) {
		t.Errorf("killed at %d games and resumed: %d puzzles; left alone: %d (want %d or more)", done, len(got), len(want), least)
	}
}

// puzzleDump is every puzzle of the database at path, in order, all its columns but the time.
func puzzleDump(t *testing.T, path string) []string {
	t.Helper()
	d, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rows, err := d.Query(`SELECT id, kind, cgp, data FROM puzzles ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int
		var kind, cgp, data string
		rows.Scan(&id, &kind, &cgp, &data)
		out = append(out, fmt.Sprint(id, kind, cgp, data))
	}
	return out
}

// TestPuzzleGenProgress: on a terminal's stderr, generation shows its progress in the
// reader's language; piped, nothing.
func TestPuzzleGenProgress(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "p.db")
	var out, errb bytes.Buffer
	clock := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, ErrTTY: true,
		Now: func() time.Time { clock = clock.Add(time.Second); return clock }, Getenv: func(string) string { return "" }}
	if code := Run(io, []string{"puzzle", "gen", "--selfplay", "3", "--no-sim", "--db", db, "--lang", "es"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "3/3 partidas o posiciones") || !strings.Contains(errb.String(), "problemas") {
		t.Errorf("progress: %q", errb.String())
	}
	if _, errOut, _ := runAtril(t, "", "puzzle", "gen", "--selfplay", "1", "--seed", "9", "--no-sim", "--db", db); errOut != "" {
		t.Errorf("piped stderr: %q", errOut)
	}
}
