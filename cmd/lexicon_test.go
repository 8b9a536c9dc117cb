package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/lexicon/registry"
)

// Tests of `atril lexicon ...`, run through Run with a temporary data directory.

// lexTestEnv makes a fresh data directory and returns a runner and a place for input files.
func lexTestEnv(t *testing.T) (run func(tty bool, args ...string) (string, string, int), dir string) {
	t.Helper()
	setenv(t, "ATRIL_DATA_DIR", t.TempDir())
	dir = t.TempDir()
	return func(tty bool, args ...string) (string, string, int) {
		t.Helper()
		var out, errb bytes.Buffer
		io := &IO{
			In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: tty,
			Now:    func() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC) },
			Getenv: envOf(t),
		}
		code := Run(io, args)
		return out.String(), errb.String(), code
	}, dir
}

// testEnvs are the environments of tests that need one, by test: each test has its own, where
// t.Setenv would change the process's and keep tests from running in parallel.
var testEnvs sync.Map // *testing.T → *testEnv

type testEnv struct {
	mu   sync.Mutex
	vars map[string]string
}

func envFor(t *testing.T) *testEnv {
	e, _ := testEnvs.LoadOrStore(t, &testEnv{vars: map[string]string{}})
	return e.(*testEnv)
}

// setenv sets k in t's environment (see testEnvs).
func setenv(t *testing.T, k, v string) {
	e := envFor(t)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.vars[k] = v
	t.Cleanup(func() { testEnvs.Delete(t) })
}

// getenv reads k from t's environment.
func getenv(t *testing.T, k string) string { return envOf(t)(k) }

// envOf is t's environment as IO.Getenv reads it.
func envOf(t *testing.T) func(string) string {
	e := envFor(t)
	return func(k string) string {
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.vars[k]
	}
}

func writeList(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLexiconAddAndUse(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	list := writeList(t, dir, "mini.txt", "casa\ncasas\nCHICO\n[C][H]E\n1ARRO\n2AMA\npe3o\nárbol\n\n# comment\ncasa\n")

	out, errOut, code := run(false, "lexicon", "add", "MINI", list, "--description", "a small list")
	if code != 0 || errOut != "" {
		t.Fatalf("add: code %d, stderr %q", code, errOut)
	}
	if want := "Added lexicon MINI: 8 words from " + list + ".\n"; !strings.HasPrefix(out, want) {
		t.Errorf("add said %q, want it to start %q", out, want)
	}

	// The added lexicon judges with digraph tiles as the list spelled them.
	judge := []struct {
		word string
		code int
	}{
		{"CHICO", 0}, {"[C][H]ICO", 1}, {"[C][H]E", 0}, {"CHE", 1}, {"CHARRO", 0}, {"LLAMA", 0}, {"PERRO", 0}, {"ARBOL", 0}, {"CASO", 1},
	}
	for _, j := range judge {
		if _, errOut, code := run(false, "judge", "--lexicon", "mini", j.word); code != j.code {
			t.Errorf("judge --lexicon mini %s: code %d, want %d (%s)", j.word, code, j.code, errOut)
		}
	}

	// Before `use`, the embedded default judges.
	if _, _, code := run(false, "judge", "CHICO"); code != 0 {
		t.Error("embedded default should have CHICO")
	}
	if _, _, code := run(false, "judge", "[C][H]E"); code != 1 {
		t.Error("embedded default should not have [C][H]E")
	}
	out, _, code = run(false, "lexicon", "list")
	if code != 0 || !regexp.MustCompile(`(?m)^\*  FISE2-LIBRE  636,624  \(embedded\) Open`).MatchString(out) || !regexp.MustCompile(`(?m)^   MINI +8  a small list$`).MatchString(out) {
		t.Errorf("list before use:\n%s", out)
	}

	out, errOut, code = run(false, "lexicon", "use", "mini")
	if code != 0 || out != "Default lexicon: MINI (8 words)\n" {
		t.Fatalf("use: %d %q %q", code, out, errOut)
	}
	out, _, _ = run(false, "lexicon", "list")
	if !regexp.MustCompile(`(?m)^   FISE2-LIBRE  636,624`).MatchString(out) || !regexp.MustCompile(`(?m)^\*  MINI +8  a small list$`).MatchString(out) {
		t.Errorf("list after use:\n%s", out)
	}
	if _, _, code := run(false, "judge", "[C][H]E"); code != 0 {
		t.Error("after use, judge should use MINI")
	}
	if _, _, code := run(false, "judge", "--lexicon", "FISE2-LIBRE", "[C][H]E"); code != 1 {
		t.Error("--lexicon FISE2-LIBRE should override the chosen default")
	}

	// info --json of the chosen default.
	out, _, code = run(false, "lexicon", "info", "--json")
	var info struct {
		Name, Description string
		Words, Skipped    int
		Alphabet          []string
		Added             time.Time
		Default           bool
		Lengths           map[string]int
	}
	if err := json.Unmarshal([]byte(out), &info); err != nil || code != 0 {
		t.Fatalf("info --json: %v\n%s", err, out)
	}
	if info.Name != "MINI" || info.Words != 8 || !info.Default || info.Description != "a small list" ||
		!info.Added.Equal(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)) || len(info.Alphabet) != 28 ||
		info.Lengths["3"] != 1 || info.Lengths["4"] != 5 || info.Lengths["5"] != 2 || len(info.Lengths) != 3 {
		t.Errorf("info = %+v", info)
	}

	// Adding again needs --force.
	if _, errOut, code := run(false, "lexicon", "add", "mini", list); code != 2 || !strings.Contains(errOut, "already exists (use --force") {
		t.Errorf("add again: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "lexicon", "add", "--force", "mini", list); code != 0 {
		t.Errorf("add --force: %d %q", code, errOut)
	}
}

func TestLexiconAddBadLists(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	bad := writeList(t, dir, "bad.txt", "casa\nkilo\na\nperro\nabcdefghijlmnopq\nwhisky\nzorro\n")

	out, errOut, code := run(false, "lexicon", "add", "B", bad)
	if code != 0 {
		t.Fatalf("add bad list without --strict: code %d %s", code, errOut)
	}
	for _, want := range []string{
		"skipped 4 lines that are not words of 2 to 15 tiles",
		bad + `:2: K is not a letter of the fise set; expected one word a line, letters of the fise set (got "kilo")`,
		bad + `:3: 1 tile, expected a word of 2 to 15 tiles (got "a")`,
		bad + `:5: 16 tiles, expected a word of 2 to 15 tiles`,
		bad + `:6: W is not a letter`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if !strings.Contains(out, "3 words from") || !strings.Contains(out, "(4 lines skipped, listed on stderr)") {
		t.Errorf("stdout = %q", out)
	}
	out, _, _ = run(false, "lexicon", "info", "B", "--json")
	if !strings.Contains(out, `"skipped": 4`) || !strings.Contains(out, `"words": 3`) {
		t.Errorf("info B:\n%s", out)
	}

	// --strict: the first bad line stops it and nothing is added.
	out, errOut, code = run(false, "lexicon", "add", "--strict", "S", bad)
	if code != 2 || out != "" || !strings.Contains(errOut, bad+`:2: K is not a letter`) || !strings.Contains(errOut, "--strict") {
		t.Errorf("--strict: code %d, out %q, err %q", code, out, errOut)
	}
	if out, _, _ := run(false, "lexicon", "list"); strings.Contains(out, "S\t") {
		t.Errorf("--strict added the lexicon anyway:\n%s", out)
	}

	for _, tc := range []struct {
		name, content, want string
	}{
		{"empty.txt", "# nothing\n\nk\n", "no words (lines read: 3;"},
		{"binary.dat", "\x00\x01\x02\x03casa", "binary.dat: binary data, neither a word list (text, one word a line) nor a KWG word graph"},
		{"cut.kwg", "\x05\x00\x40\x00\x00\x00\x40\x00", "cut.kwg: not a KWG word graph: node 0 points to node 5 of 2 (a word list must be text, one word a line)"},
		{"graph.kwg", "\x00\x00\x40\x00\x00\x00\x40\x00", "the word graph holds no words"},
		{"foreign.kwg", "\x02\x00\x40\x00\x00\x00\x40\x00\x00\x00\xc0\x40", "node 2 has tile 64, past the last letter 28"},
	} {
		p := writeList(t, dir, tc.name, tc.content)
		if _, errOut, code := run(false, "lexicon", "add", "E", p); code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("add %s: code %d, stderr %q, want %q", tc.name, code, errOut, tc.want)
		}
	}
	if _, errOut, code := run(false, "lexicon", "add", "E", filepath.Join(dir, "missing.txt")); code != 2 || !strings.Contains(errOut, "no such file") {
		t.Errorf("add missing file: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "lexicon", "add", "../E", bad); code != 2 || !strings.Contains(errOut, "use 1 to 64 letters") {
		t.Errorf("add bad name: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "lexicon", "use", "NOPE"); code != 2 || !strings.Contains(errOut, `lexicon "NOPE": not found (have: FISE2-LIBRE, B); add one with `+"`atril lexicon add NAME FILE`") {
		t.Errorf("use unknown: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "judge", "--lexicon", bad, "CASA"); code != 2 || !strings.Contains(errOut, "atril lexicon add NAME "+bad) {
		t.Errorf("--lexicon LIST.txt: %d %q", code, errOut)
	}
}

func TestLexiconAddEncodingsAndDigits(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	// Latin-1: á = 0xE1, ñ = 0xF1, ü = 0xFC; CRLF line ends.
	latin1 := writeList(t, dir, "latin1.txt", "\xe1rbol\r\nca\xf1a\r\nping\xfcino\r\n")
	// FISE's digits, as in the published lists: 1 = CH, 2 = LL, 3 = RR.
	digits := writeList(t, dir, "fise.txt", "1i1a\n2ama\nca3o\nha1a\n")
	if _, errOut, code := run(false, "lexicon", "add", "L1", latin1); code != 0 || errOut != "" {
		t.Fatalf("add latin-1: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "lexicon", "add", "D", digits, "--strict"); code != 0 || errOut != "" {
		t.Fatalf("add digits: %d %q", code, errOut)
	}
	for _, tc := range []struct {
		lex, word string
		code      int
	}{
		{"L1", "ÁRBOL", 0}, {"L1", "CAÑA", 0}, {"L1", "CANA", 1}, {"L1", "PINGUINO", 0},
		{"D", "CHICHA", 0}, {"D", "[C][H]I[C][H]A", 1}, {"D", "LLAMA", 0}, {"D", "CARRO", 0}, {"D", "CA[R][R]O", 1}, {"D", "HACHA", 0},
	} {
		if _, errOut, code := run(false, "judge", "--lexicon", tc.lex, tc.word); code != tc.code {
			t.Errorf("judge --lexicon %s %s: %d, want %d (%s)", tc.lex, tc.word, code, tc.code, errOut)
		}
	}
	out, _, _ := run(false, "lexicon", "info", "D", "--json")
	if !strings.Contains(out, `"lengths": {
    "4": 4
  }`) {
		t.Errorf("digit list lengths count tiles (CHICHA = 4 tiles):\n%s", out)
	}
}

func TestLexiconAddStdin(t *testing.T) {
	t.Parallel()
	run, _ := lexTestEnv(t)
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader("casa\nkilo\nperro\n"), Out: &out, Err: &errb, Now: time.Now, Getenv: envOf(t)}
	if code := Run(io, []string{"lexicon", "add", "IN", "-"}); code != 0 || !strings.Contains(out.String(), "Added lexicon IN: 2 words from -") ||
		!strings.Contains(errb.String(), "-:2: K is not a letter") {
		t.Errorf("add from stdin: %d %q %q", code, out.String(), errb.String())
	}
	if _, _, code := run(false, "judge", "--lexicon", "in", "PERRO"); code != 0 {
		t.Error("the list read from stdin should have PERRO")
	}
}

func TestLexiconAddKWG(t *testing.T) {
	t.Parallel()
	run, _ := lexTestEnv(t)
	kwg := engineTestLexicon(t, "CASA", "CHICO", "LLAMA")
	out, errOut, code := run(false, "lexicon", "add", "G", kwg)
	if code != 0 || !strings.Contains(out, "Added lexicon G: 3 words") {
		t.Fatalf("add .kwg: %d %q %q", code, out, errOut)
	}
	if _, _, code := run(false, "judge", "--lexicon", "g", "LLAMA", "CHICO"); code != 0 {
		t.Error("judge with the added .kwg")
	}
	// A graph without the .kwg extension is recognised by its binary content.
	b, _ := os.ReadFile(kwg)
	noExt := filepath.Join(t.TempDir(), "graph.bin")
	os.WriteFile(noExt, b, 0o644)
	if out, errOut, code := run(false, "lexicon", "add", "G2", noExt); code != 0 || !strings.Contains(out, "3 words") {
		t.Errorf("add graph without extension: %d %q %q", code, out, errOut)
	}
	// A .kwg path works directly too.
	if _, _, code := run(false, "judge", "--lexicon", kwg, "CASA"); code != 0 {
		t.Error("judge --lexicon PATH.kwg")
	}
}

func TestLexiconDiff(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	old := writeList(t, dir, "old.txt", "casa\nchico\nin\nperro\n")
	cur := writeList(t, dir, "new.txt", "casa\nchico\nhu\nperro\nra\nuy\nllama\n")
	for _, a := range [][]string{{"OLD", old}, {"NEW", cur}} {
		if _, errOut, code := run(false, "lexicon", "add", a[0], a[1]); code != 0 {
			t.Fatalf("add %s: %s", a[0], errOut)
		}
	}
	cases := []struct {
		name string
		args []string
		out  string
	}{
		{"piped", []string{"OLD", "NEW"}, "# only in OLD: 1 word\nIN\n# only in NEW: 4 words\nHU\nLLAMA\nRA\nUY\n"},
		{"added", []string{"OLD", "NEW", "--added"}, "HU\nLLAMA\nRA\nUY\n"},
		{"removed", []string{"old", "new", "--removed"}, "IN\n"},
		{"same", []string{"OLD", "old"}, "# only in OLD: 0 words\n# only in OLD: 0 words\n"},
	}
	for _, tc := range cases {
		out, errOut, code := run(false, append([]string{"lexicon", "diff"}, tc.args...)...)
		if code != 0 || out != tc.out {
			t.Errorf("%s: code %d, stderr %q\n got %q\nwant %q", tc.name, code, errOut, out, tc.out)
		}
	}

	out, _, code := run(false, "lexicon", "diff", "--json", "OLD", "NEW")
	var res lexiconDiffJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if res.A != "OLD" || res.B != "NEW" || res.OnlyACount != 1 || res.OnlyBCount != 4 || res.Common != 3 ||
		strings.Join(res.OnlyA, " ") != "IN" || strings.Join(res.OnlyB, " ") != "HU LLAMA RA UY" {
		t.Errorf("--json = %+v", res)
	}

	// The piped output is itself a list `lexicon add` reads (headers are comments).
	diffFile := writeList(t, dir, "diff.txt", cases[0].out)
	if out, errOut, code := run(false, "lexicon", "add", "--strict", "DIFF", diffFile); code != 0 || !strings.Contains(out, "5 words") {
		t.Errorf("re-adding the diff: %d %q %q", code, out, errOut)
	}

	// On a terminal: a rendered summary with counts by length (NO_COLOR keeps it searchable).
	setenv(t, "NO_COLOR", "1")
	out, _, code = run(true, "lexicon", "diff", "OLD", "NEW")
	for _, want := range []string{"OLD → NEW", "Only in OLD", "Only in NEW", "HU LLAMA RA UY"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("terminal diff lacks %q:\n%s", want, out)
		}
	}

	// Against the embedded default (the shipped lexicon): OLD's IN is not in it (FISE 2016
	// dropped it) and nearly all of its words are only in the default.
	out, _, code = run(false, "lexicon", "diff", "--json", "OLD", "FISE2-LIBRE")
	res = lexiconDiffJSON{}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("diff with the default: %v", err)
	}
	if strings.Join(res.OnlyA, " ") != "IN" || res.Common != 3 || res.OnlyBCount != 636624-3 {
		t.Errorf("diff OLD FISE2-LIBRE: only A %v, common %d, only B %d", res.OnlyA, res.Common, res.OnlyBCount)
	}

	if _, errOut, code := run(false, "lexicon", "diff", "OLD", "NOPE"); code != 2 || !strings.Contains(errOut, `"NOPE": not found`) {
		t.Errorf("diff unknown: %d %q", code, errOut)
	}
	if _, errOut, code := run(false, "lexicon", "diff", "--added", "--removed", "OLD", "NEW"); code != 2 || !strings.Contains(errOut, "cannot go together: added removed") {
		t.Errorf("diff --added --removed: %d %q", code, errOut)
	}
}

// TestLexiconDefaultInfo exercises the shipped default through the commands.
func TestLexiconDefaultInfo(t *testing.T) {
	t.Parallel()
	run, _ := lexTestEnv(t)
	out, _, code := run(false, "lexicon", "info", "--json")
	var info struct {
		Name     string
		Words    int
		Embedded bool
		Default  bool
		Lengths  map[string]int
	}
	if err := json.Unmarshal([]byte(out), &info); err != nil || code != 0 {
		t.Fatalf("info --json: %v\n%s", err, out)
	}
	if info.Name != "FISE2-LIBRE" || info.Words != 636624 || !info.Embedded || !info.Default || info.Lengths["2"] != 91 || info.Lengths["3"] != 548 {
		t.Errorf("default info = %+v", info)
	}
	out, _, code = run(false, "lexicon", "info", "fise2-libre")
	for _, want := range []string{"FISE2-LIBRE\n", "Not the official FILE2017 list", "\nSource             " + registry.DefaultInfo().Source + "\n", "\nWords              636,624\n", "\nEmbedded in atril  yes\n",
		"\n    2       91\n", "\n   15   13,564\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	out, _, _ = run(false, "lexicon", "info", "fise2-libre", "--lang", "es")
	for _, want := range []string{"Lista abierta de palabras", "\nOrigen              an-array-of-spanish-words 2.0.0 (npm, MIT; de la lista de Letterpress, CC0) + la actualización", "\nPalabras            636.624\n", "\nIncluido en atril   sí\n", "\nFichas  Palabras\n", "\n     4      3475\n", "\n    10   105.631\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("info in Spanish lacks %q:\n%s", want, out)
		}
	}
	setenv(t, "NO_COLOR", "1")
	if out, _, _ := run(true, "lexicon", "list"); !strings.Contains(out, "FISE2-LIBRE") || !strings.Contains(out, "636,624") {
		t.Errorf("terminal list:\n%s", out)
	}
}

// TestLexiconCompletion: names complete for --lexicon and the lexicon subcommands.
func TestLexiconCompletion(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if _, errOut, code := run(false, "lexicon", "add", "MINI", writeList(t, dir, "m.txt", "casa\n")); code != 0 {
		t.Fatal(errOut)
	}
	for _, args := range [][]string{
		{"__complete", "judge", "--lexicon", ""},
		{"__complete", "lexicon", "use", ""},
		{"__complete", "lexicon", "diff", "MINI", ""},
	} {
		out, errOut, code := run(false, args...)
		if code != 0 || !strings.HasPrefix(out, "FISE2-LIBRE\nMINI\n:") {
			t.Errorf("%v: %d %q %q", args, code, out, errOut)
		}
	}
}

// TestSplitDigraphWordsRoundTrip: a word of separate C and H tiles ([C][H]E) comes out of every
// command a script reads in a spelling that reads back as the same tiles: `lexicon diff --added`
// piped into `lexicon add NAME -` rebuilds the same words, and anagram, search and hooks say
// [C][H]E, never CHE (which is the CH tile).
func TestSplitDigraphWordsRoundTrip(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if _, errOut, code := run(false, "lexicon", "add", "OLD", writeList(t, dir, "old.txt", "casa\nhe\n")); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := run(false, "lexicon", "add", "NEW", writeList(t, dir, "new.txt", "casa\nhe\n[C][H]E\nchico\n[C][H]ICOS\n")); code != 0 {
		t.Fatal(errOut)
	}
	added, errOut, code := run(false, "lexicon", "diff", "OLD", "NEW", "--added")
	if want := "[C][H]E\n[C][H]ICOS\nCHICO\n"; code != 0 || added != want {
		t.Fatalf("diff --added: %d %q, stderr %q; want %q", code, added, errOut, want)
	}
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(added), Out: &out, Err: &errb, Now: time.Now, Getenv: envOf(t)}
	if code := Run(io, []string{"lexicon", "add", "--strict", "ADDED", "-"}); code != 0 {
		t.Fatalf("add -: %d %s", code, errb.String())
	}
	if again, _, _ := run(false, "lexicon", "diff", "NEW", "ADDED", "--removed"); again != "CASA\nHE\n" {
		t.Errorf("the re-added words differ from the diff's: only in NEW %q, want CASA HE", again)
	}
	if extra, _, _ := run(false, "lexicon", "diff", "NEW", "ADDED", "--added"); extra != "" {
		t.Errorf("re-added words that NEW lacks: %q", extra)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"anagram", "E[C][H]"}, "[C][H]E\n"},
		{[]string{"anagram", "--json", "E[C][H]"}, `"words": [` + "\n    \"[C][H]E\"\n  ]"},
		{[]string{"search", "length:3"}, "[C][H]E\n"},
		{[]string{"hooks", "HE"}, "front  C  [C][H]E\n"},
		{[]string{"lexicon", "diff", "--json", "OLD", "NEW"}, `"only_b": [` + "\n    \"[C][H]E\",\n    \"[C][H]ICOS\",\n    \"CHICO\"\n  ]"},
	} {
		got, errOut, code := run(false, append(tc.args, "--lexicon", "NEW")...)
		if code != 0 || !strings.Contains(got, tc.want) {
			t.Errorf("%v: %d %q (stderr %q), want %q", tc.args, code, got, errOut, tc.want)
		}
	}
}

// TestLexiconListWithDamagedFile: one damaged lexicon file is a warning on stderr naming it; the
// others are still listed, and still offered when a name is not found.
func TestLexiconListWithDamagedFile(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if _, errOut, code := run(false, "lexicon", "add", "MINI", writeList(t, dir, "m.txt", "casa\n")); code != 0 {
		t.Fatal(errOut)
	}
	bad := filepath.Join(getenv(t, "ATRIL_DATA_DIR"), "lexicons", "ROTO.json")
	if err := os.WriteFile(bad, []byte("{\"name\": "), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(false, "lexicon", "list")
	if code != 0 || !strings.Contains(out, "FISE2-LIBRE") || !regexp.MustCompile(`(?m)^   MINI +1$`).MatchString(out) {
		t.Errorf("list: exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errOut, "warning: lexicon ROTO is damaged: "+bad+": not valid lexicon metadata") || !strings.Contains(errOut, "atril lexicon add --force ROTO FILE") {
		t.Errorf("list: stderr %q should name %s", errOut, bad)
	}
	if _, errOut, code := run(false, "judge", "--lexicon", "NOPE", "CASA"); code != 2 || !strings.Contains(errOut, "have: FISE2-LIBRE, MINI);") {
		t.Errorf("unknown lexicon: exit %d, stderr %q", code, errOut)
	}
}

// TestLexiconMessagesCountNouns: "1 word", "1 line", never "1 words" or "1 lines".
func TestLexiconMessagesCountNouns(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	out, errOut, code := run(false, "lexicon", "add", "UNA", writeList(t, dir, "u.txt", "casa\nk\n"))
	if code != 0 || !strings.Contains(out, "1 word from") || !strings.Contains(out, "(1 line skipped,") ||
		!strings.Contains(errOut, "skipped 1 line that is not a word of") {
		t.Errorf("add: %q %q", out, errOut)
	}
	if out, _, _ := run(false, "lexicon", "use", "UNA"); out != "Default lexicon: UNA (1 word)\n" {
		t.Errorf("use: %q", out)
	}
	setenv(t, "NO_COLOR", "1")
	if out, _, _ := run(true, "lexicon", "diff", "UNA", "UNA"); !strings.Contains(out, "In both      1 word\n") {
		t.Errorf("diff: %q", out)
	}
	if out, _, _ := run(true, "info", "--lexicon", "UNA", "CASA"); !strings.Contains(out, "1 of 1 word of 4 tiles") {
		t.Errorf("info: %q", out)
	}
}

// TestLexiconAddProgressOnTerminal: on a terminal, the progress line is cleared before the
// skipped lines are reported, so the report never mixes with it.
func TestLexiconAddProgressOnTerminal(t *testing.T) {
	t.Parallel()
	setenv(t, "ATRIL_DATA_DIR", t.TempDir())
	list := writeList(t, t.TempDir(), "p.txt", "casa\nk\n")
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, ErrTTY: true, Now: time.Now, Getenv: envOf(t)}
	if code := Run(io, []string{"lexicon", "add", "P", list}); code != 0 {
		t.Fatalf("add: %d %s", code, errb.String())
	}
	if want := "\r\033[Kcompiling 1 word...\r\033[Katril: skipped 1 line"; !strings.HasPrefix(errb.String(), want) {
		t.Errorf("stderr = %q, want it to start %q", errb.String(), want)
	}
}
