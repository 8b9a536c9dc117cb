package leaves

import (
	"math"
	"runtime"
	"strings"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// fixedScale turns an equity into the integer the totals add up: sums of integers do not depend
// on the order games finish in, so a run is the same whatever its workers did.
const (
	fixedScale   = 1024
	fixedScaleSq = 16 // for the sum of squares, which would overflow at 1024
)

// totals is what a generation's games recorded: for each rack of seven (by its number in the
// rack set) the sum of the best play's equities and how many turns held it, with the number and
// sum of squares of the equities recorded; and for each leave kept (by its number in the leave
// set; the empty leave last) the sum of the equities of the same player's next turn and how
// many next turns there were, with their number and sum of squares. All integers: sums of
// integers do not depend on the order games finish in, nor on how they were split into shards.
type totals struct {
	sums   []int64  // by rack number, equity × fixedScale
	counts []uint32 // by rack number
	turns  int64
	sumSq  int64 // Σ (equity × fixedScaleSq)²

	nextSums   []int64  // by leave number (len leaves+1: the empty leave last), equity × fixedScale
	nextCounts []uint32 // by leave number
	nextTurns  int64
	nextSumSq  int64 // Σ (next turn's equity × fixedScaleSq)²
}

func newTotals(racks, leaves int) *totals {
	return &totals{sums: make([]int64, racks), counts: make([]uint32, racks),
		nextSums: make([]int64, leaves+1), nextCounts: make([]uint32, leaves+1)}
}

func (t *totals) reset() {
	clear(t.sums)
	clear(t.counts)
	clear(t.nextSums)
	clear(t.nextCounts)
	t.turns, t.sumSq, t.nextTurns, t.nextSumSq = 0, 0, 0, 0
}

// FitReport says what a generation's fit found, in points.
type FitReport struct {
	Turns int64 `json:"turns"` // turns recorded (racks of seven with tiles in the bag)
	Racks int   `json:"racks"` // distinct racks among them
	// Baseline is the mean best-play equity of a rack drawn at random (the value of keeping
	// nothing); leave values are relative to it.
	Baseline float64 `json:"baseline"`
	// WithinSD is the spread of the equity a rack gets from turn to turn, BetweenSD the spread of
	// racks' means around each other.
	WithinSD  float64 `json:"within_sd"`
	BetweenSD float64 `json:"between_sd"`
	// Measured counts, by leave length (index 1..6), the leaves some recorded rack held; the
	// others are valued by the fit alone.
	Measured [equity.MaxLeave + 1]int `json:"measured"`
	// PriorSD is, by leave length, how far the measured leaves' values stray from what their
	// parts (the fit) say: the shrinkage's scale.
	PriorSD [equity.MaxLeave + 1]float64 `json:"prior_sd"`
	// Features is the number of features of the ridge fit.
	Features int `json:"features"`
	// Method is how the raw values were measured (Racks or Kept); KeptSD is, with Kept, the
	// spread of next turns around their leave's mean, and KeptNothing the mean next turn after
	// keeping nothing less Baseline (near 0 when a drawn rack is worth what a random one is).
	Method      Method  `json:"method"`
	KeptSD      float64 `json:"kept_sd,omitempty"`
	KeptNothing float64 `json:"kept_nothing,omitempty"`
}

// Method is how a generation's records become leave values.
type Method string

const (
	// Racks values a leave by the mean equity of the racks holding it, each weighted as often
	// as the bag deals the rest of it (atril's method since its first table).
	Racks Method = "racks"
	// Kept values a leave by the mean equity of the next turn of the players who kept it: what
	// keeping it led to, the racks its keepers drew.
	Kept Method = "kept"
	// Contains values a leave by the plain mean equity of the racks holding it, every rack
	// counting once per turn (macondo's superleaves script does so): Racks without the weights.
	Contains Method = "contains"
)

// Methods are the methods there are, the default first.
var Methods = []Method{Racks, Kept, Contains}

// fitLeaves turns a generation's totals into a value for every leave.
//
// A leave's raw value is what a turn holding it is worth when the bag deals the rest of the
// rack: the mean best-play equity of the turns whose rack contains it, each weighted so that
// the rest of their racks count as often as a draw from the bag would deal it. A turn's rack R
// counts for leave L with ω = ways(R−L from the set less L) / ways(R from the set), the ratio of
// the chance of drawing the rest to the chance of the whole rack (the importance weight of a
// random rack for a random completion of L). Without it a rack holding two S would count once
// for the leave S where a draw deals it twice as often, and the mean would favour the racks
// that came up most. The value of keeping nothing, the mean over all turns, is the baseline
// all values are measured from.
//
// Rare leaves are seen in few racks, and their raw values are noisy. A ridge regression on the
// leave's parts (each tile held once, twice...; each pair of kinds held together; the number of
// vowels for its length) says what a leave is worth from what its parts are worth
// elsewhere; each measured value is then pulled towards that prediction by how noisy it is
// (its sampling variance against the variance of true values around the prediction, estimated
// per length from the data), and leaves no rack held take the prediction.
//
// With the method Kept a leave's raw value is instead the mean equity of the next turn of the
// players who kept it (see Kept), from the same baseline; the fit and the pull towards it are
// the same.
func fitLeaves(leaves, racks *equity.LeaveSet, tot *totals, method Method) ([]float32, FitReport, error) {
	ts := leaves.Tiles()
	nl := leaves.Len()
	empty := nl // the slot of the empty leave
	num := make([]float64, nl+1)
	den := make([]float64, nl+1)
	wn := make([]float64, nl+1)  // Σ ω² n: the raw mean's variance, in units of WithinSD², times den²
	wn2 := make([]float64, nl+1) // Σ ω² n²: the same in units of BetweenSD²
	rep := FitReport{Turns: tot.turns, Method: method}

	// binom[n][k] for n up to the largest tile count.
	maxCount := 0
	for t := 0; t < ts.Size(); t++ {
		maxCount = max(maxCount, ts.Count(lexicon.Tile(t)))
	}
	binom := make([][]float64, maxCount+1)
	for n := range binom {
		binom[n] = make([]float64, n+1)
		binom[n][0], binom[n][n] = 1, 1
		for k := 1; k < n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}

	// The racks' sub-multisets are found in parallel, a block of racks at a time, then added up
	// in parallel too, each worker adding the leaves it owns, rack by rack in order: every
	// leave's sums are the same additions in the same order whatever the number of workers, so
	// the table is the same bytes.
	workers := runtime.GOMAXPROCS(0)
	const block = 4096
	parts := make([]subleave, block*maxSubleaves)
	counts := make([]int, block)
	sums := make([]float64, block)
	fns := make([]float64, block)
	rs := make([]int, 0, block)
	enums := make([]enumerator, workers)
	for w := range enums {
		enums[w] = enumerator{leaves: leaves, binom: binom, unweighted: method == Contains, empty: empty}
	}
	flush := func() {
		inParallel(workers, len(rs), func(w, lo, hi int) {
			e := &enums[w]
			for b := lo; b < hi; b++ {
				counts[b] = e.subleaves(racks.Leave(rs[b]), parts[b*maxSubleaves:])
			}
		})
		inParallel(workers, workers, func(me, _, _ int) {
			for b := range rs {
				sum, fn := sums[b], fns[b]
				for _, p := range parts[b*maxSubleaves : b*maxSubleaves+counts[b]] {
					i := int(p.i)
					if i%workers != me {
						continue
					}
					w := p.w
					num[i] += w * sum
					den[i] += w * fn
					wn[i] += w * w * fn
					wn2[i] += w * w * fn * fn
				}
			}
		})
		rs = rs[:0]
	}
	var sumMeans, sumMeans2, sumInvN float64
	var ssBetween float64 // Σ S²/n, for the within-rack sum of squares
	for r := 0; r < racks.Len(); r++ {
		n := tot.counts[r]
		if n == 0 {
			continue
		}
		if len(racks.Leave(r)) != 7 {
			continue // only full racks are recorded
		}
		rep.Racks++
		fn := float64(n)
		sum := float64(tot.sums[r]) / fixedScale
		m := sum / fn
		sumMeans += m
		sumMeans2 += m * m
		sumInvN += 1 / fn
		ssBetween += sum * sum / fn
		sums[len(rs)], fns[len(rs)] = sum, fn
		rs = append(rs, r)
		if len(rs) == block {
			flush()
		}
	}
	flush()
	if rep.Racks < 2 || den[empty] == 0 {
		return nil, rep, i18n.E("leaves.err.too_few_turns", "Racks", rep.Racks)
	}
	nTurns := float64(tot.turns)
	sumSq := float64(tot.sumSq) / (fixedScaleSq * fixedScaleSq)
	within := 0.0
	if nTurns > float64(rep.Racks) {
		within = max(0, (sumSq-ssBetween)/(nTurns-float64(rep.Racks)))
	}
	if within == 0 {
		within = 1 // every rack seen once: no within-rack spread to measure; 1 point² keeps weights finite
	}
	nr := float64(rep.Racks)
	between := max(1, sumMeans2/nr-(sumMeans/nr)*(sumMeans/nr)-within*sumInvN/nr)
	rep.WithinSD, rep.BetweenSD = math.Sqrt(within), math.Sqrt(between)
	base := num[empty] / den[empty]
	rep.Baseline = base

	// Raw values and their variances: the turns' spread and the racks' spread, each over the
	// effective number of turns or racks behind the weighted mean. The racks holding a leave of
	// k tiles differ only in their other 7-k tiles, so their spread is the racks' spread scaled
	// by (7-k)/7.
	target := make([]float64, nl)
	noise := make([]float64, nl) // sampling variance; 0 marks an unmeasured leave
	if method == Kept {
		if err := keptValues(leaves, tot, base, target, noise, &rep); err != nil {
			return nil, rep, err
		}
	} else {
		for i := 0; i < nl; i++ {
			if den[i] == 0 {
				continue
			}
			k := len(leaves.Leave(i))
			rep.Measured[k]++
			target[i] = num[i]/den[i] - base
			noise[i] = (within*wn[i] + between*float64(7-k)/7*wn2[i]) / (den[i] * den[i])
		}
	}

	f := newFeatures(ts)
	rep.Features = f.n
	prior := [equity.MaxLeave + 1]float64{}
	for k := range prior {
		prior[k] = 25 // a first guess (5 points), re-estimated below
	}
	var pred []float64
	var feat []int
	for round := 0; round < 3; round++ {
		ata := make([]float64, f.n*f.n)
		atb := make([]float64, f.n)
		for i := 0; i < nl; i++ {
			if noise[i] == 0 {
				continue
			}
			w := leaves.Leave(i)
			wt := 1 / (noise[i] + prior[len(w)])
			feat = f.active(w, feat[:0])
			for a, x := range feat {
				atb[x] += wt * target[i]
				for _, y := range feat[a:] {
					ata[min(x, y)*f.n+max(x, y)] += wt
				}
			}
		}
		// Ridge: each coefficient's prior is centred on 0 with a standard deviation of
		// ridgeSD points, which keeps the features few leaves have (and the exact dependencies
		// between features) finite without moving the well-measured ones.
		lambda := 1 / (ridgeSD * ridgeSD)
		for x := 0; x < f.n; x++ {
			ata[x*f.n+x] += lambda
			for y := x + 1; y < f.n; y++ {
				ata[y*f.n+x] = ata[x*f.n+y] // only the upper triangle was summed
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(mat.NewSymDense(f.n, ata)) {
			return nil, rep, i18n.E("leaves.err.fit")
		}
		var beta mat.VecDense
		if err := ch.SolveVecTo(&beta, mat.NewVecDense(f.n, atb)); err != nil {
			return nil, rep, i18n.Wrap(err, "leaves.err.fit_solve")
		}
		if pred == nil {
			pred = make([]float64, nl)
		}
		for i := 0; i < nl; i++ {
			feat = f.active(leaves.Leave(i), feat[:0])
			p := 0.0
			for _, x := range feat {
				p += beta.AtVec(x)
			}
			pred[i] = p
		}
		// The prior's variance by length: what the residuals spread beyond their noise.
		var sw, sr [equity.MaxLeave + 1]float64
		for i := 0; i < nl; i++ {
			if noise[i] == 0 {
				continue
			}
			k := len(leaves.Leave(i))
			wt := 1 / (noise[i] + prior[k])
			d := target[i] - pred[i]
			sw[k] += wt
			sr[k] += wt * (d*d - noise[i])
		}
		for k := 1; k <= equity.MaxLeave; k++ {
			if sw[k] > 0 {
				prior[k] = max(0.01, sr[k]/sw[k])
			}
		}
	}
	for k := range prior {
		rep.PriorSD[k] = math.Sqrt(prior[k])
	}
	values := make([]float32, nl)
	for i := 0; i < nl; i++ {
		v := pred[i]
		if noise[i] > 0 {
			tau := prior[len(leaves.Leave(i))]
			v = (target[i]/noise[i] + pred[i]/tau) / (1/noise[i] + 1/tau)
		}
		values[i] = float32(v)
	}
	return values, rep, nil
}

// keptValues sets the raw values and sampling variances of the method Kept: a leave is worth
// the mean equity of the next turns of the players who kept it, less base (the mean equity of a
// random rack, the turn after keeping nothing); the variance is the spread of next turns
// around their leave's mean over the number of them.
func keptValues(leaves *equity.LeaveSet, tot *totals, base float64, target, noise []float64, rep *FitReport) error {
	nl := leaves.Len()
	var ss float64 // Σ S²/n over the leaves kept
	distinct := 0
	for i := 0; i <= nl; i++ {
		if n := tot.nextCounts[i]; n > 0 {
			s := float64(tot.nextSums[i]) / fixedScale
			ss += s * s / float64(n)
			distinct++
		}
	}
	if distinct < 2 {
		return i18n.E("leaves.err.too_few_turns", "Racks", distinct)
	}
	n := float64(tot.nextTurns)
	within := 1.0
	if n > float64(distinct) {
		within = max(1, (float64(tot.nextSumSq)/(fixedScaleSq*fixedScaleSq)-ss)/(n-float64(distinct)))
	}
	rep.KeptSD = math.Sqrt(within)
	if c := tot.nextCounts[nl]; c > 0 {
		rep.KeptNothing = float64(tot.nextSums[nl])/fixedScale/float64(c) - base
	}
	for i := 0; i < nl; i++ {
		c := tot.nextCounts[i]
		if c == 0 {
			continue
		}
		rep.Measured[len(leaves.Leave(i))]++
		target[i] = float64(tot.nextSums[i])/fixedScale/float64(c) - base
		noise[i] = within / float64(c)
	}
	return nil
}

// maxSubleaves is the most sub-multisets a rack of seven has, itself left out: 2⁷ − 1.
const maxSubleaves = 127

// subleave is one sub-multiset of a rack: its leave number (the empty leave's slot for none) and
// its weight ω (see fitLeaves).
type subleave struct {
	i int32
	w float64
}

// enumerator lists a rack's sub-multisets with their weights; one per worker.
type enumerator struct {
	leaves     *equity.LeaveSet
	binom      [][]float64
	unweighted bool // Contains: every ω is 1
	empty      int

	distinct [7]lexicon.Tile
	mult     [7]int
	buf      [7]lexicon.Tile
	nd       int
	rackWays float64 // the ways to draw the rack from a full bag
	out      []subleave
	n        int
}

// subleaves writes every sub-multiset of the sorted rack but itself into out, taking 0..mult[j]
// of each distinct tile in turn, and returns how many.
func (e *enumerator) subleaves(rack []lexicon.Tile, out []subleave) int {
	ts := e.leaves.Tiles()
	e.nd = 0
	for i, t := range rack {
		if i > 0 && t == rack[i-1] {
			e.mult[e.nd-1]++
			continue
		}
		e.distinct[e.nd], e.mult[e.nd] = t, 1
		e.nd++
	}
	e.rackWays = 1
	for j := 0; j < e.nd; j++ {
		e.rackWays *= e.binom[ts.Count(e.distinct[j])][e.mult[j]]
	}
	e.out, e.n = out, 0
	e.rec(0, 0, 1)
	return e.n
}

func (e *enumerator) rec(j, k int, ways float64) {
	if j == e.nd {
		if k == 7 {
			return
		}
		i := e.empty
		if k > 0 {
			i = e.leaves.IndexSorted(e.buf[:k])
		}
		w := ways / e.rackWays // ω: see fitLeaves
		if e.unweighted {
			w = 1
		}
		e.out[e.n] = subleave{int32(i), w}
		e.n++
		return
	}
	t := e.distinct[j]
	c := e.leaves.Tiles().Count(t)
	for l := 0; l <= e.mult[j]; l++ {
		// Keep l of this tile; the other mult[j]-l are drawn from the c-l left.
		if l > 0 {
			e.buf[k+l-1] = t
		}
		e.rec(j+1, k+l, ways*e.binom[c-l][e.mult[j]-l])
	}
}

// inParallel runs fn on workers goroutines, worker w taking the indices [lo, hi) of its share
// of n (all of them inline when there is one worker).
func inParallel(workers, n int, fn func(w, lo, hi int)) {
	if workers <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := n*w/workers, n*(w+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w, lo, hi)
		}()
	}
	wg.Wait()
}

// ridgeSD is the prior standard deviation of a feature's coefficient, in points.
const ridgeSD = 10.0

// features numbers the fit's features of a leave, each 0 or 1: each tile kind held at least
// once, twice...; each pair of kinds held together; its number of vowels for its length (one of
// these is always on: they are the intercepts by length).
type features struct {
	n       int
	count   [][]int // count[t][j-1]: t held at least j times
	pair    [][]int // pair[t][u] for t < u
	vowels  [equity.MaxLeave + 1][equity.MaxLeave + 1]int
	isVowel []bool
}

func newFeatures(ts *lexicon.TileSet) *features {
	f := &features{}
	next := func() int { f.n++; return f.n - 1 }
	kinds := ts.Size()
	f.count = make([][]int, kinds)
	f.isVowel = make([]bool, kinds)
	for t := 0; t < kinds; t++ {
		f.isVowel[t] = ts.IsVowel(lexicon.Tile(t))
		for j := 1; j <= min(ts.Count(lexicon.Tile(t)), equity.MaxLeave); j++ {
			f.count[t] = append(f.count[t], next())
		}
	}
	f.pair = make([][]int, kinds)
	for t := 0; t < kinds; t++ {
		f.pair[t] = make([]int, kinds)
		for u := t + 1; u < kinds; u++ {
			if ts.Count(lexicon.Tile(t)) > 0 && ts.Count(lexicon.Tile(u)) > 0 {
				f.pair[t][u] = next()
			}
		}
	}
	for k := 1; k <= equity.MaxLeave; k++ {
		for v := 0; v <= k; v++ {
			f.vowels[k][v] = next()
		}
	}
	return f
}

// active appends the features a sorted leave has.
func (f *features) active(w []lexicon.Tile, out []int) []int {
	vowels := 0
	for i, t := range w {
		run := 1
		for j := i - 1; j >= 0 && w[j] == t; j-- {
			run++
		}
		out = append(out, f.count[t][run-1])
		if run == 1 {
			for j := 0; j < i; j++ {
				if w[j] != w[i] && (j == 0 || w[j] != w[j-1]) {
					out = append(out, f.pair[w[j]][t])
				}
			}
		}
		if f.isVowel[t] {
			vowels++
		}
	}
	return append(out, f.vowels[len(w)][vowels])
}

// methodList is the methods for a message: racks, kept.
func methodList() string {
	s := make([]string, len(Methods))
	for i, m := range Methods {
		s[i] = string(m)
	}
	return strings.Join(s, ", ")
}

// ParseMethod reads a method's name.
func ParseMethod(s string) (Method, error) {
	for _, m := range Methods {
		if string(m) == s {
			return m, nil
		}
	}
	return "", i18n.E("leaves.err.method", "Method", s, "Methods", methodList())
}
