package play

import (
	"context"
	"runtime"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/lexicon"
)

// MatchConfig sets two engine levels against each other in mirrored pairs of games: each deal
// is played twice with the seats swapped (an ordered bag deals the same tiles to the same seats
// until an exchange), so the luck of the draw cancels between the two.
type MatchConfig struct {
	Lexicon *lexicon.Lexicon
	Leaves  equity.Leaves // levels 4 and 5
	A, B    int           // levels
	Pairs   int
	Seed    uint64
	Workers int // games at once (0: one per CPU)
	// Think and Sim are level 5's cap and budget (see BotConfig); it thinks on one goroutine a
	// game.
	Think time.Duration
	Sim   SimBudget
	// OnGame, if set, hears each finished game (one call at a time).
	OnGame func(done int, r MatchResult)
}

// MatchResult sums a match up, from A's side.
type MatchResult struct {
	Games  int
	WinsA  float64 // a draw counts half
	Spread int64   // A's points less B's, summed
	// TurnTime is the time each level took for its turns, summed, and Turns how many it made.
	TurnTime [2]time.Duration
	Turns    [2]int
	// MaxTurn is each level's slowest turn.
	MaxTurn [2]time.Duration
	// Capped counts each level's turns that reached the time cap (not reproducible).
	Capped [2]int
	// Solved counts each level's turns chosen by the endgame and pre-endgame solvers.
	Solved [2]int
}

// Match plays cfg.Pairs mirrored pairs. When ctx is cancelled it returns the games finished.
func Match(parent context.Context, cfg MatchConfig) (MatchResult, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	jobs := make(chan int)
	var mu sync.Mutex
	var res MatchResult
	var firstErr error
	var wg sync.WaitGroup
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var bots [2]*Bot
			for i, lv := range []int{cfg.A, cfg.B} {
				b, err := NewBot(BotConfig{Lexicon: cfg.Lexicon, Level: lv, Leaves: cfg.Leaves, Think: cfg.Think,
					Sim: cfg.Sim, Workers: 1, Seed: cfg.Seed + uint64(i)})
				if err != nil {
					fail(err)
					return
				}
				bots[i] = b
			}
			g := game.New(cfg.Lexicon.Tiles, engine.StandardLayout(), game.FILERules, 0)
			g.Bag.Ordered = true
			for j := range jobs {
				seed := game.GameSeed(cfg.Seed, j/2)
				aSeat := j % 2 // game 2k: A starts; game 2k+1: B starts
				g.Reset(seed)
				var r MatchResult
				for !g.Over() && ctx.Err() == nil {
					who := 0 // A
					if g.Turn != aSeat {
						who = 1
					}
					start := time.Now()
					m, err := bots[who].Choose(ctx, g)
					d := time.Since(start)
					if err != nil {
						break
					}
					r.TurnTime[who] += d
					r.Turns[who]++
					r.MaxTurn[who] = max(r.MaxTurn[who], d)
					if th := bots[who].Last(); th.Capped {
						r.Capped[who]++
					} else if th.How == ByEndgame || th.How == ByPeg {
						r.Solved[who]++
					}
					if err := g.Apply(&m); err != nil {
						fail(err)
						return
					}
				}
				if ctx.Err() != nil {
					return
				}
				r.Games = 1
				diff := g.Scores[aSeat] - g.Scores[1-aSeat]
				r.Spread = int64(diff)
				switch {
				case diff > 0:
					r.WinsA = 1
				case diff == 0:
					r.WinsA = 0.5
				}
				mu.Lock()
				res.Games++
				res.WinsA += r.WinsA
				res.Spread += r.Spread
				for k := 0; k < 2; k++ {
					res.TurnTime[k] += r.TurnTime[k]
					res.Turns[k] += r.Turns[k]
					res.MaxTurn[k] = max(res.MaxTurn[k], r.MaxTurn[k])
					res.Capped[k] += r.Capped[k]
					res.Solved[k] += r.Solved[k]
				}
				if cfg.OnGame != nil {
					cfg.OnGame(res.Games, res)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for j := 0; j < 2*cfg.Pairs; j++ {
		select {
		case jobs <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	return res, parent.Err()
}
