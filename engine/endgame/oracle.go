package endgame

import (
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

// The analysis oracle's budget: each bag-empty turn gets at most AnalysisTime, in a
// transposition table of AnalysisTableBytes.
const (
	AnalysisTime       = 5 * time.Second
	AnalysisTableBytes = 256 << 20
)

// NewAnalysisOracle is the solver that analysis (analyze, a game against atril's conclusion, the
// web interface) values bag-empty turns with, on lex.
func NewAnalysisOracle(lex *lexicon.Lexicon) (*Oracle, error) {
	s, err := New(Config{Lexicon: lex, TableBytes: AnalysisTableBytes})
	if err != nil {
		return nil, err
	}
	return &Oracle{Solver: s, Time: AnalysisTime}, nil
}
