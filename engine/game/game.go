// Package game plays games: the bag, racks, turns, scores and the end of the game under FILE's
// rules, and self-play between engine players with GCG records.
//
// It owns the rules of a game's course and the self-play summary (Summarize). Like all of engine/,
// it must not import drills, puzzles, stats, internal/studystore or a front end.
package game

import (
	"math/rand/v2"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Rules are the ways a game can end without a player going out (a player going out with the
// bag empty always ends it: art. 44.1).
//
// The FILE rulebook (Reglamento de Juego, modalidad clásica, art. 44) ends a game when
//   - 44.2: both players pass twice in a row each, with no exchange between (four consecutive
//     passes; withdrawing a play declared invalid counts as a pass, an exchange does not), or
//   - 44.3: twelve consecutive turns (six per player) are passes, invalid plays or exchanges;
//
// and in both cases each player loses the value of their own rack. Woogles and macondo instead
// end a game after six consecutive scoreless turns (three per player) of any kind, which is
// what CGP's ZEROTURNS field counts against. atril follows the FILE rules by default: its users
// play FILE tournaments, and a self-play or a position judged under a shorter rule would end
// games that a FILE arbiter would let continue. SixScoreless is the Woogles/macondo rule, for
// comparing with those engines.
type Rules struct {
	Name string
	// ConsecutivePasses ends the game after this many passes in a row (withdrawn plays count,
	// exchanges break the run); 0: no such rule.
	ConsecutivePasses int
	// ScorelessTurns ends the game after this many scoreless turns in a row (passes, withdrawn
	// plays and exchanges); 0: no such rule.
	ScorelessTurns int
}

var (
	// FILERules is art. 44 of FILE's rulebook: the default.
	FILERules = Rules{Name: "file", ConsecutivePasses: 4, ScorelessTurns: 12}
	// SixScoreless is the rule of Woogles and macondo: six scoreless turns in a row.
	SixScoreless = Rules{Name: "six-scoreless", ScorelessTurns: 6}
)

// RulesByName finds a rule set: "file" (default) or "six-scoreless".
func RulesByName(name string) (Rules, error) {
	switch name {
	case "", FILERules.Name:
		return FILERules, nil
	case SixScoreless.Name, "woogles", "macondo":
		return SixScoreless, nil
	}
	return Rules{}, i18n.E("game.rules", "Name", i18n.Quote(name), "File", FILERules.Name, "Six", SixScoreless.Name)
}

// Bag is the tiles not yet drawn, drawn at random from a seeded generator so that a game is
// reproducible from its seed.
//
// An Ordered bag is shuffled once when it is filled and then drawn from the top, and tiles put
// back go to random places: the tiles come out in the same order however many each turn takes,
// so two games from one seed deal the same tiles to the same seats until an exchange (what
// mirrored game pairs need). An unordered bag draws each tile at random.
type Bag struct {
	Ordered bool
	tiles   []lexicon.Tile
	src     *rand.PCG
	rng     *rand.Rand
}

// NewBag fills a bag with the whole tile set.
func NewBag(ts *lexicon.TileSet, seed uint64) *Bag {
	b := &Bag{tiles: make([]lexicon.Tile, 0, ts.Total())}
	b.Reset(ts, seed)
	return b
}

// Reset refills the bag and reseeds it, reusing its memory.
func (b *Bag) Reset(ts *lexicon.TileSet, seed uint64) {
	b.tiles = b.tiles[:0]
	for t, l := range ts.Letters() {
		for range l.Count {
			b.tiles = append(b.tiles, lexicon.Tile(t))
		}
	}
	b.seed(seed)
	b.shuffle()
}

// resetTo fills the bag with the given tiles (in that order, so that a seed draws the same
// tiles every time) and reseeds it.
func (b *Bag) resetTo(tiles []lexicon.Tile, seed uint64) {
	b.tiles = append(b.tiles[:0], tiles...)
	b.seed(seed)
	b.shuffle()
}

// shuffle puts an ordered bag in its drawing order.
func (b *Bag) shuffle() {
	if b.Ordered {
		b.rng.Shuffle(len(b.tiles), func(i, j int) { b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i] })
	}
}

func (b *Bag) seed(seed uint64) {
	if b.rng == nil {
		b.src = rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
		b.rng = rand.New(b.src)
	} else {
		b.src.Seed(seed, seed^0x9e3779b97f4a7c15)
	}
}

// Len is the number of tiles in the bag.
func (b *Bag) Len() int { return len(b.tiles) }

// Draw takes one tile at random; the bag must not be empty.
func (b *Bag) Draw() lexicon.Tile {
	last := len(b.tiles) - 1
	if b.Ordered {
		t := b.tiles[last]
		b.tiles = b.tiles[:last]
		return t
	}
	i := b.rng.IntN(len(b.tiles))
	t := b.tiles[i]
	b.tiles[i] = b.tiles[last]
	b.tiles = b.tiles[:last]
	return t
}

// Put returns tiles to the bag (an ordered bag slips each in at a random place).
func (b *Bag) Put(tiles ...lexicon.Tile) {
	if !b.Ordered {
		b.tiles = append(b.tiles, tiles...)
		return
	}
	for _, t := range tiles {
		i := b.rng.IntN(len(b.tiles) + 1)
		b.tiles = append(b.tiles, 0)
		copy(b.tiles[i+1:], b.tiles[i:])
		b.tiles[i] = t
	}
}

// Tiles lists the bag's tiles (do not modify).
func (b *Bag) Tiles() []lexicon.Tile { return b.tiles }

// Rack is a player's tiles.
type Rack struct {
	tiles [engine.RackSize]lexicon.Tile
	n     int
}

// Tiles is the rack's tiles (valid until the rack changes).
func (r *Rack) Tiles() []lexicon.Tile { return r.tiles[:r.n] }

// Len is the number of tiles on the rack.
func (r *Rack) Len() int { return r.n }

func (r *Rack) add(t lexicon.Tile) { r.tiles[r.n] = t; r.n++ }

// remove takes one tile of kind t off the rack; false if there is none.
func (r *Rack) remove(t lexicon.Tile) bool {
	for i := 0; i < r.n; i++ {
		if r.tiles[i] == t {
			r.n--
			r.tiles[i] = r.tiles[r.n]
			return true
		}
	}
	return false
}

// Value is the sum of the rack's tile points.
func (r *Rack) Value(ts *lexicon.TileSet) int {
	v := 0
	for _, t := range r.Tiles() {
		v += ts.Points(t)
	}
	return v
}

// EndReason says how a game ended.
type EndReason uint8

const (
	NotOver EndReason = iota
	WentOut
	ConsecutivePasses
	ScorelessTurns
)

func (e EndReason) String() string {
	return [...]string{"not over", "a player went out", "consecutive passes", "consecutive scoreless turns"}[e]
}

// reason is why the game ended, in the reader's language.
func (e EndReason) reason() error {
	switch e {
	case WentOut:
		return i18n.E("game.end.went_out")
	case ConsecutivePasses:
		return i18n.E("game.end.passes")
	case ScorelessTurns:
		return i18n.E("game.end.scoreless")
	}
	return i18n.E("game.end.not_over")
}

// Game is a game in progress between two players.
type Game struct {
	Tiles  *lexicon.TileSet
	Rules  Rules
	Board  *engine.Board
	Bag    *Bag
	Racks  [2]Rack
	Scores [2]int
	Bingos [2]int
	Turn   int // the player to move, 0 or 1
	Turns  int // turns played
	// Scoreless counts the scoreless turns in a row, Passes the passes in a row.
	Scoreless, Passes int
	End               EndReason
	// Record, when set, keeps the game as GCG events (allocates; self-play benchmarks leave it off).
	Record *gcg.Game
}

// New starts a game: a full bag shuffled by seed, seven tiles dealt to each player, player 0
// (the one who starts) to move.
func New(ts *lexicon.TileSet, layout *engine.Layout, rules Rules, seed uint64) *Game {
	g := &Game{Tiles: ts, Rules: rules, Board: engine.NewBoard(layout), Bag: NewBag(ts, seed)}
	g.deal()
	return g
}

// Reset starts a new game on the same memory.
func (g *Game) Reset(seed uint64) {
	layout := g.Board.Layout
	*g.Board = engine.Board{Layout: layout}
	g.Bag.Reset(g.Tiles, seed)
	g.Racks = [2]Rack{}
	g.Scores, g.Bingos = [2]int{}, [2]int{}
	g.Turn, g.Turns, g.Scoreless, g.Passes, g.End = 0, 0, 0, 0, NotOver
	g.Record = nil
	g.deal()
}

// FromPosition starts a game at a position (a CGP): its board, racks, scores and scoreless-turn
// count, the side to move being player 0. The bag holds the position's unseen tiles, drawn in
// the order the seed gives. A CGP cannot tell an empty rack from an unknown one: an empty rack is
// dealt from the bag; a rack given is kept as it is, even when short. Passes in a row (FILE art.
// 44.2) start at 0: a CGP counts scoreless turns only.
func FromPosition(p *engine.Position, rules Rules, seed uint64) (*Game, error) {
	g := &Game{Tiles: p.Tiles, Rules: rules, Board: engine.NewBoard(p.Board.Layout), Bag: &Bag{}}
	if err := g.ResetTo(p, seed); err != nil {
		return nil, err
	}
	return g, nil
}

// ResetTo starts a new game at position p on the same memory (see FromPosition).
func (g *Game) ResetTo(p *engine.Position, seed uint64) error {
	if !p.Tiles.SameAlphabet(g.Tiles) {
		return i18n.E("game.position_tiles", "Set", p.Tiles.Name, "Want", g.Tiles.Name)
	}
	for side, r := range p.Racks {
		if len(r) > engine.RackSize {
			return i18n.E("game.rack_too_long", "Rack", side+1, "Count", len(r), "Max", engine.RackSize)
		}
	}
	if g.Rules.ScorelessTurns > 0 && p.ScorelessTurns >= g.Rules.ScorelessTurns {
		return i18n.E("game.already_over", "Turns", p.ScorelessTurns, "Rules", g.Rules.Name, "Max", g.Rules.ScorelessTurns)
	}
	layout := g.Board.Layout
	*g.Board = *p.Board
	g.Board.Layout = layout
	g.Bag.resetTo(p.UnseenTiles(), seed)
	g.Racks = [2]Rack{}
	for side, r := range p.Racks {
		for _, t := range r {
			g.Racks[side].add(t)
		}
	}
	g.Scores, g.Bingos = p.Scores, [2]int{}
	g.Turn, g.Turns, g.Scoreless, g.Passes, g.End = 0, 0, p.ScorelessTurns, 0, NotOver
	g.Record = nil
	for side := range p.Racks {
		if g.Racks[side].n == 0 {
			g.fill(side)
		}
	}
	if g.Racks[0].n == 0 {
		return i18n.E("game.no_tiles")
	}
	return nil
}

func (g *Game) deal() {
	for p := 0; p < 2; p++ {
		g.fill(p)
	}
}

func (g *Game) fill(p int) {
	for g.Racks[p].n < engine.RackSize && g.Bag.Len() > 0 {
		g.Racks[p].add(g.Bag.Draw())
	}
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.End != NotOver }

// Rack is the tiles of the player to move.
func (g *Game) Rack() []lexicon.Tile { return g.Racks[g.Turn].Tiles() }

// CanExchange reports whether the player to move may exchange n tiles (art. 25: the bag holds
// at least one tile, and no more tiles than it holds).
func (g *Game) CanExchange(n int) bool {
	return n >= 1 && n <= g.Racks[g.Turn].n && n <= g.Bag.Len()
}

// Position is the game as a CGP position, the player to move first.
func (g *Game) Position() *engine.Position {
	p := &engine.Position{Board: g.Board.Clone(), Tiles: g.Tiles, ScorelessTurns: g.Scoreless}
	for side, pl := range []int{g.Turn, 1 - g.Turn} {
		p.Racks[side] = append([]lexicon.Tile(nil), g.Racks[pl].Tiles()...)
		p.Scores[side] = g.Scores[pl]
	}
	return p
}

// Apply plays the player to move's turn. A play must already be checked as legal (and scored:
// m.Score); Apply checks only that its tiles are on the rack and that an exchange is allowed.
func (g *Game) Apply(m *engine.Move) error {
	if g.Over() {
		return i18n.E("game.over", "End", g.End.reason())
	}
	p := g.Turn
	rack := &g.Racks[p]
	var before [engine.RackSize]lexicon.Tile
	nBefore := copy(before[:], rack.Tiles())
	undo := func() { rack.n = copy(rack.tiles[:], before[:nBefore]) }
	switch m.Kind {
	case engine.Play:
		for _, t := range m.Tiles[:m.Len] {
			if t == engine.PlayedThrough {
				continue
			}
			if t.IsBlanked() {
				t = lexicon.Blank
			}
			if !rack.remove(t) {
				undo()
				return i18n.E("game.not_on_rack", "Move", engine.FormatMove(m, nil, g.Tiles), "Tile", g.Tiles.Label(t), "Rack", g.Tiles.Notation(before[:nBefore]))
			}
		}
		g.Board.Apply(m)
		g.Scores[p] += int(m.Score)
		if m.Placed == engine.RackSize {
			g.Bingos[p]++
		}
		g.fill(p)
		g.Scoreless, g.Passes = 0, 0
	case engine.Exchange:
		n := int(m.Len)
		if !g.CanExchange(n) {
			return i18n.E("game.exchange", "Count", n, "Bag", g.Bag.Len())
		}
		for _, t := range m.Tiles[:n] {
			if !rack.remove(t) {
				undo()
				return i18n.E("game.exchange_not_on_rack", "Tile", g.Tiles.Label(t), "Rack", g.Tiles.Notation(before[:nBefore]))
			}
		}
		// Art. 25: draw first, then put the exchanged tiles in the bag.
		g.fill(p)
		g.Bag.Put(m.Tiles[:n]...)
		g.Scoreless++
		g.Passes = 0
	case engine.Pass:
		g.Scoreless++
		g.Passes++
	default:
		return i18n.E("game.move_kind", "Kind", int(m.Kind))
	}
	g.record(p, m, before[:nBefore])
	g.Turns++
	g.Turn = 1 - p
	g.checkEnd(p)
	return nil
}

// checkEnd ends the game after player p's turn if the rules say so, settling the racks.
func (g *Game) checkEnd(p int) {
	switch {
	case g.Racks[p].n == 0 && g.Bag.Len() == 0:
		// Art. 44.1: the opponent's rack value moves from the opponent to the player.
		v := g.Racks[1-p].Value(g.Tiles)
		g.Scores[p] += v
		g.Scores[1-p] -= v
		g.End = WentOut
		if g.Record != nil {
			g.recordEnd(p, gcg.EndRackPoints, g.Racks[1-p].Tiles(), v)
			g.recordEnd(1-p, gcg.RackPenalty, g.Racks[1-p].Tiles(), -v)
		}
	case g.Rules.ConsecutivePasses > 0 && g.Passes >= g.Rules.ConsecutivePasses:
		g.End = ConsecutivePasses
	case g.Rules.ScorelessTurns > 0 && g.Scoreless >= g.Rules.ScorelessTurns:
		g.End = ScorelessTurns
	default:
		return
	}
	if g.End != WentOut {
		// Arts. 44.2 and 44.3: each player loses their own rack's value.
		for q := 0; q < 2; q++ {
			v := g.Racks[q].Value(g.Tiles)
			g.Scores[q] -= v
			if g.Record != nil {
				g.recordEnd(q, gcg.RackPenalty, g.Racks[q].Tiles(), -v)
			}
		}
	}
}

func (g *Game) record(p int, m *engine.Move, rack []lexicon.Tile) {
	if g.Record == nil {
		return
	}
	ev := gcg.Event{Player: p, Rack: append([]lexicon.Tile(nil), rack...), Move: *m, Cumulative: g.Scores[p]}
	switch m.Kind {
	case engine.Play:
		ev.Kind, ev.Score = gcg.Play, int(m.Score)
	case engine.Exchange:
		ev.Kind, ev.Exchanged = gcg.Exchange, int(m.Len)
	case engine.Pass:
		ev.Kind = gcg.Pass
	}
	g.Record.Events = append(g.Record.Events, ev)
}

func (g *Game) recordEnd(p int, kind gcg.Kind, rack []lexicon.Tile, delta int) {
	ev := gcg.Event{Kind: kind, Player: p, Score: delta, Cumulative: g.Scores[p], OtherRack: append([]lexicon.Tile(nil), rack...)}
	if kind == gcg.RackPenalty {
		ev.Rack = append([]lexicon.Tile(nil), g.Racks[p].Tiles()...)
	}
	g.Record.Events = append(g.Record.Events, ev)
}
