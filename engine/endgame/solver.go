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

// Rules are the ways a game ends without a player going out, as engine/game.Rules counts them
// (FILE art. 44: four passes in a row, or twelve scoreless turns; 0 turns a rule off).
type Rules struct {
	ConsecutivePasses int
	ScorelessTurns    int
}

// FILERules is art. 44 of FILE's rulebook, engine/game's default.
var FILERules = Rules{ConsecutivePasses: 4, ScorelessTurns: 12}

// passesToEnd is how many passes in a row end the game after the given passes (and scoreless
// turns) in a row; a large number when neither rule is on.
func (r Rules) passesToEnd(passes, scoreless int) int {
	n := 1 << 30
	if r.ConsecutivePasses > 0 {
		n = min(n, r.ConsecutivePasses-passes)
	}
	if r.ScorelessTurns > 0 {
		n = min(n, r.ScorelessTurns-scoreless)
	}
	return n
}

// Config says what the solver works with; it does not change from one solve to the next.
type Config struct {
	Lexicon *lexicon.Lexicon // its Graph and Tiles
	Layout  *engine.Layout   // nil: the standard board
	Rules   Rules            // the zero value: FILERules
	// Threads search in parallel (0: one per CPU).
	Threads int
	// TableBytes bounds the transposition table (0: DefaultTableBytes; from MinTableBytes to
	// MaxTableBytes).
	// The table is kept from one solve to the next.
	TableBytes int64
	// FullLexicon generates moves on the whole lexicon instead of the words the position can
	// form (tests compare the two).
	FullLexicon bool
}

// Options say how far one solve goes.
type Options struct {
	// Plies bounds the search's depth in turns (0: to the end of the game, which proves the
	// value).
	Plies int
	// Time bounds the solve (0: no bound); when it runs out the best line found so far is
	// returned, not proven.
	Time time.Duration
	// Nodes bounds the solve's nodes (0: no bound): a depth that would search more stops (the
	// bound is checked every 1024 nodes, as Time is, never in the first depth) and the solve
	// returns the last complete depth's result, not proven. With one thread the same position
	// and table stop at the same node with the same result, whatever the machine and its load.
	Nodes uint64
	// Rank is how many of the first plays get an exact value (the best Rank; 0 counts as 1);
	// the others get a bound: at most what the Rank-th best is worth.
	Rank int
	// Only, when set, restricts the first move to these plays (by position and tiles; a pass
	// is engine.Pass): to value a play a player chose.
	Only []engine.Move
	// Progress, if set, is called after each depth searched.
	Progress func(Progress)
}

// Progress is the state of a solve after a depth.
type Progress struct {
	Depth   int
	Value   int
	Best    engine.Move
	Nodes   uint64
	Elapsed time.Duration
}

// Bound says what a play's value is: exact, or an upper bound.
type Bound uint8

const (
	Exact Bound = iota
	AtMost
)

// Turn is one move of a line of play.
type Turn struct {
	Player int // 0: the player to move at the root, 1: the opponent
	Move   engine.Move
}

// EndKind is how a line of play ends.
type EndKind uint8

const (
	// NotEnded: the line stops at the depth searched with the game still going on.
	NotEnded EndKind = iota
	// WentOut: the last move went out (its player gains twice the opponent's rack).
	WentOut
	// Passed: both players passed (FILE art. 44.2: they would pass twice each), each losing
	// their own rack.
	Passed
)

// Line is a line of play from the root and how it ends.
type Line struct {
	Turns []Turn
	End   EndKind
}

// Play is a first move and what it is worth to the player to move: the spread they gain from
// here to the end of the game, racks at the end included.
type Play struct {
	Move  engine.Move
	Value int
	Bound Bound
	// Proven: the value (or bound) holds to the end of the game.
	Proven bool
	// Line is the best line after the play, when its value is exact.
	Line Line
}

// Result is a solve's answer.
type Result struct {
	// Value is what the best play is worth: the spread the player to move gains from here to
	// the end of the game against the best defence, end-of-game rack points included.
	Value  int
	Proven bool
	// Depth is the last depth (in turns) searched in full.
	Depth int
	// Best is the best first play with its line (Plays[0]).
	Best Play
	// Plays are every first play, the exact values best first and then the bounds.
	Plays   []Play
	Nodes   uint64
	Elapsed time.Duration
	Threads int
	// Words is how many words of the lexicon the position can form (the graph moves were
	// generated on).
	Words int
}

// Solver solves endgames: the bag empty, both racks known. It keeps its transposition table and
// workers from one solve to the next; it solves one position at a time.
type Solver struct {
	cfg     Config
	z       *zobrist
	tt      *table
	mu      sync.Mutex
	threads int
	// critical, when measured (tests set measureCritical), adds up each round of first moves'
	// length in the threads' own CPU time, each thread's clock moved on when it waits for
	// another (see worker.vt): what the solve would take on idle cores, whatever the load. busy
	// adds up the threads' CPU time in rounds.
	measureCritical bool
	critical, busy  time.Duration
	splits          atomic.Uint64 // split points opened (tests check there are some)
}

// New prepares a solver. The transposition table is allocated here: its memory is taken from
// the system as the search touches it.
func New(cfg Config) (*Solver, error) {
	if cfg.Lexicon == nil || cfg.Lexicon.Graph == nil {
		return nil, i18n.E("endgame.no_lexicon")
	}
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.Rules == (Rules{}) {
		cfg.Rules = FILERules
	}
	if cfg.TableBytes == 0 {
		cfg.TableBytes = DefaultTableBytes
	}
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	return &Solver{cfg: cfg, z: newZobrist(), tt: newTable(cfg.TableBytes), threads: threads}, nil
}

// TableBytes is the most memory the solver's transposition table takes (it grows to it as
// searches need).
func (s *Solver) TableBytes() int64 { return s.tt.max }

// Reset forgets what earlier solves stored in the table, so that the next solve depends on its
// position alone: a deterministic caller (self-play, simulation) resets before each solve whose
// value is not proven (a depth-limited value depends on what the table holds).
func (s *Solver) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.clear()
}

// Player chooses endgame moves with a solver: self-play's and simulation's exact endgames.
type Player struct {
	Solver *Solver
	// Plies bounds each solve (0: to the end of the game).
	Plies int
}

// BestMove is the best move of the player to move (with its score), the same for the same
// position whatever was solved before.
func (p *Player) BestMove(pos *engine.Position) (engine.Move, error) {
	r, err := p.Solve(pos)
	if err != nil {
		return engine.Move{}, err
	}
	return r.Best.Move, nil
}

// Solve solves pos from an empty table, with one thread's determinism.
func (p *Player) Solve(pos *engine.Position) (*Result, error) {
	p.Solver.Reset()
	return p.Solver.Solve(context.Background(), pos, Options{Plies: p.Plies})
}

// search is one solve's shared state.
type search struct {
	*Solver
	stop    atomic.Bool
	onePass bool // every pass ends the game (a rule of one pass)
	graph   *lexicon.KWG
	root    []rootMove
	workers []*worker
	flight  []flight // the current round's first moves, for helpers
	opts    Options
	// depth is the depth being searched; counted the nodes the workers have reported (every
	// 1024), for Options.Nodes; overNodes: the search stopped at that bound.
	depth     int
	counted   atomic.Uint64
	overNodes atomic.Bool

	mu    sync.Mutex
	exact []int32 // values found exact this iteration, best first
	rank  int
}

type rootMove struct {
	m     smove
	move  engine.Move
	value int32
	bound Bound
	done  bool
	depth int
	pv    []tiny
	// spec is the alpha a bound was found against when it was a guess (not yet proven to be
	// below the final alpha); -inf when not.
	spec int32
}

// Solve finds the best play of the player to move (pos.Racks[0]) with the bag empty and the
// opponent's rack known (given, or the unseen tiles when not). pos.ScorelessTurns counts the
// passes in a row before the position: with the bag empty every scoreless turn since the last
// play is a pass.
//
// The search is alpha-beta on the spread from here to the end, deepened a turn at a time until
// every line reaches the end of the game (or Plies, or Time, or ctx ends it: then the best found
// so far, not proven, with ctx's error only if nothing was searched; or Nodes: then the last
// complete depth's result).
func (s *Solver) Solve(ctx context.Context, pos *engine.Position, opts Options) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := time.Now()
	ts := s.cfg.Lexicon.Tiles
	racks, err := endgameRacks(pos)
	if err != nil {
		return nil, err
	}
	toEnd := s.cfg.Rules.passesToEnd(pos.ScorelessTurns, pos.ScorelessTurns)
	if toEnd <= 0 {
		return nil, i18n.E("endgame.over_passes", "Turns", pos.ScorelessTurns)
	}
	sr := &search{Solver: s, opts: opts, rank: max(1, opts.Rank)}
	sr.onePass = s.cfg.Rules.passesToEnd(0, 0) <= 1
	sr.graph = s.cfg.Lexicon.Graph
	words := 0
	if !s.cfg.FullLexicon {
		pruned, n, err := pruneGraph(sr.graph, pos.Board, racks)
		if err != nil {
			return nil, err
		}
		if pruned != nil {
			sr.graph, words = pruned, n
		}
	}
	s.tt.age++
	threads := s.threads
	for i := 0; i < threads; i++ {
		w := &worker{s: sr, gen: movegen.New(sr.graph, ts, s.cfg.Layout), moves: make([]smove, 0, 4096)}
		for t := 0; t < 256; t++ {
			if l := lexicon.Tile(t); !l.IsBlanked() && t < ts.Size() {
				w.points[t] = int32(ts.Points(l))
			}
		}
		w.gen.SetBoard(pos.Board)
		for sq := range w.board {
			if t := pos.Board.Squares[sq]; t != engine.Empty {
				w.board[sq] = t
				w.boardKey ^= s.z.square(sq, t)
			}
		}
		for side, r := range racks {
			w.racks[side].n = copy(w.racks[side].tiles[:], r)
			for _, t := range r {
				w.racks[side].pts += w.points[t]
			}
			w.racks[side].hash = s.z.rackKeys(r)
		}
		w.passEnds = toEnd == 1
		sr.workers = append(sr.workers, w)
	}
	sr.rootMoves(opts.Only)
	if len(sr.root) == 0 {
		return nil, i18n.E("endgame.no_play")
	}
	stopTimer := func() bool { return true }
	if opts.Time > 0 {
		t := time.AfterFunc(opts.Time, func() { sr.stop.Store(true) })
		stopTimer = t.Stop
	}
	defer stopTimer()
	stopCtx := context.AfterFunc(ctx, func() { sr.stop.Store(true) })
	defer stopCtx()

	maxDepth := maxPly - 1
	if opts.Plies > 0 {
		maxDepth = min(opts.Plies, maxDepth)
	}
	depth := 0
	for d := 1; d <= maxDepth; d++ {
		sr.depth = d
		complete := sr.iterate(d)
		s.tt.grow()
		if complete {
			depth = d
		}
		if opts.Progress != nil && complete {
			b := sr.best()
			opts.Progress(Progress{Depth: d, Value: int(b.value), Best: b.move, Nodes: sr.nodes(), Elapsed: time.Since(start)})
		}
		if !complete || sr.proven() {
			break
		}
	}
	res := sr.result()
	res.Depth = depth
	res.Elapsed = time.Since(start)
	res.Words = words
	return res, nil
}

// endgameRacks are the two racks of an endgame position: the opponent's, when not given, is the
// unseen tiles.
func endgameRacks(pos *engine.Position) ([2][]lexicon.Tile, error) {
	racks := pos.Racks
	unseen := pos.UnseenTiles()
	if len(racks[0]) == 0 {
		return racks, i18n.E("endgame.no_rack")
	}
	switch {
	case len(racks[1]) == 0 && len(unseen) > engine.RackSize:
		return racks, i18n.EN("endgame.bag_not_empty", len(unseen)-engine.RackSize)
	case len(racks[1]) == 0 && len(unseen) == 0:
		return racks, i18n.E("endgame.opponent_out")
	case len(racks[1]) == 0:
		racks[1] = unseen
	case len(unseen) > 0:
		return racks, i18n.EN("endgame.bag_not_empty", len(unseen))
	}
	for side, r := range racks {
		if len(r) > engine.RackSize {
			return racks, i18n.E("endgame.rack_too_long", "Rack", side+1, "Count", len(r), "Max", engine.RackSize)
		}
	}
	return racks, nil
}

// rootMoves lists the first moves: every play (those that go out included) and the pass, or
// only those asked for.
func (sr *search) rootMoves(only []engine.Move) {
	w := sr.workers[0]
	n := w.generate(true, noMove)
	ms := w.gen.Generate(w.racks[0].tiles[:w.racks[0].n], movegen.Options{})
	for i := 0; i < n; i++ {
		m := w.moves[i]
		rm := rootMove{m: m, spec: -inf, value: -inf, bound: AtMost}
		if m.tiny == tinyPass {
			rm.move.Kind = engine.Pass
		} else {
			rm.move = ms[m.idx]
		}
		if only != nil && !slices.ContainsFunc(only, func(o engine.Move) bool { return sameMove(&o, &rm.move) }) {
			continue
		}
		sr.root = append(sr.root, rm)
	}
	w.moves = w.moves[:0]
	slices.SortStableFunc(sr.root, func(a, b rootMove) int { return int(b.m.est - a.m.est) })
}

// sameMove reports whether two moves are the same turn: the same kind, and for a play the same
// squares and tiles.
func sameMove(a, b *engine.Move) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind != engine.Play {
		return true
	}
	return encodeFull(a) == encodeFull(b)
}

// encodeFull is a play's identity: its tiny, which its played-through squares do not change.
func encodeFull(m *engine.Move) tiny { return encode(m) }

// iterate searches every first move depth plies deep, the workers taking moves in turn; it
// reports false when stopped before the end.
func (sr *search) iterate(depth int) bool {
	sr.exact = sr.exact[:0]
	var guess int32 = -inf
	if depth > 1 {
		guess = sr.kth(sr.sortedValues())
	}
	results := make([]rootMove, len(sr.root))
	copy(results, sr.root)
	todo := make([]int, len(sr.root))
	for i := range todo {
		todo[i] = i
	}
	for len(todo) > 0 {
		var next atomic.Int64
		var wg sync.WaitGroup
		sr.flight = make([]flight, len(results))
		for _, w := range sr.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if sr.measureCritical {
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
					c0 := threadCPU()
					w.vbase = -c0
					defer func() { w.busy, w.vend = threadCPU()-c0, w.vt() }()
				}
				helped := make([]bool, len(results))
				for {
					j := int(next.Add(1) - 1)
					if sr.stopped(depth) {
						return
					}
					if j >= len(todo) {
						// No first move left to take: help search one still being searched.
						if !sr.help(w, depth, helped) {
							return
						}
						continue
					}
					i := todo[j]
					sr.flight[i].busy.Store(true)
					sr.searchRoot(w, &results[i], i, depth, j, guess)
					sr.flight[i].over.Store(true)
					sr.flight[i].wake.Store(true)
				}
			}()
		}
		wg.Wait()
		if sr.measureCritical {
			var longest time.Duration
			for _, w := range sr.workers {
				longest = max(longest, w.vend)
				sr.Solver.busy += w.busy
			}
			sr.critical += longest
		}
		if sr.stopped(depth) {
			if sr.overNodes.Load() {
				// The last complete depth's result: what this depth finished depends on where
				// the bound fell.
				return false
			}
			// Keep what this depth finished.
			for i := range results {
				if results[i].depth == depth {
					sr.root[i] = results[i]
				}
			}
			sr.sortRoot()
			return false
		}
		// A bound found against a guessed alpha above the final one proves nothing: search those
		// again.
		alpha := sr.alpha()
		todo = todo[:0]
		for i := range results {
			if r := &results[i]; r.bound == AtMost && r.spec > alpha {
				todo = append(todo, i)
			}
		}
		guess = -inf
	}
	copy(sr.root, results)
	sr.sortRoot()
	return true
}

// flight is a first move's search in a round: being searched, over, its split point (when one
// is open to helpers), and the window it is searched with.
type flight struct {
	busy, over atomic.Bool
	// wake stops a helper searching this move on its own: set when the move's search is over
	// or opens a split point, where helping is better.
	wake   atomic.Bool
	sp     atomic.Pointer[split]
	mu     sync.Mutex
	lo, hi int32
	set    bool
	at     time.Duration // the searching thread's clock then (when measured)
}

// help gives w, which has no first move of its own left, something to do for a first move
// still being searched: join its split point, or else (once a move) search it on its own, the
// same depth and window, move order perturbed near the top, its values going to the table
// only, where the other thread finds them. While the others search, and nothing is to be
// helped, it waits a little. It reports false when every first move of the round is done.
func (sr *search) help(w *worker, depth int, helped []bool) bool {
	for i := range sr.flight {
		if sp := sr.flight[i].sp.Load(); sp != nil && sp.join(w) {
			return true
		}
	}
	searching := false
	for i := range sr.flight {
		f := &sr.flight[i]
		if !f.busy.Load() || f.over.Load() {
			continue
		}
		searching = true
		if helped[i] || f.wake.Load() {
			continue
		}
		f.mu.Lock()
		lo, hi, set, at := f.lo, f.hi, f.set, f.at
		f.mu.Unlock()
		if !set {
			continue
		}
		w.wait(at)
		helped[i] = true
		m := sr.root[i].m
		if _, ok := w.terminal(&m); ok {
			continue
		}
		w.aborted = false
		w.helping, w.jitter = &f.wake, 0x9E3779B97F4A7C15*uint64(i+1)|1
		w.play(m.tiny)
		w.negamax(depth-1, lo, hi)
		w.unplay()
		w.helping, w.jitter, w.aborted = nil, 0, false
		return true
	}
	if searching {
		time.Sleep(20 * time.Microsecond)
	}
	return searching
}

// flightOf is first move i's flight (nil outside a round).
func (sr *search) flightOf(i int) *flight {
	if sr.flight == nil {
		return nil
	}
	return &sr.flight[i]
}

// window publishes the window first move i is searched with, for helpers.
func (sr *search) window(w *worker, i int, lo, hi int32) {
	if sr.flight == nil {
		return
	}
	f := &sr.flight[i]
	at := time.Duration(0)
	if sr.measureCritical {
		at = w.vt()
	}
	f.mu.Lock()
	f.lo, f.hi, f.set, f.at = lo, hi, true, at
	f.mu.Unlock()
}

// stopped: the solve is to stop (never during the first depth, which is quick and gives every
// play a value).
func (sr *search) stopped(depth int) bool { return depth > 1 && sr.stop.Load() }

// searchRoot searches first move r at the given depth: exactly when it may be among the best
// Rank, else against alpha (the Rank-th best value so far, or a guess of it when there is none
// yet and this is not the first move).
func (sr *search) searchRoot(w *worker, r *rootMove, i, depth, order int, guess int32) {
	r.spec = -inf
	if v, ok := w.terminal(&r.m); ok {
		r.value, r.bound, r.done, r.depth, r.pv = v, Exact, true, depth, []tiny{r.m.tiny}
		sr.addExact(v)
		return
	}
	w.aborted = false
	a := sr.alpha()
	if a == -inf && order > 0 && guess > -inf {
		a, r.spec = guess, guess
	}
	s := int32(r.m.score)
	w.play(r.m.tiny)
	var vc int32
	var c bool
	if depth == 1 {
		vc, c = w.negamax(0, -inf, inf)
	} else if a == -inf {
		sr.window(w, i, -inf, inf)
		vc, c = w.negamaxSplit(sr.flightOf(i), r.m.tiny, depth-1, -inf, inf)
	} else {
		sr.window(w, i, s-a-1, s-a)
		vc, c = w.negamaxSplit(sr.flightOf(i), r.m.tiny, depth-1, s-a-1, s-a)
		if s-vc > a && !w.aborted {
			sr.window(w, i, -inf, s-a)
			vc, c = w.negamaxSplit(sr.flightOf(i), r.m.tiny, depth-1, -inf, s-a)
		}
	}
	w.unplay()
	if w.aborted {
		return
	}
	v := s - vc
	r.value, r.done, r.depth = v, c, depth
	if a > -inf && v <= a {
		r.bound = AtMost
		r.pv = nil
		return
	}
	r.bound, r.spec = Exact, -inf
	r.pv = append([]tiny{r.m.tiny}, w.pv[1][:w.pvLen[1]]...)
	sr.addExact(v)
}

func (sr *search) addExact(v int32) {
	sr.mu.Lock()
	i, _ := slices.BinarySearchFunc(sr.exact, v, func(a, b int32) int { return int(b - a) })
	sr.exact = slices.Insert(sr.exact, i, v)
	sr.mu.Unlock()
}

// alpha is the Rank-th best exact value found at this depth, -inf while fewer are known.
func (sr *search) alpha() int32 {
	sr.mu.Lock()
	defer sr.mu.Unlock()
	return sr.kth(sr.exact)
}

func (sr *search) kth(values []int32) int32 {
	if len(values) < sr.rank {
		return -inf
	}
	return values[sr.rank-1]
}

// sortedValues are the first moves' values (or bounds), best first.
func (sr *search) sortedValues() []int32 {
	var vs []int32
	for i := range sr.root {
		vs = append(vs, sr.root[i].value)
	}
	slices.SortFunc(vs, func(a, b int32) int { return int(b - a) })
	return vs
}

// sortRoot orders the first moves best first: by value, an exact value before a bound.
func (sr *search) sortRoot() {
	slices.SortStableFunc(sr.root, func(a, b rootMove) int {
		if a.value != b.value {
			return int(b.value - a.value)
		}
		return int(a.bound) - int(b.bound)
	})
}

func (sr *search) best() *rootMove {
	for i := range sr.root {
		if sr.root[i].bound == Exact {
			return &sr.root[i]
		}
	}
	return &sr.root[0]
}

// proven: every first move's value or bound holds to the end of the game.
func (sr *search) proven() bool {
	for i := range sr.root {
		if !sr.root[i].done {
			return false
		}
	}
	return true
}

func (sr *search) nodes() uint64 {
	var n uint64
	for _, w := range sr.workers {
		n += w.nodes
	}
	return n
}

// result is the solve's answer from the first moves' values.
func (sr *search) result() *Result {
	res := &Result{Nodes: sr.nodes(), Threads: len(sr.workers), Proven: sr.proven()}
	w := sr.workers[0]
	for i := range sr.root {
		r := &sr.root[i]
		p := Play{Move: r.move, Value: int(r.value), Bound: r.bound, Proven: r.done}
		if r.bound == Exact {
			p.Line = w.line(r.pv)
		}
		res.Plays = append(res.Plays, p)
	}
	// Exact values first, best first; then the bounds.
	slices.SortStableFunc(res.Plays, func(a, b Play) int {
		if a.Bound != b.Bound {
			return int(a.Bound) - int(b.Bound)
		}
		return b.Value - a.Value
	})
	res.Best = res.Plays[0]
	res.Value = res.Best.Value
	return res
}

// line replays a line of moves from the root, with their scores, and says how it ends.
func (w *worker) line(pv []tiny) Line {
	var l Line
	ts := w.gen.Tiles()
	_ = ts
	for _, t := range pv {
		var m engine.Move
		if t == tinyPass {
			m.Kind = engine.Pass
			if w.passEnds {
				l.End = Passed
			}
		} else {
			me := &w.racks[w.side]
			ms := w.gen.Generate(me.tiles[:me.n], movegen.Options{})
			for i := range ms {
				if encode(&ms[i]) == t {
					m = ms[i]
					break
				}
			}
			if int(m.Placed) == me.n {
				l.End = WentOut
			}
		}
		l.Turns = append(l.Turns, Turn{Player: w.side, Move: m})
		w.play(t)
		if l.End != NotEnded {
			break
		}
	}
	for range l.Turns {
		w.unplay()
	}
	return l
}

// Oracle is the solver as engine/analysis.Endgame asks for it (analysis, the strongest level of
// a game against atril): the best play and its value, each solve bounded by Time (0: none; when
// it runs out, the best found so far).
type Oracle struct {
	Solver *Solver
	Time   time.Duration
}

// Solve is the best play of pos's player to move, the spread it leads to from pos, and whether
// that is proven (the solve reached the end of every line before Time ran out).
func (e *Oracle) Solve(ctx context.Context, pos *engine.Position) (engine.Move, int, bool, error) {
	r, err := e.Solver.Solve(ctx, pos, Options{Time: e.Time})
	if err != nil {
		return engine.Move{}, 0, false, err
	}
	return r.Best.Move, r.Value, r.Proven, nil
}
