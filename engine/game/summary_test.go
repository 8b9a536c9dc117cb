package game

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/interval"
)

func TestSummarize(t *testing.T) {
	t.Parallel()
	res := []GameResult{
		{Scores: [2]int{400, 300}, Bingos: [2]int{2, 0}, Turns: 20},
		{Scores: [2]int{350, 350}, Bingos: [2]int{1, 1}, Turns: 22},
		{Scores: [2]int{300, 420}, Bingos: [2]int{0, 3}, Turns: 24},
	}
	var tally Tally
	for i := range res {
		tally.Add(&res[i])
	}
	s := Summarize(&tally, [2]Strategy{ByEquity, ByScore})
	if s.MeanScore != [2]float64{350, 356.6666666666667} || s.BingosPerGame != [2]float64{1, 4.0 / 3} || s.Wins != [2]int{1, 1} || s.Ties != 1 || s.WinRate != 0.5 || s.MeanTurns != 22 {
		t.Errorf("%+v", s)
	}
	if lo, hi := interval.Wilson(1.5, 3); s.WinLow != lo || s.WinHigh != hi {
		t.Errorf("interval [%v, %v], want interval.Wilson(1.5, 3) = [%v, %v]", s.WinLow, s.WinHigh, lo, hi)
	}
}
