package fsrsfit

import (
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/atril-scrabble/atril/internal/srs"
)

// Metrics say how well parameters predict a set of reviews.
type Metrics struct {
	// LogLoss is the mean binary cross-entropy of the predicted recall (lower is better).
	LogLoss float64 `json:"log_loss"`
	// RMSEBins is fsrs-rs's rmse_bins: the predictions and outcomes averaged in bins of
	// interval, long-term review count and lapse count (log-scale edges), and the root mean
	// square of their differences weighted by the bins' sizes.
	RMSEBins float64 `json:"rmse_bins"`
	// AUC is the area under the ROC curve: the chance that a recalled review was predicted
	// higher than a forgotten one (0.5 is no better than a coin).
	AUC float64 `json:"auc"`
	N   int     `json:"-"`
}

// MarshalJSON writes a measure that cannot be computed (the AUC of reviews all recalled or
// all forgotten) as null.
func (m Metrics) MarshalJSON() ([]byte, error) {
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "null"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return []byte(`{"log_loss":` + num(m.LogLoss) + `,"rmse_bins":` + num(m.RMSEBins) + `,"auc":` + num(m.AUC) + `}`), nil
}

// Predictions are the recall go-fsrs predicts, with the given weights, for each item (in the
// items' order), replaying each card's reviews from its first.
func (l *Log) Predictions(items []Item, w []float64) ([]float64, error) {
	mem, err := srs.NewMemory(w)
	if err != nil {
		return nil, err
	}
	// Which reviews to predict, and how far to run each card.
	want := make(map[int32]int32, len(items)/4+1)
	pos := make([]int32, len(l.rating)) // review → 1 + its place in items; 0: not predicted
	for i, it := range items {
		want[it.Card] = max(want[it.Card], it.Index+1)
		pos[l.at(it)] = int32(i) + 1
	}
	cards := make([]int32, 0, len(want))
	for c := range want {
		cards = append(cards, c)
	}
	slices.Sort(cards)
	out := make([]float64, len(items))
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Add(1)
		go func(wk int) {
			defer wg.Done()
			for ci := wk; ci < len(cards); ci += workers {
				c := cards[ci]
				start := l.cards[c].start
				var s, d float64
				for k := int32(0); k < want[c]; k++ {
					i := start + k
					if k > 0 {
						if p := pos[i]; p > 0 {
							out[p-1] = mem.Recall(float64(l.delta[i]), s)
						}
					}
					s, d, _ = mem.Next(s, d, int(l.delta[i]), srs.Rating(l.rating[i]), 0.9)
				}
			}
		}(wk)
	}
	wg.Wait()
	return out, nil
}

// Evaluate measures the weights on the items.
func (l *Log) Evaluate(items []Item, w []float64) (Metrics, error) {
	pred, err := l.Predictions(items, w)
	if err != nil {
		return Metrics{}, err
	}
	labels := make([]bool, len(items))
	bins := make([]binKey, len(items))
	for i, it := range items {
		labels[i] = l.rating[l.at(it)] > 1
		bins[i] = l.bin(it)
	}
	return measure(pred, labels, bins), nil
}

func measure(pred []float64, labels []bool, bins []binKey) Metrics {
	return measureWeighted(pred, labels, bins, nil)
}

// measureWeighted is measure with a weight per prediction (nil: 1 each), as fsrs-rs's evaluate
// weights log loss and bins towards recent reviews.
func measureWeighted(pred []float64, labels []bool, bins []binKey, weights []float64) Metrics {
	m := Metrics{N: len(pred)}
	if len(pred) == 0 {
		return m
	}
	type cell struct{ pred, actual, count, weight float64 }
	cells := map[binKey]*cell{}
	totalWeight := 0.0
	for i, p := range pred {
		y := 0.0
		if labels[i] {
			y = 1
		}
		wt := 1.0
		if weights != nil {
			wt = weights[i]
		}
		q := clamp(p, probMin, probMax)
		m.LogLoss -= wt * (y*math.Log(q) + (1-y)*math.Log(1-q))
		totalWeight += wt
		c := cells[bins[i]]
		if c == nil {
			c = &cell{}
			cells[bins[i]] = c
		}
		c.pred += p
		c.actual += y
		c.count++
		c.weight += wt
	}
	m.LogLoss /= totalWeight
	var num, den float64
	for _, c := range cells {
		diff := c.pred/c.count - c.actual/c.count
		num += diff * diff * c.weight
		den += c.weight
	}
	m.RMSEBins = math.Sqrt(num / den)
	m.AUC = auc(pred, labels)
	return m
}

type binKey [3]int32

// bin is fsrs-rs's r_matrix_index: the interval, the long-term reviews so far (this one
// included, plus one) and the lapses before, each binned on log-scale edges.
func (l *Log) bin(it Item) binKey {
	i := l.at(it)
	dt := float64(l.delta[i])
	dtBin := int32(math.Round(2.48 * math.Pow(3.62, math.Floor(math.Log(dt)/math.Log(3.62))) * 100))
	length := float64(l.longTerm(it.Card, it.Index)) + 1
	lenBin := int32(math.Round(1.99 * math.Pow(1.89, math.Floor(math.Log(length)/math.Log(1.89)))))
	lapses := 0
	s := l.cards[it.Card].start
	for k := s; k < i; k++ {
		if l.rating[k] == 1 && l.delta[k] > 0 {
			lapses++
		}
	}
	lapseBin := int32(0)
	if lapses > 0 {
		lapseBin = int32(math.Round(1.65 * math.Pow(1.73, math.Floor(math.Log(float64(lapses))/math.Log(1.73)))))
	}
	return binKey{dtBin, lenBin, lapseBin}
}

// auc is the Mann-Whitney estimate of the area under the ROC curve (ties count half).
func auc(pred []float64, labels []bool) float64 {
	idx := make([]int, len(pred))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		switch {
		case pred[a] < pred[b]:
			return -1
		case pred[a] > pred[b]:
			return 1
		}
		return 0
	})
	var pos, neg, rankSum float64
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && pred[idx[j]] == pred[idx[i]] {
			j++
		}
		rank := float64(i+j+1) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if labels[idx[k]] {
				pos++
				rankSum += rank
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rankSum - pos*(pos+1)/2) / (pos * neg)
}
