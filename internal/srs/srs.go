// Package srs holds atril's spaced-repetition schedulers: FSRS-6 (the default, through
// go-fsrs) and Zyzzyva's cardbox. A deck picks one; both turn a card's State and the outcome of
// one answer into the next State. States are plain values that marshal to JSON so that the
// review log can keep the state before and after every answer.
//
// It imports nothing of atril's.
package srs

import (
	"fmt"
	"time"
)

// Phase is where a card is in its life. The numbers are go-fsrs's State numbers and are stored
// in the database: do not renumber.
type Phase int8

const (
	New        Phase = 0 // never answered
	Learning   Phase = 1 // FSRS short-term steps after the first answer
	Review     Phase = 2 // scheduled in days
	Relearning Phase = 3 // FSRS short-term steps after a lapse
)

var phaseNames = [...]string{"new", "learning", "review", "relearning"}

func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return fmt.Sprintf("phase(%d)", int(p))
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name, so that logged states read well.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText reads a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("srs: unknown phase %q (want new, learning, review or relearning)", b)
}

// State is one card's scheduling state in one deck. Fields one scheduler does not use stay zero:
// FSRS uses Stability, Difficulty, Steps; the cardbox uses Box.
type State struct {
	Phase         Phase     `json:"phase"`
	Due           time.Time `json:"due,omitzero"` // zero for a new card
	LastReview    time.Time `json:"last_review,omitzero"`
	Stability     float64   `json:"stability,omitempty"`  // FSRS: days until recall falls to 90%
	Difficulty    float64   `json:"difficulty,omitempty"` // FSRS: 1..10
	ScheduledDays int       `json:"scheduled_days"`       // days from LastReview to Due, rounded down
	Steps         int       `json:"steps,omitempty"`      // FSRS: learning steps left
	Reps          int       `json:"reps"`
	Lapses        int       `json:"lapses"` // times forgotten after having been learnt
	Box           int       `json:"box"`    // cardbox: 0..10
}

// Rating is the grade of one answer, as FSRS knows it. 0 means "derive it from the outcome".
type Rating int8

const (
	Again Rating = 1
	Hard  Rating = 2
	Good  Rating = 3
	Easy  Rating = 4
)

var ratingNames = [...]string{"", "again", "hard", "good", "easy"}

func (r Rating) String() string {
	if r < 0 || int(r) >= len(ratingNames) {
		return fmt.Sprintf("rating(%d)", int(r))
	}
	return ratingNames[r]
}

// ParseRating reads again|hard|good|easy or 1..4.
func ParseRating(s string) (Rating, error) {
	for i, n := range ratingNames {
		if i > 0 && (s == n || s == fmt.Sprint(i)) {
			return Rating(i), nil
		}
	}
	return 0, fmt.Errorf("rating %q: want again, hard, good or easy (or 1-4)", s)
}

// Outcome is what happened when a card was asked.
type Outcome struct {
	Correct bool
	Took    time.Duration // time from question shown to answer entered
	Rating  Rating        // explicit grade; 0 derives it with Rate
}

// Rate derives an FSRS grade from right/wrong and the response time against target, the time
// a fluent player needs for that kind of question:
//
//	wrong                     → Again
//	right, took > target      → Hard  (recalled, but slowly)
//	right, took > target/2    → Good
//	right, took <= target/2   → Easy  (instant recall)
//
// An explicit o.Rating wins (a right answer is never graded Again that way, though: the rating is
// the player's word).
func Rate(o Outcome, target time.Duration) Rating {
	if o.Rating != 0 {
		return o.Rating
	}
	switch {
	case !o.Correct:
		return Again
	case target > 0 && o.Took > target:
		return Hard
	case target > 0 && o.Took <= target/2:
		return Easy
	default:
		return Good
	}
}

// Scheduler turns a card's state and one answer into its next state. now is the answer's time;
// schedulers never read the clock themselves.
type Scheduler interface {
	// Kind is the name stored in a deck: "fsrs" or "cardbox".
	Kind() string
	// Schedule returns the state after answering with outcome o at now. The due time is in
	// the returned state.
	Schedule(st State, o Outcome, now time.Time) (State, error)
}

// Kinds are the scheduler names a deck accepts, the default first.
var Kinds = []string{"fsrs", "cardbox"}
