package srs

import (
	"fmt"
	"sync"
	"time"

	fsrs "github.com/open-spaced-repetition/go-fsrs/v4"
)

// FSRS schedules with FSRS-6 (go-fsrs v4, default parameters: 21 weights, learning steps 1 and
// 10 minutes, relearning step 10 minutes, desired retention 0.9, no fuzz so that schedules are
// reproducible). Ratings come from Rate with Target unless an answer carries one.
type FSRS struct {
	Target time.Duration // response time of a fluent answer; see Rate
	f      *fsrs.FSRS
}

// NewFSRS returns an FSRS-6 scheduler. retention 0 means the default 0.9; target 0 grades every
// right answer Good.
func NewFSRS(retention float64, target time.Duration) (*FSRS, error) {
	p := fsrs.DefaultParam()
	if retention != 0 {
		if !(retention > 0.5 && retention < 1) { // NaN too
			return nil, fmt.Errorf("fsrs: desired retention %v: want a number between 0.5 and 1 (e.g. 0.9)", retention)
		}
		p.RequestRetention = retention
	}
	return &FSRS{Target: target, f: fsrs.NewFSRS(p)}, nil
}

// Kind is "fsrs".
func (*FSRS) Kind() string { return "fsrs" }

// Schedule applies one answer.
func (s *FSRS) Schedule(st State, o Outcome, now time.Time) (State, error) {
	r := Rate(o, s.Target)
	info, err := s.f.Next(toFSRS(st, now), now, fsrs.Rating(r))
	if err != nil {
		return st, fmt.Errorf("fsrs: %w", err)
	}
	c := info.Card
	return State{
		Phase:         Phase(c.State),
		Due:           c.Due,
		LastReview:    c.LastReview,
		Stability:     c.Stability,
		Difficulty:    c.Difficulty,
		ScheduledDays: int(c.ScheduledDays),
		Steps:         c.RemainingSteps,
		Reps:          int(c.Reps),
		Lapses:        int(c.Lapses),
	}, nil
}

// ForgettingCurve is FSRS-6's probability of recall t days after a review at stability s days
// (0.9 when t = s), with go-fsrs's default parameters (their decay, w20): for cards that have
// no FSRS state of their own, such as a cardbox card whose interval stands for s.
func ForgettingCurve(t, s float64) float64 { return defaultMemory().Recall(t, s) }

var defaultMemory = sync.OnceValue(func() *Memory {
	m, _ := NewMemory(nil) // the defaults: cannot fail
	return m
})

// Retrievability is the probability of recalling the card at now (0 for a new card); the
// backlog tools order overdue cards by it.
func (s *FSRS) Retrievability(st State, now time.Time) float64 {
	r, err := s.f.Retrievability(toFSRS(st, now), now)
	if err != nil {
		return 0
	}
	return r
}

func toFSRS(st State, now time.Time) fsrs.Card {
	due := st.Due
	if due.IsZero() {
		due = now
	}
	return fsrs.Card{
		Due:            due,
		Stability:      st.Stability,
		Difficulty:     st.Difficulty,
		ScheduledDays:  uint64(max(st.ScheduledDays, 0)),
		Reps:           uint64(max(st.Reps, 0)),
		Lapses:         uint64(max(st.Lapses, 0)),
		State:          fsrs.State(st.Phase),
		LastReview:     st.LastReview,
		RemainingSteps: st.Steps,
	}
}
