package cmd

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestScoreCommand(t *testing.T) {
	lex := engineTestLexicon(t, "BOCA", "CASA", "CASAS", "CA", "AS", "CHARRO")
	casa := "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15"
	tests := []struct {
		name, cgp, play string
		code            int
		out             []string // substrings of stdout (human form)
		errOut          string
	}{
		{"first play", emptyRows + " ABCO?/ 0/0 0", "8F BOCA", 0, []string{"**8F BOCA**: 16 points", "| BOCA | B3 O1 C3 A1 = 8, x2 = 16 | 16 |", "Position after: `15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 /? 0/16 0 ld spanish;`"}, ""},
		{"shared letter", casa + " AS/ 0/0 0", "9H AS", 0, []string{"10 points", "| CA | C3 A1 = 4 | 4 |"}, ""},
		{"blank taken", emptyRows + " BCO?/ 0/0 0", "8F BOCA", 0, []string{"14 points", "A on I8 is played with a blank"}, ""},
		{"digraphs", emptyRows + " / 0/0 0", "8G CHARRO", 0, []string{"**8G [CH]A[RR]O**: 30 points"}, ""},
		{"lexicon note", casa + " AS/ 0/0 0 lex FILE2017;", "9H AS", 0, []string{"names the lexicon FILE2017; words were judged with small"}, ""},
		{"illegal", casa + " / 0/0 0", "1A CASA", 1, []string{"is not legal", "touches no tile"}, ""},
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

// The official list, when present (tests only): a bingo and a real cross-play.
func TestScoreFILE2017(t *testing.T) {
	lex := file2017(t)
	if lex == "" {
		t.Skip("FILE2017.kwg not present (tests only; never shipped)")
	}
	out, _, code := runEngineCmd(t, nil, "score", "--json", "--lexicon", lex, "--cgp", emptyRows+" ACHAQUES/ 0/0 0", "--play", "8H ACHAQUES")
	if code != 0 || !strings.Contains(out, `"bingo": true`) || !strings.Contains(out, `"score": 82`) {
		t.Errorf("ACHAQUES: exit %d\n%s", code, out)
	}
}

// The shipped default lexicon (embedded), no --lexicon.
func TestScoreDefaultLexicon(t *testing.T) {
	out, errOut, code := runEngineCmd(t, nil, "score", "--json", "--cgp", emptyRows+" ABCO?/ 0/0 0", "--play", "8F BOCA")
	if code != 0 || !strings.Contains(out, `"score": 16`) || !strings.Contains(out, `"valid": true`) {
		t.Errorf("exit %d: %s %s", code, out, errOut)
	}
	out, _, code = runEngineCmd(t, nil, "score", "--json", "--cgp", emptyRows+" / 0/0 0", "--play", "8F BCOA")
	if code != 1 || !strings.Contains(out, "BCOA is not a valid word") {
		t.Errorf("BCOA: exit %d: %s", code, out)
	}
}
