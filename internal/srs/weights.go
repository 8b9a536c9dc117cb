package srs

import (
	"fmt"
	"math"
	"time"

	fsrs "github.com/open-spaced-repetition/go-fsrs/v4"
)

// FSRS-6 with weights other than the defaults: the ones `atril fsrs fit` finds for a player.
// Everything here is go-fsrs's own model; atril fits the weights, never the formulas.

// DefaultWeights are FSRS-6's 21 default weights (go-fsrs's).
func DefaultWeights() []float64 {
	w := fsrs.DefaultWeights()
	return w[:]
}

func parameters(w []float64) (fsrs.Parameters, error) {
	p := fsrs.DefaultParam()
	if len(w) == 0 {
		return p, nil
	}
	if len(w) != len(p.W) {
		return p, fmt.Errorf("fsrs: %d weights, want %d", len(w), len(p.W))
	}
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return p, fmt.Errorf("fsrs: weight %d is %v", i, v)
		}
	}
	copy(p.W[:], w)
	return p, nil
}

// NewFSRSWeights is NewFSRS with the given 21 weights (nil or empty: the defaults). go-fsrs
// clips them to their ranges.
func NewFSRSWeights(w []float64, retention float64, target time.Duration) (*FSRS, error) {
	s, err := NewFSRS(retention, target)
	if err != nil || len(w) == 0 {
		return s, err
	}
	p, err := parameters(w)
	if err != nil {
		return nil, err
	}
	p.RequestRetention = s.f.RequestRetention
	s.f = fsrs.NewFSRS(p)
	return s, nil
}

// Memory is FSRS-6's memory model with some weights: a card's stability and difficulty after
// each review, and its probability of recall (go-fsrs's forgetting curve).
type Memory struct {
	f *fsrs.FSRS
}

// NewMemory returns the memory model with the given weights (nil: the defaults), clipped to
// their ranges as go-fsrs does.
func NewMemory(w []float64) (*Memory, error) {
	p, err := parameters(w)
	if err != nil {
		return nil, err
	}
	return &Memory{f: fsrs.NewFSRS(p)}, nil
}

// Weights are the weights in use (after clipping).
func (m *Memory) Weights() []float64 {
	w := m.f.W
	return w[:]
}

// Next is the memory state after a review rated r, days (whole days) after the one before: a
// first review when s is 0; a same-day review (days 0) follows FSRS-6's short-term stability.
// interval is the days until recall falls to retention, go-fsrs's unrounded interval.
func (m *Memory) Next(s, d float64, days int, r Rating, retention float64) (stability, difficulty, interval float64) {
	var cur *fsrs.MemoryState
	if s > 0 {
		cur = &fsrs.MemoryState{Stability: s, Difficulty: d}
	}
	st := m.f.NextState(cur, retention, uint64(max(days, 0)), fsrs.Rating(r))
	return st.Memory.Stability, st.Memory.Difficulty, st.Interval
}

// Recall is the probability of recalling, days after the last review, a card of stability s.
func (m *Memory) Recall(days, s float64) float64 {
	return m.f.ForgettingCurve(days, s)
}
