package puzzles

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// TestJudge types answers the ways players write them.
func TestJudge(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "OS", "OSA", "AS", "ES", "LATRINEO", "LATRINE", "ALTERNAS", "CHARIETS", "SEA", "ASE")
	row8 := "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15"
	bingo := func(cgp string) *Puzzle {
		pz := NewAnalyzer(lex, nil, nil, AnalyzeOptions{}).Analyze(position(t, lex, cgp)).Puzzle
		if pz == nil || pz.Kind != KindBingo {
			t.Fatalf("%s: no bingo puzzle", cgp)
		}
		return pz
	}
	best := func(cgp string) *Puzzle {
		pz := NewAnalyzer(lex, nil, nil, AnalyzeOptions{Kinds: []Kind{KindBest}}).Analyze(position(t, lex, cgp)).Puzzle
		if pz == nil || pz.Kind != KindBest {
			t.Fatalf("%s: no best-play puzzle", cgp)
		}
		return pz
	}
	through := bingo(row8 + " AEILNRT/ 0/0 0")
	opening := bingo("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 [CH]AEIRST/ 0/0 0")
	openBest := best("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 [CH]AEIRST/ 0/0 0")
	tests := []struct {
		name    string
		pz      *Puzzle
		in      string
		correct bool
		legal   bool
		amb     bool   // ambiguous bare word: not a try
		err     string // bad input
	}{
		{"across board tile as letter", through, "H1 LATRINEO", true, true, false, ""},
		{"board tile as dot", through, "H1 LATRINE.", true, true, false, ""},
		{"board tile in parentheses", through, "H1 LATRINE(O)", true, true, false, ""},
		{"all lower case", through, "h1 latrine(o)", true, true, false, ""},
		{"board tile left out at the end", through, "H1 LATRINE", true, true, false, ""},
		{"the word alone", through, "latrineo", true, true, false, ""},
		{"another placement", through, "J7 LATRINE", true, true, false, ""},
		{"lower case without a blank on the rack", through, "j7 latrine", true, true, false, ""},
		{"wrong direction", through, "1H LATRINEO", false, false, false, ""},
		{"not through the tile", through, "H2 LATRINEO", false, false, false, ""},
		{"a phony of the rack's tiles alone", through, "RATLINE", false, false, false, ""},
		{"a word of the rack's tiles and a board tile", through, "LATRINES", false, false, false, ""},
		{"a word alone the rack cannot make", through, "ALTERNAS", false, false, false, ""},
		{"a word alone of tiles not on the rack", through, "ZZZZZZZ", false, false, false, ""},
		{"exchange", through, "-AEI", false, true, false, ""},
		{"exchange spelt out", through, "cambio AEI", false, true, false, ""},
		{"pass", through, "paso", false, true, false, ""},
		{"tiles not on the rack", through, "-ZZ", false, false, false, ""},
		{"a phony placed as the rules allow", through, "H1 RATLINEO", false, false, false, ""},
		{"not a move", through, "8H", false, false, false, "8H"},
		{"bad coordinates", through, "Z9 CASA", false, false, false, "Z9"},
		{"opening word alone fits 14 places", opening, "CHARIETS", false, false, true, ""},
		{"opening with coordinates", opening, "8D CHARIETS", true, true, false, ""},
		{"opening down", opening, "H4 CHARIETS", true, true, false, ""},
		{"opening C and H tiles", opening, "8D [C][H]ARIETS", false, false, false, ""},
	}
	// A best-play opening: written across or down (the board is symmetric), either is right.
	ans := openBest.Answers[0]
	down := strings.Replace(ans.Move, ans.Coords, transposeCoords(ans.Coords), 1)
	tests = append(tests,
		struct {
			name    string
			pz      *Puzzle
			in      string
			correct bool
			legal   bool
			amb     bool
			err     string
		}{"best opening as stored", openBest, ans.Move, true, true, false, ""},
		struct {
			name    string
			pz      *Puzzle
			in      string
			correct bool
			legal   bool
			amb     bool
			err     string
		}{"best opening transposed", openBest, down, true, true, false, ""},
	)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j, err := Judge(tc.pz, lex, nil, tc.in)
			if tc.err != "" {
				if err == nil || !strings.Contains(i18n.For(i18n.English).Err(err), tc.err) {
					t.Fatalf("error %v, want one naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// Not tries: an ambiguous bare word, and plays that cannot be made on this board with
			// this rack (a phony that can is a wrong answer).
			unplayable := map[string]bool{"wrong direction": true, "not through the tile": true, "tiles not on the rack": true, "opening C and H tiles": true,
				"a word alone the rack cannot make": true, "a word alone of tiles not on the rack": true}
			if wantTry := !tc.amb && !unplayable[tc.name]; j.Try() != wantTry || (j.Unplayable() != nil) != unplayable[tc.name] {
				t.Errorf("try %v, unplayable %v; want try %v (%+v)", j.Try(), j.Unplayable(), wantTry, j)
			}
			if j.Correct != tc.correct || j.Legal != tc.legal || (len(j.Ambiguous) > 0) != tc.amb {
				t.Errorf("correct %v legal %v ambiguous %d, want %v %v %v (%+v)", j.Correct, j.Legal, len(j.Ambiguous), tc.correct, tc.legal, tc.amb, j)
			}
			if j.Correct && j.Matched == nil {
				t.Error("right without the answer it matched")
			}
			if !j.Correct && j.Legal && j.Play != nil && j.Play.Move != "" && j.Play.Loss <= 0 {
				t.Errorf("a wrong legal play loses %.2f", j.Play.Loss)
			}
		})
	}
}

// transposeCoords mirrors coordinates on the diagonal: "8D" (across from row 8, column D)
// becomes "H4" (down from column H, row 4).
func transposeCoords(c string) string {
	r, col, v, err := engine.ParseCoords(c)
	if err != nil {
		panic(err)
	}
	m := engine.Move{Row: int8(col), Col: int8(r), Vertical: !v}
	return engine.FormatCoords(&m)
}

// TestJudgeOneTile: a one-tile play is right typed in either direction.
func TestJudgeOneTile(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "OS", "OSA", "SE", "AS", "ES")
	pos := position(t, lex, "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 AÑX/ 0/0 0")
	a := NewAnalyzer(lex, nil, nil, AnalyzeOptions{})
	m, _ := engine.ParseMove("8J A", pos.Board, lex.Tiles)
	v := engine.Check(pos.Board, &m, lex.Tiles, lex, pos.Racks[0])
	if !v.Legal {
		t.Fatal(v.Problems)
	}
	p := a.play(pos.Board, &v.Move, float64(v.Score))
	pz := &Puzzle{Kind: KindBest, Position: pos, Data: Data{Answers: []Play{p}, Top: []Play{p}}}
	for _, in := range []string{"8J A", "J8 A", "8H OSA", "8H ..A", "8H (OS)A"} {
		j, err := Judge(pz, lex, nil, in)
		if err != nil || !j.Correct {
			t.Errorf("%s: correct %v, err %v", in, j != nil && j.Correct, err)
		}
	}
}
