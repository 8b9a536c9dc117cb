package game

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Strategy is how an engine player picks its move: the best by equity (score plus the value of
// the tiles kept) or the best by score.
type Strategy string

const (
	ByEquity Strategy = "equity"
	ByScore  Strategy = "score"
)

// ParseStrategy reads "equity" or "score".
func ParseStrategy(s string) (Strategy, error) {
	switch Strategy(s) {
	case ByEquity, ByScore:
		return Strategy(s), nil
	}
	return "", i18n.E("game.strategy", "Name", i18n.Quote(s), "Equity", string(ByEquity), "Score", string(ByScore))
}

// SelfPlayConfig says which games to play.
type SelfPlayConfig struct {
	Lexicon *lexicon.Lexicon // its Graph and Tiles
	Layout  *engine.Layout
	// Start, if set, is the position every game starts from (see FromPosition): the players
	// take turns at being its side to move, game by game.
	Start   *engine.Position
	Rules   Rules
	Players [2]Strategy
	Leaves  equity.Leaves // for equity players; nil: the hand-set model (commands pass the learned table)
	// PlayerLeaves, where set, replaces Leaves for one configured player (leave tables compared
	// head to head).
	PlayerLeaves [2]equity.Leaves
	// Mirror plays the games in pairs: games 2k and 2k+1 share one seed and an ordered bag
	// (see Bag), so the same tiles come to the same seats while the players swap seats, and the
	// luck of the draw cancels between the two.
	Mirror  bool
	Games   int // 1..MaxGames
	Seed    uint64
	Workers int  // 0: one per CPU; at most MaxWorkers
	Record  bool // keep each game as GCG (in the GameResult given to OnGame)
	// Endgame, if set, makes each worker's endgame player: with the bag empty both players ask
	// it for their move instead of taking the best static play (nil: static). It must give the
	// same move for the same position, so that games depend on their seeds alone.
	Endgame func() EndgamePlayer
	// OnGame, if set, receives each finished game, one call at a time, in the order games
	// finish (not game order when several workers play). Results are not kept: a caller that
	// wants them (to save GCG files, say) takes them here. An error stops the run.
	OnGame func(r GameResult) error
}

// Bounds of a self-play run: the results are summed as games finish, so memory does not grow
// with the number of games, but a run has to end some day (10 million games take days).
const (
	MaxGames   = 10_000_000
	MaxWorkers = 256
)

// GameResult is one finished game, its numbers indexed by configured player (not by seat).
type GameResult struct {
	Index  int
	Seed   uint64
	First  int // the configured player who started
	Scores [2]int
	Bingos [2]int
	Turns  int
	End    EndReason
	Record *gcg.Game
}

// GameSeed is the seed of game i of a self-play run: each game is reproducible alone, whatever
// the number of workers.
func GameSeed(seed uint64, i int) uint64 {
	// splitmix64 of seed+i.
	z := seed + uint64(i)*0x9e3779b97f4a7c15 + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// SelfPlay plays cfg.Games games, alternating who starts, spread over workers, and returns
// their totals (the same for any number of workers: each game depends only on its seed). When
// ctx is cancelled it stops starting games, waits for those being played and returns the
// totals of the finished ones with ctx's error.
func SelfPlay(ctx context.Context, cfg SelfPlayConfig) (Tally, error) {
	if cfg.Lexicon == nil || cfg.Lexicon.Graph == nil {
		return Tally{}, i18n.E("game.no_lexicon")
	}
	if cfg.Games < 1 || cfg.Games > MaxGames {
		return Tally{}, i18n.E("game.games", "Count", cfg.Games, "Max", i18n.Int(MaxGames))
	}
	if cfg.Workers < 0 || cfg.Workers > MaxWorkers {
		return Tally{}, i18n.E("game.workers", "Count", cfg.Workers, "Max", MaxWorkers)
	}
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.Leaves == nil {
		cfg.Leaves = equity.NewDefault(cfg.Lexicon.Tiles)
	}
	if cfg.Start != nil {
		// Refuse a position that cannot be played before starting any worker.
		if _, err := FromPosition(cfg.Start, cfg.Rules, 0); err != nil {
			return Tally{}, err
		}
		if !cfg.Start.Tiles.SameAlphabet(cfg.Lexicon.Tiles) {
			return Tally{}, i18n.E("game.lexicon_tiles", "Set", cfg.Start.Tiles.Name, "Want", cfg.Lexicon.Tiles.Name)
		}
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, cfg.Games))
	var (
		next    atomic.Int64
		mu      sync.Mutex // guards tally, runErr and the OnGame calls
		tally   Tally
		runErr  error
		stopped atomic.Bool // a worker failed: the others stop too
		wg      sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if runErr == nil {
			runErr = err
		}
		mu.Unlock()
		stopped.Store(true)
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := NewPlayer(cfg)
			for ctx.Err() == nil && !stopped.Load() {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games {
					return
				}
				r, err := p.PlayGame(i)
				if err != nil {
					fail(err)
					return
				}
				mu.Lock()
				tally.Add(&r)
				if cfg.OnGame != nil && runErr == nil {
					runErr = cfg.OnGame(r)
				}
				failed := runErr != nil
				mu.Unlock()
				if failed {
					stopped.Store(true)
					return
				}
			}
		}()
	}
	wg.Wait()
	if runErr != nil {
		return tally, runErr
	}
	return tally, ctx.Err()
}

// EndgamePlayer chooses the move of the player to move (pos.Racks[0]) when the bag is empty,
// both racks known: the endgame solver (engine/endgame.Player).
type EndgamePlayer interface {
	BestMove(pos *engine.Position) (engine.Move, error)
}

// Player plays self-play games one after another on its own generator and game (one per
// goroutine; they share the lexicon).
type Player struct {
	// OnTurn, if set, sees every turn before it is played: the game as it stands (the rack to
	// move, the bag, the scores) and the move chosen. It must not keep or change them.
	OnTurn func(g *Game, m *engine.Move)

	cfg     SelfPlayConfig
	leaves  [2]equity.Leaves
	gen     *movegen.Generator
	game    *Game
	move    engine.Move
	endgame EndgamePlayer
}

// NewPlayer prepares a self-play worker.
func NewPlayer(cfg SelfPlayConfig) *Player {
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.Leaves == nil {
		cfg.Leaves = equity.NewDefault(cfg.Lexicon.Tiles)
	}
	ts := cfg.Lexicon.Tiles
	p := &Player{
		cfg:  cfg,
		gen:  movegen.New(cfg.Lexicon.Graph, ts, cfg.Layout),
		game: New(ts, cfg.Layout, cfg.Rules, 0),
	}
	p.game.Bag.Ordered = cfg.Mirror
	if cfg.Endgame != nil {
		p.endgame = cfg.Endgame()
	}
	for i := range p.leaves {
		p.leaves[i] = cfg.Leaves
		if cfg.PlayerLeaves[i] != nil {
			p.leaves[i] = cfg.PlayerLeaves[i]
		}
	}
	return p
}

// maxTurns stops a game that never ends (a bug): real games take about 25 turns.
const maxTurns = 500

// PlayGame plays game i of the run.
func (p *Player) PlayGame(i int) (GameResult, error) {
	cfg := &p.cfg
	seed := GameSeed(cfg.Seed, i)
	if cfg.Mirror {
		seed = GameSeed(cfg.Seed, i/2)
	}
	g := p.game
	if cfg.Start != nil {
		if err := g.ResetTo(cfg.Start, seed); err != nil {
			return GameResult{}, err
		}
	} else {
		g.Reset(seed)
	}
	first := i % 2
	if cfg.Record {
		g.Record = &gcg.Game{Lexicon: cfg.Lexicon.Name}
		for seat := 0; seat < 2; seat++ {
			pl := (first + seat) % 2
			nick := fmt.Sprintf("%s%d", cfg.Players[pl], pl+1)
			g.Record.Players[seat] = gcg.Player{Nick: nick, Name: fmt.Sprintf("atril %s player %d", cfg.Players[pl], pl+1)}
		}
		g.Record.Title = fmt.Sprintf("atril self-play game %d, seed %d", i+1, seed)
		if cfg.Start != nil {
			// GCG has no starting position: the events replay onto this board, not an empty one.
			g.Record.Description = "from the position " + cfg.Start.CGP()
		}
	}
	p.gen.SetBoard(g.Board)
	for !g.Over() {
		if g.Turns >= maxTurns {
			return GameResult{}, i18n.E("game.endless", "Game", i+1, "Seed", seed, "Turns", maxTurns)
		}
		pl := (first + g.Turn) % 2
		opts := movegen.SideToMove(g.Bag.Len(), p.leaves[pl])
		opts.Top = 1
		if cfg.Players[pl] != ByEquity {
			opts.By, opts.Leaves = movegen.ByScore, nil
		}
		m := &p.move // not a local: OnTurn would move it to the heap every turn
		if p.endgame != nil && g.Bag.Len() == 0 {
			best, err := p.endgame.BestMove(g.Position())
			if err != nil {
				return GameResult{}, i18n.Wrap(err, "game.turn", "Game", i+1, "Seed", seed, "Turn", g.Turns+1)
			}
			*m = best
		} else {
			moves := p.gen.Generate(g.Rack(), opts)
			*m = engine.Move{Kind: engine.Pass}
			if len(moves) > 0 {
				*m = moves[0]
			}
		}
		if p.OnTurn != nil {
			p.OnTurn(g, m)
		}
		if err := g.Apply(m); err != nil {
			return GameResult{}, i18n.Wrap(err, "game.turn", "Game", i+1, "Seed", seed, "Turn", g.Turns+1)
		}
		p.gen.Play(m)
	}
	r := GameResult{Index: i, Seed: seed, First: first, Turns: g.Turns, End: g.End, Record: g.Record}
	for seat := 0; seat < 2; seat++ {
		pl := (first + seat) % 2
		r.Scores[pl] = g.Scores[seat]
		r.Bingos[pl] = g.Bingos[seat]
	}
	return r, nil
}

// Tally is the running totals of a self-play run, indexed by configured player: what the
// summary needs and nothing per game.
type Tally struct {
	Games  int
	Scores [2]int64
	Bingos [2]int64
	Wins   [2]int
	Ties   int
	Turns  int64
}

// Add counts one finished game.
func (t *Tally) Add(r *GameResult) {
	t.Games++
	for p := 0; p < 2; p++ {
		t.Scores[p] += int64(r.Scores[p])
		t.Bingos[p] += int64(r.Bingos[p])
	}
	switch {
	case r.Scores[0] > r.Scores[1]:
		t.Wins[0]++
	case r.Scores[1] > r.Scores[0]:
		t.Wins[1]++
	default:
		t.Ties++
	}
	t.Turns += int64(r.Turns)
}
