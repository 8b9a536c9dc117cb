package srs_test

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
)

var t0 = time.Date(2022, 11, 29, 12, 30, 0, 0, time.UTC)

// roundTrip stores and reads back a state the way the review log does (JSON).
func roundTrip(t *testing.T, st srs.State) srs.State {
	t.Helper()
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var back srs.State
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// FSRS-6's default parameters w0..w3 are the initial stabilities (days) of a new card rated
// Again, Hard, Good, Easy: 0.212, 1.2931, 2.3065, 8.2956 (FSRS-6 defaults, as published in
// open-spaced-repetition's fsrs-rs/py-fsrs and go-fsrs v4 DefaultWeights). The initial
// difficulty is D0(G) = w4 - e^(w5·(G-1)) + 1 with w4 = 6.4133, w5 = 0.8334, kept in [1, 10].
func TestFSRSFirstAnswerMatchesPublishedDefaults(t *testing.T) {
	t.Parallel()
	f, err := srs.NewFSRS(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r     srs.Rating
		s     float64
		phase srs.Phase
		due   time.Duration
	}{
		{srs.Again, 0.212, srs.Learning, time.Minute},      // first learning step
		{srs.Hard, 1.2931, srs.Learning, 6 * time.Minute},  // mean of the 1 and 10 minute steps, rounded
		{srs.Good, 2.3065, srs.Learning, 10 * time.Minute}, // second step
		{srs.Easy, 8.2956, srs.Review, 8 * 24 * time.Hour}, // graduates: at retention 0.9 the interval is S, rounded
	} {
		st, err := f.Schedule(srs.State{}, srs.Outcome{Rating: c.r}, t0)
		if err != nil {
			t.Fatal(err)
		}
		wantD := math.Min(math.Max(6.4133-math.Exp(0.8334*float64(c.r-1))+1, 1), 10)
		if math.Abs(st.Stability-c.s) > 1e-9 || math.Abs(st.Difficulty-wantD) > 1e-9 {
			t.Errorf("%v: S=%.4f D=%.4f, want S=%.4f D=%.4f", c.r, st.Stability, st.Difficulty, c.s, wantD)
		}
		if st.Phase != c.phase || st.Due.Sub(t0) != c.due || st.Reps != 1 {
			t.Errorf("%v: phase %v due +%v reps %d, want %v +%v 1", c.r, st.Phase, st.Due.Sub(t0), st.Reps, c.phase, c.due)
		}
	}
}

// The interval sequence of go-fsrs v4.0.0's TestBasicSchedulerExample (fsrs_test.go; the same
// numbers as ts-fsrs's basic example): ratings Good×6, Again×2, Good×5, each answered when due,
// give scheduled days 0 2 11 46 163 498 0 0 2 4 7 12 21 (day 498: the card is forgotten).
// Here every state goes through JSON between answers, as the review log stores it.
func TestFSRSScheduleMatchesGoFSRSExample(t *testing.T) {
	t.Parallel()
	f, _ := srs.NewFSRS(0, 0)
	ratings := []srs.Rating{3, 3, 3, 3, 3, 3, 1, 1, 3, 3, 3, 3, 3}
	want := []int{0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21}
	var st srs.State
	now := t0
	for i, r := range ratings {
		next, err := f.Schedule(st, srs.Outcome{Rating: r}, now)
		if err != nil {
			t.Fatal(err)
		}
		if next.ScheduledDays != want[i] {
			t.Errorf("answer %d (%v): %d days, want %d", i+1, r, next.ScheduledDays, want[i])
		}
		st = roundTrip(t, next)
		now = st.Due
	}
	if st.Lapses != 1 || st.Reps != len(ratings) {
		t.Errorf("after the sequence: %d lapses, %d reps; want 1, %d", st.Lapses, st.Reps, len(ratings))
	}
}

// go-fsrs v4.0.0 TestBasicSchedulerMemoState: Again, Good, Good, Good, Good, Good, each answered
// 0, 0, 1, 3, 8 days after the one before, and then a Good 21 days after the last, leave the card
// at S = 54.0393, D = 6.3464.
func TestFSRSMemoryStateMatchesGoFSRS(t *testing.T) {
	t.Parallel()
	f, _ := srs.NewFSRS(0, 0)
	var st srs.State
	now := t0
	for i, r := range []srs.Rating{1, 3, 3, 3, 3, 3} {
		var err error
		if st, err = f.Schedule(st, srs.Outcome{Rating: r}, now); err != nil {
			t.Fatal(err)
		}
		st = roundTrip(t, st)
		now = now.Add(time.Duration([]int{0, 0, 1, 3, 8, 21}[i]) * 24 * time.Hour)
	}
	next, err := f.Schedule(st, srs.Outcome{Rating: srs.Good}, now)
	if err != nil {
		t.Fatal(err)
	}
	if s, d := math.Round(next.Stability*1e4)/1e4, math.Round(next.Difficulty*1e4)/1e4; s != 54.0393 || d != 6.3464 {
		t.Errorf("S = %.4f, D = %.4f; want 54.0393, 6.3464", s, d)
	}
}

func TestRate(t *testing.T) {
	t.Parallel()
	target := 10 * time.Second
	for _, c := range []struct {
		o    srs.Outcome
		want srs.Rating
	}{
		{srs.Outcome{Correct: false, Took: time.Second}, srs.Again},
		{srs.Outcome{Correct: true, Took: 11 * time.Second}, srs.Hard},
		{srs.Outcome{Correct: true, Took: 10 * time.Second}, srs.Good},
		{srs.Outcome{Correct: true, Took: 5001 * time.Millisecond}, srs.Good},
		{srs.Outcome{Correct: true, Took: 5 * time.Second}, srs.Easy},
		{srs.Outcome{Correct: true, Took: time.Second, Rating: srs.Hard}, srs.Hard}, // asked: the player's word wins
		{srs.Outcome{Correct: false, Rating: srs.Good}, srs.Good},
	} {
		if got := srs.Rate(c.o, target); got != c.want {
			t.Errorf("Rate(%+v, 10s) = %v, want %v", c.o, got, c.want)
		}
	}
	if got := srs.Rate(srs.Outcome{Correct: true, Took: time.Hour}, 0); got != srs.Good {
		t.Errorf("no target: %v, want good", got)
	}
	for s, want := range map[string]srs.Rating{"again": 1, "2": 2, "good": 3, "easy": 4} {
		if r, err := srs.ParseRating(s); err != nil || r != want {
			t.Errorf("ParseRating(%q) = %v, %v", s, r, err)
		}
	}
	if _, err := srs.ParseRating("ok"); err == nil {
		t.Error(`ParseRating("ok") accepted`)
	}
}

// fixed is an RNG stub that always draws the same end of the range.
type fixed struct{ high bool }

func (f fixed) IntN(n int) int {
	if f.high {
		return n - 1
	}
	return 0
}

// Zyzzyva's cardbox: boxes 0..10 at 1, 4, 7, 12, 20, 30, 60, 90, 150, 270, 480 days, with a
// spread of ±0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50 days. A card answered right every time climbs
// one box an answer; with the spread drawn at its lowest and highest the intervals are exactly
// the table's days minus and plus the spread.
func TestCardboxIntervals(t *testing.T) {
	t.Parallel()
	low := []int{3, 5, 9, 15, 23, 50, 75, 130, 240, 430, 430}
	high := []int{5, 9, 15, 25, 37, 70, 105, 170, 300, 530, 530}
	for _, c := range []struct {
		rng  fixed
		want []int
	}{{fixed{false}, low}, {fixed{true}, high}} {
		cb := &srs.Cardbox{Rand: c.rng}
		var st srs.State
		now := t0
		for i, want := range c.want {
			next, err := cb.Schedule(st, srs.Outcome{Correct: true}, now)
			if err != nil {
				t.Fatal(err)
			}
			wantBox := min(i+1, 10)
			if next.Box != wantBox || next.ScheduledDays != want || !next.Due.Equal(now.AddDate(0, 0, want)) {
				t.Errorf("right answer %d: box %d, %d days (due %v); want box %d, %d days", i+1, next.Box, next.ScheduledDays, next.Due, wantBox, want)
			}
			st, now = roundTrip(t, next), next.Due
		}
		// Wrong from the top box: back to box 0, due in exactly 1 day, a lapse.
		next, _ := cb.Schedule(st, srs.Outcome{Correct: false}, now)
		if next.Box != 0 || next.ScheduledDays != 1 || !next.Due.Equal(now.AddDate(0, 0, 1)) || next.Lapses != 1 {
			t.Errorf("wrong answer at box 10: %+v; want box 0, 1 day, 1 lapse", next)
		}
	}
	// A new card answered wrong stays in box 0 (1 day) and is not a lapse.
	next, _ := (&srs.Cardbox{Rand: fixed{}}).Schedule(srs.State{}, srs.Outcome{Correct: false}, t0)
	if next.Box != 0 || next.ScheduledDays != 1 || next.Lapses != 0 || next.Phase != srs.Review {
		t.Errorf("new card wrong: %+v", next)
	}
}

// With a seeded RNG the spread covers the whole ±range of each box, evenly, and the same seed
// gives the same schedule.
func TestCardboxSpreadSeeded(t *testing.T) {
	t.Parallel()
	for box := 1; box <= 10; box++ {
		cb := srs.NewCardbox(42)
		seen := map[int]int{}
		const n = 4000
		sum := 0
		for range n {
			st, _ := cb.Schedule(srs.State{Phase: srs.Review, Box: box - 1}, srs.Outcome{Correct: true}, t0)
			seen[st.ScheduledDays]++
			sum += st.ScheduledDays
		}
		days, spread := srs.CardboxDays[box], srs.CardboxSpread[box]
		if len(seen) != 2*spread+1 {
			t.Errorf("box %d: %d distinct intervals, want %d (%d±%d)", box, len(seen), 2*spread+1, days, spread)
		}
		for d := range seen {
			if d < days-spread || d > days+spread {
				t.Errorf("box %d: interval %d outside %d±%d", box, d, days, spread)
			}
		}
		if mean := float64(sum) / n; math.Abs(mean-float64(days)) > float64(spread)/10+0.1 {
			t.Errorf("box %d: mean interval %.2f, want about %d", box, mean, days)
		}
	}
	a, b := srs.NewCardbox(7), srs.NewCardbox(7)
	for i := range 50 {
		x, _ := a.Schedule(srs.State{Box: 9}, srs.Outcome{Correct: true}, t0)
		y, _ := b.Schedule(srs.State{Box: 9}, srs.Outcome{Correct: true}, t0)
		if x.Due != y.Due {
			t.Fatalf("draw %d: same seed, different schedules", i)
		}
	}
}

// A retention that is not a number is refused like one out of range.
func TestFSRSRetentionNaN(t *testing.T) {
	t.Parallel()
	if _, err := srs.NewFSRS(math.NaN(), 0); err == nil {
		t.Error("NewFSRS accepted retention NaN")
	}
}

// The forgetting curve is go-fsrs's (FSRS-6, default decay w20 = 0.1542): 0.9 when the elapsed
// days equal the stability, falling after it, the same values the hand-written copy used to give.
func TestForgettingCurve(t *testing.T) {
	t.Parallel()
	for _, s := range []float64{1, 4, 12, 480} {
		if r := srs.ForgettingCurve(s, s); math.Abs(r-0.9) > 1e-9 {
			t.Errorf("R(S, S) at S = %v: %v, want 0.9", s, r)
		}
		if a, b := srs.ForgettingCurve(s/2, s), srs.ForgettingCurve(2*s, s); !(a > 0.9 && b < 0.9 && b > 0) {
			t.Errorf("S = %v: R(S/2) = %v, R(2S) = %v", s, a, b)
		}
	}
	// (1 + factor·t/s)^decay with decay -0.1542 and factor 0.9^(1/decay) - 1; by hand for t = 30,
	// s = 4: factor ≈ 0.9805, R ≈ 8.354^-0.1542 ≈ 0.721.
	decay := -0.1542
	factor := math.Pow(0.9, 1/decay) - 1
	want := math.Pow(1+factor*30/4, decay)
	if got := srs.ForgettingCurve(30, 4); math.Abs(got-want) > 1e-9 || math.Abs(got-0.721) > 1e-3 {
		t.Errorf("R(30, 4) = %v, want %v", got, want)
	}
}
