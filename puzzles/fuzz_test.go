package puzzles

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex"
)

// FuzzJudge: whatever a player types as an answer, Judge gives a judgement or an error, never
// a panic, for a bingo and a best-play puzzle.
func FuzzJudge(f *testing.F) {
	lex := testlex.Small(f, "OS", "OSA", "AS", "ES", "LATRINEO", "LATRINE", "ALTERNAS", "SEA", "ASE")
	pos := position(f, lex, "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 AEILNRT/ 0/0 0")
	bingo := NewAnalyzer(lex, nil, nil, AnalyzeOptions{}).Analyze(pos).Puzzle
	best := NewAnalyzer(lex, nil, nil, AnalyzeOptions{Kinds: []Kind{KindBest}}).Analyze(pos).Puzzle
	if bingo == nil || best == nil {
		f.Fatal("no puzzles to fuzz")
	}
	for _, s := range []string{"8H LATRINEO", "H8 latrineo", "LATRINEO", "-AEI", "cambio ABC", "8H (OS)A", "8H ..A", "",
		"8Z XX", "ñ", "8H CH[A]RR", "?", "!", "8H " + string([]byte{0xff, 0xfe})} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, pz := range []*Puzzle{bingo, best} {
			j, err := Judge(pz, lex, nil, in)
			if err == nil && j == nil {
				t.Fatalf("%q: neither a judgement nor an error", in)
			}
		}
	})
}
