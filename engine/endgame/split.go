package endgame

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// A split point shares the moves of the position after a first move between threads (the
// young brothers wait: the eldest, the best-ordered, is searched alone first, to set the
// window; then every thread takes the next move not taken). Helpers join the split point of a
// first move still being searched when they have no first move of their own left.
type split struct {
	root   tiny // the first move, which the helpers play to reach the position
	moves  []smove
	depth  int
	beta   int32
	next   atomic.Int64
	cutoff atomic.Bool

	mu      sync.Mutex
	left    *sync.Cond // signalled when a helper leaves
	alpha   int32
	best    int32
	bestIdx uint16
	done    bool
	pv      [maxPly]tiny
	pvLen   int
	helpers int
	closed  bool
	// The clocks (when measured): the split point's opening, and its last helper's leaving.
	opened, lastLeft time.Duration
}

// splitMinDepth is the least depth a split point is worth its cost at.
const splitMinDepth = 3

// negamaxSplit is negamax at the position after first move f's move (w.ply 1), its moves shared
// with helpers; with one thread, or shallow, it is negamax.
func (w *worker) negamaxSplit(f *flight, root tiny, depth int, alpha, beta int32) (int32, bool) {
	if f == nil || len(w.s.workers) < 2 || depth < splitMinDepth {
		return w.negamax(depth, alpha, beta)
	}
	w.nodes++
	ply := w.ply
	w.pvLen[ply] = 0
	key := w.key()
	ttMove := uint16(noMove)
	if p, ok := w.s.tt.lookup(key); ok {
		if v, done, cut := p.settles(depth, alpha, beta); cut {
			return v, done
		}
		ttMove = p.move
	}
	start := len(w.moves)
	n := w.generate(false, ttMove)
	sp := &split{root: root, moves: slices.Clone(w.moves[start : start+n]), depth: depth, beta: beta,
		alpha: alpha, best: -inf, bestIdx: noMove, done: true}
	w.moves = w.moves[:start]
	sp.left = sync.NewCond(&sp.mu)
	slices.SortStableFunc(sp.moves, func(a, b smove) int { return int(b.est - a.est) })
	alphaOrig := alpha

	sp.search(w, 0)
	if !w.aborted && !sp.cutoff.Load() {
		sp.next.Store(1)
		if w.s.measureCritical {
			sp.opened = w.vt()
		}
		f.sp.Store(sp)
		f.wake.Store(true)
		w.s.splits.Add(1)
		// A cutoff found by a helper stops this thread's search too.
		w.helping = &sp.cutoff
		for {
			j := int(sp.next.Add(1) - 1)
			if j >= len(sp.moves) || sp.cutoff.Load() {
				break
			}
			sp.search(w, j)
			if w.aborted {
				break
			}
		}
		w.helping = nil
		f.sp.Store(nil)
	}
	sp.mu.Lock()
	sp.closed = true
	for sp.helpers > 0 {
		sp.left.Wait()
	}
	w.wait(sp.lastLeft)
	sp.mu.Unlock()
	if w.s.stop.Load() {
		w.aborted = true
		return 0, false
	}
	w.aborted = false // stopped by a cutoff: the split point has its value
	best, done := sp.best, sp.done
	w.pvLen[ply] = sp.pvLen
	copy(w.pv[ply][:], sp.pv[:sp.pvLen])
	flag := uint8(flagExact)
	switch {
	case best <= alphaOrig:
		flag = flagUpper
	case best >= beta:
		flag = flagLower
	}
	d := uint8(min(depth, depthDone-1))
	if done {
		d = depthDone
	}
	w.s.tt.store(key, best, d, flag, sp.bestIdx)
	return best, done
}

// search searches the split point's move j with w (at the split point's position) and records
// its value.
func (sp *split) search(w *worker, j int) {
	m := sp.moves[j]
	v, ok := w.terminal(&m)
	c := true
	if !ok {
		sp.mu.Lock()
		alpha := sp.alpha
		sp.mu.Unlock()
		if alpha >= sp.beta {
			return
		}
		s := int32(m.score)
		w.play(m.tiny)
		var vc int32
		if j == 0 {
			vc, c = w.negamax(sp.depth-1, s-sp.beta, s-alpha)
		} else {
			vc, c = w.negamax(sp.depth-1, s-alpha-1, s-alpha)
			if v := s - vc; v > alpha && v < sp.beta && !w.aborted {
				vc, c = w.negamax(sp.depth-1, s-sp.beta, s-alpha)
			}
		}
		w.unplay()
		if w.aborted {
			return
		}
		v = s - vc
	}
	ply := w.ply
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.alpha >= sp.beta {
		return // another move cut off first: this one's value is not needed
	}
	if v > sp.best {
		sp.best, sp.bestIdx = v, m.idx
		if v > sp.alpha {
			sp.alpha = v
			sp.pv[0] = m.tiny
			sp.pvLen = 1
			if !ok {
				sp.pvLen += copy(sp.pv[1:], w.pv[ply+1][:w.pvLen[ply+1]])
			}
		}
	}
	if sp.alpha >= sp.beta {
		if !ok {
			w.history[histIndex(m.tiny)] += int32(sp.depth * sp.depth)
		}
		sp.done = c
		sp.cutoff.Store(true)
		return
	}
	sp.done = sp.done && c
}

// join helps at split point sp: it plays the first move, searches moves not taken until none
// are left (or a cutoff), and takes the first move back. It reports false when it could not
// join (the split point was closing).
func (sp *split) join(w *worker) bool {
	sp.mu.Lock()
	if sp.closed || sp.next.Load() >= int64(len(sp.moves)) {
		sp.mu.Unlock()
		return false
	}
	sp.helpers++
	sp.mu.Unlock()
	w.wait(sp.opened)
	w.aborted = false
	w.helping = &sp.cutoff
	w.play(sp.root)
	for {
		j := int(sp.next.Add(1) - 1)
		if j >= len(sp.moves) || sp.cutoff.Load() || w.s.stop.Load() {
			break
		}
		sp.search(w, j)
		if w.aborted {
			break
		}
	}
	w.unplay()
	w.helping, w.aborted = nil, false
	sp.mu.Lock()
	if w.s.measureCritical {
		sp.lastLeft = max(sp.lastLeft, w.vt())
	}
	sp.helpers--
	sp.left.Broadcast()
	sp.mu.Unlock()
	return true
}
