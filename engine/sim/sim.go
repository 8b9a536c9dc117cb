// Package sim judges candidate plays by Monte Carlo simulation, as tournament players' engines
// do: each iteration draws the opponent a rack from the unseen tiles, plays every candidate,
// lets the opponent answer with its best static play and the player with theirs (two plies by
// default), and values the result as the spread gained plus the leaves kept. Averaged over many
// iterations, a play that opens the board or keeps a poor rack shows its cost.
//
// The simulator is built for speed: each worker owns its move generator, racks and bag and
// reuses them, so an iteration allocates nothing; workers split iterations, one per core; every
// iteration has its own seed, so that a run gives the same figures for any number of workers,
// and every candidate of an iteration sees the same opponent rack (common random numbers: the
// candidates are compared on the same draws, which narrows the differences' errors).
//
// Iterations run in fixed batches. Between batches, when a stopping rule is set, a candidate
// whose mean is below the leader's by more than StopZ standard errors of the difference is
// dropped (it is simulated no further), and the run stops once one candidate is left. The rule
// is applied to whole batches summed in iteration order, so it too is the same for any number
// of workers.
//
// Like all of engine/, it must not import drills, puzzles, stats, internal/studystore or a front
// end.
package sim

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Defaults of a Config left at zero.
const (
	DefaultPlies         = 2
	DefaultMaxIterations = 1000
	DefaultMinIterations = 64
	DefaultBatch         = 16
	// MaxPlies bounds the look-ahead: past a few plies the static players' choices say little.
	MaxPlies = 10
	// MaxCandidates bounds the plays one run compares.
	MaxCandidates = 100
	// MaxIterations bounds a run (a million iterations of ten candidates take hours).
	MaxIterations = 1_000_000
)

// Config says how to simulate.
type Config struct {
	Lexicon *lexicon.Lexicon // its Graph and Tiles
	Layout  *engine.Layout   // nil: the standard board
	// Leaves values the tiles kept, for the static players and for the leaves at the end of the
	// plies; nil: the hand-set model (equity.NewDefault); atril sim passes its --leaves table.
	Leaves equity.Leaves
	// Plies is how many turns are played after the candidate (opponent, player, ...): 1 to
	// MaxPlies; 0 means DefaultPlies.
	Plies int
	// MaxIterations stops the run (0: DefaultMaxIterations). An iteration plays every candidate
	// still in the running once.
	MaxIterations int
	// MinIterations are run before any candidate is dropped (0: DefaultMinIterations).
	MinIterations int
	// StopZ, when > 0, drops a candidate once the leader's mean is above its own by more than
	// StopZ standard errors of the difference, and stops when one candidate is left (2.58: 99%
	// one by one). 0 runs every iteration for every candidate.
	StopZ float64
	// Batch is how many iterations run between two applications of the stopping rule (0:
	// DefaultBatch).
	Batch int
	// Workers share the iterations (0: one per CPU).
	Workers int
	// Seed makes the run reproducible: iteration i draws from a seed made of Seed and i.
	Seed uint64
	// Progress, if set, is called after each batch with the iterations done (from the
	// goroutine that called Run).
	Progress func(iterations int)
}

// Stat is a mean with its standard error.
type Stat struct {
	Mean   float64 `json:"mean"`
	StdErr float64 `json:"stderr"`
}

// Candidate is one play and what the simulation found.
type Candidate struct {
	Move engine.Move
	// Static is the play's equity before simulating: score plus the value of its leave.
	Static float64
	// Iterations this play was simulated.
	Iterations int
	// Equity is the mean of spread gained plus leaves (the player's last leave minus the
	// opponent's), in points; Win the mean chance of winning the game from there.
	Equity, Win Stat
	// Dropped: the stopping rule took it out of the running (its figures are from fewer
	// iterations than the leader's).
	Dropped bool
}

// Result is a finished (or interrupted) run.
type Result struct {
	// Candidates, best simulated equity first.
	Candidates []Candidate
	// Iterations run (the most any candidate got).
	Iterations int
	// Stopped: the run ended before MaxIterations because one candidate was left.
	Stopped bool
	// Samples is the number of candidate plays simulated (iterations x candidates in the
	// running): the unit of work.
	Samples int64
}

// Winner is the candidate with the best simulated equity.
func (r *Result) Winner() *Candidate {
	if len(r.Candidates) == 0 {
		return nil
	}
	return &r.Candidates[0]
}

// Simulator runs simulations; it keeps its workers' generators between runs. It is not safe
// for concurrent use: make one per goroutine that simulates (each may have several workers).
type Simulator struct {
	cfg     Config
	workers []*worker
	results []sample // one batch: iteration-major, candidate-minor
}

type sample struct {
	value, win float64
}

// New prepares a simulator.
func New(cfg Config) (*Simulator, error) {
	if cfg.Lexicon == nil || cfg.Lexicon.Graph == nil || cfg.Lexicon.Tiles == nil {
		return nil, errors.New("sim: a lexicon is required")
	}
	if cfg.Layout == nil {
		cfg.Layout = engine.StandardLayout()
	}
	if cfg.Leaves == nil {
		cfg.Leaves = equity.NewDefault(cfg.Lexicon.Tiles)
	}
	if cfg.Plies == 0 {
		cfg.Plies = DefaultPlies
	}
	if cfg.Plies < 1 || cfg.Plies > MaxPlies {
		return nil, i18n.E("sim.bad_plies", "Plies", cfg.Plies, "Max", i18n.Int(MaxPlies))
	}
	if cfg.MaxIterations == 0 {
		cfg.MaxIterations = DefaultMaxIterations
	}
	if cfg.MaxIterations < 1 || cfg.MaxIterations > MaxIterations {
		return nil, i18n.E("sim.bad_iterations", "Iterations", cfg.MaxIterations, "Max", i18n.Int(MaxIterations))
	}
	if cfg.MinIterations <= 0 {
		cfg.MinIterations = DefaultMinIterations
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.StopZ < 0 || math.IsNaN(cfg.StopZ) {
		cfg.StopZ = 0
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	s := &Simulator{cfg: cfg}
	s.workers = make([]*worker, min(cfg.Workers, cfg.Batch))
	for i := range s.workers {
		s.workers[i] = newWorker(&s.cfg)
	}
	return s, nil
}

// Config is the simulator's configuration with the defaults filled in.
func (s *Simulator) Config() Config { return s.cfg }

// run is what every worker shares in one Run.
type run struct {
	cands     []Candidate
	snaps     []*movegen.Snapshot             // the generator's board after each candidate
	leaves    [][engine.RackSize]lexicon.Tile // the rack after each candidate, before drawing
	leaveLen  []int
	leaveVal  []float64
	unseen    []lexicon.Tile // the opponent's rack and the bag, from the player's side
	spread0   float64
	bagEmpty  bool
	live      []bool
	liveList  []int
	iterStart int
	iterEnd   int
	next      atomic.Int64
}

// Run simulates the candidates (plays, exchanges or passes of the player to move, pos.Racks[0])
// on pos. The opponent's rack, even if the position gives it, is drawn from the unseen tiles
// every iteration: the player cannot see it. When ctx is cancelled the figures so far are
// returned with ctx's error.
func (s *Simulator) Run(ctx context.Context, pos *engine.Position, cands []engine.Move) (*Result, error) {
	cfg := &s.cfg
	ts := cfg.Lexicon.Tiles
	if !pos.Tiles.SameAlphabet(ts) {
		return nil, i18n.E("sim.alphabet", "Tiles", pos.Tiles.Name, "Lexicon", cfg.Lexicon.Name)
	}
	rack := pos.Racks[0]
	if len(rack) == 0 {
		return nil, i18n.E("sim.no_rack")
	}
	if len(cands) == 0 {
		return nil, i18n.E("sim.no_candidates")
	}
	if len(cands) > MaxCandidates {
		return nil, i18n.E("sim.too_many_candidates", "Count", len(cands), "Max", MaxCandidates)
	}
	hidden := *pos
	hidden.Racks[1] = nil
	unseen := hidden.UnseenTiles()
	r := &run{
		cands:    make([]Candidate, len(cands)),
		snaps:    make([]*movegen.Snapshot, len(cands)),
		leaves:   make([][engine.RackSize]lexicon.Tile, len(cands)),
		leaveLen: make([]int, len(cands)),
		leaveVal: make([]float64, len(cands)),
		unseen:   unseen,
		spread0:  float64(pos.Scores[0] - pos.Scores[1]),
		bagEmpty: len(unseen) <= engine.RackSize,
		live:     make([]bool, len(cands)),
	}
	for i := range cands {
		m := cands[i]
		leave, ok := leaveOf(rack, &m)
		if !ok {
			return nil, i18n.E("sim.not_on_rack", "Move", engine.FormatMove(&m, pos.Board, ts), "Rack", ts.Notation(lexicon.Alphagram(rack)))
		}
		if m.Kind == engine.Exchange && int(m.Len) > len(unseen)-engine.RackSize {
			return nil, i18n.EN("sim.exchange_bag", max(0, len(unseen)-engine.RackSize), "Move", engine.FormatMove(&m, pos.Board, ts))
		}
		r.leaveLen[i] = copy(r.leaves[i][:], leave)
		switch {
		case r.bagEmpty:
			r.leaveVal[i] = equity.EndgameLeave(ts, leave)
		case len(leave) > 0:
			r.leaveVal[i] = cfg.Leaves.LeaveValue(leave)
		}
		b := pos.Board.Clone()
		b.Apply(&m)
		// Each sample of the candidate starts from its board: restored from a snapshot in
		// the time of a copy, where loading the board would recompute every cross-set and
		// rebuild every line's bounds (a fifth of a sample's time). Exchanges and passes
		// leave the board as it is and share one snapshot.
		if j := slices.IndexFunc(cands[:i], func(o engine.Move) bool { return o.Kind != engine.Play }); m.Kind != engine.Play && j >= 0 {
			r.snaps[i] = r.snaps[j]
		} else {
			gen := s.workers[0].gens[0]
			gen.SetBoard(b)
			r.snaps[i] = gen.Snapshot()
		}
		r.cands[i] = Candidate{Move: m, Static: float64(m.Score) + r.leaveVal[i]}
		r.live[i] = true
	}

	nC := len(cands)
	var sums [][5]float64 = make([][5]float64, nC) // n, sum v, sum v², sum w, sum w²
	res := &Result{}
	var err error
	for start := 0; start < cfg.MaxIterations; start += cfg.Batch {
		if err = ctx.Err(); err != nil {
			break
		}
		end := min(start+cfg.Batch, cfg.MaxIterations)
		r.liveList = r.liveList[:0]
		for c := range nC {
			if r.live[c] {
				r.liveList = append(r.liveList, c)
			}
		}
		r.iterStart, r.iterEnd = start, end
		r.next.Store(int64(start))
		need := (end - start) * nC
		if cap(s.results) < need {
			s.results = make([]sample, need)
		}
		s.results = s.results[:need]
		s.runBatch(r)
		// Sum in iteration order: the same figures for any number of workers.
		for it := start; it < end; it++ {
			row := s.results[(it-start)*nC : (it-start+1)*nC]
			for _, c := range r.liveList {
				v, w := row[c].value, row[c].win
				acc := &sums[c]
				acc[0]++
				acc[1] += v
				acc[2] += v * v
				acc[3] += w
				acc[4] += w * w
			}
		}
		res.Iterations = end
		res.Samples += int64((end - start) * len(r.liveList))
		if cfg.Progress != nil {
			cfg.Progress(end)
		}
		for c := range nC {
			r.cands[c].Iterations = int(sums[c][0])
			r.cands[c].Equity = stat(sums[c][0], sums[c][1], sums[c][2])
			r.cands[c].Win = stat(sums[c][0], sums[c][3], sums[c][4])
		}
		if cfg.StopZ > 0 && end >= cfg.MinIterations && end < cfg.MaxIterations && s.prune(r) {
			res.Stopped = true
			break
		}
	}
	res.Candidates = r.cands
	slices.SortStableFunc(res.Candidates, func(a, b Candidate) int {
		// Dropped candidates rank below those that finished; then by mean equity.
		if a.Dropped != b.Dropped {
			if a.Dropped {
				return 1
			}
			return -1
		}
		switch {
		case a.Equity.Mean > b.Equity.Mean:
			return -1
		case a.Equity.Mean < b.Equity.Mean:
			return 1
		}
		return movegen.Compare(&a.Move, &b.Move, movegen.ByEquity)
	})
	return res, err
}

// prune applies the stopping rule; it reports whether one candidate is left.
func (s *Simulator) prune(r *run) bool {
	lead := -1
	for c := range r.cands {
		if r.live[c] && (lead < 0 || r.cands[c].Equity.Mean > r.cands[lead].Equity.Mean) {
			lead = c
		}
	}
	left := 0
	for c := range r.cands {
		if !r.live[c] || c == lead {
			continue
		}
		l, o := r.cands[lead].Equity, r.cands[c].Equity
		if l.Mean-o.Mean > s.cfg.StopZ*math.Sqrt(l.StdErr*l.StdErr+o.StdErr*o.StdErr) {
			r.live[c] = false
			r.cands[c].Dropped = true
			continue
		}
		left++
	}
	return left == 0
}

func stat(n, sum, sum2 float64) Stat {
	if n == 0 {
		return Stat{}
	}
	mean := sum / n
	if n < 2 {
		return Stat{Mean: mean}
	}
	v := (sum2 - n*mean*mean) / (n - 1)
	return Stat{Mean: mean, StdErr: math.Sqrt(max(0, v) / n)}
}

// runBatch plays iterations r.iterStart..r.iterEnd on the workers.
func (s *Simulator) runBatch(r *run) {
	n := min(len(s.workers), r.iterEnd-r.iterStart)
	if n <= 1 {
		s.workers[0].work(r, s.results)
		return
	}
	var wg sync.WaitGroup
	for _, w := range s.workers[:n] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.work(r, s.results)
		}()
	}
	wg.Wait()
}

// leaveOf is the rack after move m (tiles placed or exchanged taken off), false if m uses a
// tile the rack lacks.
func leaveOf(rack []lexicon.Tile, m *engine.Move) ([]lexicon.Tile, bool) {
	leave := slices.Clone(rack)
	take := func(t lexicon.Tile) bool {
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		i := slices.Index(leave, t)
		if i < 0 {
			return false
		}
		leave = slices.Delete(leave, i, i+1)
		return true
	}
	switch m.Kind {
	case engine.Play, engine.Exchange:
		for _, t := range m.Tiles[:m.Len] {
			if m.Kind == engine.Play && t == engine.PlayedThrough {
				continue
			}
			if !take(t) {
				return nil, false
			}
		}
	}
	return leave, true
}

// iterSeed is iteration i's seed: splitmix64 of seed and i.
func iterSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// worker is one goroutine's state, reused from iteration to iteration and run to run.
type worker struct {
	cfg *Config
	// gens[p] generates for player p (0: the player to move, 1: the opponent) with the board
	// kept the same in both: the opponent's rack is the same for every candidate of an
	// iteration, so its generator keeps that rack's tables (leave values, subracks, bingo
	// answers) from one candidate to the next.
	gens [2]*movegen.Generator
	pcg  *rand.PCG
	rng  *rand.Rand
	bag  []lexicon.Tile
	rack [2]rackBuf
	pts  [lexicon.MaxLetters + 1]int
}

type rackBuf struct {
	t [engine.RackSize]lexicon.Tile
	n int
}

func (r *rackBuf) tiles() []lexicon.Tile { return r.t[:r.n] }

func (r *rackBuf) remove(t lexicon.Tile) {
	if t.IsBlanked() {
		t = lexicon.Blank
	}
	for i := 0; i < r.n; i++ {
		if r.t[i] == t {
			r.n--
			r.t[i] = r.t[r.n]
			return
		}
	}
}

func newWorker(cfg *Config) *worker {
	ts := cfg.Lexicon.Tiles
	w := &worker{cfg: cfg, pcg: rand.NewPCG(1, 2)}
	for i := range w.gens {
		w.gens[i] = movegen.New(cfg.Lexicon.Graph, ts, cfg.Layout)
	}
	w.rng = rand.New(w.pcg)
	w.bag = make([]lexicon.Tile, 0, ts.Total()+engine.RackSize)
	for t := 1; t < ts.Size() && t <= lexicon.MaxLetters; t++ {
		w.pts[t] = ts.Points(lexicon.Tile(t))
	}
	return w
}

// work plays iterations until the batch is done.
func (w *worker) work(r *run, out []sample) {
	nC := len(r.cands)
	for {
		it := int(r.next.Add(1) - 1)
		if it >= r.iterEnd {
			return
		}
		row := out[(it-r.iterStart)*nC : (it-r.iterStart+1)*nC]
		seed := iterSeed(w.cfg.Seed, it)
		for _, c := range r.liveList {
			row[c].value, row[c].win = w.sample(r, c, seed)
		}
	}
}

func (w *worker) draw() lexicon.Tile {
	i := w.rng.IntN(len(w.bag))
	t := w.bag[i]
	last := len(w.bag) - 1
	w.bag[i] = w.bag[last]
	w.bag = w.bag[:last]
	return t
}

func (w *worker) fill(r *rackBuf) {
	for r.n < engine.RackSize && len(w.bag) > 0 {
		r.t[r.n] = w.draw()
		r.n++
	}
}

func (w *worker) value(r *rackBuf) int {
	v := 0
	for _, t := range r.tiles() {
		v += w.pts[t]
	}
	return v
}

// sample plays candidate c once under the iteration's seed and returns its value (spread gained
// plus the last leaves) and its chance of winning.
func (w *worker) sample(r *run, c int, seed uint64) (value, win float64) {
	cfg := w.cfg
	w.pcg.Seed(seed, seed^0x5851f42d4c957f2d)
	w.bag = append(w.bag[:0], r.unseen...)
	me, opp := &w.rack[0], &w.rack[1]
	opp.n = 0
	w.fill(opp) // first, so that every candidate meets the same opponent rack
	me.n = copy(me.t[:], r.leaves[c][:r.leaveLen[c]])
	m := &r.cands[c].Move
	spread := float64(m.Score)
	switch m.Kind {
	case engine.Play:
		w.fill(me)
	case engine.Exchange:
		// Art. 25: draw first, then put the tiles back.
		w.fill(me)
		w.bag = append(w.bag, m.Tiles[:m.Len]...)
	}
	var last [2]float64
	last[0] = r.leaveVal[c]
	over := m.Kind == engine.Play && me.n == 0
	next := 1 // who moves after the plies
	if over {
		spread += 2 * float64(w.value(opp))
	}
	if !over {
		w.gens[1].Restore(r.snaps[c])
		if cfg.Plies > 1 {
			w.gens[0].Restore(r.snaps[c])
		}
		mover, sign := 1, -1.0
		for ply := 0; ply < cfg.Plies; ply++ {
			rk := &w.rack[mover]
			bag := len(w.bag)
			opts := movegen.SideToMove(bag, cfg.Leaves)
			opts.Top = 1
			moves := w.gens[mover].Generate(rk.tiles(), opts)
			var best engine.Move
			if len(moves) > 0 {
				best = moves[0]
			} else {
				best.Kind = engine.Pass
			}
			spread += sign * float64(best.Score)
			last[mover] = best.Equity - float64(best.Score)
			switch best.Kind {
			case engine.Play:
				for _, t := range best.Tiles[:best.Len] {
					if t != engine.PlayedThrough {
						rk.remove(t)
					}
				}
				// Onto the board of each generator that moves again.
				if ply+1 < cfg.Plies {
					w.gens[1-mover].Play(&best)
				}
				if ply+2 < cfg.Plies {
					w.gens[mover].Play(&best)
				}
				w.fill(rk)
			case engine.Exchange:
				for _, t := range best.Tiles[:best.Len] {
					rk.remove(t)
				}
				w.fill(rk)
				w.bag = append(w.bag, best.Tiles[:best.Len]...)
			}
			if best.Kind == engine.Play && rk.n == 0 {
				// Went out: the other rack's value moves over (art. 44.1).
				spread += sign * 2 * float64(w.value(&w.rack[1-mover]))
				over = true
				break
			}
			mover, sign = 1-mover, -sign
		}
		next = mover
	}
	if over {
		final := r.spread0 + spread
		switch {
		case final > 0:
			return spread, 1
		case final < 0:
			return spread, 0
		}
		return spread, 0.5
	}
	value = spread + last[0] - last[1]
	return value, WinChance(r.spread0+value, len(w.bag)+opp.n, next == 0)
}

// SetSeed changes the seed of the next runs (a caller simulating many positions gives each its
// own seed).
func (s *Simulator) SetSeed(seed uint64) { s.cfg.Seed = seed }
