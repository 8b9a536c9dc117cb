package endgame

import (
	"context"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
)

// selfPlayEndgames plays seeded self-play games (top equity play against itself) and returns the
// positions with the bag empty that keep(position) accepts, at most n, the player to move first.
func selfPlayEndgames(tb testing.TB, lex *lexicon.Lexicon, games int, seed uint64, n int, keep func(*engine.Position) bool) []*engine.Position {
	tb.Helper()
	var out []*engine.Position
	p := game.NewPlayer(game.SelfPlayConfig{Lexicon: lex, Rules: game.FILERules, Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Games: games, Seed: seed})
	p.OnTurn = func(g *game.Game, m *engine.Move) {
		if len(out) >= n || g.Bag.Len() > 0 || g.Racks[0].Len() == 0 || g.Racks[1].Len() == 0 {
			return
		}
		if pos := g.Position(); keep(pos) {
			out = append(out, pos)
		}
	}
	for i := 0; i < games && len(out) < n; i++ {
		if _, err := p.PlayGame(i); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// bagState is what selfPlayPositions chooses positions by.
type bagState struct{ bag, rack int }

// selfPlayPositions are the positions of one seeded self-play game that keep accepts (the bag's
// tiles and the rack to move), the player to move first and the opponent's rack not given.
func selfPlayPositions(tb testing.TB, lex *lexicon.Lexicon, seed uint64, keep func(bagState) bool) []*engine.Position {
	tb.Helper()
	var out []*engine.Position
	p := game.NewPlayer(game.SelfPlayConfig{Lexicon: lex, Rules: game.FILERules, Players: [2]game.Strategy{game.ByEquity, game.ByEquity}, Games: 1, Seed: seed})
	p.OnTurn = func(g *game.Game, m *engine.Move) {
		if keep(bagState{bag: g.Bag.Len(), rack: g.Racks[g.Turn].Len()}) {
			pos := g.Position()
			pos.Racks[1] = nil
			out = append(out, pos)
		}
	}
	if _, err := p.PlayGame(0); err != nil {
		tb.Fatal(err)
	}
	return out
}

// firstEndgames are the first endgames (the bag just emptied) of n seeded self-play games.
func firstEndgames(tb testing.TB, lex *lexicon.Lexicon, n int, seed uint64) []*engine.Position {
	tb.Helper()
	var out []*engine.Position
	for i := 0; i < n; i++ {
		out = append(out, selfPlayEndgames(tb, lex, 1, game.GameSeed(seed, i), 1, func(*engine.Position) bool { return true })...)
	}
	return out
}

// brute is the value of an endgame for the player to move by plain alpha-beta on the whole lexicon,
// counting passes and scoreless turns exactly as engine/game does: the reference the solver is
// checked against.
type brute struct {
	gen   *movegen.Generator
	ts    *lexicon.TileSet
	rules Rules
	nodes int
}

func rackPoints(ts *lexicon.TileSet, r []lexicon.Tile) int {
	v := 0
	for _, t := range r {
		v += ts.Points(t)
	}
	return v
}

func without(r []lexicon.Tile, m *engine.Move) []lexicon.Tile {
	out := append([]lexicon.Tile(nil), r...)
	for _, t := range m.Tiles[:m.Len] {
		if t == engine.PlayedThrough {
			continue
		}
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		for i, x := range out {
			if x == t {
				out = append(out[:i], out[i+1:]...)
				break
			}
		}
	}
	return out
}

// value is the minimax value of the position for me (alpha-beta: exact with a full window at
// the root, whatever the order moves are tried in). Plays are tried highest score first and
// the pass last, which prunes far more than the generator's order with the pass first and
// gives the same value.
func (b *brute) value(me, opp []lexicon.Tile, passes, scoreless, alpha, beta int) int {
	b.nodes++
	best := -1 << 30
	var v int
	moves := append([]engine.Move(nil), b.gen.Generate(me, movegen.Options{Sort: true})...)
	for i := range moves {
		m := &moves[i]
		if int(m.Placed) == len(me) {
			v = int(m.Score) + 2*rackPoints(b.ts, opp)
		} else {
			s := int(m.Score)
			b.gen.PlayUndoable(m)
			v = s - b.value(opp, without(me, m), 0, 0, s-beta, s-alpha)
			b.gen.Undo()
		}
		best = max(best, v)
		alpha = max(alpha, v)
		if alpha >= beta {
			return best
		}
	}
	if b.rules.passesToEnd(passes+1, scoreless+1) <= 0 {
		v = rackPoints(b.ts, opp) - rackPoints(b.ts, me)
	} else {
		v = -b.value(opp, me, passes+1, scoreless+1, -beta, -alpha)
	}
	return max(best, v)
}

// solve solves pos with a fresh solver.
func solve(tb testing.TB, cfg Config, pos *engine.Position, opts Options) *Result {
	tb.Helper()
	s, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	res, err := s.Solve(context.Background(), pos, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// lineValue adds up a line's scores and end-of-game rack points for the player to move at its
// start: what a proven value must equal.
func lineValue(ts *lexicon.TileSet, pos *engine.Position, l Line) int {
	racks, _ := endgameRacks(pos)
	racks = [2][]lexicon.Tile{append([]lexicon.Tile(nil), racks[0]...), append([]lexicon.Tile(nil), racks[1]...)}
	v := 0
	sign := [2]int{1, -1}
	for _, t := range l.Turns {
		v += sign[t.Player] * int(t.Move.Score)
		racks[t.Player] = without(racks[t.Player], &t.Move)
	}
	switch l.End {
	case WentOut:
		last := l.Turns[len(l.Turns)-1].Player
		v += sign[last] * 2 * rackPoints(ts, racks[1-last])
	case Passed:
		v += rackPoints(ts, racks[1]) - rackPoints(ts, racks[0])
	}
	return v
}
