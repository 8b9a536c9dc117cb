package endgame

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// The solver answers what analysis and the game against atril ask of an exact endgame solver.
var _ analysis.Endgame = (*Oracle)(nil)

// NewAnalysisOracle: bounded in time and memory as analysis needs, and no oracle without a
// lexicon.
func TestNewAnalysisOracle(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, strings.Fields("AL ALA AS")...)
	o, err := NewAnalysisOracle(lex)
	if err != nil {
		t.Fatal(err)
	}
	if o.Time != AnalysisTime || o.Solver.cfg.TableBytes != AnalysisTableBytes || o.Solver.cfg.Lexicon != lex {
		t.Errorf("oracle: time %v, config %+v", o.Time, o.Solver.cfg)
	}
	if _, err := NewAnalysisOracle(nil); err == nil {
		t.Error("an oracle without a lexicon")
	}
}
