package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

// Tests of the word commands: judge, anagram, hooks, info, search.

// wordsTestWords is a made-up lexicon with digraph cases: CHICO needs the CH tile, LLAMA the LL
// tile, CH and LL are hooks (CHALA, LLAMA).
var wordsTestWords = []string{
	"AL", "ALA", "ALAS", "CALA", "CHALA", "SALA",
	"AMA", "CAMA", "LAMA", "LLAMA",
	"AS", "ASA", "ASAS", "CASA", "CASAS", "SACA", "SACAS",
	"CHICO", "CHICOS", "CHICA", "CALLA", "CALLAR", "CARRO", "CORRA",
}

// runWords runs atril; tty makes stdout a terminal (markdown rendered, colour unless NO_COLOR).
func runWords(t *testing.T, tty bool, env map[string]string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := &IO{
		In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: tty,
		Now:    func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		Getenv: func(k string) string { return env[k] },
	}
	code := Run(io, args)
	return out.String(), errb.String(), code
}

func TestWordCommandsPlain(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	tests := []struct {
		name   string
		args   []string
		code   int
		out    string // exact stdout (piped)
		errOut string // substring of stderr
	}{
		{"judge valid", []string{"judge", "CASA", "chico"}, 0, "CASA   valid\nCHICO  valid\n", ""},
		{"judge C and H tiles", []string{"judge", "CHICO", "[C][H]ICO"}, 1, "CHICO      valid\n[C][H]ICO  not valid\n", ""},
		{"judge digits and accents", []string{"judge", "1ICO", "CÁSA", "2AMA"}, 0, "CHICO  valid\nCASA   valid\nLLAMA  valid\n", ""},
		{"judge invalid", []string{"judge", "CASA", "CASSA"}, 1, "CASA   valid\nCASSA  not valid\n", ""},
		{"challenge valid", []string{"judge", "--challenge", "CASA", "CASAS"}, 0, "jugada válida\n", ""},
		{"challenge invalid", []string{"judge", "--challenge", "CASA", "CASSA"}, 1, "jugada no válida\n", ""},
		// A letter Spanish has no tile for makes a word not valid; something that is not a
		// letter is bad input; either way every word gets its verdict.
		{"judge bad letter", []string{"judge", "CASA", "KASA"}, 1, "CASA  valid\nKASA  not valid  K is not a letter of the fise set\n", ""},
		{"judge KIWI", []string{"judge", "KIWI"}, 1, "KIWI  not valid  K is not a letter of the fise set\n", ""},
		{"judge not letters", []string{"judge", "CASA", "CAN~A"}, 2, "CASA   valid\nCAN~A  bad input  '~' is not a letter\n", ""},
		{"judge blank", []string{"judge", "CAS?"}, 2, "CAS?  bad input  a blank '?' is not allowed here\n", ""},
		{"judge in Spanish", []string{"judge", "--lang", "es", "CASA", "CASSA", "KIWI"}, 1, "CASA   válida\nCASSA  no válida\nKIWI   no válida  K no es una letra del juego de fichas fise\n", ""},
		{"judge no words", []string{"judge"}, 2, "", "too few arguments: expected WORD... (see `atril judge --help`)"},
		{"anagram", []string{"anagram", "ASAC"}, 0, "CASA\nSACA\n", ""},
		{"anagram blank", []string{"anagram", "ACAS?"}, 0, "CASAS\nSACAS\n", ""},
		{"anagram CH tile", []string{"anagram", "OCI1"}, 0, "CHICO\n", ""},
		{"anagram C H tiles", []string{"anagram", "OCI[C][H]"}, 0, "", ""},
		{"anagram sub", []string{"anagram", "--sub", "CASAS"}, 0, "AS\nASA\nASAS\nCASA\nCASAS\nSACA\nSACAS\n", ""},
		{"anagram min implies sub", []string{"anagram", "--min", "5", "CASAS"}, 0, "CASAS\nSACAS\n", ""},
		{"anagram bad rack", []string{"anagram", "CAS$"}, 2, "", `rack "CAS$": '$' is not a letter at character 4`},
		{"anagram K", []string{"anagram", "KAS"}, 2, "", "K is not a letter of the fise set"},
		{"anagram bad min", []string{"anagram", "--min", "0", "CASA"}, 2, "", "--min 0"},
		{"anagram long rack", []string{"anagram", "AAAAAAAAAAAAAAAA"}, 2, "", "16 tiles, at most 15"},
		{"hooks", []string{"hooks", "ALA"}, 0, "front  C   CALA\nfront  CH  CHALA\nfront  S   SALA\nback   S   ALAS\n", ""},
		{"hooks LL", []string{"hooks", "AMA"}, 0, "front  C   CAMA\nfront  L   LAMA\nfront  LL  LLAMA\n", ""},
		{"hooks in Spanish", []string{"hooks", "ALA", "--lang", "es"}, 0, "delante  C   CALA\ndelante  CH  CHALA\ndelante  S   SALA\ndetrás   S   ALAS\n", ""},
		{"hooks none", []string{"hooks", "LAMA"}, 0, "", ""},
		{"search text", []string{"search", "pattern:C* length:5-"}, 0, "CALLAR\nCASAS\n", ""},
		{"search flags", []string{"search", "--pattern", "C*", "--length", "5-"}, 0, "CALLAR\nCASAS\n", ""},
		{"search query flag and flags", []string{"search", "-q", "prefix:CH", "--order", "-alpha"}, 0, "CHICOS\nCHICO\nCHICA\nCHALA\n", ""},
		{"search digraph", []string{"search", "digraph:LL"}, 0, "CALLA\nCALLAR\nLLAMA\n", ""},
		{"search top", []string{"search", "--length", "2", "--top", "1"}, 0, "AS\n", ""},
		{"search bad key", []string{"search", "lenght:7"}, 2, "", `search term "lenght:7": unknown key "lenght"; did you mean length?`},
		{"search bad key in Spanish", []string{"search", "xyzzy:7", "--lang", "es"}, 2, "", `clave desconocida "xyzzy" (se esperaba una de estas: patrón, anagrama, sub, longitud,`},
		{"search Spanish key twice", []string{"search", "longitud:7 longitud:8", "--lang", "es"}, 2, "", `"longitud:8": longitud aparece dos veces`},
		{"search bad flag value", []string{"search", "--length", "x"}, 2, "", `--length: search term "length:x": expected N, N-M, N- or -M`},
		{"search twice", []string{"search", "length:7", "--length", "8"}, 2, "", "length is given twice"},
		{"search empty", []string{"search"}, 2, "", "a search needs at least one condition"},
		{"search args and query", []string{"search", "length:7", "-q", "top:3"}, 2, "", "not both"},
		{"search bad top", []string{"search", "--top", "-1"}, 2, "", "expected a number of words"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runWords(t, false, nil, append(tc.args, "--lexicon", lex)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.code, out, errOut)
			}
			if out != tc.out {
				t.Errorf("stdout %q, want %q", out, tc.out)
			}
			if tc.errOut == "" && errOut != "" {
				t.Errorf("unexpected stderr %q", errOut)
			}
			if !strings.Contains(errOut, tc.errOut) {
				t.Errorf("stderr %q lacks %q", errOut, tc.errOut)
			}
		})
	}
}

// TestWordCommandsJSON checks the JSON shapes the issue fixes, key for key.
func TestWordCommandsJSON(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	tests := []struct {
		name string
		args []string
		code int
		want string // JSON, compared structurally
	}{
		{"judge", []string{"judge", "CASA", "[C][H]ICO"}, 1, `{"valid":false,"words":[{"word":"CASA","valid":true},{"word":"[C][H]ICO","valid":false}]}`},
		{"judge all valid", []string{"judge", "chico"}, 0, `{"valid":true,"words":[{"word":"CHICO","valid":true}]}`},
		{"challenge", []string{"judge", "--challenge", "CASA", "CASSA"}, 1, `{"valid":false}`},
		{"challenge valid", []string{"judge", "--challenge", "CASA"}, 0, `{"valid":true}`},
		{"anagram", []string{"anagram", "ACAS?"}, 0, `{"words":["CASAS","SACAS"]}`},
		{"anagram none", []string{"anagram", "XYZ"}, 0, `{"words":[]}`},
		{"hooks", []string{"hooks", "AMA"}, 0, `{"word":"AMA","valid":true,"front":[{"hook":"C","word":"CAMA"},{"hook":"L","word":"LAMA"},{"hook":"LL","word":"LLAMA"}],"back":[]}`},
		{"search none", []string{"search", "length:9"}, 0, `{"results":[]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runWords(t, false, nil, append(tc.args, "--json", "--lexicon", lex)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			var got, want any
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %s, want %s", out, tc.want)
			}
		})
	}

	// search: exactly word, alphagram, probability, rank per result.
	out, _, code := runWords(t, false, nil, "search", "anagram:ASAC", "--json", "--lexicon", lex)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var s struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Results) != 2 {
		t.Fatalf("results %s", out)
	}
	for _, r := range s.Results {
		var keys []string
		for k := range r {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, []string{"alphagram", "probability", "rank", "word"}) {
			t.Errorf("result keys %v", keys)
		}
	}
	ts := lexicon.DefaultTileSet()
	casa, _ := ts.ParseWord("CASA")
	r0 := s.Results[0]
	if r0["word"] != "CASA" || r0["alphagram"] != "AACS" || r0["probability"] != ts.Probability(casa) {
		t.Errorf("first result %v, want CASA AACS %g", r0, ts.Probability(casa))
	}
	if r1 := s.Results[1]; r1["word"] != "SACA" || r1["rank"].(float64) != r0["rank"].(float64)+1 {
		t.Errorf("SACA should rank right after CASA: %v %v", r0, r1)
	}

	// info: every field.
	out, _, code = runWords(t, false, nil, "info", "CHICO", "--json", "--lexicon", lex)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var info infoJSON
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&info); err != nil {
		t.Fatal(err)
	}
	chico, _ := ts.ParseWord("CHICO")
	if info.Word != "CHICO" || !info.Valid || strings.Join(info.Tiles, " ") != "CH I C O" || info.Length != 4 ||
		info.Alphagram != "CCHIO" || info.Points != 10 || info.Combinations != ts.Combinations(chico) ||
		info.Rank == nil || *info.Rank < 1 || info.WordsOfLength != 15 || len(info.Anagrams) != 0 ||
		len(info.Front) != 0 || len(info.Back) != 1 || info.Back[0] != (hookJSON{Hook: "S", Word: "CHICOS"}) {
		t.Errorf("info CHICO = %+v", info)
	}
}

// TestWordCommandsTerminal renders the human output as a terminal without colour shows it.
func TestWordCommandsTerminal(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	noColor := map[string]string{"NO_COLOR": "1"}
	tests := []struct {
		golden string
		args   []string
		code   int
	}{
		{"words/judge.txt", []string{"judge", "CASA", "CASSA"}, 1},
		{"words/anagram-sub.txt", []string{"anagram", "--sub", "CASA?"}, 0},
		{"words/hooks-ala.txt", []string{"hooks", "ALA"}, 0},
		{"words/hooks-ico.txt", []string{"hooks", "ICO"}, 0},
		{"words/info-chico.txt", []string{"info", "CHICO"}, 0},
		{"words/info-invalid.txt", []string{"info", "[C][H]ICO"}, 0},
		{"words/search.txt", []string{"search", "length:4 order:prob"}, 0},
		{"words/search-none.txt", []string{"search", "length:9"}, 0},
		// What a Spanish player sees.
		{"words/es/judge.txt", []string{"judge", "CASA", "CASSA", "KIWI", "--lang", "es"}, 1},
		{"words/es/anagram-sub.txt", []string{"anagram", "--sub", "CASA?", "--lang", "es"}, 0},
		{"words/es/hooks-ico.txt", []string{"hooks", "ICO", "--lang", "es"}, 0},
		{"words/es/info-chico.txt", []string{"info", "CHICO", "--lang", "es"}, 0},
		{"words/es/info-invalid.txt", []string{"info", "[C][H]ICO", "--lang", "es"}, 0},
		{"words/es/search.txt", []string{"search", "longitud:4 orden:prob", "--lang", "es"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.golden, func(t *testing.T) {
			out, errOut, code := runWords(t, true, noColor, append(tc.args, "--lexicon", lex)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			if strings.Contains(out, "\x1b[3") {
				t.Errorf("colour despite NO_COLOR:\n%q", out)
			}
			checkGolden(t, tc.golden, out)
		})
	}
	// With colour: valid is green, not valid red.
	out, _, _ := runWords(t, true, map[string]string{}, "judge", "CASA", "CASSA", "--lexicon", lex)
	if !strings.Contains(out, "\x1b[32mvalid") || !strings.Contains(out, "\x1b[31mnot valid") {
		t.Errorf("judge on a colour terminal: %q", out)
	}
	out, _, _ = runWords(t, true, map[string]string{}, "judge", "--challenge", "CASA", "CASSA", "--lexicon", lex)
	if !strings.Contains(out, "\x1b[31m") || !strings.Contains(out, "jugada no válida") {
		t.Errorf("challenge on a colour terminal: %q", out)
	}
}

// TestWordCommandsLongSearchOnTerminal: a long result list is one table, a row a word, in the
// terminal's width.
func TestWordCommandsLongSearchOnTerminal(t *testing.T) {
	t.Parallel()
	var words []string
	for _, a := range []string{"A", "E", "I", "O", "U"} {
		for _, b := range []string{"B", "C", "D", "F", "G", "L", "M", "N", "P", "R", "S", "T", "V", "Z"} {
			for _, c := range []string{"A", "E", "I", "O"} {
				words = append(words, a+b+c)
			}
		}
	}
	lex := engineTestLexicon(t, words...)
	out, _, code := runWords(t, true, map[string]string{"NO_COLOR": "1"}, "search", "length:3", "--lexicon", lex)
	if code != 0 {
		t.Fatal(code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < len(words)+5 || !strings.HasPrefix(lines[0], "280 words: length:3") || !strings.HasPrefix(strings.TrimSpace(lines[3]), "#  Word  Alphagram") ||
		!strings.HasPrefix(strings.TrimSpace(lines[5]), "1  ABA") || !strings.HasPrefix(strings.TrimSpace(lines[len(words)+4]), "280  UZO") {
		t.Errorf("%d lines, starting %q", len(lines), lines[:5])
	}
}

// TestWordCommandsFitTheTerminal: on a terminal of 80 columns or more, in either language, with
// or without colour, every line of the word and lexicon commands fits, no Markdown marker shows,
// and words are never cut; piped, the same commands print plain text.
func TestWordCommandsFitTheTerminal(t *testing.T) {
	t.Parallel()
	run, dir := lexTestEnv(t)
	if _, errOut, code := run(false, "lexicon", "add", "MINI", writeList(t, dir, "m.txt", strings.Join(wordsTestWords, "\n")), "--description",
		"a made-up list with a description long enough to be cut on a terminal of eighty columns, which it is"); code != 0 {
		t.Fatal(errOut)
	}
	if _, errOut, code := run(false, "lexicon", "add", "MINI2", writeList(t, dir, "m2.txt", strings.Join(wordsTestWords[3:], "\n")+"\nCASERO\nOSA")); code != 0 {
		t.Fatal(errOut)
	}
	commands := [][]string{
		{"judge", "CASA", "CASSA", "KIWI"},
		{"anagram", "--sub", "AEIRST?"},
		{"hooks", "CASA"},
		{"info", "CASA"},
		{"info", "ARISTE"},
		{"search", "length:7 top:300"},
		{"search", "pattern:*A*", "--lexicon", "MINI"},
		{"lexicon", "list"},
		{"lexicon", "info"},
		{"lexicon", "diff", "MINI", "FISE2-LIBRE"},
	}
	ansi := regexp.MustCompile("\x1b\\[[0-9;]*m")
	for _, args := range commands {
		for _, lang := range []string{"en", "es"} {
			for _, width := range []int{80, 120} {
				for _, noColor := range []string{"1", ""} {
					env := map[string]string{"COLUMNS": strconv.Itoa(width), "NO_COLOR": noColor, "ATRIL_DATA_DIR": getenv(t, "ATRIL_DATA_DIR")}
					out, errOut, code := runWords(t, true, env, append(args, "--lang", lang)...)
					if code > 1 || out == "" {
						t.Errorf("%v %s: exit %d, stderr %q", args, lang, code, errOut)
						continue
					}
					if noColor != "" && ansi.MatchString(out) {
						t.Errorf("%v %s: colour despite NO_COLOR", args, lang)
					}
					plain := ansi.ReplaceAllString(out, "")
					for _, line := range strings.Split(plain, "\n") {
						if w := utf8.RuneCountInString(line); w > width {
							t.Errorf("%v %s, %d columns (NO_COLOR=%q): a line of %d:\n%s", args, lang, width, noColor, w, line)
						}
					}
					for _, marker := range []string{"**", "| ", "## ", "`", "\\["} {
						if strings.Contains(plain, marker) {
							t.Errorf("%v %s: Markdown marker %q:\n%s", args, lang, marker, plain)
						}
					}
				}
			}
			piped := args
			if args[1] == "diff" {
				// Piped, a diff with the default lists its 636,621 words, 7 MB: the same plain
				// list of two small lexicons says as much.
				piped = []string{"lexicon", "diff", "MINI", "MINI2"}
			}
			out, _, _ := runWords(t, false, map[string]string{"ATRIL_DATA_DIR": getenv(t, "ATRIL_DATA_DIR")}, append(piped, "--lang", lang)...)
			if out == "" || ansi.MatchString(out) || strings.Contains(out, "═") || strings.Contains(out, "**") {
				t.Errorf("%v %s piped: not plain text:\n%s", args, lang, out)
			}
		}
	}
}

func TestWordCommandsCompletion(t *testing.T) {
	t.Parallel()
	out, errOut, code := runWords(t, false, nil, "completion", "bash")
	if code != 0 || !strings.Contains(out, "__start_atril") {
		t.Fatalf("completion bash: exit %d, stderr %q", code, errOut)
	}
	out, _, code = runWords(t, false, nil, "__complete", "search", "--order", "")
	if code != 0 || !strings.Contains(out, "prob\n") || !strings.Contains(out, "alphagram\n") {
		t.Errorf("completing --order: exit %d, %q", code, out)
	}
	out, _, _ = runWords(t, false, nil, "__complete", "ju")
	if !strings.Contains(out, "judge") {
		t.Errorf("completing ju: %q", out)
	}
}

// TestWordCommandsFILE2017 runs the commands on the reference FILE2017.kwg (tests only).
func TestWordCommandsFILE2017(t *testing.T) {
	t.Parallel()
	lex := file2017(t)
	if lex == "" {
		t.Skip("FILE2017.kwg not beside the project")
	}
	out, _, code := runWords(t, false, nil, "judge", "CHICO", "--lexicon", lex)
	if code != 0 || out != "CHICO  valid\n" {
		t.Errorf("judge CHICO: %d %q", code, out)
	}
	_, _, code = runWords(t, false, nil, "judge", "[C][H]ICO", "--lexicon", lex)
	if code != 1 {
		t.Errorf("judge [C][H]ICO: exit %d, want 1", code)
	}
	out, _, code = runWords(t, false, nil, "search", "length:7 top:1000", "--lexicon", lex)
	if lines := strings.Count(out, "\n"); code != 0 || lines != 1000 {
		t.Errorf("search length:7 top:1000: exit %d, %d lines", code, lines)
	}
	out, _, code = runWords(t, false, nil, "anagram", "AEIRST?", "--json", "--lexicon", lex)
	var a anagramJSON
	if err := json.Unmarshal([]byte(out), &a); err != nil || code != 0 || len(a.Words) < 10 {
		t.Errorf("anagram AEIRST?: exit %d, %d words, %v", code, len(a.Words), err)
	}
}

// TestWordCommandsEmbeddedDefault runs the commands with no --lexicon: the shipped default.
func TestWordCommandsEmbeddedDefault(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // no user lexicon chosen
	env := map[string]string{"ATRIL_DATA_DIR": dir}
	out, errOut, code := runWords(t, false, env, "judge", "CASA", "CHICO")
	if code != 0 || out != "CASA   valid\nCHICO  valid\n" {
		t.Errorf("judge CASA CHICO: exit %d, %q %q", code, out, errOut)
	}
	// FISE's 2016 update of two-tile words: HU added, IN dropped.
	out, _, code = runWords(t, false, env, "judge", "--json", "HU", "IN")
	if code != 1 || strings.Join(strings.Fields(out), "") != `{"valid":false,"words":[{"word":"HU","valid":true},{"word":"IN","valid":false}]}` {
		t.Errorf("judge --json HU IN: exit %d, %s", code, out)
	}
	out, _, code = runWords(t, false, env, "judge", "--challenge", "[C][H]ICO", "CASA")
	if code != 1 || out != "jugada no válida\n" {
		t.Errorf("judge --challenge [C][H]ICO CASA: exit %d, %q", code, out)
	}
	out, _, code = runWords(t, false, env, "anagram", "OCI1")
	if code != 0 || !slices.Contains(strings.Fields(out), "CHICO") {
		t.Errorf("anagram OCI1: exit %d, %q", code, out)
	}
	out, _, code = runWords(t, false, env, "search", "length:2", "--json")
	var s searchJSON
	if err := json.Unmarshal([]byte(out), &s); err != nil || code != 0 || len(s.Results) != 91 {
		t.Errorf("search length:2: exit %d, %d results (want the 91 official two-tile words), %v", code, len(s.Results), err)
	}
	out, _, code = runWords(t, false, env, "search", "length:7 top:1000")
	if code != 0 || strings.Count(out, "\n") != 1000 {
		t.Errorf("search length:7 top:1000: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
	out, _, code = runWords(t, false, env, "info", "--json", "CHICO")
	var info infoJSON
	if err := json.Unmarshal([]byte(out), &info); err != nil || code != 0 || !info.Valid || info.Rank == nil || *info.Rank < 1 || *info.Rank > info.WordsOfLength {
		t.Errorf("info CHICO: exit %d, %+v, %v", code, info, err)
	}
	out, _, code = runWords(t, false, env, "hooks", "CASA")
	if code != 0 || !strings.Contains(out, "back  S  CASAS\n") {
		t.Errorf("hooks CASA: exit %d, %q", code, out)
	}
}

// TestWordCommandsTilesFlag: --tiles changes points and probabilities, not validity.
func TestWordCommandsTilesFlag(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	b, err := os.ReadFile("../data/tiles/fise.csv")
	if err != nil {
		t.Fatal(err)
	}
	// A set where CH is worth 9 and there are 8 C tiles.
	custom := strings.Replace(strings.Replace(string(b), "\nCH,1,5,false", "\nCH,1,9,false", 1), "\nC,4,3,false", "\nC,8,3,false", 1)
	if custom == string(b) {
		t.Fatal("the test's edit of fise.csv did not apply")
	}
	path := filepath.Join(t.TempDir(), "custom.csv")
	if err := os.WriteFile(path, []byte(custom), 0o644); err != nil {
		t.Fatal(err)
	}
	var fise, mine infoJSON
	for _, run := range []struct {
		args []string
		into *infoJSON
	}{{nil, &fise}, {[]string{"--tiles", path}, &mine}} {
		out, errOut, code := runWords(t, false, nil, append([]string{"info", "--json", "CHICO", "--lexicon", lex}, run.args...)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if err := json.Unmarshal([]byte(out), run.into); err != nil {
			t.Fatal(err)
		}
	}
	if fise.Points != 10 || mine.Points != 14 {
		t.Errorf("CHICO points: fise %d, custom %d; want 10 and 14", fise.Points, mine.Points)
	}
	if !mine.Valid || mine.Combinations <= fise.Combinations {
		t.Errorf("CHICO under the custom set: valid %t, combinations %d (fise %d): more C tiles should mean more", mine.Valid, mine.Combinations, fise.Combinations)
	}
	_, errOut, code := runWords(t, false, nil, "judge", "CASA", "--tiles", "nosuchset")
	if code != 2 || !strings.Contains(errOut, `tile set "nosuchset"`) {
		t.Errorf("judge --tiles nosuchset: exit %d, %q", code, errOut)
	}
}

// TestAnagramRackBlanks: a rack may not hold more blanks than the set (exit 2, saying so), but
// may hold more of a letter than the set has (CHUCHO needs two CH tiles).
func TestAnagramRackBlanks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args    []string
		code    int
		out, in string // out: stdout holds it; in: stderr holds it
	}{
		{[]string{"anagram", "??????????"}, 2, "", `rack "??????????": 10 blanks, but the fise set has 2`},
		{[]string{"anagram", "--sub", "CASA???"}, 2, "", "3 blanks, but the fise set has 2"},
		{[]string{"search", "anagram:???"}, 2, "", "3 blanks, but the fise set has 2"},
		{[]string{"search", "--sub", "AB???"}, 2, "", "3 blanks, but the fise set has 2"},
		{[]string{"anagram", "CHUCHO"}, 0, "CHUCHO\n", ""},
		{[]string{"anagram", "CAS??"}, 0, "CASAS\n", ""},
	} {
		out, errOut, code := runWords(t, false, nil, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.in) {
			t.Errorf("%v: exit %d, stdout %.60q, stderr %q; want exit %d, %q, %q", tc.args, code, out, errOut, tc.code, tc.out, tc.in)
		}
	}
}

// TestInfoAndHooksShareHooks: info --json carries the same word, validity and hooks, under the
// same keys, as hooks --json (one type).
func TestInfoAndHooksShareHooks(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	for _, word := range []string{"AMA", "ALA", "[C][H]ICO", "CASA"} {
		var hooks, info map[string]any
		for _, v := range []struct {
			cmd string
			dst *map[string]any
		}{{"hooks", &hooks}, {"info", &info}} {
			out, errOut, code := runWords(t, false, nil, v.cmd, "--json", "--lexicon", lex, word)
			if err := json.Unmarshal([]byte(out), v.dst); err != nil || code != 0 {
				t.Fatalf("%s %s: %v %d %s", v.cmd, word, err, code, errOut)
			}
		}
		for k := range hooks {
			if !reflect.DeepEqual(hooks[k], info[k]) {
				t.Errorf("%s: hooks says %s = %v, info says %v", word, k, hooks[k], info[k])
			}
		}
	}
}

// TestInfoInvalidWordHasNoRank: a word not in the lexicon has no rank (never "rank: 0").
func TestInfoInvalidWordHasNoRank(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, wordsTestWords...)
	out, _, code := runWords(t, false, nil, "info", "--lexicon", lex, "CASO")
	if code != 0 || !strings.Contains(out, "\nRank         not ranked (not a word; 15 words of 4 tiles)\n") || !strings.Contains(out, "\nVerdict      not valid\n") {
		t.Errorf("info CASO piped: %d\n%s", code, out)
	}
	out, _, _ = runWords(t, false, nil, "info", "--json", "--lexicon", lex, "CASO")
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if r, ok := got["rank"]; !ok || r != nil {
		t.Errorf(`info --json CASO: rank = %v (present %t), want null`, r, ok)
	}
	out, _, _ = runWords(t, false, nil, "info", "--lexicon", lex, "CASA")
	if !strings.Contains(out, "\nRank         2 of 15 words of 4 tiles\n") {
		t.Errorf("info CASA should have a rank:\n%s", out)
	}
	out, _, _ = runWords(t, true, map[string]string{"NO_COLOR": "1"}, "info", "--lexicon", lex, "CASO")
	if !strings.Contains(out, "not ranked (not a word") {
		t.Errorf("terminal info CASO:\n%s", out)
	}
}

// TestCompleteTileSets: --tiles completes with the embedded sets and leaves paths to the shell.
func TestCompleteTileSets(t *testing.T) {
	t.Parallel()
	names, dir := completeTileSets(nil, nil, "")
	if !slices.Contains(names, lexicon.DefaultTileSetName) || !slices.Equal(names, lexicon.EmbeddedTileSets()) {
		t.Errorf("tile set names = %v, want the embedded sets (%v)", names, lexicon.EmbeddedTileSets())
	}
	if dir&cobra.ShellCompDirectiveNoFileComp != 0 {
		t.Error("--tiles also takes a PATH: file completion must stay on")
	}
}
