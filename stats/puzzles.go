package stats

import (
	"context"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// PuzzleStats are the player's puzzle results, when there are any.
type PuzzleStats struct {
	Attempts int     `json:"attempts"`
	Solved   int     `json:"solved"`
	Rate     float64 `json:"solved_rate"`
	Low      float64 `json:"solved_rate_low"` // Wilson 95%
	High     float64 `json:"solved_rate_high"`
	// Rating is the current puzzle rating (nil before the first rated attempt).
	Rating *studystore.StoredRating `json:"rating,omitempty"`
	// History is the rating after each rated attempt, oldest first.
	History []RatingPoint `json:"history,omitempty"`
	// ByTag is the solved rate per puzzle tag (a puzzle counts under each of its tags).
	ByTag []Row `json:"by_tag,omitempty"`
}

// RatingPoint is the puzzle rating after one attempt.
type RatingPoint struct {
	At     time.Time `json:"at"`
	Rating float64   `json:"rating"`
	// Deviation is the rating's Glicko-2 deviation, when known (puzzle stats): the plot's band.
	Deviation float64 `json:"deviation,omitempty"`
}

// PuzzleRatingKind is the player_ratings row of puzzle ratings.
const PuzzleRatingKind = "puzzles"

func collectPuzzles(ctx context.Context, st *studystore.Store, now time.Time, loc *time.Location) (*PuzzleStats, error) {
	as, err := st.PuzzleAttemptsSince(ctx, time.Time{})
	if err != nil || len(as) == 0 {
		return nil, err
	}
	p := &PuzzleStats{Attempts: len(as)}
	// Tags come with the puzzles' own tables; a database without them has none.
	tags, err := st.PuzzleTags(ctx)
	if err != nil {
		return nil, err
	}
	byTag := map[string]*Row{}
	for _, a := range as {
		if a.Correct {
			p.Solved++
		}
		if a.RatingAfter != 0 {
			p.History = append(p.History, RatingPoint{At: a.At, Rating: a.RatingAfter})
		}
		for _, t := range tags[a.PuzzleID] {
			g := byTag[t]
			if g == nil {
				g = &Row{Group: t, times: Times{}, days: map[int64]*dayCount{}}
				byTag[t] = g
			}
			g.Answers++
			if a.Correct {
				g.Correct++
			}
			g.Seconds += float64(a.TimeMS) / 1000
			g.times.Add(a.TimeMS)
			day := DayNumber(a.At, loc)
			dc := g.days[day]
			if dc == nil {
				dc = &dayCount{}
				g.days[day] = dc
			}
			dc.answers++
			if a.Correct {
				dc.correct++
			}
		}
	}
	p.Rate = float64(p.Solved) / float64(p.Attempts)
	p.Low, p.High = interval.Wilson(float64(p.Solved), float64(p.Attempts))
	for _, g := range byTag {
		p.ByTag = append(p.ByTag, finish(g))
	}
	slices.SortFunc(p.ByTag, func(a, b Row) int { return groupOrder("", a.Group, b.Group) })
	r, ok, err := st.RatingOf(ctx, PuzzleRatingKind)
	if err != nil {
		return nil, err
	}
	if ok {
		p.Rating = &r
	}
	return p, nil
}
