package game

import (
	"context"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
)

// midgame plays a seeded game between best-score players for some turns and returns it.
func midgame(t *testing.T, lex *lexicon.Lexicon, seed uint64, turns int) *Game {
	t.Helper()
	layout := engine.StandardLayout()
	g := New(lex.Tiles, layout, FILERules, seed)
	gen := movegen.New(lex.Graph, lex.Tiles, layout)
	gen.SetBoard(g.Board)
	for g.Turns < turns && !g.Over() {
		moves := gen.Generate(g.Rack(), movegen.Options{Top: 1, Pass: true})
		m := engine.Move{Kind: engine.Pass}
		if len(moves) > 0 {
			m = moves[0]
		}
		if err := g.Apply(&m); err != nil {
			t.Fatal(err)
		}
		gen.Play(&m)
	}
	if g.Over() || g.Board.Squares == (engine.Board{}).Squares {
		t.Fatalf("seed %d: no midgame after %d turns", seed, g.Turns)
	}
	return g
}

func sorted(tiles []lexicon.Tile) []lexicon.Tile {
	s := slices.Clone(tiles)
	slices.Sort(s)
	return s
}

// A game started from a game's own position (through its CGP string) has that game's board,
// racks, scores, scoreless turns and bag; an unknown rack is dealt from the unseen tiles, the
// same way for the same seed.
func TestFromPosition(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ts := lex.Tiles
	g := midgame(t, lex, 11, 9)
	cgp := g.Position().CGP()
	p, err := engine.ParseCGP(cgp, ts, engine.StandardLayout())
	if err != nil {
		t.Fatalf("%s: %v", cgp, err)
	}
	h, err := FromPosition(p, FILERules, 3)
	if err != nil {
		t.Fatal(err)
	}
	me, opp := g.Turn, 1-g.Turn
	if h.Board.Squares != g.Board.Squares || h.Board.Tiles != g.Board.Tiles {
		t.Error("board differs")
	}
	if !slices.Equal(sorted(h.Racks[0].Tiles()), sorted(g.Racks[me].Tiles())) || !slices.Equal(sorted(h.Racks[1].Tiles()), sorted(g.Racks[opp].Tiles())) {
		t.Errorf("racks %s/%s, want %s/%s", ts.Notation(h.Racks[0].Tiles()), ts.Notation(h.Racks[1].Tiles()), ts.Notation(g.Racks[me].Tiles()), ts.Notation(g.Racks[opp].Tiles()))
	}
	if h.Scores != [2]int{g.Scores[me], g.Scores[opp]} || h.Scoreless != g.Scoreless || h.Turn != 0 || h.Over() {
		t.Errorf("scores %v scoreless %d turn %d, want %v %d 0", h.Scores, h.Scoreless, h.Turn, [2]int{g.Scores[me], g.Scores[opp]}, g.Scoreless)
	}
	if !slices.Equal(sorted(h.Bag.Tiles()), sorted(g.Bag.Tiles())) {
		t.Errorf("bag of %d tiles, want the game's %d", h.Bag.Len(), g.Bag.Len())
	}

	// The opponent's rack unknown: dealt from the unseen tiles (bag + that rack).
	p.Racks[1] = nil
	unseen := sorted(append(slices.Clone(g.Bag.Tiles()), g.Racks[opp].Tiles()...))
	deal := func(seed uint64) []lexicon.Tile {
		u, err := FromPosition(p, FILERules, seed)
		if err != nil {
			t.Fatal(err)
		}
		if u.Racks[1].Len() != engine.RackSize {
			t.Fatalf("unknown rack dealt %d tiles", u.Racks[1].Len())
		}
		if got := sorted(append(slices.Clone(u.Bag.Tiles()), u.Racks[1].Tiles()...)); !slices.Equal(got, unseen) {
			t.Fatalf("seed %d: rack + bag %s, want the unseen tiles %s", seed, ts.Notation(got), ts.Notation(unseen))
		}
		return sorted(u.Racks[1].Tiles())
	}
	a, b := deal(5), deal(5)
	if !slices.Equal(a, b) {
		t.Errorf("seed 5 dealt %s, then %s", ts.Notation(a), ts.Notation(b))
	}
	differ := false
	for seed := uint64(6); seed < 12 && !differ; seed++ {
		differ = !slices.Equal(a, deal(seed))
	}
	if !differ {
		t.Error("seeds 5 to 11 all dealt the same rack")
	}
}

func TestFromPositionRefuses(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	over, err := engine.ParseCGP("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIOU/ 0/0 6", ts, layout)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromPosition(over, SixScoreless, 1); err == nil {
		t.Error("six scoreless turns under the six-scoreless rule: no error")
	}
	if _, err := FromPosition(over, FILERules, 1); err != nil {
		t.Errorf("six scoreless turns under FILE rules (twelve): %v", err)
	}
	long := &engine.Position{Board: engine.NewBoard(layout), Tiles: ts, Racks: [2][]lexicon.Tile{make([]lexicon.Tile, 8), nil}}
	for i := range long.Racks[0] {
		long.Racks[0][i] = 1
	}
	if _, err := FromPosition(long, FILERules, 1); err == nil {
		t.Error("a rack of 8 tiles: no error")
	}
	// Every tile on the board but two on the opponent's rack: nothing for the player to move.
	full := &engine.Position{Board: engine.NewBoard(layout), Tiles: ts}
	sq := 0
	for tile, l := range ts.Letters() {
		for range l.Count {
			if full.Racks[1] == nil || len(full.Racks[1]) < 2 && tile > 0 {
				full.Racks[1] = append(full.Racks[1], lexicon.Tile(tile))
				continue
			}
			full.Board.Squares[sq] = lexicon.Tile(tile)
			if tile == 0 {
				full.Board.Squares[sq] = 1 | lexicon.BlankBit
			}
			sq++
		}
	}
	if n := len(full.UnseenTiles()); n != 0 {
		t.Fatalf("%d unseen tiles, want 0", n)
	}
	if _, err := FromPosition(full, FILERules, 1); err == nil {
		t.Error("no tiles for the player to move: no error")
	}
}

// Many games played out from one position: every play passes the rules validator, the games
// are the same for any number of workers, and they differ from game to game (the bag's order).
func TestSelfPlayFromPosition(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	g := midgame(t, lex, 21, 8)
	start, err := engine.ParseCGP(g.Position().CGP(), lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	start.Racks[1] = nil // the opponent's rack unknown, as in a puzzle
	run := func(workers int) []GameResult {
		res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Start: start, Rules: FILERules,
			Players: [2]Strategy{ByEquity, ByScore}, Games: 8, Seed: 4, Workers: workers, Record: true})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := run(1), run(2)
	outcomes := map[[2]int]bool{}
	for i, r := range a {
		checkGameFrom(t, lex, start, r)
		if r.End == NotOver {
			t.Errorf("game %d not over", i+1)
		}
		if r.Scores != b[i].Scores || r.Turns != b[i].Turns {
			t.Errorf("game %d: 1 worker %v in %d turns, 2 workers %v in %d", i+1, r.Scores, r.Turns, b[i].Scores, b[i].Turns)
		}
		// The side to move (seat 0) is configured player r.First; its start score carries over.
		first := r.Record.Events[0]
		if first.Cumulative-first.Score != start.Scores[0] {
			t.Errorf("game %d: first turn starts from %d, the position's score is %d", i+1, first.Cumulative-first.Score, start.Scores[0])
		}
		outcomes[r.Scores] = true
	}
	if len(outcomes) < 2 {
		t.Errorf("8 games from the position all ended %v", outcomes)
	}
}

// The same on the official list when it is present (tests only): games from a midgame
// position, every play validated.
func TestSelfPlayFromPositionFILE2017(t *testing.T) {
	t.Parallel()
	lex := file2017(t)
	g := midgame(t, lex, 3, 10)
	start := g.Position()
	res, err := collect(context.Background(), SelfPlayConfig{Lexicon: lex, Start: start, Rules: FILERules,
		Players: [2]Strategy{ByEquity, ByEquity}, Games: 4, Seed: 2, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		checkGameFrom(t, lex, start, r)
	}
}
