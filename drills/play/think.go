package play

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/engine/sim"
)

// Level 5 thinks in three ways: with the bag empty it solves the endgame exactly (both racks are
// known to a player who tracks); with one tile in the bag it solves the pre-endgame (every play
// of its best few, for every tile the bag may hold, the endgame after it solved exactly); with
// more, it simulates its best static plays. Its budget is work, not time: simulation iterations,
// exact solves to the end. A game is then the same from the same seed on any machine, whatever
// its load. Think is only a safety cap: a turn that reaches it plays the best found so far and
// says so (Thought.Capped).

// SimBudget is level 5's simulation of a turn with two or more tiles in the bag: the best
// Candidates plays by static equity (exchanges included), each simulated Plies turns ahead for
// at most Iterations draws of the opponent's rack (fewer when the stopping rule finds the best
// play sooner: a play 2.58 standard errors behind the leader is dropped).
type SimBudget struct {
	Candidates int
	Iterations int
	Plies      int
}

// DefaultSim is level 5's budget: a midgame turn takes about a second on two cores (see README).
var DefaultSim = SimBudget{Candidates: 10, Iterations: 400, Plies: 2}

// withDefaults fills the zero fields from DefaultSim.
func (s SimBudget) withDefaults() SimBudget {
	if s.Candidates <= 0 {
		s.Candidates = DefaultSim.Candidates
	}
	if s.Iterations <= 0 {
		s.Iterations = DefaultSim.Iterations
	}
	if s.Plies <= 0 {
		s.Plies = DefaultSim.Plies
	}
	return s
}

const (
	// pegCandidates are the plays level 5 solves with one tile in the bag: its best by static
	// equity.
	pegCandidates = 6
	// endgameTable bounds level 5's transposition table (reset before each solve, so that the
	// move depends on the position alone).
	endgameTable = 64 << 20
)

var (
	endgameNodes    uint64 = 600_000
	endgameMaxPlies        = 20
	pegPlies               = 2
)

// How says how a turn was chosen.
type How string

const (
	ByStatic  How = "static"  // the best static play
	BySim     How = "sim"     // simulation
	ByEndgame How = "endgame" // the exact endgame solver, bag empty
	ByPeg     How = "peg"     // the pre-endgame solver, one tile in the bag
)

// Thought is how the bot chose its last move.
type Thought struct {
	How How
	// Iterations the simulation ran (sim), endgames solved (peg), or the depth searched in
	// turns (endgame); Exact: the endgame's value is proven to the end of the game.
	Iterations int
	Exact      bool
	// Capped: the turn reached the time cap (BotConfig.Think) before its budget was done; the
	// move is the best found by then, and another run may choose differently.
	Capped  bool
	Elapsed time.Duration
}

// Last is how the last move was chosen.
func (b *Bot) Last() Thought { return b.last }

// prepareLevel5 makes the simulator; the endgame solver is made at the first endgame.
func (b *Bot) prepareLevel5() error {
	s, err := sim.New(sim.Config{Lexicon: b.cfg.Lexicon, Layout: b.cfg.Layout, Leaves: b.leaves,
		MaxIterations: b.cfg.Sim.Iterations, Plies: b.cfg.Sim.Plies, StopZ: 2.58, Workers: b.cfg.Workers,
		Seed: b.cfg.Seed, Batch: 16})
	if err != nil {
		return err
	}
	b.sim = s
	return nil
}

// solver is the exact solver for g's end rules, one thread (so that among plays of the same
// value it is always the same one that is chosen).
func (b *Bot) solver(g *game.Game) (*endgame.Solver, endgame.Config, error) {
	cfg := endgame.Config{Lexicon: b.cfg.Lexicon, Layout: b.cfg.Layout, Threads: 1, TableBytes: endgameTable,
		Rules: endgame.GameRules(g.Rules)}
	if b.eg == nil || b.egCfg.Rules != cfg.Rules {
		s, err := endgame.New(cfg)
		if err != nil {
			return nil, cfg, err
		}
		b.eg, b.egCfg = s, cfg
	}
	return b.eg, cfg, nil
}

// think is level 5's turn; false when it leaves the choice to static equity.
func (b *Bot) think(ctx context.Context, g *game.Game, opts movegen.Options, start time.Time) (engine.Move, bool, error) {
	tctx, cancel := context.WithDeadline(ctx, start.Add(b.cfg.Think))
	defer cancel()
	switch g.Bag.Len() {
	case 0:
		m, ok := b.solveEndgame(tctx, g)
		if ctx.Err() != nil {
			return engine.Move{}, false, ctx.Err()
		}
		return m, ok, nil
	case 1:
		m, ok := b.solvePeg(tctx, g, opts)
		if ctx.Err() != nil {
			return engine.Move{}, false, ctx.Err()
		}
		if ok {
			return m, true, nil
		}
	}
	return b.simulate(ctx, tctx, g, opts)
}

// solveEndgame plays the endgame: the bag is empty, the opponent holds the unseen tiles. The
// search deepens a turn at a time, to the end of the game when it fits: the next depth is
// searched while the nodes it should take (the last depth's times its growth) stay within
// the bot's node budget (endgameNodes), and a depth that grows more than that is stopped by the
// solver at the budget's end (Options.Nodes): the move is then the last complete depth's. One
// thread and the table reset at each turn: the same nodes and the same move from the same
// position, however loaded the machine; the time cap is only a safety net.
func (b *Bot) solveEndgame(ctx context.Context, g *game.Game) (engine.Move, bool) {
	s, _, err := b.solver(g)
	if err != nil {
		return engine.Move{}, false
	}
	s.Reset()
	pos := g.Position()
	var best *endgame.Result
	var nodes, prev uint64
	for d := 1; ; d++ {
		r, err := s.Solve(ctx, pos, endgame.Options{Plies: d, Nodes: b.egNodes - nodes})
		if err != nil {
			break
		}
		if ctx.Err() != nil {
			if best == nil || r.Depth >= d {
				best = r
			}
			b.last.Capped = true
			break
		}
		if r.Depth < d && !r.Proven && best != nil {
			break // the budget ran out in depth d: the last depth's move
		}
		best = r
		nodes += r.Nodes
		if r.Proven || d >= endgameMaxPlies || nodes >= b.egNodes {
			break
		}
		// A depth costs its predecessor's nodes times their growth, squared to be safe: the
		// growth from one depth to the next grows too.
		growth := uint64(4)
		if prev > 0 {
			growth = max(growth, r.Nodes/prev)
		}
		if nodes+r.Nodes*growth*growth > b.egNodes {
			break
		}
		prev = max(1, r.Nodes)
	}
	if best == nil {
		return engine.Move{}, false // the solver could not: static equity
	}
	b.last = Thought{How: ByEndgame, Iterations: best.Depth, Capped: b.last.Capped, Exact: best.Proven}
	return best.Best.Move, true
}

// solvePeg solves the pre-endgame for the best static plays; false when none was solved for
// every tile the bag may hold before the cap.
func (b *Bot) solvePeg(ctx context.Context, g *game.Game, opts movegen.Options) (engine.Move, bool) {
	_, cfg, err := b.solver(g)
	if err != nil {
		return engine.Move{}, false
	}
	opts.Top, opts.Exchanges, opts.Pass = 0, 0, false
	opts.Sort = true
	moves := b.gen.Generate(g.Rack(), opts)
	only := slices.Clone(moves[:min(pegCandidates, len(moves))])
	if len(only) == 0 {
		return engine.Move{}, false
	}
	cfg.Threads = max(1, b.workers())
	cfg.TableBytes = endgameTable * int64(cfg.Threads)
	pos := g.Position()
	r, err := endgame.PreEndgame(ctx, cfg, pos, endgame.PegOptions{Only: only, Plies: pegPlies})
	if err != nil || len(r.Plays) == 0 {
		if ctx.Err() != nil {
			b.last.Capped = true
		}
		return engine.Move{}, false
	}
	b.last = Thought{How: ByPeg, Iterations: r.Solves, Capped: !r.Complete}
	return r.Plays[0].Move, true
}

func (b *Bot) workers() int {
	if b.cfg.Workers > 0 {
		return b.cfg.Workers
	}
	return b.sim.Config().Workers
}

// simulate is level 5 with tiles in the bag: the best static plays simulated, within the
// budget. tctx carries the cap.
func (b *Bot) simulate(ctx, tctx context.Context, g *game.Game, opts movegen.Options) (engine.Move, bool, error) {
	opts.Top = b.cfg.Sim.Candidates
	cands := slices.Clone(b.gen.Generate(g.Rack(), opts))
	switch len(cands) {
	case 0:
		return engine.Move{}, false, nil
	case 1:
		return cands[0], true, nil
	}
	pos := g.Position()
	pos.Racks[1] = nil // the opponent's rack is not the bot's to see
	// The seed of the turn: the same game gives the same draws, resumed or not.
	b.sim.SetSeed(game.GameSeed(b.cfg.Seed, g.Turns))
	res, err := b.sim.Run(tctx, pos, cands)
	if ctx.Err() != nil {
		return engine.Move{}, false, ctx.Err()
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return engine.Move{}, false, err
	}
	capped := b.last.Capped || err != nil
	b.last = Thought{How: BySim, Capped: capped}
	if res == nil || len(res.Candidates) == 0 || res.Iterations == 0 {
		return cands[0], true, nil
	}
	b.last.Iterations = res.Iterations
	return res.Winner().Move, true, nil
}
