package srs

import (
	"math/rand/v2"
	"time"
)

// Zyzzyva's cardbox: a right answer moves a card up one box (at most the last), a wrong one
// sends it back to box 0; the next question is due after the box's interval plus or minus a
// random spread of whole days, so that cards learnt together do not all return together.
var (
	CardboxDays   = [...]int{1, 4, 7, 12, 20, 30, 60, 90, 150, 270, 480}
	CardboxSpread = [...]int{0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50}
)

// Cardbox is Zyzzyva's Leitner-style scheduler. Rand draws the spread (IntN(n) in [0, n));
// seed it for reproducible schedules.
type Cardbox struct {
	Rand interface{ IntN(n int) int }
}

// NewCardbox returns a cardbox scheduler whose spread comes from a PCG seeded with seed.
func NewCardbox(seed uint64) *Cardbox {
	return &Cardbox{Rand: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Kind is "cardbox".
func (*Cardbox) Kind() string { return "cardbox" }

// Schedule applies one answer. A new card starts in box 0, so a first right answer puts it in
// box 1 (4 days) and a first wrong one in box 0 (1 day).
func (c *Cardbox) Schedule(st State, o Outcome, now time.Time) (State, error) {
	right := o.Correct
	if o.Rating != 0 {
		right = o.Rating != Again
	}
	next := st
	if right {
		next.Box = min(st.Box+1, len(CardboxDays)-1)
	} else {
		if st.Phase != New {
			next.Lapses++
		}
		next.Box = 0
	}
	days := CardboxDays[next.Box]
	if s := CardboxSpread[next.Box]; s > 0 {
		days += c.Rand.IntN(2*s+1) - s
	}
	next.Phase = Review
	next.Reps++
	next.LastReview = now
	next.ScheduledDays = days
	next.Due = now.AddDate(0, 0, days)
	return next, nil
}
