package srs_test

import (
	"math"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
)

// FSRS-6's forgetting curve as go-fsrs computes it, against values worked by hand from the
// published formula R(t, S) = (1 + f·t/S)^-w20 with f = 0.9^(-1/w20) - 1 and the default
// w20 = 0.1542: f = 0.980346, so R(10, 5) = 2.960693^-0.1542 = 0.845885 and R(100, 5) = 0.627161;
// R(S, S) = 0.9 by construction.
func TestMemoryForgettingCurve(t *testing.T) {
	t.Parallel()
	m, err := srs.NewMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ t, s, want float64 }{
		{10, 5, 0.845885}, {100, 5, 0.627161}, {5, 5, 0.9}, {42, 42, 0.9}, {0, 3, 1},
	} {
		if got := m.Recall(c.t, c.s); math.Abs(got-c.want) > 1e-6 {
			t.Errorf("R(%v, %v) = %.6f, want %.6f", c.t, c.s, got, c.want)
		}
	}
}

// The weights `atril fsrs fit` saves change what the scheduler does: a first Good review starts
// at stability w2, and Memory agrees with the scheduler.
func TestFSRSWeights(t *testing.T) {
	t.Parallel()
	w := srs.DefaultWeights()
	w[2] = 5.5
	f, err := srs.NewFSRSWeights(w, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.Schedule(srs.State{}, srs.Outcome{Rating: srs.Good}, t0)
	if err != nil || st.Stability != 5.5 {
		t.Errorf("first Good with w2 = 5.5: S = %v, %v", st.Stability, err)
	}
	def, _ := srs.NewFSRSWeights(nil, 0.85, 0)
	st, _ = def.Schedule(srs.State{}, srs.Outcome{Rating: srs.Good}, t0)
	if st.Stability != 2.3065 {
		t.Errorf("no weights: S = %v, want the default 2.3065", st.Stability)
	}
	m, _ := srs.NewMemory(w)
	s, d, _ := m.Next(0, 0, 0, srs.Good, 0.9)
	if s != 5.5 || math.Abs(d-(6.4133-math.Exp(0.8334*2)+1)) > 1e-12 {
		t.Errorf("Memory first Good: S %v D %v", s, d)
	}
	// A review 4 days after a Good first review, as the scheduler and as Memory.
	st1, _ := f.Schedule(srs.State{}, srs.Outcome{Rating: srs.Good}, t0)
	st1.Phase = srs.Review
	st2, _ := f.Schedule(st1, srs.Outcome{Rating: srs.Good}, t0.Add(4*24*time.Hour))
	s2, d2, _ := m.Next(s, d, 4, srs.Good, 0.9)
	if math.Abs(st2.Stability-s2) > 1e-9 || math.Abs(st2.Difficulty-d2) > 1e-9 {
		t.Errorf("scheduler S %v D %v, Memory S %v D %v", st2.Stability, st2.Difficulty, s2, d2)
	}
	for _, bad := range [][]float64{{1, 2}, append(srs.DefaultWeights()[:20], math.NaN())} {
		if _, err := srs.NewFSRSWeights(bad, 0, 0); err == nil {
			t.Errorf("weights %v accepted", bad)
		}
		if _, err := srs.NewMemory(bad); err == nil {
			t.Errorf("Memory took weights %v", bad)
		}
	}
}
