package puzzles

import (
	"context"
	"math"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Endgame and pre-endgame puzzles: the answer is found by exact search (engine/endgame), not
// by equity. An endgame puzzle (the bag empty, both racks shown) asks for a first play that
// reaches the optimal value, the spread the player to move gains from here to the end of the
// game against the best defence; a pre-endgame puzzle (one tile in the bag, the opponent's
// rack hidden) asks for the play with the best chance of winning over every draw, then the
// best expected spread. A position becomes a puzzle only when it is not a formality: no play
// of the highest score is right, or the engine's static best loses at least Margin against the
// answer.

// Defaults of ExactOptions.
const (
	// DefaultExactMargin: the static best must lose at least this much spread (endgame) or
	// expected spread (pre-endgame) for a position whose top scorer is right to be a puzzle.
	DefaultExactMargin = 5.0
	// DefaultMaxTiles: endgames with more tiles on both racks together are left out (a 7-by-7
	// endgame can take the solver seconds; the puzzles players solve are smaller).
	DefaultMaxTiles = 8
	// DefaultExactNodes: an endgame solve that has searched this many nodes after a depth and
	// is not yet proven is given up (the position makes no puzzle), so that every value stored
	// is exact and a run stays fast; counted after whole depths by one thread, it is the same
	// on every machine.
	DefaultExactNodes = 300_000
	// DefaultPegCandidates: the pre-endgame plays solved (the best by score plus twice the
	// points played); a play typed that is not among them is solved when typed.
	DefaultPegCandidates = 12
	// DefaultPegAccept: a pre-endgame play with the best chance of winning and an expected
	// spread this close to the answer's is right too.
	DefaultPegAccept = 1.0
	// exactTable is each generation worker's transposition table.
	exactTable = 32 << 20
	// maxExactPlays bounds the first plays a puzzle keeps with their values.
	maxExactPlays = 30
	// maxRank bounds how many first plays are valued exactly to find every optimal one.
	maxRank = 64
)

// KindEndgame and KindPreEndgame are the exact puzzles' kinds.
const (
	KindEndgame    Kind = "endgame"    // the bag empty: reach the optimal spread
	KindPreEndgame Kind = "preendgame" // one tile in the bag: the best chance of winning
)

// AllKinds lists every kind of puzzle, for filters and stats.
var AllKinds = []Kind{KindBingo, KindBest, KindEndgame, KindPreEndgame}

// Exact reports whether puzzles of kind k are judged by exact search.
func (k Kind) Exact() bool { return k == KindEndgame || k == KindPreEndgame }

// ExactOptions say which endgame and pre-endgame positions make puzzles.
type ExactOptions struct {
	Margin     float64 `json:"margin,omitempty"`
	MaxTiles   int     `json:"max_tiles,omitempty"`
	Nodes      uint64  `json:"nodes,omitempty"`
	Candidates int     `json:"candidates,omitempty"`
	Accept     float64 `json:"accept,omitempty"`
}

func (o ExactOptions) withDefaults() ExactOptions {
	if o.Margin == 0 {
		o.Margin = DefaultExactMargin
	}
	if o.MaxTiles == 0 {
		o.MaxTiles = DefaultMaxTiles
	}
	if o.Nodes == 0 {
		o.Nodes = DefaultExactNodes
	}
	if o.Candidates == 0 {
		o.Candidates = DefaultPegCandidates
	}
	if o.Accept == 0 {
		o.Accept = DefaultPegAccept
	}
	o.Accept = max(0, o.Accept)
	return o
}

// LineTurn is one move of a line of play: Player 0 is the player to move in the puzzle.
type LineTurn struct {
	Player int    `json:"player"`
	Move   string `json:"move"`
	Score  int    `json:"score"`
}

// Line ends.
const (
	EndOut    = "out"    // the last move went out
	EndPassed = "passed" // both players passed: each loses their own rack
)

// ExactPlay is a first play with its exact value.
type ExactPlay struct {
	Play
	// Value: endgame, the spread the player gains from here to the end of the game, racks at
	// the end included (AtMost: at most that); pre-endgame, the expected spread gained.
	Value  float64 `json:"value"`
	AtMost bool    `json:"at_most,omitempty"`
	// Win is a pre-endgame play's chance of winning (a tie counts half).
	Win float64 `json:"win,omitempty"`
	// Line is the best line after the play (endgame, exact values), the play first.
	Line []LineTurn `json:"line,omitempty"`
	End  string     `json:"end,omitempty"`
}

// ExactData is what an exact puzzle stores so that answering needs no search for the plays
// that matter: the optimum, every optimal play (the puzzle's Answers), the other plays worth
// keeping with their values, and the optimal line.
type ExactData struct {
	// Value and Win are the answer's (see ExactPlay).
	Value float64 `json:"value"`
	Win   float64 `json:"win,omitempty"`
	// Plays are the first plays valued, best first: the answers, then the others (exact
	// values, then bounds). An endgame play not listed is worth less than Value.
	Plays []ExactPlay `json:"plays"`
	// Accept is a pre-endgame's tolerance on the expected spread (see Accept).
	Accept float64 `json:"accept,omitempty"`
	// Spread is the score difference before the puzzle's play (the player's minus the
	// opponent's): the final spread is Spread + Value.
	Spread int `json:"spread"`
	// StaticBest is the engine's best play by static equity, TopScore the highest score.
	StaticBest string `json:"static_best"`
	TopScore   int    `json:"top_score"`
}

// exactAnalyzer makes exact puzzles: one per generation worker (it keeps a solver).
type exactAnalyzer struct {
	lex    *lexicon.Lexicon
	layout *engine.Layout
	leaves equity.Leaves
	opts   ExactOptions
	solver *endgame.Solver
	gen    *movegen.Generator
}

func newExactAnalyzer(lex *lexicon.Lexicon, layout *engine.Layout, leaves equity.Leaves, opts ExactOptions) (*exactAnalyzer, error) {
	if layout == nil {
		layout = engine.StandardLayout()
	}
	if leaves == nil {
		leaves = equity.NewDefault(lex.Tiles)
	}
	s, err := endgame.New(endgame.Config{Lexicon: lex, Layout: layout, Threads: 1, TableBytes: exactTable})
	if err != nil {
		return nil, err
	}
	return &exactAnalyzer{lex: lex, layout: layout, leaves: leaves, opts: opts.withDefaults(), solver: s,
		gen: movegen.New(lex.Graph, lex.Tiles, layout)}, nil
}

// exactPlay writes a move of the position as a puzzle keeps it (static equity 0: exact
// puzzles are not judged by it).
func exactPlay(ts *lexicon.TileSet, b *engine.Board, rack []lexicon.Tile, m *engine.Move) Play {
	p := Play{Move: engine.FormatMove(m, b, ts), Score: int(m.Score), Key: playKey(m), Equity: num.Round2(m.Equity)}
	leave := rack
	if m.Kind != engine.Pass {
		if l, ok := analysis.LeaveAfter(rack, m); ok {
			leave = l
		}
	}
	p.Leave = ts.Notation(lexicon.Alphagram(leave))
	if m.Kind == engine.Play {
		p.Coords, p.Word, p.Tiles = engine.FormatCoords(m), engine.FormatWord(m, b, ts), int(m.Placed)
	}
	return p
}

// line writes a solver's line from board b.
func line(ts *lexicon.TileSet, b *engine.Board, l endgame.Line) ([]LineTurn, string) {
	b = b.Clone()
	var out []LineTurn
	for _, t := range l.Turns {
		out = append(out, LineTurn{Player: t.Player, Move: engine.FormatMove(&t.Move, b, ts), Score: int(t.Move.Score)})
		if t.Move.Kind == engine.Play {
			b.Apply(&t.Move)
		}
	}
	switch l.End {
	case endgame.WentOut:
		return out, EndOut
	case endgame.Passed:
		return out, EndPassed
	}
	return out, ""
}

// solve solves an endgame within the node budget: nil when it is not proven within it.
func (ea *exactAnalyzer) solve(ctx context.Context, pos *engine.Position, opts endgame.Options) (*endgame.Result, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	opts.Progress = func(p endgame.Progress) {
		if p.Nodes > ea.opts.Nodes {
			cancel()
		}
	}
	res, err := ea.solver.Solve(sctx, pos, opts)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The solver refuses only positions that are no endgame (the game already over by
	// passes, no play to search): no puzzle, as for one not proven.
	if err != nil || sctx.Err() != nil || !res.Proven {
		return nil, nil
	}
	return res, nil
}

// solveAll solves an endgame until every optimal first play has an exact value: a play the
// solver only bounds (worth at most its value) is known not to be optimal once its bound is
// below the optimum; while some bound reaches it, more plays are valued exactly. nil when the
// position is not proven within the node budget.
func (ea *exactAnalyzer) solveAll(ctx context.Context, pos *engine.Position) (*endgame.Result, error) {
	for rank := 2; rank <= maxRank; rank *= 2 {
		ea.solver.Reset()
		res, err := ea.solve(ctx, pos, endgame.Options{Rank: rank})
		if err != nil || res == nil {
			return nil, err
		}
		known := true
		for _, p := range res.Plays {
			known = known && (p.Bound == endgame.Exact || p.Value < res.Value)
		}
		if known {
			return res, nil
		}
	}
	return nil, nil // too many optimal plays to list: no puzzle
}

// solveOnly is the exact value of one first play; ok false when it is not proven within the
// node budget.
func (ea *exactAnalyzer) solveOnly(ctx context.Context, pos *engine.Position, m engine.Move) (endgame.Play, bool, error) {
	res, err := ea.solve(ctx, pos, endgame.Options{Only: []engine.Move{m}})
	if err != nil || res == nil {
		return endgame.Play{}, false, err
	}
	return res.Best, res.Best.Bound == endgame.Exact, nil
}

// endgame makes the puzzle of an endgame position (the bag empty; the opponent's rack, when
// not given, is the unseen tiles), or nil when it makes none.
func (ea *exactAnalyzer) endgame(ctx context.Context, pos *engine.Position) (*Puzzle, error) {
	ts := ea.lex.Tiles
	pos = clonePosition(pos)
	if len(pos.Racks[1]) == 0 {
		hidden := *pos
		hidden.Racks[1] = nil
		pos.Racks[1] = hidden.UnseenTiles()
	}
	rack, opp := pos.Racks[0], pos.Racks[1]
	if len(rack) == 0 || len(opp) == 0 || len(rack) > engine.RackSize || len(opp) > engine.RackSize ||
		len(rack)+len(opp) > ea.opts.MaxTiles || pos.BagCount() != 0 {
		return nil, nil
	}
	ea.gen.SetBoard(pos.Board)
	moves := slices.Clone(ea.gen.Generate(rack, movegen.Options{By: movegen.ByEquity, Leaves: ea.leaves, Sort: true, Pass: true, BagEmpty: true}))
	if len(moves) < 2 {
		return nil, nil // nothing to choose
	}
	res, err := ea.solveAll(ctx, pos)
	if err != nil || res == nil {
		return nil, err
	}
	ed := &ExactData{Value: float64(res.Value), Spread: pos.Scores[0] - pos.Scores[1]}
	// The plays valued: every exact one, and the static best and the top scorers made exact.
	valued := map[string]*endgame.Play{}
	for i := range res.Plays {
		if res.Plays[i].Bound == endgame.Exact {
			valued[playKey(&res.Plays[i].Move)] = &res.Plays[i]
		}
	}
	top := int32(-1)
	for i := range moves {
		top = max(top, moves[i].Score)
	}
	ed.TopScore = int(top)
	static := &moves[0]
	ed.StaticBest = playKey(static)
	mustKnow := []*engine.Move{static}
	for i := range moves {
		if moves[i].Score == top {
			mustKnow = append(mustKnow, &moves[i])
		}
	}
	for _, m := range mustKnow {
		if valued[playKey(m)] != nil {
			continue
		}
		p, ok, err := ea.solveOnly(ctx, pos, *m)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		valued[playKey(m)] = &p
	}
	// A real puzzle: no top scorer is optimal, or the static best loses at least the margin.
	topRight := false
	for _, m := range mustKnow[1:] {
		topRight = topRight || valued[playKey(m)].Value == res.Value
	}
	staticLoss := float64(res.Value - valued[playKey(static)].Value)
	if topRight && staticLoss < ea.opts.Margin {
		return nil, nil
	}
	pz := &Puzzle{Kind: KindEndgame, Position: pos, Lexicon: ea.lex.Name, Tiles: ts.Name, Rating: NewRating()}
	for i := range moves[:min(DefaultTop, len(moves))] {
		pz.Top = append(pz.Top, ea.play(pos, &moves[i], moves[0].Equity))
	}
	// The plays with their values: exact ones best first, then the bounds.
	var exact, bounds []ExactPlay
	seen := map[string]bool{}
	for i := range res.Plays {
		rp := &res.Plays[i]
		// The same play reached two ways (a blank for a letter the rack also holds) once.
		id := engine.FormatMove(&rp.Move, pos.Board, ts) + "|" + playKey(&rp.Move)
		if seen[id] {
			continue
		}
		seen[id] = true
		if v := valued[playKey(&rp.Move)]; v != nil {
			rp = v
		}
		ep := ExactPlay{Play: exactPlay(ts, pos.Board, rack, &rp.Move), Value: float64(rp.Value), AtMost: rp.Bound != endgame.Exact}
		if !ep.AtMost {
			ep.Line, ep.End = line(ts, pos.Board, rp.Line)
			exact = append(exact, ep)
		} else {
			bounds = append(bounds, ep)
		}
	}
	slices.SortStableFunc(exact, func(a, b ExactPlay) int { return int(b.Value - a.Value) })
	for _, ep := range exact {
		if ep.Value == ed.Value {
			pz.Answers = append(pz.Answers, ep.Play)
		}
	}
	ed.Plays = append(exact, bounds...)
	if len(ed.Plays) > maxExactPlays {
		ed.Plays = ed.Plays[:max(maxExactPlays, len(pz.Answers))]
	}
	pz.Exact = ed
	pz.Tags = ea.endgameTags(pos, res, ed)
	ea.exactDifficulty(pz, topRight, staticLoss)
	return pz, nil
}

// play is a static move as a puzzle keeps it, with its equity and loss.
func (ea *exactAnalyzer) play(pos *engine.Position, m *engine.Move, best float64) Play {
	p := exactPlay(ea.lex.Tiles, pos.Board, pos.Racks[0], m)
	p.Equity, p.Loss = num.Round2(m.Equity), num.Round2(best-m.Equity)
	return p
}

// endgameTags are the tags of an endgame puzzle, each measured on the position and the
// optimal line (res.Best.Line):
//
//   - PASS: a pass is among the optimal first plays.
//   - OUT_IN_TWO: the optimal line ends with the player to move going out on their second
//     turn.
//   - SETUP: the answer does not go out, and the optimal line goes out on the player's next
//     turn with a play that could not be made on the board before the answer.
//   - BLOCK: the opponent could go out on the board as it is (a play of all their tiles),
//     and after the answer (not itself an out) they cannot.
//   - STUCK_TILE: a tile of either rack that no play of its owner can place on the board as
//     it is, and which is still on that rack when the optimal line ends.
func (ea *exactAnalyzer) endgameTags(pos *engine.Position, res *endgame.Result, ed *ExactData) []puzzletag.Tag {
	ts := ea.lex.Tiles
	var tags []puzzletag.Tag
	best := res.Best
	turns := best.Line.Turns
	for _, p := range ed.Plays {
		if !p.AtMost && p.Value == ed.Value && p.Key == "-" {
			tags = append(tags, puzzletag.PassTag)
			break
		}
	}
	mine := 0
	for _, t := range turns {
		if t.Player == 0 {
			mine++
		}
	}
	out := best.Line.End == endgame.WentOut && len(turns) > 0 && turns[len(turns)-1].Player == 0
	if out && mine == 2 {
		tags = append(tags, puzzletag.OutInTwo)
	}
	answerOut := best.Move.Kind == engine.Play && int(best.Move.Placed) == len(pos.Racks[0])
	if out && mine == 2 && !answerOut && len(turns) == 3 {
		after, _ := analysis.LeaveAfter(pos.Racks[0], &best.Move)
		m := turns[2].Move
		if v := engine.Check(pos.Board, &m, ts, ea.lex, after); !v.Legal {
			tags = append(tags, puzzletag.Setup)
		}
	}
	opp := pos.Racks[1]
	canOut := func(b *engine.Board) bool {
		ea.gen.SetBoard(b)
		for _, m := range ea.gen.Generate(opp, movegen.Options{}) {
			if int(m.Placed) == len(opp) {
				return true
			}
		}
		return false
	}
	if best.Move.Kind == engine.Play && !answerOut && canOut(pos.Board) {
		b := pos.Board.Clone()
		b.Apply(&best.Move)
		if !canOut(b) {
			tags = append(tags, puzzletag.Block)
		}
	}
	// Stuck tiles: on the board as it is, and at the end of the line.
	left := [2][]lexicon.Tile{slices.Clone(pos.Racks[0]), slices.Clone(opp)}
	for _, t := range turns {
		if t.Move.Kind == engine.Play {
			if l, ok := analysis.LeaveAfter(left[t.Player], &t.Move); ok {
				left[t.Player] = l
			}
		}
	}
	stuck := false
	for side := 0; side < 2 && !stuck; side++ {
		ea.gen.SetBoard(pos.Board)
		placeable := map[lexicon.Tile]bool{}
		for _, m := range ea.gen.Generate(pos.Racks[side], movegen.Options{}) {
			if l, ok := analysis.LeaveAfter(pos.Racks[side], &m); ok {
				used := slices.Clone(pos.Racks[side])
				for _, k := range l {
					if i := slices.Index(used, k); i >= 0 {
						used = slices.Delete(used, i, i+1)
					}
				}
				for _, u := range used {
					placeable[u] = true
				}
			}
		}
		for _, t := range left[side] {
			if !placeable[t] {
				stuck = true
			}
		}
	}
	if stuck {
		tags = append(tags, puzzletag.StuckTile)
	}
	return tags
}

// exactDifficulty sets an exact puzzle's difficulty: a wrong top scorer and a static best that
// loses are harder to see through, several right answers make it easier, a long line harder.
func (ea *exactAnalyzer) exactDifficulty(pz *Puzzle, topRight bool, staticLoss float64) {
	d := 0.5
	if !topRight {
		d += 0.15
	}
	if staticLoss >= ea.opts.Margin {
		d += 0.1
	}
	if len(pz.Answers) > 2 {
		d -= 0.1
	}
	if len(pz.Exact.Plays) > 0 && len(pz.Exact.Plays[0].Line) >= 4 {
		d += 0.1
	}
	if pz.HasTag(puzzletag.PassTag) {
		d += 0.1
	}
	d = max(0.05, min(0.95, d))
	pz.Difficulty = num.Round2(d)
	pz.Rating = NewRating()
	pz.Rating.Rating = InitialRating + 800*(d-0.5)
}

// preendgame makes the puzzle of a position with one tile in the bag (the opponent's rack
// hidden), or nil when it makes none.
func (ea *exactAnalyzer) preendgame(ctx context.Context, pos *engine.Position) (*Puzzle, error) {
	ts := ea.lex.Tiles
	hidden := clonePosition(pos)
	hidden.Racks[1] = nil
	rack := hidden.Racks[0]
	if len(rack) == 0 || len(hidden.UnseenTiles()) != engine.RackSize+1 {
		return nil, nil
	}
	ea.gen.SetBoard(hidden.Board)
	moves := slices.Clone(ea.gen.Generate(rack, movegen.Options{By: movegen.ByEquity, Leaves: ea.leaves, Sort: true}))
	if len(moves) < 2 {
		return nil, nil
	}
	static := moves[0]
	top := int32(-1)
	for i := range moves {
		top = max(top, moves[i].Score)
	}
	// The candidates, as endgame.PreEndgame chooses them (by score plus twice the points
	// played), and the static best and the top scorers.
	rackPts := 0
	for _, t := range rack {
		rackPts += ts.Points(t)
	}
	weight := func(m *engine.Move) int {
		kept := 0
		for _, t := range m.LeaveTiles() {
			kept += ts.Points(t)
		}
		return int(m.Score) + 2*(rackPts-kept)
	}
	byWeight := slices.Clone(moves)
	slices.SortStableFunc(byWeight, func(a, b engine.Move) int { return weight(&b) - weight(&a) })
	cands := byWeight[:min(ea.opts.Candidates, len(byWeight))]
	for _, m := range moves {
		if (m.Score == top || playKey(&m) == playKey(&static) && m.Score == static.Score) &&
			!slices.ContainsFunc(cands, func(c engine.Move) bool { return playKey(&c) == playKey(&m) && c.Score == m.Score }) {
			cands = append(cands, m)
		}
	}
	plays, err := ea.pegPlays(ctx, hidden, cands)
	if err != nil || plays == nil {
		return nil, err
	}
	slices.SortStableFunc(plays, func(a, b endgame.PegPlay) int { return pegOrder(a.Win, a.Value, b.Win, b.Value) })
	best := plays[0]
	ed := &ExactData{Value: num.Round2(best.Value), Win: best.Win, Accept: ea.opts.Accept, Spread: hidden.Scores[0] - hidden.Scores[1],
		StaticBest: playKey(&static), TopScore: int(top)}
	pz := &Puzzle{Kind: KindPreEndgame, Position: hidden, Lexicon: ea.lex.Name, Tiles: ts.Name, Rating: NewRating()}
	pz.Bag = 1
	for i := range moves[:min(DefaultTop, len(moves))] {
		pz.Top = append(pz.Top, ea.play(hidden, &moves[i], moves[0].Equity))
	}
	topRight, staticLoss := false, 0.0
	for i := range plays {
		p := &plays[i]
		ep := ExactPlay{Play: exactPlay(ts, hidden.Board, rack, &p.Move), Value: num.Round2(p.Value), Win: p.Win}
		right := pegRight(ep.Win, ep.Value, ed.Win, ed.Value, ed.Accept)
		if right {
			pz.Answers = append(pz.Answers, ep.Play)
		}
		if p.Move.Score == top && right {
			topRight = true
		}
		if playKey(&p.Move) == ed.StaticBest && p.Move.Score == static.Score {
			staticLoss = ed.Value - ep.Value
			if ep.Win < ed.Win-1e-9 {
				staticLoss = math.Max(staticLoss, ea.opts.Margin)
			}
		}
		if i < maxExactPlays || right {
			ed.Plays = append(ed.Plays, ep)
		}
	}
	if topRight && staticLoss < ea.opts.Margin {
		return nil, nil
	}
	pz.Exact = ed
	ea.exactDifficulty(pz, topRight, staticLoss)
	return pz, nil
}

// pegOrder orders pre-endgame plays: the best chance of winning first, then the best expected
// spread.
func pegOrder(winA, valueA, winB, valueB float64) int {
	switch {
	case math.Abs(winA-winB) > 1e-9:
		if winA > winB {
			return -1
		}
		return 1
	case valueA > valueB:
		return -1
	case valueA < valueB:
		return 1
	}
	return 0
}

// pegRight is Accept's pre-endgame rule: the answer's chance of winning, and an expected
// spread no more than tol below it.
func pegRight(win, value, bestWin, bestValue, tol float64) bool {
	return win >= bestWin-1e-9 && value >= bestValue-tol-1e-9
}

// clonePosition copies a position's board and racks.
func clonePosition(pos *engine.Position) *engine.Position {
	c := *pos
	c.Board = pos.Board.Clone()
	c.Racks[0] = slices.Clone(pos.Racks[0])
	c.Racks[1] = slices.Clone(pos.Racks[1])
	c.Opcodes = slices.Clone(pos.Opcodes)
	return &c
}

// pegPlays values pre-endgame plays over every draw of the bag's tile (weighted by the unseen
// tiles), each endgame after the draw solved within the node budget: the figures
// endgame.PreEndgame gives. nil when one of them is not proven within the budget.
func (ea *exactAnalyzer) pegPlays(ctx context.Context, hidden *engine.Position, moves []engine.Move) ([]endgame.PegPlay, error) {
	unseen := hidden.UnseenTiles()
	type draw struct {
		tile  lexicon.Tile
		count int
	}
	var draws []draw
	for _, t := range unseen {
		if i := slices.IndexFunc(draws, func(d draw) bool { return d.tile == t }); i >= 0 {
			draws[i].count++
		} else {
			draws = append(draws, draw{tile: t, count: 1})
		}
	}
	spread := hidden.Scores[0] - hidden.Scores[1]
	var out []endgame.PegPlay
	for _, m := range moves {
		p := endgame.PegPlay{Move: m, Proven: true}
		total := 0
		for _, d := range draws {
			// The player draws the bag's tile; the opponent, holding the other unseen tiles,
			// moves.
			after := hidden.After(&m)
			opp := slices.Clone(unseen)
			i := slices.Index(opp, d.tile)
			after.Racks[0] = slices.Delete(opp, i, i+1)
			after.Racks[1] = append(slices.Clone(after.Racks[1]), d.tile)
			res, err := ea.solve(ctx, after, endgame.Options{})
			if err != nil || res == nil {
				return nil, err
			}
			v := int(m.Score) - res.Value
			p.Draws = append(p.Draws, endgame.PegDraw{Tile: d.tile, Count: d.count, Value: v, Proven: true})
			total += d.count
			p.Value += float64(d.count * v)
			switch f := spread + v; {
			case f > 0:
				p.Win += float64(d.count)
			case f == 0:
				p.Win += float64(d.count) / 2
			}
		}
		p.Value /= float64(total)
		p.Win /= float64(total)
		p.Spread = float64(spread) + p.Value
		out = append(out, p)
	}
	return out, nil
}
