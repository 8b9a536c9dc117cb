package boardtext

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// The moves' JSON has every move with its coordinates, word and leave; the document lists
// them, or says there are none.
func TestListMoves(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CASA", "SACA")
	pos, err := engine.ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AACSE/ 0/0 0", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	g := movegen.New(lex.Graph, lex.Tiles, pos.Board.Layout)
	g.SetBoard(pos.Board)
	mo := movegen.SideToMove(pos.BagCount(), nil)
	mo.Sort = true
	ms, none := g.ListMoves(pos.Racks[0], mo, false)
	l := ListMoves(pos, ms, none)
	if l.NMoves != len(ms) || l.NMoves == 0 || l.Moves[0].Word == "" || l.Moves[0].Coords == "" || l.Moves[0].Leave != "E" {
		t.Fatalf("list %+v", l)
	}
	p := i18n.For(i18n.English)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 120, noEnv)
	if err := term.Print(l.Doc(term, p)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") || !strings.Contains(b.String(), l.Moves[0].Move) {
		t.Errorf("document:\n%s", b.String())
	}
	b.Reset()
	if err := term.Print(ListMoves(pos, nil, false).Doc(term, p)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), strings.TrimSpace(p.T("moves.none"))[:10]) {
		t.Errorf("no moves: %q", b.String())
	}
}
