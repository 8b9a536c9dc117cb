package stats

import (
	"context"
	"math"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// The recall model is a logistic regression of a miss (a wrong answer) on what the question is
// made of and on the player's history with it. Each feature is measured in a unit a player
// can read, so that exp(coefficient) is the factor on the odds of a miss per unit.
const (
	FeatTiles    = "tiles"    // per extra tile
	FeatRank     = "rank"     // per probability band less probable (a fifth of the words of that length)
	FeatDigraphs = "digraphs" // per CH, LL or RR tile
	FeatBlanks   = "blanks"   // per blank in the rack
	FeatReviews  = "reviews"  // per doubling of the answers given to the question before
	FeatDays     = "days"     // per doubling of the days since the question was last answered
)

// ModelFeatures are the model's features, in order.
var ModelFeatures = []string{FeatTiles, FeatRank, FeatDigraphs, FeatBlanks, FeatReviews, FeatDays}

// featureRow is one answer's features in ModelFeatures order. rankKnown is false when the
// question has no probability rank (it is then given the middle band).
func featureRow(f Features, before int64, daysSince float64) []float64 {
	rank := 0.5
	if f.Rank > 0 && f.RankOf > 0 {
		rank = float64(f.Rank-1) / float64(f.RankOf)
	}
	return []float64{
		float64(f.Tiles),
		rank * Bands,
		float64(f.Digraphs),
		float64(f.Blanks),
		math.Log2(1 + float64(before)),
		math.Log2(1 + math.Max(daysSince, 0)),
	}
}

// Effect is one feature's effect on the odds of a miss.
type Effect struct {
	Feature string  `json:"feature"`
	Coef    float64 `json:"coef"` // log odds per unit
	SE      float64 `json:"se"`
	// OddsRatio is exp(Coef): the factor on the odds of a miss per unit of the feature, with
	// its 95% interval.
	OddsRatio float64 `json:"odds_ratio"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	// Matters: the interval leaves out 1 (no effect).
	Matters bool `json:"matters"`
}

// Model is the fitted recall model.
type Model struct {
	Answers   int      `json:"answers"`   // answers fitted on
	Misses    int      `json:"misses"`    // of which wrong
	Intercept float64  `json:"intercept"` // log odds of a miss with every feature 0
	Effects   []Effect `json:"effects"`   // in ModelFeatures order, features that vary
	// Dropped are features that never varied in these answers (they cannot be estimated).
	Dropped []string `json:"dropped,omitempty"`
	used    []int
}

// MinModelAnswers is how many answers (with both right and wrong ones) the model needs.
const MinModelAnswers = 30

// ModelRows reads every answer in order with its features: what the question is made of (from
// the stats sums: run Update first), how many times it was answered before and the days since
// the last time. It returns the features row by row (len(ModelFeatures) each) and the misses.
func ModelRows(ctx context.Context, st *studystore.Store, un Unsaved) (x []float64, y []float64, err error) {
	qs, err := storedQuestions(ctx, st, un)
	if err != nil {
		return nil, nil, err
	}
	features := make(map[questionKey]Features, len(qs))
	for _, q := range qs {
		features[questionKey{q.Lexicon, q.Kind, q.Question}] = Features{Tiles: q.Tiles, Digraphs: q.Digraphs,
			Blanks: q.Blanks, Rank: q.Rank, RankOf: q.RankOf}
	}
	type history struct {
		n    int64
		last time.Time
	}
	seen := make(map[questionKey]*history, len(qs))
	r := answerReader{st: st}
	var last int64
	for {
		as, err := st.AnswersAfter(ctx, last, readBatch)
		if err != nil {
			return nil, nil, err
		}
		if len(as) == 0 {
			break
		}
		if err := r.resolve(ctx, as); err != nil {
			return nil, nil, err
		}
		for _, a := range as {
			k := questionKey{a.Lexicon, questionKind(a), a.Question}
			h := seen[k]
			if h == nil {
				h = &history{}
				seen[k] = h
			}
			days := 0.0
			if h.n > 0 {
				days = a.At.Sub(h.last).Hours() / 24
			}
			x = append(x, featureRow(features[k], h.n, days)...)
			miss := 1.0
			if a.Correct {
				miss = 0
			}
			y = append(y, miss)
			h.n++
			h.last = a.At
		}
		last = as[len(as)-1].ID
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
	}
	return x, y, nil
}

// RecallModel fits the recall model to every answer in the store (ModelRows, then FitModel):
// what stats model shows and stats weak ranks with. ErrNoFit comes with the counts it saw.
func RecallModel(ctx context.Context, st *studystore.Store, un Unsaved) (Model, error) {
	x, y, err := ModelRows(ctx, st, un)
	if err != nil {
		return Model{}, err
	}
	return FitModel(x, y)
}

// FitModel fits the recall model to ModelRows's rows. Features that never vary are left out.
func FitModel(x, y []float64) (Model, error) {
	p := len(ModelFeatures)
	n := len(y)
	m := Model{Answers: n}
	for _, v := range y {
		m.Misses += int(v)
	}
	if n < MinModelAnswers || m.Misses == 0 || m.Misses == n {
		return m, ErrNoFit
	}
	for j := range p {
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range n {
			lo, hi = math.Min(lo, x[i*p+j]), math.Max(hi, x[i*p+j])
		}
		if hi > lo {
			m.used = append(m.used, j)
		} else {
			m.Dropped = append(m.Dropped, ModelFeatures[j])
		}
	}
	k := len(m.used)
	sub := make([]float64, n*k)
	for i := range n {
		for c, j := range m.used {
			sub[i*k+c] = x[i*p+j]
		}
	}
	fit, err := FitLogit(sub, k, y)
	if err != nil {
		return m, err
	}
	m.Intercept = fit.Coef[0]
	for c, j := range m.used {
		b, se := fit.Coef[c+1], fit.SE[c+1]
		e := Effect{Feature: ModelFeatures[j], Coef: b, SE: se, OddsRatio: math.Exp(b),
			Low: math.Exp(b - interval.Z95*se), High: math.Exp(b + interval.Z95*se)}
		e.Matters = e.Low > 1 || e.High < 1
		m.Effects = append(m.Effects, e)
	}
	return m, nil
}

// Recall is the model's probability that the player answers a question right, given its
// features, the answers given to it so far and the days since the last.
func (m Model) Recall(f Features, answers int64, daysSince float64) float64 {
	row := featureRow(f, answers, daysSince)
	eta := m.Intercept
	for c, j := range m.used {
		eta += m.Effects[c].Coef * row[j]
	}
	return 1 - 1/(1+math.Exp(-eta))
}

// Ranked returns the effects that matter first, the strongest (farthest from 1 on a log scale)
// first, then the others.
func (m Model) Ranked() []Effect {
	out := slices.Clone(m.Effects)
	slices.SortStableFunc(out, func(a, b Effect) int {
		if a.Matters != b.Matters {
			if a.Matters {
				return -1
			}
			return 1
		}
		x, y := math.Abs(a.Coef), math.Abs(b.Coef)
		switch {
		case x > y:
			return -1
		case x < y:
			return 1
		}
		return 0
	})
	return out
}
