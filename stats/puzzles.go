package stats

import (
	"context"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles"
)

// PuzzleStats are the player's puzzle results, when there are any: package puzzles' overview
// and, as the study report groups answers, the solved rate by tag with its trend.
type PuzzleStats struct {
	puzzles.Overview
	// ByTag is the solved rate per puzzle tag (a puzzle counts under each of its tags).
	ByTag []Row `json:"by_tag,omitempty"`
}

func collectPuzzles(ctx context.Context, st *studystore.Store, now time.Time, loc *time.Location) (*PuzzleStats, error) {
	ov, as, err := puzzles.ReadOverview(ctx, st)
	if err != nil || ov == nil {
		return nil, err
	}
	p := &PuzzleStats{Overview: *ov}
	// Tags come with the puzzles' own tables; a database without them has none.
	tags, err := st.PuzzleTags(ctx)
	if err != nil {
		return nil, err
	}
	byTag := map[string]*Row{}
	for _, a := range as {
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
	for _, g := range byTag {
		p.ByTag = append(p.ByTag, finish(g))
	}
	slices.SortFunc(p.ByTag, func(a, b Row) int { return groupOrder("", a.Group, b.Group) })
	return p, nil
}
