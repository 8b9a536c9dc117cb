package stats

import (
	"math"
	"testing"

	"github.com/atril-scrabble/atril/engine/game"
)

func TestWilsonProportions(t *testing.T) {
	t.Parallel()
	// Wilson's formula worked by hand: 50/100 -> [0.4038, 0.5962]; 0/10 -> [0, 0.2775];
	// a fractional count (ties counted half): 2.5/5 is the same interval as 50% of 5.
	tests := []struct{ k, n, lo, hi float64 }{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{2.5, 5, 0.1704, 0.8296},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

func TestSummarizeSelfPlay(t *testing.T) {
	t.Parallel()
	res := []game.GameResult{
		{Scores: [2]int{400, 300}, Bingos: [2]int{2, 0}, Turns: 20},
		{Scores: [2]int{350, 350}, Bingos: [2]int{1, 1}, Turns: 22},
		{Scores: [2]int{300, 420}, Bingos: [2]int{0, 3}, Turns: 24},
	}
	var tally game.Tally
	for i := range res {
		tally.Add(&res[i])
	}
	s := SummarizeSelfPlay(&tally, [2]game.Strategy{game.ByEquity, game.ByScore})
	if s.MeanScore != [2]float64{350, 356.6666666666667} || s.BingosPerGame != [2]float64{1, 4.0 / 3} || s.Wins != [2]int{1, 1} || s.Ties != 1 || s.WinRate != 0.5 || s.MeanTurns != 22 {
		t.Errorf("%+v", s)
	}
	if lo, hi := Wilson(1.5, 3); s.WinLow != lo || s.WinHigh != hi {
		t.Errorf("interval [%v, %v], want Wilson(1.5, 3) = [%v, %v]", s.WinLow, s.WinHigh, lo, hi)
	}
}
