// Package analysis studies a finished game turn by turn, as Quackle's and Woogles' analyzers
// do: for every turn of a player whose rack is known, the engine's best play there (by static
// equity, by simulation, or by the exact endgame solver once the bag is empty), what the play
// made was worth against it (equity lost and, where known, win chance lost), and a summary of
// the game: mean equity lost per turn, bingos missed, phonies, challenges lost, the biggest
// mistakes. `atril analyze`, the end of `atril play`, puzzles made of a player's mistakes and
// the game statistics all read it.
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package analysis

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/lexicon"
)

// Endgame solves an endgame exactly: the bag is empty and both racks are known (pos.Racks[0]
// is the side to move's, pos.Racks[1] the opponent's). Solve returns the best play and the
// spread it leads to with best play by both sides, counted from pos: what the side to move
// will score from here on, less what the opponent will, the racks' values at the end
// included; proven says the search reached the end of every line (false: a solve bounded in
// time gave its best so far). engine/endgame.Oracle is one; without one, analysis values
// endgames by static equity (score less twice the tiles kept).
type Endgame interface {
	Solve(ctx context.Context, pos *engine.Position) (best engine.Move, spread int, proven bool, err error)
}

// Method says how a turn's plays were valued.
type Method string

const (
	Static       Method = "static"  // score plus leave value (equity.EndgameLeave once the bag is empty)
	Simulated    Method = "sim"     // Monte Carlo simulation (engine/sim)
	ExactEndgame Method = "endgame" // the exact endgame solver
)

// Defaults of Options.
const (
	DefaultSimCandidates = 10
	DefaultSimIterations = 500
	DefaultSimTime       = 3 * time.Second
	// BiggestMistakes is how many of the costliest turns the summary lists.
	BiggestMistakes = 5
	// maxBingoWords bounds the bingo words a missed-bingo turn lists.
	maxBingoWords = 3
)

// Options say how to analyse.
type Options struct {
	Lexicon *lexicon.Lexicon
	Layout  *engine.Layout // nil: the standard board
	// Leaves values the tiles kept (nil: the hand-set model); commands pass the learned table.
	Leaves equity.Leaves
	// Sim, when set, simulates the best static candidates and the play made on every turn with
	// tiles in the bag, each turn for at most SimTime.
	Sim           bool
	SimCandidates int
	SimIterations int
	SimTime       time.Duration
	Seed          uint64
	// Endgame, when set, solves the turns played with the bag empty exactly.
	Endgame Endgame
	// Progress, if set, hears each turn analysed (done of total).
	Progress func(done, total int)
}

// Turn is one turn of the player analysed.
type Turn struct {
	Event  int // the event's index in the record
	Number int // the turn's number in the game (1 is the first turn of either player)
	Player int // 0 or 1 in the record
	Nick   string
	Rack   []lexicon.Tile
	Bag    int // tiles in the bag before the turn
	// Played is the play made (a withdrawn play is kept as it was typed; Withdrawn says it
	// scored nothing), with its score, and its value by Method.
	Played    engine.Move
	Score     int
	Withdrawn bool
	// Phony lists the words of the play not in the lexicon (empty for a valid play).
	Phony []string
	Value float64
	// Best is the engine's best play there and its value; Loss = Best's value less Value.
	Best      engine.Move
	BestValue float64
	Loss      float64
	// WinBefore is the chance of winning with the best play, WinAfter with the play made: by
	// simulation or from the exact endgame, else from the win model of engine/sim (the spread
	// after the play, leave counted, and the tiles unseen). WinKnown says which.
	WinBefore, WinAfter float64
	WinKnown            bool
	Method              Method
	// Proven: an ExactEndgame turn whose two values (the best play's, the play made's) were
	// both searched to the end of the game.
	Proven bool
	// Bingos are the bingo words the rack could play there (best first, a few), when the play
	// made was not a bingo: a missed bingo.
	Bingos []string
	// Text is the play made and the best play in notation, board tiles in parentheses.
	PlayedText, BestText string
	BestWord             string
}

// Bingo reports whether the play made used all seven tiles.
func (t *Turn) Bingo() bool {
	return t.Played.Kind == engine.Play && !t.Withdrawn && t.Played.Placed == engine.RackSize
}

// Summary sums up the player's game.
type Summary struct {
	Turns          int     // turns analysed
	TotalLoss      float64 // equity lost over them
	MeanLoss       float64 // per turn
	BingosPlayed   int
	BingosMissed   int // turns where a bingo could be played and was not
	Phonies        int // plays with a word not in the lexicon (withdrawn or not)
	ChallengesLost int // the player's plays withdrawn, and challenges of valid plays (a bonus to the opponent)
	// Biggest are the turns (indexes into Report.Turns) of the costliest mistakes, worst first.
	Biggest []int
}

// Report is a game's analysis for one player.
type Report struct {
	Player  int
	Nick    string
	Players [2]string
	Scores  [2]int // the final scores in the record
	Turns   []Turn
	Summary Summary
	// Skipped counts the player's turns that could not be analysed (the rack not recorded, an
	// exchange of tiles not named).
	Skipped int
}

// PlayerIndex finds a player of the record by nick or name (any case); -1 if none.
func PlayerIndex(g *gcg.Game, name string) int {
	for i, pl := range g.Players {
		if strings.EqualFold(pl.Nick, name) || strings.EqualFold(pl.Name, name) {
			return i
		}
	}
	return -1
}

// Analyzer analyses games. It keeps a move generator and a simulator: make one per goroutine.
type Analyzer struct {
	o   Options
	gen *movegen.Generator
	sim *sim.Simulator
}

// New prepares an analyzer.
func New(o Options) (*Analyzer, error) {
	if o.Layout == nil {
		o.Layout = engine.StandardLayout()
	}
	if o.Leaves == nil {
		o.Leaves = equity.NewDefault(o.Lexicon.Tiles)
	}
	if o.SimCandidates <= 0 {
		o.SimCandidates = DefaultSimCandidates
	}
	if o.SimIterations <= 0 {
		o.SimIterations = DefaultSimIterations
	}
	if o.SimTime <= 0 {
		o.SimTime = DefaultSimTime
	}
	a := &Analyzer{o: o, gen: movegen.New(o.Lexicon.Graph, o.Lexicon.Tiles, o.Layout)}
	if o.Sim {
		s, err := sim.New(sim.Config{Lexicon: o.Lexicon, Layout: o.Layout, Leaves: o.Leaves,
			MaxIterations: o.SimIterations, StopZ: 2.58, Seed: o.Seed})
		if err != nil {
			return nil, err
		}
		a.sim = s
	}
	return a, nil
}

// Game analyses every turn of player (0 or 1) in the record g, whose plays must replay (see
// gcg.Game.Replay). When ctx is cancelled, the turns analysed so far come back with ctx's
// error.
func (a *Analyzer) Game(ctx context.Context, g *gcg.Game, player int) (*Report, error) {
	ts := a.o.Lexicon.Tiles
	if _, err := g.Replay(ts, a.o.Layout, -1); err != nil {
		return nil, err
	}
	r := &Report{Player: player, Nick: g.Players[player].Nick, Players: [2]string{g.Players[0].Nick, g.Players[1].Nick}}
	var todo []int
	number := 0
	numbers := map[int]int{}
	for i := range g.Events {
		ev := &g.Events[i]
		switch ev.Kind {
		case gcg.Play, gcg.Exchange, gcg.Pass:
			number++
			numbers[i] = number
		default:
			continue
		}
		if ev.Player != player {
			continue
		}
		if len(ev.Rack) == 0 || (ev.Kind == gcg.Exchange && ev.Move.Len == 0) {
			r.Skipped++
			continue
		}
		todo = append(todo, i)
	}
	for i := range g.Events {
		ev := &g.Events[i]
		r.Scores[ev.Player] = ev.Cumulative
		if ev.Player != player {
			if ev.Kind == gcg.ChallengeBonus {
				r.Summary.ChallengesLost++ // the player challenged a valid play
			}
		}
	}
	for k, i := range todo {
		if err := ctx.Err(); err != nil {
			a.summarise(r)
			return r, err
		}
		t, err := a.turn(ctx, g, i)
		if err != nil {
			if ctx.Err() != nil {
				a.summarise(r)
				return r, ctx.Err()
			}
			return nil, err
		}
		t.Number = numbers[i]
		r.Turns = append(r.Turns, *t)
		if a.o.Progress != nil {
			a.o.Progress(k+1, len(todo))
		}
	}
	a.summarise(r)
	return r, nil
}

// turn analyses event i.
func (a *Analyzer) turn(ctx context.Context, g *gcg.Game, i int) (*Turn, error) {
	ts := a.o.Lexicon.Tiles
	ev := &g.Events[i]
	pos, err := g.Replay(ts, a.o.Layout, i)
	if err != nil {
		return nil, err
	}
	rack := slices.Clone(ev.Rack)
	pos.Racks[0] = rack
	hidden := pos.Hidden()
	unseen := len(hidden.UnseenTiles())
	bag := max(0, unseen-engine.RackSize)
	if bag == 0 {
		// The bag is empty: the opponent holds every unseen tile.
		pos.Racks[1] = hidden.UnseenTiles()
	}
	t := &Turn{Event: i, Player: ev.Player, Nick: g.Players[ev.Player].Nick, Rack: rack, Bag: bag, Method: Static}
	withdrawn := i+1 < len(g.Events) && g.Events[i+1].Kind == gcg.PhonyReturned && g.Events[i+1].Player == ev.Player
	t.Withdrawn = withdrawn

	// The play made, as the engine writes it.
	played := ev.Move
	switch ev.Kind {
	case gcg.Play:
		v := engine.Check(pos.Board, &ev.Move, ts, a.o.Lexicon, rack)
		played = v.Move
		t.Score = v.Score
		for _, w := range v.Words {
			if !w.Valid {
				t.Phony = append(t.Phony, ts.Word(w.Tiles))
			}
		}
		if withdrawn && len(t.Phony) == 0 {
			// Withdrawn all the same (another rule set, a lexicon other than the game's): a
			// phony as far as the record goes.
			t.Phony = append(t.Phony, engine.FormatWord(&played, pos.Board, ts))
		}
		if withdrawn {
			t.Score = 0
		}
	case gcg.Pass:
		played = engine.Move{Kind: engine.Pass}
	case gcg.Exchange:
		// Shown in alphabet order, as racks are.
		copy(played.Tiles[:played.Len], lexicon.Alphagram(played.Tiles[:played.Len]))
	}
	t.Played = played
	t.PlayedText = engine.FormatMove(&played, pos.Board, ts)

	// Every play there by static equity.
	opts := movegen.SideToMove(bag, a.o.Leaves)
	opts.Sort = true
	a.gen.SetBoard(pos.Board)
	moves := a.gen.Generate(rack, opts)
	best := engine.Move{Kind: engine.Pass, Equity: a.staticValue(rack, nil, bag)}
	if len(moves) > 0 {
		best = moves[0]
	}
	t.Value = a.playedStatic(t, rack, bag)
	t.Best, t.BestValue = best, best.Equity
	if !t.Bingo() {
		seen := map[string]bool{}
		for k := range moves {
			if m := &moves[k]; m.Kind == engine.Play && m.Placed == engine.RackSize {
				w := engine.FormatWord(m, pos.Board, ts)
				if !seen[w] && len(seen) < maxBingoWords {
					seen[w] = true
					t.Bingos = append(t.Bingos, w)
				}
			}
		}
	}
	spread := pos.Scores[0] - pos.Scores[1]
	switch {
	case bag == 0 && a.o.Endgame != nil && a.endgame(ctx, t, pos, spread) == nil:
		// Solved exactly. A solver that could not (out of time, too big) leaves the static values.
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	case bag > 0 && a.sim != nil && len(moves) > 0:
		if err := a.simulate(ctx, t, pos, moves, i); err != nil {
			return nil, err
		}
	default:
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t.WinBefore = sim.WinChance(float64(spread)+t.BestValue, unseen, false)
		t.WinAfter = sim.WinChance(float64(spread)+t.Value, unseen, false)
	}
	t.Loss = num.Round2(t.BestValue - t.Value)
	t.BestText = engine.FormatMove(&t.Best, pos.Board, ts)
	if t.Best.Kind == engine.Play {
		t.BestWord = engine.FormatWord(&t.Best, pos.Board, ts)
	}
	return t, nil
}

// staticValue is a play's equity: its score plus what the tiles kept are worth (valued as the
// endgame values them once the bag is empty).
func (a *Analyzer) staticValue(rack []lexicon.Tile, m *engine.Move, bag int) float64 {
	leave := slices.Clone(rack)
	score := 0
	if m != nil {
		var ok bool
		if leave, ok = LeaveAfter(rack, m); !ok {
			leave = slices.Clone(rack)
		}
		if m.Kind == engine.Play {
			score = int(m.Score)
		}
	}
	if bag == 0 {
		return float64(score) + equity.EndgameLeave(a.o.Lexicon.Tiles, leave)
	}
	if len(leave) == 0 || len(leave) > equity.MaxLeave {
		return float64(score)
	}
	return float64(score) + a.o.Leaves.LeaveValue(leave)
}

// playedStatic is the static value of the play made: a withdrawn play scored nothing and kept
// the rack, as a pass does.
func (a *Analyzer) playedStatic(t *Turn, rack []lexicon.Tile, bag int) float64 {
	if t.Withdrawn || t.Played.Kind == engine.Pass {
		return a.staticValue(rack, nil, bag)
	}
	m := t.Played
	m.Score = int32(t.Score)
	return a.staticValue(rack, &m, bag)
}

// asPlayed is the play made as the simulator and the solver see it (a withdrawn play is a pass).
func asPlayed(t *Turn) engine.Move {
	if t.Withdrawn {
		return engine.Move{Kind: engine.Pass}
	}
	m := t.Played
	m.Score = int32(t.Score)
	return m
}

// simulate values the best static candidates and the play made by simulation.
func (a *Analyzer) simulate(ctx context.Context, t *Turn, pos *engine.Position, moves []engine.Move, event int) error {
	cands := slices.Clone(moves[:min(a.o.SimCandidates, len(moves))])
	played := asPlayed(t)
	key := MoveKey(&played)
	if !slices.ContainsFunc(cands, func(m engine.Move) bool { return MoveKey(&m) == key }) {
		cands = append(cands, played)
	}
	hidden := *pos
	hidden.Racks[1] = nil
	sctx, cancel := context.WithTimeout(ctx, a.o.SimTime)
	defer cancel()
	a.sim.SetSeed(a.o.Seed ^ uint64(event+1)*0x9e3779b97f4a7c15)
	res, err := a.sim.Run(sctx, &hidden, cands)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if res == nil || len(res.Candidates) == 0 {
		return nil
	}
	w := res.Winner()
	t.Method = Simulated
	t.Best, t.BestValue = w.Move, w.Equity.Mean
	t.WinBefore, t.WinKnown = w.Win.Mean, true
	for _, c := range res.Candidates {
		if MoveKey(&c.Move) == key {
			t.Value, t.WinAfter = c.Equity.Mean, c.Win.Mean
		}
	}
	return nil
}

// endgame values the best play and the play made by the exact solver.
func (a *Analyzer) endgame(ctx context.Context, t *Turn, pos *engine.Position, spread int) error {
	ts := a.o.Lexicon.Tiles
	best, value, proven, err := a.o.Endgame.Solve(ctx, pos)
	if err != nil {
		return err
	}
	played := asPlayed(t)
	var after int
	leave, ok := LeaveAfter(pos.Racks[0], &played)
	switch {
	case !ok:
		return i18n.E("analysis.not_on_rack", "Move", t.PlayedText, "Rack", ts.Notation(pos.Racks[0]))
	case played.Kind == engine.Play && len(leave) == 0:
		// Out: the opponent's rack counts twice (lost by them, won by the player).
		after = int(played.Score) + 2*rackValue(ts, pos.Racks[1])
	default:
		_, opp, done, err := a.o.Endgame.Solve(ctx, pos.After(&played))
		if err != nil {
			return err
		}
		after = int(played.Score) - opp
		proven = proven && done
	}
	if after > value && proven {
		// The play made is the best (a solve bounded in time may have missed it).
		best, value = played, after
	}
	t.Method, t.Proven = ExactEndgame, proven
	t.Best, t.BestValue, t.Value = best, float64(value), float64(after)
	t.WinBefore, t.WinAfter, t.WinKnown = outcome(spread+value), outcome(spread+after), true
	return nil
}

func outcome(final int) float64 {
	switch {
	case final > 0:
		return 1
	case final < 0:
		return 0
	}
	return 0.5
}

func rackValue(ts *lexicon.TileSet, rack []lexicon.Tile) int {
	v := 0
	for _, t := range rack {
		v += ts.Points(t)
	}
	return v
}

// summarise fills the summary from the turns.
func (a *Analyzer) summarise(r *Report) {
	s := &r.Summary
	challenges := s.ChallengesLost
	*s = Summary{ChallengesLost: challenges}
	for i := range r.Turns {
		t := &r.Turns[i]
		s.Turns++
		s.TotalLoss += t.Loss
		if t.Bingo() {
			s.BingosPlayed++
		}
		if len(t.Bingos) > 0 {
			s.BingosMissed++
		}
		if len(t.Phony) > 0 {
			s.Phonies++
		}
		if t.Withdrawn {
			s.ChallengesLost++
		}
		if t.Loss > 0 {
			s.Biggest = append(s.Biggest, i)
		}
	}
	if s.Turns > 0 {
		s.MeanLoss = num.Round2(s.TotalLoss / float64(s.Turns))
	}
	s.TotalLoss = num.Round2(s.TotalLoss)
	sort.SliceStable(s.Biggest, func(x, y int) bool { return r.Turns[s.Biggest[x]].Loss > r.Turns[s.Biggest[y]].Loss })
	if len(s.Biggest) > BiggestMistakes {
		s.Biggest = s.Biggest[:BiggestMistakes]
	}
}

// LeaveAfter is the rack less the tiles a play places or an exchange puts back; false if the
// rack does not hold them.
func LeaveAfter(rack []lexicon.Tile, m *engine.Move) ([]lexicon.Tile, bool) {
	leave := slices.Clone(rack)
	if m.Kind == engine.Pass {
		return leave, true
	}
	for _, t := range m.Tiles[:m.Len] {
		if m.Kind == engine.Play && t == engine.PlayedThrough {
			continue
		}
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		i := slices.Index(leave, t)
		if i < 0 {
			return nil, false
		}
		leave = slices.Delete(leave, i, i+1)
	}
	return leave, true
}

// MoveKey identifies a move whatever way it was written: its kind, squares and tiles placed
// (played-through squares left out), or the tiles exchanged in order.
func MoveKey(m *engine.Move) string {
	var sb strings.Builder
	switch m.Kind {
	case engine.Pass:
		return "pass"
	case engine.Exchange:
		tiles := slices.Clone(m.Tiles[:m.Len])
		slices.Sort(tiles)
		sb.WriteString("x")
		for _, t := range tiles {
			sb.WriteByte(byte(t))
		}
		return sb.String()
	}
	r, c := int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); i++ {
		if m.Tiles[i] != engine.PlayedThrough {
			sb.WriteByte(byte(r))
			sb.WriteByte(byte(c))
			sb.WriteByte(byte(m.Tiles[i]))
		}
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
	return sb.String()
}
