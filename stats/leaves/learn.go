// Package leaves learns leave values (what the tiles kept on the rack are worth) from self-play
// and measures leave tables against each other in mirrored games.
//
// Learning plays generations of games. Generation 0 plays with a starting table (the hand-set
// model equity.Default, or a table given); every turn with tiles in the bag records the rack, the
// best play's equity and the leave it kept; the generation's records become a value for every
// leave of 1 to 6 tiles (see fitLeaves), and the next generation plays with those values.
//
// A generation can also be cut into shards played anywhere (LearnShard), each writing the
// sufficient statistics of its games to a file (statsfile.go; the format is documented in
// cluster/README.md); Merge adds them up and fits the same table, byte for byte, as Learn
// playing the same games, and Status says where the shards of a directory stand.
//
// It sits above engine/game because it plays games; engine/equity, which the move generator
// imports, only reads and writes tables.
//
// It must not import a front end (cmd, internal/web).
package leaves

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// LearnOptions configure a learning run.
type LearnOptions struct {
	Lexicon     *lexicon.Lexicon // its Graph and Tiles
	Rules       game.Rules       // zero: game.FILERules
	Games       int              // games per generation, 1..game.MaxGames
	Generations int              // 1..MaxGenerations
	Seed        uint64
	Workers     int // 0: one per CPU; at most game.MaxWorkers
	// From is generation 0's table; nil: the hand-set model (equity.NewDefault). Its values of
	// every leave of 1..6 tiles are what generation 0 plays with.
	From equity.Leaves
	// MinBag records only turns with at least this many tiles in the bag (0: 1, every turn the
	// table is used on).
	MinBag int
	// Method is how each generation's records become values; empty: Racks.
	Method Method
	// Checkpoint, if set, is the file the run's state is saved to at least every
	// CheckpointEvery (default a minute), at the end of each generation and when ctx is
	// cancelled; Resume goes on from it.
	Checkpoint      string
	CheckpointEvery time.Duration
	Resume          bool
	Now             func() time.Time // nil: time.Now
	// Progress, if set, is called after every batch of games (about every second or two) and
	// before each fit.
	Progress func(Progress)
	// batch is the number of games each worker plays between two progress reports (and
	// checkpoint chances); 0: batchGames. Tests set it small so that short runs still span
	// several batches.
	batch int
}

// batchGames is the games a worker plays in a batch.
const batchGames = 256

// MaxGenerations bounds a run.
const MaxGenerations = 100

// Progress is where a learning run stands.
type Progress struct {
	Phase       string // "play", "fit", or "resume" once at the start of a resumed run
	Generation  int    // 1-based
	Generations int
	Games       int // games played in this generation
	GamesTotal  int // games a generation plays
	Done, Total int // games played in the whole run, and its total
	GamesPerSec float64
	ETA         time.Duration // the run's remaining time at that rate; 0 when unknown
}

// Learned is a learning run's result: a value for every leave of the set.
type Learned struct {
	Set     *equity.LeaveSet
	Values  []float32
	Reports []FitReport // one per generation
	// Seconds is the time learning took, counted across every process that resumed the run.
	Seconds float64
}

// WriteKLV writes the learned table as KLV2.
func (l *Learned) WriteKLV(w io.Writer) error { return l.Set.WriteKLV(w, l.Values) }

// Table is the learned table as the engine reads it.
func (l *Learned) Table() (*equity.KLV, error) { return klvOf(l.Set, l.Values) }

func klvOf(set *equity.LeaveSet, values []float32) (*equity.KLV, error) {
	var buf bytes.Buffer
	if err := set.WriteKLV(&buf, values); err != nil {
		return nil, err
	}
	return equity.KLVFromBytes(buf.Bytes())
}

// Materialize is a table's value of every leave of the set.
func Materialize(set *equity.LeaveSet, l equity.Leaves) []float32 {
	v := make([]float32, set.Len())
	for i := range v {
		v[i] = float32(l.LeaveValue(set.Leave(i)))
	}
	return v
}

// state is what a run has done, all a checkpoint holds.
type state struct {
	gen     int       // the generation being played, 0-based; = Generations when done
	done    int       // games of it played
	values  []float32 // the table it plays with
	tot     *totals
	reports []FitReport
	seconds float64 // time spent by the processes before this one
}

// Learn runs a learning run. When ctx is cancelled it saves a checkpoint (if configured) and
// returns ctx's error; the result is the same for a given seed whatever the number of workers
// and however often the run was stopped and resumed.
func Learn(ctx context.Context, opts LearnOptions) (*Learned, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	ts := opts.Lexicon.Tiles
	set, racks, err := leaveSets(ts)
	if err != nil {
		return nil, err
	}
	l := &learner{opts: opts, set: set, racks: racks, fp: fingerprintOf(&opts), hi: opts.Games}
	if opts.Resume {
		st, err := readCheckpoint(opts.Checkpoint, l.fp, set.Len(), racks.Len())
		if err != nil {
			return nil, err
		}
		l.st = st
	} else {
		from := opts.From
		if from == nil {
			from = equity.NewDefault(ts)
		}
		l.st = state{values: Materialize(set, from), tot: newTotals(racks.Len(), set.Len())}
	}
	l.start = opts.Now()
	l.lastSave = l.start
	l.doneAtStart = l.st.gen*opts.Games + l.st.done
	if opts.Resume {
		l.progress("resume")
	}
	for l.st.gen < opts.Generations {
		if err := l.playGeneration(ctx); err != nil {
			return nil, err
		}
	}
	return &Learned{Set: set, Values: l.st.values, Reports: l.st.reports, Seconds: l.seconds(opts.Now())}, nil
}

func (o *LearnOptions) check() error {
	if o.Lexicon == nil || o.Lexicon.Graph == nil || o.Lexicon.Tiles == nil {
		return i18n.E("leaves.err.no_lexicon")
	}
	if o.Games < 1 || o.Games > game.MaxGames {
		return i18n.E("leaves.err.games", "Games", o.Games, "Max", i18n.Int(game.MaxGames))
	}
	if o.Generations < 1 || o.Generations > MaxGenerations {
		return i18n.E("leaves.err.generations", "Generations", o.Generations, "Max", MaxGenerations)
	}
	if o.Workers < 0 || o.Workers > game.MaxWorkers {
		return i18n.E("leaves.err.workers", "Workers", o.Workers, "Max", game.MaxWorkers)
	}
	if o.MinBag < 0 || o.MinBag > o.Lexicon.Tiles.Total() {
		return i18n.E("leaves.err.min_bag", "MinBag", o.MinBag, "Max", o.Lexicon.Tiles.Total())
	}
	if o.Resume && o.Checkpoint == "" {
		return i18n.E("leaves.err.resume_needs_checkpoint")
	}
	if o.Rules.Name == "" {
		o.Rules = game.FILERules
	}
	if o.MinBag == 0 {
		o.MinBag = 1
	}
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.CheckpointEvery <= 0 {
		o.CheckpointEvery = time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Method == "" {
		o.Method = Racks
	}
	if o.batch <= 0 {
		o.batch = batchGames
	}
	if !slices.Contains(Methods, o.Method) {
		return i18n.E("leaves.err.method", "Method", o.Method, "Methods", methodList())
	}
	return nil
}

type learner struct {
	opts        LearnOptions
	set, racks  *equity.LeaveSet
	fp          fingerprint
	st          state
	start       time.Time
	lastSave    time.Time
	doneAtStart int
	// lo and hi are the games of each generation this run plays, [lo, hi): all of them (0,
	// Games), or a shard's.
	lo, hi int
	// genBase is the number of generations before the first this run plays (a shard's
	// generation less one): the games' seeds are those of the whole run's generation.
	genBase int
	// shard, for a shard, is the header of the statistics its checkpoints and result are.
	shard *StatsHeader
}

// recorder is one worker's player and what it adds to the totals.
type recorder struct {
	p                    *game.Player
	buf                  [engine.RackSize]lexicon.Tile
	turns, sumSq         int64
	nextTurns, nextSumSq int64
	// pending is, by seat, the leave kept at the seat's last recorded turn (its number; the
	// leave set's length for the empty leave), whose next turn is still to come; -1 none.
	pending [2]int32
}

// GenerationSeed is the seed generation g of a run plays its games from.
func GenerationSeed(seed uint64, g int) uint64 { return game.GameSeed(seed^0x6c656176, g) }

func (l *learner) playGeneration(ctx context.Context) error {
	o := &l.opts
	recs, err := l.recorders()
	if err != nil {
		return err
	}
	if err := l.playGames(ctx, recs); err != nil {
		return err
	}
	l.progress("fit")
	values, rep, err := fitLeaves(l.set, l.racks, l.st.tot, o.Method)
	if err != nil {
		return i18n.Wrap(err, "leaves.err.generation", "Generation", l.st.gen+1)
	}
	l.st.values = values
	l.st.reports = append(l.st.reports, rep)
	l.st.gen++
	l.st.done = l.lo
	l.st.tot.reset()
	return l.save(o.Now())
}

// recorders makes the workers' players for the generation being played, with its table.
func (l *learner) recorders() ([]*recorder, error) {
	o := &l.opts
	table, err := klvOf(l.set, l.st.values)
	if err != nil {
		return nil, err
	}
	cfg := game.SelfPlayConfig{Lexicon: o.Lexicon, Rules: o.Rules, Players: [2]game.Strategy{game.ByEquity, game.ByEquity},
		Leaves: table, Seed: GenerationSeed(o.Seed, l.genBase+l.st.gen)}
	recs := make([]*recorder, max(1, min(o.Workers, l.hi-l.lo)))
	for w := range recs {
		recs[w] = l.newRecorder(cfg)
	}
	return recs, nil
}

// playGames plays the games [l.st.done, l.hi) of the generation l.st.gen on the recorders,
// saving the state at least every CheckpointEvery and when ctx is cancelled.
func (l *learner) playGames(ctx context.Context, recs []*recorder) error {
	o := &l.opts
	chunk := o.batch * len(recs)
	for l.st.done < l.hi {
		end := min(l.hi, l.st.done+chunk)
		if err := playRange(recs, l.st.done, end); err != nil {
			return err
		}
		for _, r := range recs {
			l.st.tot.turns += r.turns
			l.st.tot.sumSq += r.sumSq
			l.st.tot.nextTurns += r.nextTurns
			l.st.tot.nextSumSq += r.nextSumSq
			r.turns, r.sumSq, r.nextTurns, r.nextSumSq = 0, 0, 0, 0
		}
		l.st.done = end
		l.progress("play")
		now := o.Now()
		if ctx.Err() != nil {
			if err := l.save(now); err != nil {
				return err
			}
			return ctx.Err()
		}
		if now.Sub(l.lastSave) >= o.CheckpointEvery {
			if err := l.save(now); err != nil {
				return err
			}
		}
	}
	return nil
}

func (l *learner) newRecorder(cfg game.SelfPlayConfig) *recorder {
	r := &recorder{p: game.NewPlayer(cfg)}
	tot, racks, set := l.st.tot, l.racks, l.set
	minBag := l.opts.MinBag
	r.p.OnTurn = func(g *game.Game, m *engine.Move) {
		seat := g.Turn
		if g.Turns == 0 {
			r.pending = [2]int32{-1, -1} // a new game
		}
		if k := r.pending[seat]; k >= 0 {
			// This seat kept leave k at its last recorded turn: this turn is what it led to.
			r.pending[seat] = -1
			atomic.AddInt64(&tot.nextSums[k], int64(math.Round(m.Equity*fixedScale)))
			atomic.AddUint32(&tot.nextCounts[k], 1)
			q := int64(math.Round(m.Equity * fixedScaleSq))
			r.nextTurns++
			r.nextSumSq += q * q
		}
		rack := g.Rack()
		if g.Bag.Len() < minBag || len(rack) != engine.RackSize {
			return
		}
		w := r.buf[:]
		for i, t := range rack {
			j := i
			for ; j > 0 && w[j-1] > t; j-- {
				w[j] = w[j-1]
			}
			w[j] = t
		}
		idx := racks.IndexSorted(w)
		atomic.AddInt64(&tot.sums[idx], int64(math.Round(m.Equity*fixedScale)))
		atomic.AddUint32(&tot.counts[idx], 1)
		switch n := int(m.LeaveLn); {
		case n == 0:
			r.pending[seat] = int32(set.Len())
		case n <= equity.MaxLeave:
			if k := set.Index(m.Leave[:n]); k >= 0 {
				r.pending[seat] = int32(k)
			}
		}
		q := int64(math.Round(m.Equity * fixedScaleSq))
		r.turns++
		r.sumSq += q * q
	}
	return r
}

// playRange plays games [from, to) on the recorders' players, one goroutine each.
func playRange(recs []*recorder, from, to int) error {
	var (
		next  atomic.Int64
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
	)
	next.Store(int64(from))
	for _, r := range recs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= to {
					return
				}
				if _, err := r.p.PlayGame(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					next.Store(int64(to))
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

func (l *learner) progress(phase string) {
	o := &l.opts
	if o.Progress == nil {
		return
	}
	per := l.hi - l.lo
	done := l.st.gen*per + l.st.done - l.lo
	total := per * o.Generations
	p := Progress{Phase: phase, Generation: min(l.st.gen+1, o.Generations), Generations: o.Generations,
		Games: l.st.done - l.lo, GamesTotal: per, Done: done, Total: total}
	if el := o.Now().Sub(l.start).Seconds(); el > 0 && done > l.doneAtStart {
		p.GamesPerSec = float64(done-l.doneAtStart) / el
		p.ETA = time.Duration(float64(total-done) / p.GamesPerSec * float64(time.Second))
	}
	o.Progress(p)
}

func (l *learner) save(now time.Time) error {
	l.lastSave = now
	if l.opts.Checkpoint == "" {
		return nil
	}
	if l.shard != nil {
		return l.writeShard(l.opts.Checkpoint, now)
	}
	st := l.st
	st.seconds = l.seconds(now)
	return writeCheckpoint(l.opts.Checkpoint, l.fp, &st)
}

// seconds is the run's time so far: the resumed processes' and this one's.
func (l *learner) seconds(now time.Time) float64 {
	return l.st.seconds + max(0, now.Sub(l.start).Seconds())
}

// setsCache keeps the leave and rack sets of the tile sets used, which take a second or two to
// number (the FISE set's racks are 4 million): a process learning shard after shard, merging
// or testing numbers them once. They are read-only.
var setsCache struct {
	sync.Mutex
	m map[string][2]*equity.LeaveSet
}

// leaveSets are the leaves of 1..MaxLeave tiles and the racks of 1..7 of a tile set.
func leaveSets(ts *lexicon.TileSet) (set, racks *equity.LeaveSet, err error) {
	var key strings.Builder
	key.WriteString(ts.Name)
	for t := 0; t < ts.Size(); t++ {
		fmt.Fprintf(&key, ",%d", ts.Count(lexicon.Tile(t)))
	}
	setsCache.Lock()
	defer setsCache.Unlock()
	if s, ok := setsCache.m[key.String()]; ok {
		return s[0], s[1], nil
	}
	if set, err = equity.NewLeaveSet(ts, equity.MaxLeave); err != nil {
		return nil, nil, err
	}
	if racks, err = equity.NewLeaveSet(ts, engine.RackSize); err != nil {
		return nil, nil, err
	}
	if setsCache.m == nil {
		setsCache.m = map[string][2]*equity.LeaveSet{}
	}
	setsCache.m[key.String()] = [2]*equity.LeaveSet{set, racks}
	return set, racks, nil
}
