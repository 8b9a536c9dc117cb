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

// PositionMoves: the side to move's moves of a position, ranked as asked, the top ones or all;
// ParseSortBy reads the ranking's name.
func TestPositionMoves(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CASA", "SACA", "AS", "CAS")
	pos, err := engine.ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AACS/ 0/0 0", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	all, none := PositionMoves(lex.Graph, pos, nil, ByScore, 0, false)
	if none || len(all) < 3 {
		t.Fatalf("all moves: %d, no tile play %v", len(all), none)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Score > all[i-1].Score || all[i].Kind != engine.Play {
			t.Fatalf("not ranked by score, or not a play, at %d: %+v", i, all)
		}
	}
	best := all[0]
	top, _ := PositionMoves(lex.Graph, pos, nil, ByScore, 2, false)
	if len(top) != 2 || top[0].Score != best.Score {
		t.Errorf("top 2: %+v", top)
	}
	if withEx, _ := PositionMoves(lex.Graph, pos, nil, ByScore, 0, true); len(withEx) <= len(all) {
		t.Errorf("with exchanges: %d moves, no more than %d", len(withEx), len(all))
	}

	for s, want := range map[string]SortBy{"equity": ByEquity, "SCORE": ByScore, "Equity": ByEquity} {
		if got, ok := ParseSortBy(s); !ok || got != want {
			t.Errorf("ParseSortBy(%q) = %v, %v", s, got, ok)
		}
	}
	if _, ok := ParseSortBy("points"); ok {
		t.Error("ParseSortBy(points) read")
	}
}
