package game

import (
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

func newTestGame(rules Rules, seed uint64) *Game {
	return New(lexicon.DefaultTileSet(), engine.StandardLayout(), rules, seed)
}

func TestBagDeterministic(t *testing.T) {
	t.Parallel()
	a, b := newTestGame(FILERules, 42), newTestGame(FILERules, 42)
	c := newTestGame(FILERules, 43)
	if a.Bag.Len() != 100-14 || a.Racks[0].Len() != 7 || a.Racks[1].Len() != 7 {
		t.Fatalf("bag %d racks %d %d", a.Bag.Len(), a.Racks[0].Len(), a.Racks[1].Len())
	}
	same := func(x, y *Game) bool {
		return string(tilesBytes(x.Racks[0].Tiles())) == string(tilesBytes(y.Racks[0].Tiles())) &&
			string(tilesBytes(x.Bag.Tiles())) == string(tilesBytes(y.Bag.Tiles()))
	}
	if !same(a, b) {
		t.Error("same seed, different deal")
	}
	if same(a, c) {
		t.Error("different seeds, same deal")
	}
	// Reset gives the same deal as New.
	c.Reset(42)
	if !same(a, c) {
		t.Error("Reset(42) differs from New(42)")
	}
	// The whole set is there: bag plus racks.
	counts := map[lexicon.Tile]int{}
	for _, tt := range append(append(a.Bag.Tiles(), a.Racks[0].Tiles()...), a.Racks[1].Tiles()...) {
		counts[tt]++
	}
	ts := lexicon.DefaultTileSet()
	for i, l := range ts.Letters() {
		if counts[lexicon.Tile(i)] != l.Count {
			t.Errorf("%s: %d in game, set has %d", ts.Label(lexicon.Tile(i)), counts[lexicon.Tile(i)], l.Count)
		}
	}
}

func tilesBytes(t []lexicon.Tile) []byte {
	b := make([]byte, len(t))
	for i := range t {
		b[i] = byte(t[i])
	}
	return b
}

func pass() *engine.Move { return &engine.Move{Kind: engine.Pass} }

func exchange(g *Game, n int) *engine.Move {
	m := &engine.Move{Kind: engine.Exchange, Len: uint8(n)}
	copy(m.Tiles[:], g.Rack()[:n])
	return m
}

func TestEndRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Rules
		turns string // p = pass, x = exchange one tile
		ends  int    // turns after which the game ends; 0: still going after all
		why   EndReason
	}{
		{"FILE: both pass twice", FILERules, "pppp", 4, ConsecutivePasses},
		{"FILE: an exchange breaks the passes", FILERules, "pppxppp", 0, NotOver},
		{"FILE: twelve scoreless turns", FILERules, "pppxpppxpppx", 12, ScorelessTurns},
		{"six scoreless", SixScoreless, "pppppp", 6, ScorelessTurns},
		{"six scoreless counts exchanges", SixScoreless, "xxxxxx", 6, ScorelessTurns},
		{"six scoreless: five are not enough", SixScoreless, "ppxpp", 0, NotOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(tc.rules, 1)
			for i, c := range tc.turns {
				m := pass()
				if c == 'x' {
					m = exchange(g, 1)
				}
				values := [2]int{g.Racks[0].Value(g.Tiles), g.Racks[1].Value(g.Tiles)}
				if err := g.Apply(m); err != nil {
					t.Fatalf("turn %d: %v", i+1, err)
				}
				if g.Over() != (i+1 == tc.ends) {
					t.Fatalf("after turn %d over=%v (%s), want end at %d", i+1, g.Over(), g.End, tc.ends)
				}
				if g.Over() {
					if g.End != tc.why {
						t.Errorf("end %s, want %s", g.End, tc.why)
					}
					// Each player loses their own rack (a one-tile exchange may change the last
					// mover's rack value; recompute from the racks now).
					v0, v1 := g.Racks[0].Value(g.Tiles), g.Racks[1].Value(g.Tiles)
					if g.Scores != [2]int{-v0, -v1} {
						t.Errorf("scores %v, want %v (racks before the last turn %v)", g.Scores, [2]int{-v0, -v1}, values)
					}
					if err := g.Apply(pass()); err == nil {
						t.Error("a move after the end was accepted")
					}
				}
			}
		})
	}
}

func TestExchangeLimit(t *testing.T) {
	t.Parallel()
	g := newTestGame(FILERules, 7)
	for g.Bag.Len() > 3 {
		g.Bag.Draw()
	}
	if g.CanExchange(4) || !g.CanExchange(3) || g.CanExchange(0) {
		t.Errorf("bag of 3: CanExchange(4)=%v (3)=%v (0)=%v", g.CanExchange(4), g.CanExchange(3), g.CanExchange(0))
	}
	if err := g.Apply(exchange(g, 4)); err == nil {
		t.Error("exchanging 4 tiles with 3 in the bag was accepted")
	}
	before := g.Racks[0].Len()
	if err := g.Apply(exchange(g, 3)); err != nil {
		t.Fatal(err)
	}
	if g.Racks[0].Len() != before || g.Bag.Len() != 3 || g.Turn != 1 {
		t.Errorf("after exchange: rack %d bag %d turn %d", g.Racks[0].Len(), g.Bag.Len(), g.Turn)
	}
	for g.Bag.Len() > 0 {
		g.Bag.Draw()
	}
	if g.CanExchange(1) {
		t.Error("exchange allowed with an empty bag")
	}
}

func TestGoingOut(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g := newTestGame(FILERules, 3)
	for g.Bag.Len() > 0 {
		g.Bag.Draw()
	}
	// Player 0 holds C A S A and plays them all: it goes out.
	tile := func(s string) lexicon.Tile { t, _ := ts.Tile(s); return t }
	g.Racks[0] = Rack{}
	for _, s := range []string{"C", "A", "S", "A"} {
		g.Racks[0].add(tile(s))
	}
	g.Racks[1] = Rack{}
	for _, s := range []string{"Z", "Q", "?"} {
		g.Racks[1].add(tile(s))
	}
	m, err := engine.ParseMove("8H CASA", g.Board, ts)
	if err != nil {
		t.Fatal(err)
	}
	m.Score = 12
	if err := g.Apply(&m); err != nil {
		t.Fatal(err)
	}
	if g.End != WentOut || g.Scores != [2]int{12 + 15, -15} {
		t.Errorf("end %s scores %v, want went out and [27 -15]", g.End, g.Scores)
	}
}

func TestApplyRefusesTilesNotOnRack(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g := newTestGame(FILERules, 3)
	g.Racks[0] = Rack{}
	a, _ := ts.Tile("A")
	g.Racks[0].add(a)
	m, _ := engine.ParseMove("8H CASA", g.Board, ts)
	if err := g.Apply(&m); err == nil || g.Racks[0].Len() != 1 || g.Turn != 0 {
		t.Errorf("err %v rack %d turn %d", err, g.Racks[0].Len(), g.Turn)
	}
}
