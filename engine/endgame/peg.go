package endgame

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// A pre-endgame ("peg") is a position with one tile in the bag: the player to move knows their
// rack and the eight unseen tiles, seven on the opponent's rack and one in the bag, but not which
// is which. Each play that places tiles draws the bag's tile and leaves the opponent to move in an
// endgame whose racks are then known: for every tile the bag may hold (weighted by how many of it
// are unseen), that endgame is solved exactly, and the play is judged by its chance of winning
// and its expected final spread. Passing and exchanging, which leave the tile in the bag for the
// opponent, are not valued.

// PegOptions say how a pre-endgame is solved.
type PegOptions struct {
	// Candidates is how many plays are solved, the best by score plus twice the points of the
	// tiles played (0: every play). Only, when set, names them instead.
	Candidates int
	Only       []engine.Move
	// Plies bounds each endgame's search (0: to the end, exact); Time bounds the whole run
	// (0: none; the plays not finished then are left out).
	Plies int
	Time  time.Duration
	// Progress, if set, is called after each endgame solved with how many are done of the total
	// (one call at a time).
	Progress func(done, total int)
}

// PegDraw is one tile the bag may hold, for one play.
type PegDraw struct {
	Tile lexicon.Tile
	// Count is how many of the unseen tiles are this tile: its weight.
	Count int
	// Value is the spread the player gains from here to the end if the bag holds this tile.
	Value  int
	Proven bool
}

// PegPlay is one play judged over every draw.
type PegPlay struct {
	Move engine.Move
	// Win is the chance of winning the game (a tie counts half); Spread the expected final
	// spread; Value the expected spread gained from here to the end.
	Win, Spread, Value float64
	Proven             bool
	Draws              []PegDraw
}

// PegResult is a pre-endgame's plays, best first (by chance of winning, then expected spread).
type PegResult struct {
	Plays []PegPlay
	// Unseen are the eight tiles the player does not see.
	Unseen  []lexicon.Tile
	Solves  int
	Nodes   uint64
	Elapsed time.Duration
	// Complete: every candidate was solved for every draw (not stopped by Time or ctx).
	Complete bool
}

// PreEndgame solves a position with one tile in the bag: pos.Racks[0] moves, the opponent's
// rack is unknown (ignored if given). Solves run in parallel, one per thread of the solver's
// configuration, each with its share of the table.
func PreEndgame(ctx context.Context, cfg Config, pos *engine.Position, opts PegOptions) (*PegResult, error) {
	start := time.Now()
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.TableBytes == 0 {
		cfg.TableBytes = DefaultTableBytes
	}
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	ts := cfg.Lexicon.Tiles
	hidden := *pos
	hidden.Racks[1] = nil
	unseen := hidden.UnseenTiles()
	if len(pos.Racks[0]) == 0 {
		return nil, i18n.E("endgame.no_rack")
	}
	if len(unseen) != engine.RackSize+1 {
		return nil, i18n.E("endgame.peg_bag", "Bag", max(0, len(unseen)-engine.RackSize))
	}
	// The candidates: tile plays, best by score plus twice the points played.
	gen := movegen.New(cfg.Lexicon.Graph, ts, cfg.Layout)
	gen.SetBoard(pos.Board)
	moves := slices.Clone(gen.Generate(pos.Racks[0], movegen.Options{}))
	rackPts := 0
	for _, t := range pos.Racks[0] {
		rackPts += ts.Points(t)
	}
	static := func(m *engine.Move) int {
		kept := 0
		for _, t := range m.LeaveTiles() {
			kept += ts.Points(t)
		}
		return int(m.Score) + 2*(rackPts-kept)
	}
	slices.SortStableFunc(moves, func(a, b engine.Move) int { return static(&b) - static(&a) })
	if opts.Only != nil {
		moves = slices.DeleteFunc(moves, func(m engine.Move) bool {
			return !slices.ContainsFunc(opts.Only, func(o engine.Move) bool { return sameMove(&o, &m) })
		})
	} else if opts.Candidates > 0 && len(moves) > opts.Candidates {
		moves = moves[:opts.Candidates]
	}
	if len(moves) == 0 {
		return nil, i18n.E("endgame.no_play")
	}
	// The draws: each distinct unseen tile, weighted by its count.
	type draw struct {
		tile  lexicon.Tile
		count int
	}
	var draws []draw
	for _, t := range unseen {
		if n := len(draws); n > 0 && draws[n-1].tile == t {
			draws[n-1].count++
		} else {
			draws = append(draws, draw{tile: t, count: 1})
		}
	}
	res := &PegResult{Unseen: unseen, Plays: make([]PegPlay, len(moves))}
	type task struct{ play, draw int }
	var tasks []task
	for i := range moves {
		res.Plays[i] = PegPlay{Move: moves[i], Draws: make([]PegDraw, len(draws))}
		for j := range draws {
			tasks = append(tasks, task{i, j})
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if opts.Time > 0 {
		runCtx, cancel = context.WithTimeout(runCtx, opts.Time)
		defer cancel()
	}
	var (
		next, done atomic.Int64
		nodes      atomic.Uint64
		mu         sync.Mutex
		firstErr   error
		wg         sync.WaitGroup
		solved     = make([]bool, len(tasks))
	)
	sub := cfg
	sub.Threads = 1
	sub.TableBytes = max(MinTableBytes, cfg.TableBytes/int64(threads))
	for w := 0; w < min(threads, len(tasks)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := New(sub)
			if err != nil {
				mu.Lock()
				firstErr = err
				mu.Unlock()
				return
			}
			for runCtx.Err() == nil {
				k := int(next.Add(1) - 1)
				if k >= len(tasks) {
					return
				}
				tk := tasks[k]
				m := &moves[tk.play]
				after := pegEndgame(pos, m, unseen, draws[tk.draw].tile)
				r, err := s.Solve(runCtx, after, Options{Plies: opts.Plies})
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				nodes.Add(r.Nodes)
				if runCtx.Err() != nil && !r.Proven && (opts.Plies == 0 || r.Depth < opts.Plies) {
					return // cut short (before Plies, when Plies bounds it): this draw is left out
				}
				mu.Lock()
				res.Plays[tk.play].Draws[tk.draw] = PegDraw{Tile: draws[tk.draw].tile, Count: draws[tk.draw].count,
					Value: int(m.Score) - r.Value, Proven: r.Proven}
				solved[k] = true
				if n := int(done.Add(1)); opts.Progress != nil {
					opts.Progress(n, len(tasks))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	res.Solves = int(done.Load())
	res.Nodes = nodes.Load()
	res.Complete = res.Solves == len(tasks)
	// Judge the plays solved for every draw; leave out the others.
	spread := pos.Scores[0] - pos.Scores[1]
	kept := res.Plays[:0]
	for i := range res.Plays {
		p := res.Plays[i]
		all := true
		p.Proven = true
		total := 0
		for j := range draws {
			all = all && solved[i*len(draws)+j]
			d := &p.Draws[j]
			p.Proven = p.Proven && d.Proven
			total += d.Count
			p.Value += float64(d.Count * d.Value)
			final := spread + d.Value
			switch {
			case final > 0:
				p.Win += float64(d.Count)
			case final == 0:
				p.Win += float64(d.Count) / 2
			}
		}
		if !all {
			continue
		}
		p.Value /= float64(total)
		p.Win /= float64(total)
		p.Spread = float64(spread) + p.Value
		kept = append(kept, p)
	}
	res.Plays = kept
	slices.SortStableFunc(res.Plays, func(a, b PegPlay) int {
		switch {
		case a.Win != b.Win:
			if a.Win > b.Win {
				return -1
			}
			return 1
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	res.Elapsed = time.Since(start)
	return res, nil
}

// pegEndgame is the endgame after play m when the bag holds tile bag: the player draws it and
// the opponent, holding the other unseen tiles, is to move.
func pegEndgame(pos *engine.Position, m *engine.Move, unseen []lexicon.Tile, bag lexicon.Tile) *engine.Position {
	after := pos.After(m)
	opp := slices.Clone(unseen)
	i := slices.Index(opp, bag)
	opp = slices.Delete(opp, i, i+1)
	after.Racks[0] = opp
	after.Racks[1] = append(slices.Clone(after.Racks[1]), bag)
	return after
}
