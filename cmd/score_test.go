package cmd

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestScoreCommand(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "BOCA", "CASA", "CASAS", "CA", "AS", "CHARRO", "ACHAQUES")
	casa := "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15"
	tests := []struct {
		name, cgp, play string
		code            int
		out             []string // substrings of stdout (human form)
		errOut          string
	}{
		{"first play", emptyRows + " ABCO?/ 0/0 0", "8F BOCA", 0, []string{"8F BOCA  16 points\n", "BOCA   B3 O1 C3 A1 = 8, x2 = 16      16\n", "Total                                16\n", "Position after  15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 /? 0/16 0 ld spanish;"}, ""},
		{"shared letter", casa + " AS/ 0/0 0", "9H AS", 0, []string{"10 points", "CA     C3 A1 = 4         4\n"}, ""},
		{"blank taken", emptyRows + " BCO?/ 0/0 0", "8F BOCA", 0, []string{"14 points", "A on I8 is played with a blank"}, ""},
		{"digraphs", emptyRows + " / 0/0 0", "8G CHARRO", 0, []string{"8G [CH]A[RR]O  30 points"}, ""},
		{"bingo", emptyRows + " ACHAQUES/ 0/0 0", "8H ACHAQUES", 0, []string{"bingo bonus (7 tiles)", "Total"}, ""},
		{"lexicon note", casa + " AS/ 0/0 0 lex FILE2017;", "9H AS", 0, []string{"names the lexicon FILE2017; words were judged with small"}, ""},
		{"illegal", casa + " / 0/0 0", "1A CASA", 1, []string{"1A CASA  not legal", "- the play touches no tile"}, ""},
		{"not a word", emptyRows + " / 0/0 0", "8H CAS", 1, []string{"CAS is not a valid word", "CAS (not valid)"}, ""},
		{"not on rack", emptyRows + " XYZ/ 0/0 0", "8F BOCA", 1, []string{"B is not on the rack"}, ""},
		{"bad play", emptyRows + " / 0/0 0", "8Z BOCA", 2, nil, "no column letter"},
		{"bad cgp", "15/15 / 0/0 0", "8H CASA", 2, nil, "2 rows, expected 15"},
		{"exchange", emptyRows + " / 0/0 0", "-ABC", 2, nil, "tile placements"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runEngineCmd(t, nil, "score", "--lexicon", lex, "--cgp", tc.cgp, "--play", tc.play)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tc.code, out, errOut)
			}
			for _, s := range tc.out {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			if tc.errOut != "" && !strings.Contains(errOut, tc.errOut) {
				t.Errorf("stderr %q lacks %q", errOut, tc.errOut)
			}
		})
	}
}

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "BOCA", "CASA", "CASAS", "CA", "AS")
	out, _, code := runEngineCmd(t, nil, "score", "--json", "--lexicon", lex, "--cgp", "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AS/ 0/0 0", "--play", "9H AS")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Valid bool `json:"valid"`
		Score int  `json:"score"`
		Words []struct {
			Word  string `json:"word"`
			Score int    `json:"score"`
		} `json:"words"`
		Bingo bool   `json:"bingo"`
		CGP   string `json:"cgp"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !got.Valid || got.Score != 10 || len(got.Words) != 3 || got.Words[1].Word != "CA" || got.Words[1].Score != 4 || got.Bingo {
		t.Errorf("got %+v", got)
	}
	want := "15/15/15/15/15/15/15/7CASA4/7AS6/15/15/15/15/15/15 / 0/10 0 ld spanish;"
	if got.CGP != want {
		t.Errorf("cgp %q, want %q", got.CGP, want)
	}
}

// A bingo with a digraph on a real word list: the shipped default, and the official list when
// present (tests only).
func TestScoreBigLexicons(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, lex string }{{"default", ""}, {"FILE2017", file2017(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"score", "--json", "--cgp", emptyRows + " ACHAQUES/ 0/0 0", "--play", "8H ACHAQUES"}
			if tc.name != "default" {
				if tc.lex == "" {
					t.Skip("FILE2017.kwg not present (tests only; never shipped)")
				}
				args = append(args, "--lexicon", tc.lex)
			}
			out, _, code := runEngineCmd(t, nil, args...)
			if code != 0 || !strings.Contains(out, `"bingo": true`) || !strings.Contains(out, `"score": 82`) {
				t.Errorf("ACHAQUES: exit %d\n%s", code, out)
			}
		})
	}
}

// The shipped default lexicon (embedded), no --lexicon.
func TestScoreDefaultLexicon(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "score", "--json", "--cgp", emptyRows+" ABCO?/ 0/0 0", "--play", "8F BOCA")
	if code != 0 || !strings.Contains(out, `"score": 16`) || !strings.Contains(out, `"valid": true`) {
		t.Errorf("exit %d: %s %s", code, out, errOut)
	}
	out, _, code = runEngineCmd(t, nil, "score", "--json", "--cgp", emptyRows+" / 0/0 0", "--play", "8F BCOA")
	if code != 1 || !strings.Contains(out, "BCOA is not a valid word") {
		t.Errorf("BCOA: exit %d: %s", code, out)
	}
}

// In Spanish: the verdict, the words' table, the reasons and notes; piped output is plain
// text (no Markdown); JSON is the same in both languages.
func TestScoreSpanish(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "BOCA", "CASA", "CA", "AS")
	casa := "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15"
	out, _, code := runEngineCmd(t, nil, "score", "--lang", "es", "--lexicon", lex, "--cgp", emptyRows+" BCO?/ 0/0 0", "--play", "8F BOCA")
	for _, want := range []string{"8F BOCa  14 puntos\n", "Palabra  Cuenta", "Total", "Nota: A en I8 se juega con un comodín.", "Posición después"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	for _, md := range []string{"**", "|", "`"} {
		if strings.Contains(out, md) {
			t.Errorf("piped output has Markdown %q:\n%s", md, out)
		}
	}
	out, _, code = runEngineCmd(t, nil, "score", "--lang", "es", "--lexicon", lex, "--cgp", casa+" / 0/0 0", "--play", "1A CASA")
	if code != ExitNo || !strings.Contains(out, "1A CASA  no es legal") || !strings.Contains(out, "la jugada no toca ninguna ficha del tablero") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	_, errOut, code := runEngineCmd(t, nil, "score", "--lang", "es", "--lexicon", lex, "--cgp", casa+" / 0/0 0", "--play", "8Z BOCA")
	if code != ExitError || !strings.Contains(errOut, "atril: --play: jugada \"8Z BOCA\": coordenadas \"8Z\": falta la letra de columna A-O") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	en, _, _ := runEngineCmd(t, nil, "score", "--json", "--lexicon", lex, "--cgp", emptyRows+" BCO?/ 0/0 0", "--play", "8F BOCA")
	es, _, _ := runEngineCmd(t, nil, "score", "--lang", "es", "--json", "--lexicon", lex, "--cgp", emptyRows+" BCO?/ 0/0 0", "--play", "8F BOCA")
	if en != es || !strings.Contains(en, `"A on I8 is played with a blank"`) {
		t.Errorf("JSON differs by language or lost its note:\n%s\n%s", en, es)
	}
}

// On a colour terminal: the verdict painted (ui styles), the table drawn by ui, no Markdown.
func TestScoreTerminal(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "BOCA")
	for _, env := range []map[string]string{nil, {"NO_COLOR": "1"}} {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true, Width: 80,
			Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return env[k] }}
		if code := Run(io, []string{"score", "--lexicon", lex, "--cgp", emptyRows + " ABCO/ 0/0 0", "--play", "8F BOCA"}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		o := out.String()
		colour := env == nil
		if strings.Contains(o, "\x1b[32m16 points") != colour || strings.Contains(o, "\x1b[") != colour || strings.Contains(o, "**") || !strings.Contains(o, "──") {
			t.Errorf("NO_COLOR=%v:\n%q", !colour, o)
		}
	}
}

// At 80 columns a long word's count does not fit beside it: it follows the table, broken
// between tiles, the sum whole; every line but the CGP (one token) fits. Wider, it is a column.
func TestScoreAt80Columns(t *testing.T) {
	t.Parallel()
	cgp := "15/15/15/15/15/15/15/CONTRAPUNTEA3/15/15/15/15/15/15/15 RAS[CH]?EI/ 0/0 0"
	run := func(width int) string {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true, Width: width,
			Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }}
		if code := Run(io, []string{"score", "--cgp", cgp, "--play", "8A (CONTRAPUNTEA)RAS"}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	o := run(80)
	for _, line := range strings.Split(o, "\n") {
		if w := len([]rune(line)); w > 80 && !strings.Contains(line, "/15/") {
			t.Errorf("line of %d columns at 80: %q", w, line)
		}
	}
	if !strings.Contains(o, "CONTRAPUNTEARAS: C3 O1") || !strings.Contains(o, " S1 = 19, x3 = 57\n") || strings.Contains(o, "Count") {
		t.Errorf("at 80 columns:\n%s", o)
	}
	if wide := run(120); !strings.Contains(wide, "CONTRAPUNTEARAS  C3 O1 N1 T1 R1 A1 P3 U1 N1 T1 E1 A1 R1 A1 S1 = 19, x3 = 57      57\n") {
		t.Errorf("at 120 columns:\n%s", wide)
	}
}
