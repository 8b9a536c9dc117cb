package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
)

// leavesWords is a tiny lexicon without repeated letters: duplicates are bad leaves on it.
var leavesWords = []string{"AS", "ES", "SE", "LA", "AL", "EL", "LO", "OS", "NO", "ON", "SI", "TE", "DE", "EN", "UN",
	"MI", "TU", "SU", "NI", "ME", "MA", "TA", "RE", "DO", "IR", "OR", "RA", "RO", "SOL", "MAR", "PAN", "LEON",
	"RESTO", "SALTO", "NOTA", "ROSA", "MESA", "PESO", "SOPA", "TREN", "LUNES", "DUNA", "ALTO", "TELA", "SALE"}

// learn writes a KLV2 table for the whole FISE set with its report, leaves no state file behind,
// and show reads the table back. (40 games a generation leave the hand-set values of AAA and
// ? far from 0 on this lexicon: -11 and +16, -11 and +11 with seed 5; 150 games gave -8 and
// +11.)
func TestLeavesLearnCommand(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, leavesWords...)
	out := filepath.Join(t.TempDir(), "tiny.klv2")
	stdout, errOut, code := runEngineCmd(t, nil, "leaves", "learn", "--lexicon", lex, "--games", "40", "--generations", "2",
		"--seed", "3", "--workers", "2", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got learnJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if got.Leaves != 1_170_590 || len(got.Reports) != 2 || got.Out != out || got.Reports[1].Turns == 0 {
		t.Errorf("report %+v", got)
	}
	k, err := equity.ReadKLVFile(out)
	if err != nil || k.Len() != 1_170_590 {
		t.Fatalf("%s: %v", out, err)
	}
	if _, err := os.Stat(out + ".ckpt"); err == nil {
		t.Error("the state file is left after the table was written")
	}
	fi, _ := os.Stat(out)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("table written %v", fi.Mode())
	}
	stdout, errOut, code = runEngineCmd(t, nil, "leaves", "show", out, "AAA", "?", "--json")
	if code != 0 {
		t.Fatalf("show: exit %d: %s", code, errOut)
	}
	var shown leavesShowJSON
	if err := json.Unmarshal([]byte(stdout), &shown); err != nil {
		t.Fatal(err)
	}
	if len(shown.Leaves) != 2 || shown.Leaves[0].Value >= 0 || shown.Leaves[1].Value <= 0 {
		t.Errorf("AAA and ? in the learned table: %+v", shown.Leaves)
	}

	// The summary counts in words that agree: "1 generación", not "1 generaciones" (a small bag:
	// the words, not the table, are under test).
	one := filepath.Join(t.TempDir(), "one.klv2")
	stdout, errOut, code = runEngineCmd(t, nil, "leaves", "learn", "--lang", "es", "--tiles", leavesToyTiles(t), "--lexicon", lex, "--games", "20", "--generations", "1",
		"--seed", "3", "--workers", "1", "--out", one)
	if want := "20 partidas por generación, 1 generación, semilla 3"; code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("Spanish summary lacks %q: exit %d\n%s%s", want, code, stdout, errOut)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"leaves", "learn", "--lexicon", lex, "--games", "10"}, "--out"},
		{[]string{"leaves", "learn", "--lexicon", lex, "--games", "10", "--out", out, "--resume"}, "does not exist"},
		{[]string{"leaves", "learn", "--lexicon", lex, "--games", "0", "--out", out}, "--games: 0 games a generation"},
		{[]string{"leaves", "learn", "--lexicon", lex, "--games", "10", "--out", out, "--from", "nowhere.klv2"}, "nowhere.klv2"},
		{[]string{"leaves", "learn", "--lang", "es", "--lexicon", lex, "--games", "10", "--out", out, "--resume"}, "no existe"},
	} {
		_, errOut, code := runEngineCmd(t, nil, c.args...)
		if code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.want)
		}
	}
}

// show: the built-in table by default, given leaves or the best and worst of each length, in
// either language; bad leaves are refused naming them.
func TestLeavesShowCommand(t *testing.T) {
	t.Parallel()
	stdout, errOut, code := runEngineCmd(t, nil, "leaves", "show", "--top", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got leavesShowJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Table != "builtin" || len(got.ByLength) != 6 || len(got.ByLength[0].Best) != 2 || got.ByLength[0].Best[0].Leave != "?" ||
		got.ByLength[5].Worst[0].Value >= got.ByLength[5].Best[0].Value {
		t.Errorf("builtin extremes: %+v", got)
	}
	stdout, _, code = runEngineCmd(t, nil, "leaves", "show", "handset", "S", "[LL]Q", "--lang", "es")
	if code != 0 || !strings.Contains(stdout, "Valor de los remanentes: la manual (handset)") || !strings.Contains(stdout, "7,50") || !strings.Contains(stdout, "[LL]Q") {
		t.Errorf("Spanish show:\n%s", stdout)
	}
	stdout, _, code = runEngineCmd(t, nil, "leaves", "show", "none")
	if code != 0 || !strings.Contains(stdout, "nothing to show") {
		t.Errorf("none: exit %d %q", code, stdout)
	}
	for _, c := range []struct{ arg, want string }{
		{"AEIOUAE", "7 tiles"}, {"QQ", "does not have that many"}, {"A~", "A~"},
	} {
		_, errOut, code := runEngineCmd(t, nil, "leaves", "show", c.arg)
		if code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("show %s: exit %d, stderr %q, want %q", c.arg, code, errOut, c.want)
		}
	}
	if _, errOut, code := runEngineCmd(t, nil, "leaves", "show", "--top", "0"); code != ExitError || !strings.Contains(errOut, "--top 0") {
		t.Errorf("--top 0: exit %d %q", code, errOut)
	}
}

// eval: a table against itself is an even match; the report is in the reader's language.
func TestLeavesEvalCommand(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, leavesWords...)
	stdout, errOut, code := runEngineCmd(t, nil, "leaves", "eval", "--lexicon", lex, "--a", "handset", "--b", "handset", "--pairs", "6", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got leavesEvalJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Pairs != 6 || got.AWinRate != 0.5 || got.SpreadMean != 0 || got.A != "handset" || got.Lexicon != "small" {
		t.Errorf("handset against itself: %+v", got)
	}
	stdout, _, code = runEngineCmd(t, nil, "leaves", "eval", "--lexicon", lex, "--a", "handset", "--b", "none", "--pairs", "4", "--lang", "es")
	if code != 0 || !strings.Contains(stdout, "la manual (handset) contra ninguna (none)") || !strings.Contains(stdout, "4 pares espejo (8 partidas)") {
		t.Errorf("Spanish eval:\n%s", stdout)
	}
	if _, errOut, code := runEngineCmd(t, nil, "leaves", "eval", "--lexicon", lex, "--a", "missing.klv2"); code != ExitError || !strings.Contains(errOut, "missing.klv2") {
		t.Errorf("missing table: exit %d %q", code, errOut)
	}
}

// moves and selfplay value leaves with the built-in table unless --leaves says otherwise.
func TestLeavesDefaultTable(t *testing.T) {
	t.Parallel()
	cgp := emptyRows + " EEQSSUU/ 0/0 0"
	equityOf := func(leaves ...string) []moveJSON {
		args := append([]string{"moves", "--json", "--top", "3", "--cgp", cgp}, leaves...)
		stdout, errOut, code := runEngineCmd(t, nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", leaves, code, errOut)
		}
		var got movesJSON
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		return got.Moves
	}
	def, builtin, handset := equityOf(), equityOf("--leaves", "builtin"), equityOf("--leaves", "handset")
	if def[0] != builtin[0] || def[0].Leave == "" || def[0].Equity == handset[0].Equity {
		t.Errorf("default %+v, builtin %+v, handset %+v", def[0], builtin[0], handset[0])
	}
	none := equityOf("--leaves", "none")
	if none[0].Equity != float64(none[0].Score) {
		t.Errorf("--leaves none: %+v", none[0])
	}
	lex := engineTestLexicon(t, leavesWords...)
	for _, spec := range []string{"builtin", "handset", "none"} {
		stdout, errOut, code := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "2", "--leaves", spec, "--json")
		if code != 0 || !strings.Contains(stdout, `"leaves": "`+spec+`"`) {
			t.Errorf("selfplay --leaves %s: exit %d %s %s", spec, code, errOut, stdout)
		}
	}
	if _, errOut, code := runEngineCmd(t, nil, "selfplay", "--lexicon", lex, "--games", "2", "--leaves", "nowhere.klv2"); code != ExitError || !strings.Contains(errOut, "nowhere.klv2") {
		t.Errorf("selfplay --leaves nowhere.klv2: exit %d %q", code, errOut)
	}
}

// Ctrl-C (a real SIGINT) stops a learning run with its state saved beside --out and exit 130;
// the state is that run's: resuming it with other flags is refused, naming the difference.
func TestLeavesLearnSIGINT(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, leavesWords...)
	tiles := leavesToyTiles(t) // a small table: the state saved is under test, not its size
	out := filepath.Join(t.TempDir(), "run.klv2")
	child, stdout := startWorkingChild(t, "--lexicon "+lex+" --tiles "+tiles+" leaves learn --games 1000000 --workers 1 --out "+out, "1,000,000", 1)
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- child.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		child.Process.Kill()
		t.Fatal("leaves learn did not stop on Ctrl-C")
	}
	if code := child.ProcessState.ExitCode(); code != ExitInterrupted {
		t.Errorf("exit %d (%v), want %d; stdout %q", code, child.ProcessState, ExitInterrupted, stdout.String())
	}
	if _, err := os.Stat(out + ".ckpt"); err != nil {
		t.Fatalf("no state saved: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a table was written by an interrupted run")
	}
	_, errOut, code := runEngineCmd(t, nil, "leaves", "learn", "--lexicon", lex, "--tiles", tiles, "--games", "10", "--out", out, "--resume")
	if code != ExitError || !strings.Contains(errOut, "(games 1000000 ≠ 10); give the flags it was started with") {
		t.Errorf("resume with other flags: exit %d, %q", code, errOut)
	}
}

// leaves use: the chosen table is what moves and leaves show use without --leaves, a file is
// remembered by its full path, --leaves still wins, and a chosen file gone is an error that
// says how to go back.
func TestLeavesUse(t *testing.T) {
	t.Parallel()
	env := map[string]string{"ATRIL_DATA_DIR": t.TempDir()}
	cgp := emptyRows + " EEQSSUU/ 0/0 0"
	topEquity := func(args ...string) float64 {
		t.Helper()
		stdout, errOut, code := runEngineCmd(t, env, append([]string{"moves", "--json", "--top", "1", "--cgp", cgp}, args...)...)
		if code != 0 {
			t.Fatalf("moves %v: exit %d: %s", args, code, errOut)
		}
		var got movesJSON
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatal(err)
		}
		return got.Moves[0].Equity
	}
	inUse := func() leavesUseJSON {
		t.Helper()
		stdout, errOut, code := runEngineCmd(t, env, "leaves", "use", "--json")
		var got leavesUseJSON
		if code != 0 || json.Unmarshal([]byte(stdout), &got) != nil {
			t.Fatalf("leaves use: exit %d %s %s", code, stdout, errOut)
		}
		return got
	}
	builtin, handset := topEquity("--leaves", "builtin"), topEquity("--leaves", "handset")
	if builtin == handset {
		t.Fatal("the test position does not tell the tables apart")
	}
	if got := inUse(); got.Spec != "builtin" {
		t.Errorf("nothing chosen: %+v", got)
	}
	if _, errOut, code := runEngineCmd(t, env, "leaves", "use", "handset"); code != 0 {
		t.Fatalf("use handset: exit %d %s", code, errOut)
	}
	if got := topEquity(); got != handset {
		t.Errorf("moves after leaves use handset: equity %v, handset's %v", got, handset)
	}
	if got := topEquity("--leaves", "builtin"); got != builtin {
		t.Errorf("--leaves builtin after leaves use handset: %v, want %v", got, builtin)
	}
	if stdout, _, _ := runEngineCmd(t, env, "leaves", "show", "S", "--json"); !strings.Contains(stdout, `"table": "handset"`) {
		t.Errorf("leaves show after leaves use handset: %s", stdout)
	}

	dir := t.TempDir()
	abs := filepath.Join(dir, "mine.klv2")
	lex := engineTestLexicon(t, leavesWords...)
	if _, errOut, code := runEngineCmd(t, env, "leaves", "learn", "--lexicon", lex, "--games", "20", "--generations", "1", "--seed", "1", "--out", abs); code != 0 {
		t.Fatalf("learn: exit %d %s", code, errOut)
	}
	// A path relative to the working directory: in a child process working in dir (the test's
	// own would keep the other tests waiting).
	use := atrilCmd(t, "leaves use mine.klv2", false)
	use.Dir = dir
	use.Env = append(use.Env, "ATRIL_CHILD_DATA_DIR="+env["ATRIL_DATA_DIR"])
	if out, err := use.CombinedOutput(); err != nil {
		t.Fatalf("use mine.klv2: %v %s", err, out)
	}
	if got := inUse(); got.Spec != abs || got.Table.Kind != "klv2" || got.Table.Leaves != 1_170_590 {
		t.Errorf("after leaves use mine.klv2: %+v", got)
	}
	mine := topEquity("--leaves", abs)
	if got := topEquity(); got != mine {
		t.Errorf("moves with the chosen file: %v, want %v", got, mine)
	}
	os.Remove(abs)
	if _, errOut, code := runEngineCmd(t, env, "moves", "--cgp", cgp); code != ExitError || !strings.Contains(errOut, abs) || !strings.Contains(errOut, "atril leaves use builtin") {
		t.Errorf("chosen file removed: exit %d %q", code, errOut)
	}
	if _, errOut, code := runEngineCmd(t, env, "leaves", "use", "missing.klv2"); code != ExitError || !strings.Contains(errOut, "missing.klv2") {
		t.Errorf("use missing.klv2: exit %d %q", code, errOut)
	}
	if _, errOut, code := runEngineCmd(t, env, "leaves", "use", "builtin"); code != 0 {
		t.Fatalf("use builtin: exit %d %s", code, errOut)
	}
	if got := topEquity(); got != builtin {
		t.Errorf("moves after leaves use builtin: %v, want %v", got, builtin)
	}
	if got := inUse(); got.Spec != "builtin" {
		t.Errorf("back to builtin: %+v", got)
	}
}
