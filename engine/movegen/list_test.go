package movegen

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// ListMoves: words only unless exchanges are asked for; with no word to play, the exchanges
// and the pass, said so.
func TestListMoves(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CASA", "SACA")
	pos, err := engine.ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AACS/ 0/0 0", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	g := New(lex.Graph, lex.Tiles, pos.Board.Layout)
	g.SetBoard(pos.Board)
	mo := SideToMove(pos.BagCount(), nil)
	mo.Sort = true
	kinds := func(ms []engine.Move) (plays, other int) {
		for _, m := range ms {
			if m.Kind == engine.Play {
				plays++
			} else {
				other++
			}
		}
		return
	}
	ms, none := g.ListMoves(pos.Racks[0], mo, false)
	if p, o := kinds(ms); none || p == 0 || o != 0 {
		t.Errorf("words only: %d plays, %d others, no tile play %v", p, o, none)
	}
	ms, none = g.ListMoves(pos.Racks[0], mo, true)
	if p, o := kinds(ms); none || p == 0 || o == 0 {
		t.Errorf("with exchanges: %d plays, %d others, no tile play %v", p, o, none)
	}
	other, err := lex.Tiles.ParseRack("BDFG")
	if err != nil {
		t.Fatal(err)
	}
	ms, none = g.ListMoves(other, mo, false)
	if p, o := kinds(ms); !none || p != 0 || o == 0 {
		t.Errorf("no word: %d plays, %d others, no tile play %v", p, o, none)
	}
}
