package game

import (
	"context"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// An ordered bag gives its tiles in one order whatever the draws in between, and tiles put back
// are still drawn: the whole set comes out.
func TestOrderedBag(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	drawAll := func(seed uint64, chunks []int) []lexicon.Tile {
		b := &Bag{Ordered: true}
		b.Reset(ts, seed)
		var out []lexicon.Tile
		for i := 0; b.Len() > 0; i++ {
			for range min(chunks[i%len(chunks)], b.Len()) {
				out = append(out, b.Draw())
			}
		}
		return out
	}
	a, b := drawAll(7, []int{7}), drawAll(7, []int{1, 3, 7, 2})
	if !slices.Equal(a, b) || len(a) != ts.Total() {
		t.Fatalf("one seed, two drawing patterns: %v\n%v", a, b)
	}
	if c := drawAll(8, []int{7}); slices.Equal(a, c) {
		t.Error("seeds 7 and 8 give the same order")
	}
	// A tile put back slips in somewhere; the others keep their order.
	bag := &Bag{Ordered: true}
	bag.Reset(ts, 7)
	x := bag.Draw()
	for range 20 {
		before := slices.Clone(bag.Tiles())
		bag.Put(x)
		after := bag.Tiles()
		found := false
		for i := range after {
			if after[i] == x && slices.Equal(slices.Delete(slices.Clone(after), i, i+1), before) {
				found = true
			}
		}
		if !found {
			t.Fatalf("put %v into %v: %v", x, before, after)
		}
		x = bag.Draw()
	}
}

// countingLeaves counts its calls.
type countingLeaves struct{ n int }

func (c *countingLeaves) LeaveValue([]lexicon.Tile) float64 { c.n++; return 0 }

// Mirrored pairs: the same players in both seats of one deal play the same game twice, so each
// pair's scores are each other's swapped. PlayerLeaves gives each player its own table, and
// OnTurn sees every turn with the rack still full while the bag has tiles.
func TestSelfPlayMirror(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Games: 8, Seed: 4, Workers: 2, Mirror: true})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < len(res); k += 2 {
		a, b := res[k], res[k+1]
		if a.Seed != b.Seed || a.First == b.First || a.Scores != [2]int{b.Scores[1], b.Scores[0]} || a.Turns != b.Turns {
			t.Errorf("pair %d: %+v and %+v are not one game with the seats swapped", k/2, a, b)
		}
	}
	if res[0].Seed == res[2].Seed {
		t.Error("two pairs share a seed")
	}

	var l0, l1, shared countingLeaves
	cfg := SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Seed: 4, Mirror: true,
		Leaves: &shared, PlayerLeaves: [2]equity.Leaves{&l0, &l1}}
	p := NewPlayer(cfg)
	turns := 0
	p.OnTurn = func(g *Game, m *engine.Move) {
		turns++
		if g.Bag.Len() > 0 && len(g.Rack()) != engine.RackSize {
			t.Errorf("turn %d: rack %v with %d tiles in the bag", g.Turns+1, g.Rack(), g.Bag.Len())
		}
	}
	r, err := p.PlayGame(0)
	if err != nil {
		t.Fatal(err)
	}
	if turns != r.Turns || l0.n == 0 || l1.n == 0 || shared.n != 0 {
		t.Errorf("%d turns seen of %d; leave calls: player 0 %d, player 1 %d, shared %d", turns, r.Turns, l0.n, l1.n, shared.n)
	}
}

// A self-play game allocates nothing once the player is warm, with a turn hook or without.
func TestPlayGameAllocs(t *testing.T) {
	lex := smallLexicon(t)
	for _, hook := range []bool{false, true} {
		p := NewPlayer(SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByEquity}, Seed: 2, Mirror: hook})
		turns := 0
		if hook {
			p.OnTurn = func(g *Game, m *engine.Move) { turns += int(m.Len) }
		}
		if _, err := p.PlayGame(0); err != nil {
			t.Fatal(err)
		}
		i := 1
		if a := testing.AllocsPerRun(20, func() {
			if _, err := p.PlayGame(i); err != nil {
				t.Fatal(err)
			}
			i++
		}); a != 0 {
			t.Errorf("hook %v: %v allocations a game", hook, a)
		}
	}
}
