package puzzles

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// GenOptions say which puzzles to make. They are stored with a run (as JSON) so that --resume
// goes on with the same ones.
type GenOptions struct {
	// Sources: SelfPlay games from Seed; game records (GCG, named by path, their contents
	// checked by SHA-256 on resume), all turns or only Player's where they lost MinLoss equity or
	// more; one position (CGP). At least one.
	SelfPlay  int      `json:"selfplay,omitempty"`
	Seed      uint64   `json:"seed"`
	GCG       []string `json:"gcg,omitempty"`
	GCGSHA256 []string `json:"gcg_sha256,omitempty"`
	Player    string   `json:"player,omitempty"`
	MinLoss   float64  `json:"min_loss,omitempty"`
	CGP       string   `json:"cgp,omitempty"`

	Kinds  []Kind          `json:"kinds,omitempty"`
	Tags   []puzzletag.Tag `json:"tags,omitempty"` // keep puzzles with one of these tags (none: all)
	Deck   string          `json:"deck,omitempty"` // keep puzzles whose answer is a word of this deck
	Margin float64         `json:"margin,omitempty"`
	Accept float64         `json:"accept,omitempty"`
	Verify bool            `json:"verify"`
	Sim    VerifyOptions   `json:"sim"`
	// Exact says which endgame and pre-endgame positions make puzzles (kinds endgame and
	// preendgame).
	Exact ExactOptions `json:"exact,omitempty"`
	// Limit stops the run once this many puzzles are stored (0: no limit).
	Limit int `json:"limit,omitempty"`

	// The lexicon and tile set the run was started under.
	Lexicon string `json:"lexicon"`
	Tiles   string `json:"tiles"`
}

// DefaultMinLoss is the equity a player must have lost on a turn for it to become a puzzle of
// their own mistakes.
const DefaultMinLoss = 5.0

// MaxSelfPlay bounds --selfplay.
const MaxSelfPlay = 1_000_000

// Input is a file's name and contents.
type Input struct {
	Name string
	Data []byte
}

// job is one unit of work, done by one worker: a self-play game, or one position.
type job struct {
	game   int // self-play game index, -1 for a position
	pos    *engine.Position
	ref    string
	source Source
	player string
	played *playedMove
}

// playedMove is what a player did on a game record's turn.
type playedMove struct {
	move   engine.Move
	equity float64
	valid  bool // the equity is known (an exchange of unnamed tiles is not)
}

// Plan is a checked set of jobs: every input has been read, replayed and found good, so a run
// that starts stores nothing half-made.
type Plan struct {
	Options GenOptions
	jobs    []job
	lex     *lexicon.Lexicon
	layout  *engine.Layout
	table   equity.Table
	leaves  equity.Leaves // table.Leaves
	deck    *DeckFilter
	// Notes are remarks on the inputs a player should see (a game played with another
	// lexicon), as catalogue errors.
	Notes []error
}

// Jobs is the number of jobs (games and positions).
func (p *Plan) Jobs() int { return len(p.jobs) }

// NewPlan checks the options and reads every input (the GCG files named in o.GCG, in that
// order): a bad GCG or CGP is an error naming the file and line, before anything is stored.
// deck is the --deck filter (nil for none); table values leaves and is recorded with every
// puzzle (a Table without Leaves is the hand-set model).
func NewPlan(o GenOptions, gcgFiles []Input, lex *lexicon.Lexicon, table equity.Table, deck *DeckFilter) (*Plan, error) {
	ts := lex.Tiles
	layout := engine.StandardLayout()
	if table.Leaves == nil {
		table = equity.HandSet(ts)
	}
	leaves := table.Leaves
	o.Lexicon, o.Tiles = lex.Name, ts.Name
	if o.SelfPlay < 0 || o.SelfPlay > MaxSelfPlay {
		return nil, i18n.E("puzzle.bad_selfplay", "Games", o.SelfPlay, "Max", i18n.Int(MaxSelfPlay))
	}
	if o.SelfPlay == 0 && len(gcgFiles) == 0 && o.CGP == "" {
		return nil, i18n.E("puzzle.no_source")
	}
	if o.Player != "" && len(gcgFiles) == 0 {
		return nil, i18n.E("puzzle.player_without_gcg")
	}
	if o.Player != "" && o.MinLoss == 0 {
		o.MinLoss = DefaultMinLoss
	}
	if o.Limit < 0 {
		return nil, i18n.E("puzzle.bad_limit", "Limit", o.Limit)
	}
	if o.Sim.Disagree != "" && o.Sim.Disagree != DisagreeDrop && o.Sim.Disagree != DisagreeKeep {
		return nil, i18n.E("puzzle.bad_disagree", "Value", o.Sim.Disagree)
	}
	o.Sim = o.Sim.withDefaults()
	if o.Sim.Plies > sim.MaxPlies || o.Sim.Iterations > sim.MaxIterations || o.Sim.Candidates > sim.MaxCandidates {
		return nil, i18n.E("puzzle.bad_sim", "Plies", o.Sim.Plies, "Iterations", o.Sim.Iterations, "Candidates", o.Sim.Candidates)
	}
	if len(o.Kinds) == 0 {
		o.Kinds = slices.Clone(Kinds)
	}
	if deck != nil {
		o.Deck = deck.Name
	}
	p := &Plan{lex: lex, layout: layout, table: table, leaves: leaves, deck: deck}
	for i := range o.SelfPlay {
		p.jobs = append(p.jobs, job{game: i, source: SourceSelfPlay, ref: fmt.Sprintf("seed %d, game %d", o.Seed, i+1)})
	}
	// Game records: every turn of the file (or of the player) with a full rack known and at
	// least MinBag tiles in the bag.
	hashes := make([]string, len(gcgFiles))
	for fi, in := range gcgFiles {
		sum := sha256.Sum256(in.Data)
		hashes[fi] = hex.EncodeToString(sum[:])
		if len(o.GCGSHA256) > fi && o.GCGSHA256[fi] != hashes[fi] {
			return nil, i18n.E("puzzle.gcg_changed", "File", in.Name)
		}
		jobs, notes, err := gcgJobs(in, o, lex, layout, leaves)
		if err != nil {
			return nil, err
		}
		p.jobs = append(p.jobs, jobs...)
		p.Notes = append(p.Notes, notes...)
	}
	o.GCG = o.GCG[:0]
	for _, in := range gcgFiles {
		o.GCG = append(o.GCG, in.Name)
	}
	o.GCGSHA256 = hashes
	if o.CGP != "" {
		pos, err := engine.ParseCGP(o.CGP, ts, layout)
		if err != nil {
			return nil, i18n.Wrap(err, "puzzle.bad_cgp")
		}
		if len(pos.Racks[0]) == 0 {
			return nil, i18n.E("puzzle.cgp_no_rack")
		}
		p.jobs = append(p.jobs, job{game: -1, pos: pos, source: SourceCGP})
	}
	p.Options = o
	return p, nil
}

// gcgJobs reads one game record and makes its turns into jobs.
func gcgJobs(in Input, o GenOptions, lex *lexicon.Lexicon, layout *engine.Layout, leaves equity.Leaves) ([]job, []error, error) {
	ts := lex.Tiles
	g, err := gcg.Read(bytes.NewReader(in.Data), in.Name, ts)
	if err != nil {
		return nil, nil, err // names the file and the line
	}
	// A game of another tile set makes no puzzles of this one (its scores would not even
	// replay); a game of another lexicon does, judged by this one, and the player is told.
	if g.ForeignDistribution(ts) {
		return nil, nil, &gcg.Error{File: in.Name, Reason: i18n.E("puzzle.gcg_other_distribution", "Ld", g.Distribution(), "Set", ts.Name)}
	}
	notes := g.Notes(ts, lex.Name)
	// The whole game must replay: a bad line late in the file stops the run before it starts.
	if _, err := g.Replay(ts, layout, -1); err != nil {
		return nil, nil, err // names the file and the line
	}
	who := -1
	if o.Player != "" {
		for i, pl := range g.Players {
			if strings.EqualFold(pl.Nick, o.Player) || strings.EqualFold(pl.Name, o.Player) {
				who = i
			}
		}
		if who < 0 {
			return nil, nil, i18n.E("puzzle.gcg_no_player", "File", in.Name, "Player", o.Player,
				"Players", g.Players[0].Nick+", "+g.Players[1].Nick)
		}
	}
	var jobs []job
	for i := range g.Events {
		ev := &g.Events[i]
		if ev.Kind != gcg.Play && ev.Kind != gcg.Exchange && ev.Kind != gcg.Pass {
			continue
		}
		if who >= 0 && ev.Player != who {
			continue
		}
		if len(ev.Rack) != engine.RackSize && !o.wantsExact() {
			continue
		}
		pos, err := g.Replay(ts, layout, i)
		if err != nil {
			return nil, nil, err
		}
		hidden := *pos
		hidden.Racks[1] = nil
		bag := hidden.BagCount()
		if bag < MinBag && !o.wantsExactAt(bag) {
			continue
		}
		pos.Racks[1] = nil
		pos.SetOpcode("lex", lex.Name)
		j := job{game: -1, pos: pos, source: SourceGCG, ref: fmt.Sprintf("%s:%d", in.Name, ev.Line),
			player: g.Players[ev.Player].Nick}
		if who >= 0 {
			pm, err := playedEquity(g, i, pos, lex, leaves)
			if err != nil {
				return nil, nil, err
			}
			if !pm.valid {
				continue
			}
			j.played = pm
		}
		jobs = append(jobs, j)
	}
	return jobs, notes, nil
}

// playedEquity is the equity of the move of event i (a withdrawn phony kept the rack and scored
// nothing: a pass).
func playedEquity(g *gcg.Game, i int, pos *engine.Position, lex *lexicon.Lexicon, leaves equity.Leaves) (*playedMove, error) {
	ts := lex.Tiles
	ev := &g.Events[i]
	rack := pos.Racks[0]
	pm := &playedMove{valid: true}
	withdrawn := i+1 < len(g.Events) && g.Events[i+1].Kind == gcg.PhonyReturned && g.Events[i+1].Player == ev.Player
	var leave []lexicon.Tile
	switch {
	case ev.Kind == gcg.Play && !withdrawn:
		v := engine.Check(pos.Board, &ev.Move, ts, nil, rack)
		if !v.Legal {
			return nil, &gcg.Error{File: g.File, Line: ev.Line, Reason: i18n.E("puzzle.gcg_illegal", "Move", engine.FormatMove(&ev.Move, nil, ts), "Err", v.Problems[0].Reason)}
		}
		pm.move = v.Move
		var ok bool
		if leave, ok = analysis.LeaveAfter(rack, &v.Move); !ok {
			return nil, &gcg.Error{File: g.File, Line: ev.Line, Reason: i18n.E("puzzle.gcg_not_on_rack", "Move", engine.FormatMove(&v.Move, pos.Board, ts), "Rack", ts.Notation(rack))}
		}
		pm.equity = float64(v.Score)
	case ev.Kind == gcg.Exchange:
		if ev.Move.Len == 0 {
			pm.valid = false // tiles not named
			return pm, nil
		}
		pm.move = ev.Move
		var ok bool
		if leave, ok = analysis.LeaveAfter(rack, &ev.Move); !ok {
			return nil, &gcg.Error{File: g.File, Line: ev.Line, Reason: i18n.E("puzzle.gcg_not_on_rack", "Move", engine.FormatMove(&ev.Move, nil, ts), "Rack", ts.Notation(rack))}
		}
	default: // a pass, or a play taken back
		pm.move = engine.Move{Kind: engine.Pass}
		if withdrawn {
			pm.move = ev.Move
			pm.move.Score = 0
		}
		leave = rack
	}
	if len(leave) > 0 {
		pm.equity += leaves.LeaveValue(leave)
	}
	return pm, nil
}

// Generator runs plans into the store.
type Generator struct {
	Store *studystore.Store
	// Workers: jobs done at once (0: one per CPU).
	Workers int
	// Now is the clock for commit pacing (nil: time.Now).
	Now func() time.Time
	// Progress, if set, is told after each commit: jobs done (in order) of the plan's, and
	// puzzles stored so far in this call.
	Progress func(done, jobs, stored int)
	// CommitEvery: finished jobs are committed at least this often (0: DefaultCommitEvery).
	CommitEvery time.Duration
}

// DefaultCommitEvery is how often finished jobs are committed: a run killed at any moment
// loses at most this much finished work and the jobs in progress (a self-play game with
// simulation takes seconds).
const DefaultCommitEvery = 2 * time.Second

// Summary is what a Run did.
type Summary struct {
	RunID      int64
	Jobs, Done int // the plan's jobs; done counts the ones before this call too
	Positions  int // positions analysed
	Stored     []*Puzzle
	Duplicates int // positions already stored
	Dropped    int // best-play puzzles left out because the simulation disagreed
	Replaced   int // kept with the simulated winner
	Filtered   int // left out by --tag or --deck
	// SimIterations counts the simulation iterations run (every candidate once each).
	SimIterations int
	Finished      bool
	// Leaves is the leave table the puzzles were made with (each records it).
	Leaves equity.TableInfo
}

type jobResult struct {
	index                                  int
	puzzles                                []*Puzzle
	positions, dropped, replaced, filtered int
	simIterations                          int
	err                                    error
}

// Run does plan's jobs from job from (a resumed run's checkpoint) on, committing puzzles in job
// order with the run's checkpoint, and marks the run finished at the end (or when
// Options.Limit puzzles are stored). runID 0 starts a new run. When ctx is cancelled, jobs in
// progress are abandoned (a resume does them again), what finished is committed, and the
// summary comes back with ctx's error.
func (gn *Generator) Run(ctx context.Context, plan *Plan, runID int64, from int, storedBefore int) (*Summary, error) {
	now := gn.Now
	if now == nil {
		now = time.Now
	}
	if runID == 0 {
		opts, err := json.Marshal(plan.Options)
		if err != nil {
			return nil, err
		}
		if runID, err = gn.Store.StartPuzzleRun(ctx, opts, len(plan.jobs)); err != nil {
			return nil, err
		}
	}
	sum := &Summary{RunID: runID, Jobs: len(plan.jobs), Done: from, Leaves: plan.table.Info}
	every := gn.CommitEvery
	if every <= 0 {
		every = DefaultCommitEvery
	}
	workers := gn.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(plan.jobs)-from))
	o := plan.Options
	limit := o.Limit
	stored := storedBefore

	// Workers take job indexes in order; results come back in any order and are committed in
	// job order.
	jobCh := make(chan int)
	resCh := make(chan jobResult)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := newGenWorker(plan)
			for i := range jobCh {
				r := jobResult{index: i, err: err}
				if err == nil {
					r = w.do(wctx, i)
				}
				resCh <- r
			}
		}()
	}
	go func() {
		defer close(jobCh)
		// Few jobs ahead of the oldest unfinished one, so the results waiting stay few.
		for i := from; i < len(plan.jobs); i++ {
			select {
			case jobCh <- i:
			case <-wctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(resCh) }()

	pending := map[int]jobResult{}
	next := from
	var batch []*Puzzle
	batchDropped := 0
	lastCommit := now()
	var runErr error
	finished := false
	commit := func(final bool) error {
		if len(batch) == 0 && next == sum.Done && !final {
			return nil
		}
		recs := make([]studystore.PuzzleRecord, len(batch))
		for i, pz := range batch {
			rec, err := pz.record(plan.lex.Tiles)
			if err != nil {
				return err
			}
			recs[i] = rec
		}
		// Committed even once ctx is cancelled: what finished before Ctrl-C is kept.
		ids, err := gn.Store.CommitPuzzles(context.WithoutCancel(ctx), studystore.PuzzleCommit{RunID: runID, Done: next, Dropped: batchDropped,
			Finish: final, Puzzles: recs})
		if err != nil {
			return err
		}
		for i, id := range ids {
			if id == 0 {
				sum.Duplicates++
				continue
			}
			batch[i].ID = id
			sum.Stored = append(sum.Stored, batch[i])
			stored++
		}
		sum.Done = next
		batch, batchDropped = batch[:0], 0
		lastCommit = now()
		if gn.Progress != nil {
			gn.Progress(next, len(plan.jobs), len(sum.Stored))
		}
		return nil
	}
	for r := range resCh {
		if runErr != nil || finished {
			continue // drain
		}
		if r.err != nil {
			if !errors.Is(r.err, context.Canceled) || ctx.Err() == nil {
				runErr = r.err
			}
			cancel()
			continue
		}
		pending[r.index] = r
		for {
			pr, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			sum.Positions += pr.positions
			sum.Dropped += pr.dropped
			sum.Replaced += pr.replaced
			sum.Filtered += pr.filtered
			sum.SimIterations += pr.simIterations
			batchDropped += pr.dropped + pr.filtered
			for _, pz := range pr.puzzles {
				if limit > 0 && stored+len(batch) >= limit {
					break
				}
				pz.Leaves = plan.table.Info
				batch = append(batch, pz)
			}
		}
		// Once the limit is reached the run ends (a duplicate among the last puzzles may leave
		// it a little short).
		full := limit > 0 && stored+len(batch) >= limit
		if full || next == len(plan.jobs) || now().Sub(lastCommit) >= every {
			if err := commit(false); err != nil {
				runErr = err
				cancel()
				continue
			}
			if next == len(plan.jobs) || full {
				finished = true
				cancel()
			}
		}
	}
	if runErr != nil {
		return sum, runErr
	}
	finished = finished || next == len(plan.jobs)
	// What finished before an interruption is kept.
	if err := commit(finished); err != nil {
		return sum, err
	}
	sum.Finished = finished
	if !finished && ctx.Err() != nil {
		return sum, ctx.Err()
	}
	return sum, nil
}

// genWorker is one goroutine's analyzer, simulator and game.
type genWorker struct {
	plan *Plan
	an   *Analyzer
	sim  *sim.Simulator
	game *game.Game
	ex   *exactAnalyzer // endgame and pre-endgame puzzles, when wanted
}

func newGenWorker(plan *Plan) (*genWorker, error) {
	o := plan.Options
	w := &genWorker{plan: plan}
	w.an = NewAnalyzer(plan.lex, plan.layout, plan.leaves, AnalyzeOptions{Kinds: o.Kinds, Margin: o.Margin, Accept: o.Accept})
	if o.Verify {
		cfg := o.Sim.SimConfig()
		cfg.Lexicon, cfg.Layout, cfg.Leaves = plan.lex, plan.layout, plan.leaves
		s, err := sim.New(cfg)
		if err != nil {
			return nil, err
		}
		w.sim = s
	}
	w.game = game.New(plan.lex.Tiles, plan.layout, game.FILERules, 0)
	if o.wantsExact() {
		ex, err := newExactAnalyzer(plan.lex, plan.layout, plan.leaves, o.Exact)
		if err != nil {
			return nil, err
		}
		w.ex = ex
	}
	return w, nil
}

// do runs job i.
func (w *genWorker) do(ctx context.Context, i int) jobResult {
	r := jobResult{index: i}
	j := &w.plan.jobs[i]
	if j.game < 0 && w.ex != nil && j.pos.BagCount() <= 1 {
		pz, err := w.exactPuzzle(ctx, j.pos, j, &r)
		r.err = err
		if pz != nil {
			r.puzzles = append(r.puzzles, pz)
		}
		return r
	}
	if j.game < 0 {
		pz, err := w.position(ctx, j.pos, j, i, 0, &r)
		r.err = err
		if pz != nil {
			r.puzzles = append(r.puzzles, pz)
		}
		return r
	}
	// A self-play game: both players the equity player, until the bag holds fewer than MinBag
	// tiles (equity puzzles stop there), or to the end for endgame and pre-endgame puzzles.
	g := w.game
	seed := game.GameSeed(w.plan.Options.Seed, j.game)
	g.Reset(seed)
	if w.ex != nil {
		w.ex.solver.Reset() // a game's solves depend on that game alone
	}
	for turn := 0; !g.Over() && (g.Bag.Len() >= MinBag || w.ex != nil); turn++ {
		if err := ctx.Err(); err != nil {
			r.err = err
			return r
		}
		pos := g.Position()
		pos.SetOpcode("lex", w.plan.lex.Name)
		jt := *j
		jt.ref = fmt.Sprintf("%s, turn %d", j.ref, turn+1)
		var pz *Puzzle
		var best engine.Move
		var err error
		if g.Bag.Len() >= MinBag && w.plan.Options.wantsEquity() {
			pz, best, err = w.positionBest(ctx, pos, &jt, i, turn, &r)
		} else {
			pz, best, err = w.exactTurn(ctx, pos, &jt, &r)
		}
		if err != nil {
			r.err = err
			return r
		}
		if pz != nil {
			r.puzzles = append(r.puzzles, pz)
		}
		if err := g.Apply(&best); err != nil {
			r.err = fmt.Errorf("self-play game %d (seed %d), turn %d: %w", j.game+1, seed, turn+1, err)
			return r
		}
	}
	return r
}

func (w *genWorker) position(ctx context.Context, pos *engine.Position, j *job, i, turn int, r *jobResult) (*Puzzle, error) {
	pz, _, err := w.positionBest(ctx, pos, j, i, turn, r)
	return pz, err
}

// positionBest analyses one position: its puzzle if it makes one that passes the filters and
// the simulation, and the engine's best play there.
func (w *genWorker) positionBest(ctx context.Context, pos *engine.Position, j *job, i, turn int, r *jobResult) (*Puzzle, engine.Move, error) {
	o := &w.plan.Options
	ts := w.plan.lex.Tiles
	an := w.an.Analyze(pos)
	r.positions++
	pz := an.Puzzle
	if pz == nil {
		return nil, an.Best, nil
	}
	pz.Source, pz.SourceRef, pz.Player = j.source, j.ref, j.player
	if j.played != nil {
		best := an.Top[0].Equity
		loss := best - j.played.equity
		if loss < o.MinLoss {
			return nil, an.Best, nil
		}
		p := w.an.play(pos.Board, &j.played.move, best)
		p.Equity, p.Loss = num.Round2(j.played.equity), num.Round2(loss)
		pz.Played = &p
	}
	if !w.keep(pz, ts) {
		r.filtered++
		return nil, an.Best, nil
	}
	if o.Verify && pz.Kind == KindBest {
		keep, err := w.an.Verify(ctx, w.sim, an, o.Sim, game.GameSeed(o.Seed^0x51ab, i*1000+turn))
		if err != nil {
			return nil, an.Best, err
		}
		if pz.Sim != nil {
			r.simIterations += pz.Sim.Iterations
		}
		if !keep {
			r.dropped++
			return nil, an.Best, nil
		}
		if pz.Sim.Outcome == Replaced {
			r.replaced++
			if !w.keep(pz, ts) {
				r.filtered++
				return nil, an.Best, nil
			}
		}
	}
	return pz, an.Best, nil
}

// keep applies --tag and --deck.
func (w *genWorker) keep(pz *Puzzle, ts *lexicon.TileSet) bool {
	o := &w.plan.Options
	if len(o.Tags) > 0 && !slices.ContainsFunc(o.Tags, pz.HasTag) {
		return false
	}
	if w.plan.deck != nil && !w.plan.deck.Match(pz, ts) {
		return false
	}
	return true
}
