package fsrsfit

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
)

// Config is the optimizer's settings; the zero value is fsrs-rs's defaults.
type Config struct {
	Epochs       int     // passes over the reviews (5)
	BatchSize    int     // predictions per Adam step (512)
	LearningRate float64 // Adam's starting rate, annealed to 0 on a cosine (0.04)
	Gamma        float64 // strength of the pull towards the starting parameters (1)
	MaxSeqLen    int     // reviews of a card beyond this are not predicted (256)
	Seed         uint64  // the order of the batches (2023)
	// MinSteps: a small log gets more epochs, so that Adam takes at least this many steps
	// (2000; fsrs-rs stops at five epochs however few batches there are, well short of the
	// optimum on a few thousand reviews).
	MinSteps int
}

func (c Config) withDefaults() Config {
	if c.Epochs <= 0 {
		c.Epochs = 5
	}
	if c.BatchSize <= 0 {
		c.BatchSize = 512
	}
	if c.LearningRate <= 0 {
		c.LearningRate = 0.04
	}
	if c.Gamma == 0 {
		c.Gamma = 1
	}
	if c.MaxSeqLen <= 0 {
		c.MaxSeqLen = 256
	}
	if c.Seed == 0 {
		c.Seed = 2023
	}
	if c.MinSteps == 0 {
		c.MinSteps = 2000
	}
	return c
}

// Outcome says how a fit ended.
type Outcome string

const (
	// Defaulted: fewer than MinItems predictions; the result is FSRS-6's defaults.
	Defaulted Outcome = "defaults"
	// Initialized: enough to estimate the initial stabilities only (fewer than MinTrainItems
	// predictions, or none beyond each card's first long-term review).
	Initialized Outcome = "initial_stability"
	// Optimized: every parameter fitted.
	Optimized Outcome = "optimized"
)

// The least data each stage needs (fsrs-rs's thresholds).
const (
	MinItems      = 8
	MinTrainItems = 64
)

// Result is a fit.
type Result struct {
	Weights []float64
	Outcome Outcome
	Items   int // predictions trained on (after the outlier filter)
}

// Fit fits FSRS-6 to the items of l (time-ordered; the reviews before each item are its history).
// progress, if not nil, hears the Adam steps done of the total.
func Fit(ctx context.Context, l *Log, items []Item, cfg Config, progress func(done, total int)) (Result, error) {
	cfg = cfg.withDefaults()
	init, train := l.prepare(items)
	if len(train) < MinItems {
		return Result{Weights: Defaults(), Outcome: Defaulted, Items: len(train)}, nil
	}
	recalled := 0
	for _, it := range train {
		if l.rating[l.at(it)] > 1 {
			recalled++
		}
	}
	s0, counts, err := l.initialStability(init, float64(recalled)/float64(len(train)))
	if err != nil {
		return Result{Weights: Defaults(), Outcome: Defaulted, Items: len(train)}, nil
	}
	start := Defaults()
	copy(start, s0[:])
	if len(train) == len(init) || len(train) < MinTrainItems {
		return Result{Weights: start, Outcome: Initialized, Items: len(train)}, nil
	}
	w, err := l.adam(ctx, train, start, cfg, progress)
	if err != nil {
		return Result{}, err
	}
	// The fitted initial stabilities are put in order again, as after the first estimate.
	fitted := map[int]float64{1: w[0], 2: w[1], 3: w[2], 4: w[3]}
	if s, err := smoothAndFill(fitted, counts); err == nil {
		copy(w, s[:])
	}
	return Result{Weights: w, Outcome: Optimized, Items: len(train)}, nil
}

// longTerm counts the reviews up to and including review k of card c that came a day or more
// after the one before.
func (l *Log) longTerm(c int32, k int32) int {
	s := l.cards[c].start
	n := 0
	for i := s + 1; i <= s+k; i++ {
		if l.delta[i] > 0 {
			n++
		}
	}
	return n
}

// prepare splits the items into those that estimate the initial stabilities (each card's first
// long-term review, outliers left out) and those trained on (all but the cards whose first
// long-term review is an outlier), as fsrs-rs does: for each first rating, the rarest intervals
// until the first long-term review, 5% of the cards at least 20, are outliers, and so are
// intervals seen fewer than 6 times or longer than 100 days (365 after an Easy).
func (l *Log) prepare(items []Item) (init, train []Item) {
	type firstLong struct {
		rating int8
		delta  int32
	}
	first := func(it Item) firstLong {
		s := l.cards[it.Card].start
		for i := s + 1; i < l.cards[it.Card].end; i++ {
			if l.delta[i] > 0 {
				return firstLong{l.rating[s], l.delta[i]}
			}
		}
		return firstLong{l.rating[s], 0}
	}
	groups := map[int8]map[int32][]int{} // first rating → delta → init item indexes
	for i, it := range items {
		if l.longTerm(it.Card, it.Index) == 1 {
			f := first(it)
			if groups[f.rating] == nil {
				groups[f.rating] = map[int32][]int{}
			}
			groups[f.rating][f.delta] = append(groups[f.rating][f.delta], i)
		}
	}
	removed := map[firstLong]bool{}
	var kept []int
	for rating := int8(1); rating <= 4; rating++ {
		byDelta := groups[rating]
		type sub struct {
			delta int32
			idx   []int
		}
		var subs []sub
		total := 0
		for d, idx := range byDelta {
			subs = append(subs, sub{d, idx})
			total += len(idx)
		}
		slices.SortFunc(subs, func(a, b sub) int {
			return cmp.Or(cmp.Compare(len(b.idx), len(a.idx)), cmp.Compare(b.delta, a.delta))
		})
		limit := int32(100)
		if rating == 4 {
			limit = 365
		}
		gone := 0
		for i := len(subs) - 1; i >= 0; i-- {
			s := subs[i]
			if gone+len(s.idx) >= max(20, total/20) {
				if len(s.idx) >= 6 && s.delta <= limit {
					kept = append(kept, s.idx...)
				} else {
					removed[firstLong{rating, s.delta}] = true
				}
			} else {
				gone += len(s.idx)
				removed[firstLong{rating, s.delta}] = true
			}
		}
	}
	slices.Sort(kept)
	for _, i := range kept {
		init = append(init, items[i])
	}
	for _, it := range items {
		if !removed[first(it)] {
			train = append(train, it)
		}
	}
	return init, train
}

// initialStability estimates w0..w3, the stability after a first review of each rating, from
// how often the first long-term review was recalled after each interval: for each first rating
// the stability that best fits those recall rates under FSRS-6's default curve (a ternary
// search on cross-entropy, Laplace-smoothed towards the average recall, with a small pull to the
// default), then put in order and filled in for ratings never seen first.
func (l *Log) initialStability(init []Item, averageRecall float64) ([4]float64, map[int]int, error) {
	type stat struct{ recalled, count float64 }
	groups := map[int]map[int32]*stat{}
	counts := map[int]int{}
	for _, it := range init {
		s := l.cards[it.Card].start
		r := int(l.rating[s])
		i := l.at(it)
		if groups[r] == nil {
			groups[r] = map[int32]*stat{}
		}
		st := groups[r][l.delta[i]]
		if st == nil {
			st = &stat{}
			groups[r][l.delta[i]] = st
		}
		st.count++
		if l.rating[i] > 1 {
			st.recalled++
		}
		counts[r]++
	}
	def := Defaults()
	decay := -def[20]
	factor := math.Pow(0.9, 1/decay) - 1
	found := map[int]float64{}
	for r, byDelta := range groups {
		type point struct{ t, recall, count float64 }
		var pts []point
		for d, st := range byDelta {
			pts = append(pts, point{float64(d), (st.recalled + averageRecall) / (st.count + 1), st.count})
		}
		slices.SortFunc(pts, func(a, b point) int { return cmp.Compare(a.t, b.t) })
		defS := def[r-1]
		loss := func(s float64) float64 {
			total := 0.0
			for _, p := range pts {
				pred := math.Pow(1+factor*p.t/s, decay)
				total -= (p.recall*math.Log(pred) + (1-p.recall)*math.Log(1-pred)) * p.count
			}
			return total + math.Abs(s-defS)/16
		}
		lo, hi := sMin, initSMax
		best := defS
		for iter := 0; hi-lo > 0x1p-52 && iter < 1000; iter++ {
			m1 := lo + (hi-lo)/3
			m2 := hi - (hi-lo)/3
			if loss(m1) < loss(m2) {
				hi = m2
			} else {
				lo = m1
			}
			best = (lo + hi) / 2
		}
		found[r] = best
	}
	s0, err := smoothAndFill(found, counts)
	return s0, counts, err
}

// errNoFirstReviews is returned when no first long-term review says anything.
var errNoFirstReviews = errorString("no first long-term reviews")

type errorString string

func (e errorString) Error() string { return string(e) }

// smoothAndFill orders the initial stabilities (a harder first rating never remembers longer:
// of two out of order, the one seen less takes the other's value) and fills in the ratings never
// seen first from those that were, on the log scale as fsrs-rs does.
func smoothAndFill(found map[int]float64, counts map[int]int) ([4]float64, error) {
	st := map[int]float64{}
	for r, v := range found {
		if counts[r] > 0 {
			st[r] = v
		}
	}
	for _, p := range [][2]int{{1, 2}, {2, 3}, {3, 4}, {1, 3}, {2, 4}, {1, 4}} {
		small, big := p[0], p[1]
		sv, ok1 := st[small]
		bv, ok2 := st[big]
		if ok1 && ok2 && sv > bv {
			if counts[small] > counts[big] {
				st[big] = sv
			} else {
				st[small] = bv
			}
		}
	}
	const w1, w2 = 0.41, 0.54
	def := Defaults()
	var out [4]float64
	get := func(r int) (float64, bool) { v, ok := st[r]; return v, ok }
	r1, has1 := get(1)
	r2, has2 := get(2)
	r3, has3 := get(3)
	r4, has4 := get(4)
	pow := math.Pow
	switch len(st) {
	case 0:
		return out, errNoFirstReviews
	case 1:
		var r int
		for k := range st {
			r = k
		}
		f := st[r] / def[r-1]
		vals := []float64{def[0] * f, def[1] * f, def[2] * f, def[3] * f}
		slices.Sort(vals)
		copy(out[:], vals)
	case 2:
		switch {
		case !has1 && !has2:
			r2 = pow(r3, 1/(1-w2)) * pow(r4, 1-1/(1-w2))
			r1 = pow(r2, 1/w1) * pow(r3, 1-1/w1)
		case !has1 && !has3:
			r3 = pow(r2, 1-w2) * pow(r4, w2)
			r1 = pow(r2, 1/w1) * pow(r3, 1-1/w1)
		case !has1 && !has4:
			r4 = pow(r2, 1-1/w2) * pow(r3, 1/w2)
			r1 = pow(r2, 1/w1) * pow(r3, 1-1/w1)
		case !has2 && !has3:
			k := w1 / (w1 + w2 - w1*w2)
			r2 = pow(r1, k) * pow(r4, 1-k)
			k3 := w2 / (w1 + w2 - w1*w2)
			r3 = pow(r1, 1-k3) * pow(r4, k3)
		case !has2 && !has4:
			r2 = pow(r1, w1) * pow(r3, 1-w1)
			r4 = pow(r2, 1-1/w2) * pow(r3, 1/w2)
		case !has3 && !has4:
			r3 = pow(r1, 1-1/(1-w1)) * pow(r2, 1/(1-w1))
			r4 = pow(r2, 1-1/w2) * pow(r3, 1/w2)
		}
		out = [4]float64{r1, r2, r3, r4}
	case 3:
		switch {
		case !has1:
			r1 = pow(r2, 1/w1) * pow(r3, 1-1/w1)
		case !has2:
			r2 = pow(r1, w1) * pow(r3, 1-w1)
		case !has3:
			r3 = pow(r2, 1-w2) * pow(r4, w2)
		case !has4:
			r4 = pow(r2, 1-1/w2) * pow(r3, 1/w2)
		}
		out = [4]float64{r1, r2, r3, r4}
	default:
		out = [4]float64{r1, r2, r3, r4}
	}
	for i := range out {
		out[i] = clamp(out[i], sMin, initSMax)
	}
	return out, nil
}

// batch is the cards of one Adam step, each predicted at its items.
type batch struct {
	cards []int32 // indexes in the log's cards
	ends  []int32 // review index (exclusive) up to which each card is run
	preds int
}

// adam runs fsrs-rs's training loop: recency weights 0.25 + 0.75·(i/n)³ on the items in time
// order, the items grouped by card into batches of about BatchSize predictions, the batches in a
// seeded random order each epoch, Adam with a cosine-annealed rate, parameters clipped after
// each step.
func (l *Log) adam(ctx context.Context, train []Item, start []float64, cfg Config, progress func(done, total int)) ([]float64, error) {
	weight := make([]float64, len(l.rating))
	n := float64(max(len(train)-1, 1))
	total := 0
	lastOf := map[int32]int32{}
	for i, it := range train {
		if it.Index+1 > int32(cfg.MaxSeqLen) {
			continue
		}
		weight[l.at(it)] = 0.25 + 0.75*math.Pow(float64(i)/n, 3)
		total++
		if it.Index+1 > lastOf[it.Card] {
			lastOf[it.Card] = it.Index + 1
		}
	}
	if total == 0 {
		return start, nil
	}
	// Cards ordered by how far they run (then by index), packed into batches.
	type cardRun struct {
		card, end int32
		preds     int
	}
	runs := make([]cardRun, 0, len(lastOf))
	predsOf := map[int32]int{}
	for _, it := range train {
		if weight[l.at(it)] > 0 {
			predsOf[it.Card]++
		}
	}
	for c, e := range lastOf {
		runs = append(runs, cardRun{c, e, predsOf[c]})
	}
	slices.SortFunc(runs, func(a, b cardRun) int { return cmp.Or(cmp.Compare(a.end, b.end), cmp.Compare(a.card, b.card)) })
	var batches []batch
	var cur batch
	for _, r := range runs {
		if len(cur.cards) > 0 && cur.preds+r.preds > cfg.BatchSize {
			batches = append(batches, cur)
			cur = batch{}
		}
		cur.cards = append(cur.cards, r.card)
		cur.ends = append(cur.ends, r.end)
		cur.preds += r.preds
	}
	if len(cur.cards) > 0 {
		batches = append(batches, cur)
	}
	maxLen := 0
	for _, r := range runs {
		maxLen = max(maxLen, int(r.end))
	}
	cache := make([]stepCache, maxLen)

	w := slices.Clone(start)
	clip(w)
	if len(batches)*cfg.Epochs < cfg.MinSteps {
		cfg.Epochs = (cfg.MinSteps + len(batches) - 1) / len(batches)
	}
	iterations := float64((total/cfg.BatchSize + 1) * cfg.Epochs)
	sched := cosine{tMax: iterations, initLR: cfg.LearningRate, lr: cfg.LearningRate, step: -1}
	var opt adamState
	rng := rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5851f42d4c957f2d))
	order := make([]int, len(batches))
	steps, allSteps := 0, len(batches)*cfg.Epochs
	for epoch := 0; epoch < cfg.Epochs; epoch++ {
		for i := range order {
			order[i] = i
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, bi := range order {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			b := &batches[bi]
			lr := sched.next()
			m := newModel(w)
			var g [NumWeights]float64
			for j, c := range b.cards {
				s := l.cards[c].start
				e := s + b.ends[j]
				m.cardLossGrad(l.rating[s:e], l.delta[s:e], weight[s:e], cache, &g)
			}
			scale := cfg.Gamma * float64(b.preds) / float64(total)
			for i := range g {
				g[i] += 2 * (w[i] - start[i]) / (paramSpread[i] * paramSpread[i]) * scale
			}
			opt.step(w, &g, lr)
			clip(w)
			steps++
			if progress != nil {
				progress(steps, allSteps)
			}
		}
	}
	return w, nil
}

// adamState is Adam (β1 0.9, β2 0.999, ε 1e-8).
type adamState struct {
	m, v [NumWeights]float64
	t    int
}

func (a *adamState) step(w []float64, g *[NumWeights]float64, lr float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.t++
	c1 := 1 - math.Pow(b1, float64(a.t))
	c2 := 1 - math.Pow(b2, float64(a.t))
	for i := range w {
		a.m[i] = b1*a.m[i] + (1-b1)*g[i]
		a.v[i] = b2*a.v[i] + (1-b2)*g[i]*g[i]
		w[i] -= lr * (a.m[i] / c1) / (math.Sqrt(a.v[i]/c2) + eps)
	}
}

// cosine is PyTorch's recursive CosineAnnealingLR (η_min 0), as fsrs-rs steps it.
type cosine struct {
	tMax, initLR, lr, step float64
}

func (c *cosine) next() float64 {
	c.step++
	switch {
	case c.step == 0:
		c.lr = c.initLR
	case math.Mod(c.step-1-c.tMax, 2*c.tMax) == 0:
		c.lr = c.initLR * (1 - math.Cos(math.Pi/c.tMax)) / 2
	default:
		c.lr = (1 + math.Cos(math.Pi*c.step/c.tMax)) / (1 + math.Cos(math.Pi*(c.step-1)/c.tMax)) * c.lr
	}
	return c.lr
}
