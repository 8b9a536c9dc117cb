package game

import "github.com/atril-scrabble/atril/internal/interval"

// Summary is what a self-play run shows: means per configured player and player 1's win rate.
type Summary struct {
	Games         int        `json:"games"`
	Players       [2]string  `json:"players"`
	MeanScore     [2]float64 `json:"mean_score"`
	BingosPerGame [2]float64 `json:"bingos_per_game"`
	Wins          [2]int     `json:"wins"`
	Ties          int        `json:"ties"`
	// WinRate is player 1's share of games (a tie counts half), with its 95% Wilson interval.
	WinRate   float64 `json:"win_rate"`
	WinLow    float64 `json:"win_rate_low"`
	WinHigh   float64 `json:"win_rate_high"`
	MeanTurns float64 `json:"mean_turns"`
}

// Summarize is the means, win rate and interval of the games a tally counted.
func Summarize(t *Tally, players [2]Strategy) Summary {
	s := Summary{Games: t.Games, Players: [2]string{string(players[0]), string(players[1])}, Wins: t.Wins, Ties: t.Ties}
	if t.Games == 0 {
		s.WinLow, s.WinHigh = 0, 1
		return s
	}
	n := float64(t.Games)
	for p := 0; p < 2; p++ {
		s.MeanScore[p] = float64(t.Scores[p]) / n
		s.BingosPerGame[p] = float64(t.Bingos[p]) / n
	}
	s.MeanTurns = float64(t.Turns) / n
	wins := float64(t.Wins[0]) + float64(t.Ties)/2
	s.WinRate = wins / n
	s.WinLow, s.WinHigh = interval.Wilson(wins, n)
	return s
}
