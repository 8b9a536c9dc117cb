package sim

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A run's report keeps its candidates in order with their figures rounded, the rate, and a
// document that lists them.
func TestReport(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	p := positions(t, lex, 1, 6)[0]
	cands := candidates(lex, p, 3)
	s, err := New(Config{Lexicon: lex, Workers: 1, MaxIterations: 16, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Run(context.Background(), p, cands)
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report(p, 2, 2*time.Second, lex.Tiles)
	if len(r.Candidates) != len(res.Candidates) || r.Iterations != res.Iterations || r.PerSecond != float64(int64(float64(res.Iterations)/2*100+0.5))/100 {
		t.Fatalf("report %+v of %+v", r, res)
	}
	if c := r.Candidates[0]; c.Move != engine.FormatMove(&res.Candidates[0].Move, p.Board, lex.Tiles) || c.Equity != num.Round2(res.Candidates[0].Equity.Mean) {
		t.Errorf("first candidate %+v", c)
	}
	var b strings.Builder
	term := ui.NewTerm(&b, false, 200, func(string) string { return "" })
	if err := term.Print(r.Doc(i18n.For(i18n.English))); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	for _, c := range r.Candidates {
		if !strings.Contains(b.String(), c.Move) {
			t.Errorf("document without %q:\n%s", c.Move, b.String())
		}
	}
	if num.Round2(-1.005) != -1 && num.Round2(-1.005) != -1.01 || num.Round2(2.345) != 2.35 {
		t.Errorf("round2: %v %v", num.Round2(-1.005), num.Round2(2.345))
	}
}
