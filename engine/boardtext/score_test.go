package boardtext

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The count of a word wraps between tiles only, the sum whole on the last line.
func TestWrapCount(t *testing.T) {
	t.Parallel()
	got := wrapCount("BOCA:", "B3 O1 C3 A1x2 = 10, x2 = 20", 14)
	if got != "BOCA: B3 O1 C3\n  A1x2 = 10, x2 = 20" {
		t.Errorf("%q", got)
	}
	if got := wrapCount("BOCA:", "B3 O1 C3 A1 = 8", 80); got != "BOCA: B3 O1 C3 A1 = 8" {
		t.Errorf("wide: %q", got)
	}
}

// A legal play's verdict has its words, score and the position after; an illegal one its
// problems, and its document says it is not legal.
func TestScoreOf(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	pos, err := engine.ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 CASAXYZ/ 0/0 0", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	check := func(play string) *Score {
		m, err := engine.ParseMove(play, pos.Board, lex.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		v := engine.Check(pos.Board, &m, lex.Tiles, lex, pos.Racks[0])
		return ScoreOf(pos, play, &v, nil)
	}
	s := check("8H CASA")
	if !s.Valid || s.Score != 12 || len(s.Words) != 1 || s.Words[0].Word != "CASA" || s.CGP == "" || len(s.Problems) != 0 {
		t.Errorf("CASA: %+v", s)
	}
	bad := check("8H ZXY")
	if bad.Valid || len(bad.Problems) == 0 || bad.CGP != "" {
		t.Errorf("ZXY: %+v", bad)
	}
	var b strings.Builder
	term := ui.NewTerm(&b, false, 80, noEnv)
	p := i18n.For(i18n.English)
	if err := term.Print(bad.Doc(term, p)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	if !strings.Contains(b.String(), p.T("score.not_legal")) {
		t.Errorf("document:\n%s", b.String())
	}
}
