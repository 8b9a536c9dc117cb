package endgame

import (
	"slices"
	"sync/atomic"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
)

const (
	inf       int32 = 1 << 20
	helpPlies       = 3  // plies from the root where a helper's move order is perturbed
	maxPly          = 64 // plies a line can last: 14 plays, a pass before each, and the last pass
	// Move ordering: a play that goes out first (it ends the game, its value is known), then the
	// table's move, then the rest by estimate.
	estOut  int32 = 1 << 24
	estHash int32 = 1 << 26
)

// rack is a player's tiles in the search.
type rack struct {
	tiles [engine.RackSize]lexicon.Tile
	n     int
	pts   int32
	// hash is the rack's Zobrist key as the rack of the player to move [0] and of the player
	// waiting [1].
	hash [2]uint64
}

func (r *rack) count(t lexicon.Tile) int {
	n := 0
	for _, x := range r.tiles[:r.n] {
		if x == t {
			n++
		}
	}
	return n
}

// take removes one tile t, keeping the points and hashes right.
func (r *rack) take(z *zobrist, t lexicon.Tile, pts int32) {
	c := r.count(t)
	r.hash[0] ^= z.rack[0][t][c]
	r.hash[1] ^= z.rack[1][t][c]
	for i := 0; i < r.n; i++ {
		if r.tiles[i] == t {
			r.n--
			r.tiles[i] = r.tiles[r.n]
			break
		}
	}
	r.pts -= pts
}

// undo is what a move changed, to take it back.
type undo struct {
	rack     rack
	boardKey uint64
	passEnds bool
	squares  [engine.RackSize]uint8
	n        uint8
	play     bool
}

// worker searches on its own generator and board; workers share the solver's table.
type worker struct {
	s        *search
	gen      *movegen.Generator
	points   [256]int32
	board    [engine.Dim * engine.Dim]lexicon.Tile
	racks    [2]rack
	side     int // the player to move: 0 is the root's
	passEnds bool
	boardKey uint64
	moves    []smove // the move lists of the nodes on the current line, a stack
	undos    [maxPly]undo
	ply      int
	nodes    uint64
	reported uint64 // nodes added to search.counted
	// When measured (Solver.measureCritical), the thread's CPU time in the last round of first
	// moves, and its clock at the round's end (see vt).
	busy, vend time.Duration
	vbase      time.Duration
	aborted    bool
	// helping, while this worker helps another search a first move, is set when that search
	// ends: the help stops. jitter perturbs the helper's move order near the first move, so
	// that it searches other moves than the thread it helps and leaves their values in the
	// table for it.
	helping *atomic.Bool
	jitter  uint64
	scratch engine.Move
	history [1 << histBits]int32
	// pv[ply] is the best line found from the node at ply.
	pv    [maxPly + 1][maxPly]tiny
	pvLen [maxPly + 1]int
}

// vt is the worker's clock, when measured: its thread's CPU time in the round, moved on past
// each wait for another thread (wait), so that the longest clock at the end of a round is how
// long the round would take on idle cores.
func (w *worker) vt() time.Duration { return w.vbase + threadCPU() }

// wait moves w's clock on to at, when a thread it waited for got there later.
func (w *worker) wait(at time.Duration) {
	if w.s.measureCritical {
		w.vbase += max(0, at-w.vt())
	}
}

// key is the Zobrist key of the position.
func (w *worker) key() uint64 {
	k := w.boardKey ^ w.racks[w.side].hash[0] ^ w.racks[1-w.side].hash[1]
	if w.passEnds {
		k ^= w.s.z.passEnds
	}
	return k
}

// play makes move t of the player to move.
func (w *worker) play(t tiny) {
	u := &w.undos[w.ply]
	w.ply++
	u.passEnds = w.passEnds
	if t == tinyPass {
		u.play = false
		w.side = 1 - w.side
		w.passEnds = true
		return
	}
	u.play = true
	me := &w.racks[w.side]
	u.rack, u.boardKey = *me, w.boardKey
	m := &w.scratch
	t.decode(&w.board, m)
	w.gen.PlayUndoable(m)
	r, c := int(m.Row), int(m.Col)
	n := 0
	for i := 0; i < int(m.Len); i++ {
		if l := m.Tiles[i]; l != engine.PlayedThrough {
			sq := r*engine.Dim + c
			w.board[sq] = l
			w.boardKey ^= w.s.z.square(sq, l)
			rt := l
			if l.IsBlanked() {
				rt = lexicon.Blank
			}
			me.take(w.s.z, rt, w.points[l])
			u.squares[n] = uint8(sq)
			n++
		}
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
	u.n = uint8(n)
	w.side = 1 - w.side
	w.passEnds = w.s.onePass
}

// unplay takes back the last move.
func (w *worker) unplay() {
	w.ply--
	u := &w.undos[w.ply]
	w.side = 1 - w.side
	w.passEnds = u.passEnds
	if !u.play {
		return
	}
	for _, sq := range u.squares[:u.n] {
		w.board[sq] = engine.Empty
	}
	w.racks[w.side] = u.rack
	w.boardKey = u.boardKey
	w.gen.Undo()
}

// generate pushes the moves of the player to move on the move stack and returns how many.
// Interior nodes keep one play that goes out, the highest-scoring: the others that go out end
// the game the same way with fewer points. The pass is last; when a pass ends the game it is
// valued at once. ttMove (an index into this list, as the table keeps it) is tried first.
func (w *worker) generate(all bool, ttMove uint16) int {
	me, opp := &w.racks[w.side], &w.racks[1-w.side]
	ms := w.gen.Generate(me.tiles[:me.n], movegen.Options{})
	start := len(w.moves)
	out := -1
	for i := range ms {
		m := &ms[i]
		if int(m.Placed) == me.n && !all {
			if out >= 0 {
				if int32(m.Score) > int32(w.moves[out].score) {
					w.moves[out].tiny, w.moves[out].score = encode(m), int16(m.Score)
					w.moves[out].est = estOut + int32(m.Score) + 2*opp.pts
				}
				continue
			}
			out = len(w.moves)
		}
		sm := smove{tiny: encode(m), score: int16(m.Score), idx: uint16(len(w.moves) - start)}
		if int(m.Placed) == me.n {
			sm.est = estOut + int32(m.Score) + 2*opp.pts
		} else {
			sm.est = w.estimate(m)
			// Plays that cut off elsewhere in the tree, by depth squared (the history heuristic).
			sm.est += min(w.history[histIndex(sm.tiny)]>>2, 100)
		}
		w.moves = append(w.moves, sm)
	}
	pass := smove{tiny: tinyPass, idx: uint16(len(w.moves) - start), est: -inf}
	if w.passEnds {
		pass.est = estOut + opp.pts - me.pts
	}
	w.moves = append(w.moves, pass)
	n := len(w.moves) - start
	if int(ttMove) < n {
		w.moves[start+int(ttMove)].est += estHash
	}
	return n
}

// estimate orders a play that does not go out: its score plus three points a tile played
// (fewer tiles left, the nearer to going out); measured on FILE2017 endgames, it needs fewer
// nodes than the score alone or the score plus the points played.
func (w *worker) estimate(m *engine.Move) int32 {
	return int32(m.Score) + 3*int32(m.Placed)
}

const histBits = 14

func histIndex(t tiny) uint64 { return (uint64(t) * 0x9E3779B97F4A7C15) >> (64 - histBits) }

// pick moves the best-estimated of moves[i:] to i: the first few moves are picked one by one
// (a cutoff usually comes early), the rest sorted once.
func pick(moves []smove, i int) {
	const picks = 3
	switch {
	case i < picks:
		best := i
		for j := i + 1; j < len(moves); j++ {
			if moves[j].est > moves[best].est {
				best = j
			}
		}
		moves[i], moves[best] = moves[best], moves[i]
	case i == picks:
		slices.SortStableFunc(moves[i:], func(a, b smove) int { return int(b.est - a.est) })
	}
}

// value is what move m is worth to the player to move when it ends the game (ok), without
// searching: going out gains its score and twice the opponent's rack; a pass that ends the game
// costs each player their own rack.
func (w *worker) terminal(m *smove) (v int32, ok bool) {
	me, opp := &w.racks[w.side], &w.racks[1-w.side]
	if m.tiny == tinyPass {
		if w.passEnds {
			return opp.pts - me.pts, true
		}
		return 0, false
	}
	if m.tiny.placed() == me.n {
		return int32(m.score) + 2*opp.pts, true
	}
	return 0, false
}

// leaf is the value of a position the search stops at without the game being over: a guess
// that the player with fewer tiles goes out first.
func (w *worker) leaf() int32 {
	me, opp := &w.racks[w.side], &w.racks[1-w.side]
	if me.n <= opp.n {
		return 2 * opp.pts
	}
	return -2 * me.pts
}

// stopping, asked every 1024 nodes, says the search is to stop: the solve is stopped (Time,
// ctx, or the node bound, counted here), or the first move this worker helps with is done.
func (w *worker) stopping() bool {
	if limit := w.s.opts.Nodes; limit > 0 {
		n := w.s.counted.Add(w.nodes - w.reported)
		w.reported = w.nodes
		if n >= limit && w.s.depth > 1 {
			w.s.overNodes.Store(true)
			w.s.stop.Store(true)
		}
	}
	return w.s.stop.Load() || w.helping != nil && w.helping.Load()
}

// negamax is the value for the player to move of the position, searched depth plies deep, as a
// fail-soft alpha-beta search with principal variation search and the transposition table.
// done says the value holds to the end of the game (no line was cut at the depth limit). On
// abort it returns at once; the caller checks w.aborted.
func (w *worker) negamax(depth int, alpha, beta int32) (int32, bool) {
	w.nodes++
	if w.nodes&1023 == 0 && w.stopping() {
		w.aborted = true
		return 0, false
	}
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
	if depth == 0 {
		return w.leaf(), false
	}
	start := len(w.moves)
	n := w.generate(false, ttMove)
	moves := w.moves[start : start+n]
	if w.jitter != 0 && ply <= helpPlies {
		for k := range moves {
			moves[k].est += int32((uint64(moves[k].tiny)*w.jitter)>>59) - 16
		}
	}
	alphaOrig := alpha
	best, bestIdx, done := -inf, uint16(noMove), true
	for i := 0; i < n; i++ {
		pick(moves, i)
		m := moves[i]
		v, ok := w.terminal(&m)
		c := true
		if !ok {
			s := int32(m.score)
			w.play(m.tiny)
			var vc int32
			if i == 0 {
				vc, c = w.negamax(depth-1, s-beta, s-alpha)
			} else {
				vc, c = w.negamax(depth-1, s-alpha-1, s-alpha)
				if v := s - vc; v > alpha && v < beta && !w.aborted {
					vc, c = w.negamax(depth-1, s-beta, s-alpha)
				}
			}
			w.unplay()
			if w.aborted {
				w.moves = w.moves[:start]
				return 0, false
			}
			v = s - vc
		}
		if v > best {
			best, bestIdx = v, m.idx
			if v > alpha {
				alpha = v
				w.pv[ply][0] = m.tiny
				copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
				w.pvLen[ply] = 1 + w.pvLen[ply+1]
				if ok {
					w.pvLen[ply] = 1
				}
			}
		}
		if alpha >= beta {
			if !ok {
				w.history[histIndex(m.tiny)] += int32(depth * depth)
			}
			done = c
			break
		}
		done = done && c
	}
	w.moves = w.moves[:start]
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
	w.s.tt.store(key, best, d, flag, bestIdx)
	return best, done
}
