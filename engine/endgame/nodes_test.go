package endgame

import (
	"context"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// depthStat is a solve's state after a complete depth, from Progress.
type depthStat struct {
	value int
	best  engine.Move
	nodes uint64
}

// TestNodeLimit: on endgames of seven to nine tiles from seeded self-play with the shipped lexicon, a solve
// bounded by Nodes, one thread, stops in the first depth that passes the bound (within the 1024
// nodes between checks) and returns the last complete depth's result: the same plays, values
// and bounds as a solve to that depth without a bound, not proven; the same with no time bound,
// a long one or a deadline, run after run.
func TestNodeLimit(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 20, 5, 6, func(p *engine.Position) bool {
		n := tilesOnRacks(p)
		return n >= 7 && n <= 9
	})
	s, err := New(Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	const plies = 4 // the reference solves stop here: enough depths to bound, quickly
	tested := 0
	for i, pos := range ps {
		var steps []depthStat
		s.Reset()
		full, err := s.Solve(context.Background(), pos, Options{Plies: plies, Progress: func(p Progress) {
			steps = append(steps, depthStat{p.Value, p.Best, p.Nodes})
		}})
		if err != nil {
			t.Fatal(err)
		}
		if full.Proven || len(steps) < 3 {
			continue // proven in a few depths: nothing to bound
		}
		for k := 1; k+1 < len(steps); k++ {
			// A bound halfway through depth k+1 (counted from the solve's start).
			limit := (steps[k-1].nodes + steps[k].nodes) / 2
			if limit <= steps[k-1].nodes+1024 || limit >= steps[k].nodes {
				continue
			}
			s.Reset()
			ref, err := s.Solve(context.Background(), pos, Options{Plies: k})
			if err != nil {
				t.Fatal(err)
			}
			var first *Result
			for run, opts := range []Options{
				{Nodes: limit},
				{Nodes: limit, Time: time.Hour},
				{Nodes: limit},
			} {
				ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
				if run != 2 {
					ctx = context.Background()
				}
				s.Reset()
				r, err := s.Solve(ctx, pos, opts)
				cancel()
				if err != nil {
					t.Fatal(err)
				}
				where := func() string { return pos.CGP() }
				if r.Depth != k || r.Proven {
					t.Fatalf("position %d %s, %d nodes: depth %d (proven %t), want depth %d", i, where(), limit, r.Depth, r.Proven, k)
				}
				if r.Nodes < limit || r.Nodes >= limit+1024 {
					t.Errorf("position %d, bound %d: stopped after %d nodes", i, limit, r.Nodes)
				}
				if r.Value != steps[k-1].value || !sameMove(&r.Best.Move, &steps[k-1].best) {
					t.Errorf("position %d: value %d, want depth %d's %d", i, r.Value, k, steps[k-1].value)
				}
				if !samePlays(r, ref) {
					t.Errorf("position %d, bound %d: plays differ from a solve to depth %d", i, limit, k)
				}
				if first == nil {
					first = r
				} else if r.Nodes != first.Nodes || !samePlays(r, first) {
					t.Errorf("position %d, bound %d, run %d: %d nodes, then %d; or other plays", i, limit, run, first.Nodes, r.Nodes)
				}
			}
			tested++
		}
	}
	if tested < 4 {
		t.Fatalf("only %d bounds tested", tested)
	}
}

// samePlays: the same first plays in the same order, with the same values and bounds.
func samePlays(a, b *Result) bool {
	if len(a.Plays) != len(b.Plays) {
		return false
	}
	for i := range a.Plays {
		p, q := &a.Plays[i], &b.Plays[i]
		if p.Value != q.Value || p.Bound != q.Bound || !sameMove(&p.Move, &q.Move) {
			return false
		}
	}
	return true
}

// TestNodeLimitThreads: with two threads the bound stops the solve too, near it (each thread
// reports its nodes every 1024), at a complete depth.
func TestNodeLimitThreads(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 20, 5, 6, func(p *engine.Position) bool {
		n := tilesOnRacks(p)
		return n >= 7 && n <= 9
	})
	for i, pos := range ps {
		full := solve(t, Config{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes}, pos, Options{Plies: 5})
		if full.Proven || full.Nodes < 100_000 {
			continue
		}
		limit := full.Nodes / 4
		r := solve(t, Config{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes}, pos, Options{Nodes: limit})
		if r.Proven || r.Depth >= full.Depth || r.Nodes > limit+64<<10 {
			t.Errorf("position %d, bound %d: depth %d of %d, %d nodes", i, limit, r.Depth, full.Depth, r.Nodes)
		}
		return
	}
	t.Fatal("no endgame long enough")
}
