package puzzles

import (
	"context"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// SolvedRate is a solved rate with its 95% Wilson interval.
type SolvedRate struct {
	Name     string  `json:"name"` // a kind or a tag
	Attempts int     `json:"attempts"`
	Solved   int     `json:"solved"`
	Rate     float64 `json:"rate"`
	Low      float64 `json:"low"`
	High     float64 `json:"high"`
}

// HistoryPoint is the player's rating after a rated attempt.
type HistoryPoint struct {
	At        time.Time `json:"at"`
	Rating    float64   `json:"rating"`
	Deviation float64   `json:"deviation"`
	PuzzleID  int64     `json:"puzzle_id"`
	Solved    bool      `json:"solved"`
}

// KindRating is the player's rating of some kinds of puzzles: the equity puzzles (bingo and
// best play) share one, endgame and pre-endgame puzzles have one each.
type KindRating struct {
	Kinds  []Kind `json:"kinds"`
	Rating Rating `json:"rating"`
	Rated  int    `json:"rated"`
}

// Stats are the player's puzzle figures under a lexicon.
type Stats struct {
	// Kind is the kind whose rating Rating, Rated and History are ("" bingo and best play).
	Kind    Kind           `json:"kind,omitempty"`
	Rating  Rating         `json:"rating"`
	Rated   int            `json:"rated"` // rated attempts (first attempts), every lexicon
	Ratings []KindRating   `json:"ratings"`
	Unseen  int            `json:"unseen"`
	History []HistoryPoint `json:"history"`
	All     SolvedRate     `json:"all"`
	ByKind  []SolvedRate   `json:"by_kind"`
	ByTag   []SolvedRate   `json:"by_tag"`
	// Tables counts the puzzles of the lexicon by the leave table they were made with.
	Tables []TableCount `json:"leave_tables"`
}

// Stats reads the player's rating, its history and the solved rates by kind and tag (first
// attempts under the service's lexicon).
func (s *Service) Stats(ctx context.Context) (*Stats, error) { return s.StatsOf(ctx, "") }

// StatsOf is Stats with the rating and history of kind k's puzzles ("" bingo and best play).
func (s *Service) StatsOf(ctx context.Context, k Kind) (*Stats, error) {
	r, n, err := s.PlayerRatingFor(ctx, k)
	if err != nil {
		return nil, err
	}
	st := &Stats{Kind: k, Rating: r, Rated: n}
	for _, group := range [][]Kind{{KindBingo, KindBest}, {KindEndgame}, {KindPreEndgame}} {
		gr, gn, err := s.PlayerRatingFor(ctx, group[0])
		if err != nil {
			return nil, err
		}
		st.Ratings = append(st.Ratings, KindRating{Kinds: group, Rating: gr, Rated: gn})
	}
	if st.Unseen, err = s.Unseen(ctx, Filter{}); err != nil {
		return nil, err
	}
	if st.Tables, err = s.Tables(ctx); err != nil {
		return nil, err
	}
	results, err := s.Store.PuzzleResults(ctx, s.Lex.Name)
	if err != nil {
		return nil, err
	}
	kinds := map[string]*SolvedRate{}
	tags := map[string]*SolvedRate{}
	count := func(m map[string]*SolvedRate, name string, solved bool) {
		sr := m[name]
		if sr == nil {
			sr = &SolvedRate{Name: name}
			m[name] = sr
		}
		sr.Attempts++
		if solved {
			sr.Solved++
		}
	}
	st.All.Name = "all"
	for _, res := range results {
		// The history is one rating's: the rating after each attempt at puzzles it rates.
		if RatingKind(Kind(res.Kind)) == RatingKind(k) {
			st.History = append(st.History, HistoryPoint{At: res.At, Rating: res.Rating, Deviation: res.Deviation, PuzzleID: res.PuzzleID, Solved: res.Correct})
		}
		st.All.Attempts++
		if res.Correct {
			st.All.Solved++
		}
		count(kinds, res.Kind, res.Correct)
		for _, t := range res.Tags {
			count(tags, t, res.Correct)
		}
	}
	finish := func(sr *SolvedRate) {
		if sr.Attempts > 0 {
			sr.Rate = float64(sr.Solved) / float64(sr.Attempts)
		}
		sr.Low, sr.High = interval.Wilson(float64(sr.Solved), float64(sr.Attempts))
	}
	finish(&st.All)
	for _, k := range AllKinds {
		if sr := kinds[string(k)]; sr != nil {
			finish(sr)
			st.ByKind = append(st.ByKind, *sr)
		}
	}
	for _, t := range puzzletag.All {
		if sr := tags[string(t)]; sr != nil {
			finish(sr)
			st.ByTag = append(st.ByTag, *sr)
		}
	}
	slices.SortStableFunc(st.ByTag, func(a, b SolvedRate) int { return b.Attempts - a.Attempts })
	return st, nil
}

// RatingPoint is the puzzle rating after one rated attempt: the study report's history and a
// plot's points.
type RatingPoint struct {
	At     time.Time `json:"at"`
	Rating float64   `json:"rating"`
	// Deviation is the rating's Glicko-2 deviation, when known: the plot's band.
	Deviation float64 `json:"deviation,omitempty"`
}

// Points is a history as a plot's points.
func Points(history []HistoryPoint) []RatingPoint {
	out := make([]RatingPoint, len(history))
	for i, h := range history {
		out[i] = RatingPoint{At: h.At, Rating: h.Rating, Deviation: h.Deviation}
	}
	return out
}

// Overview is the player's puzzle results under every lexicon, as the study report shows them:
// the attempts (the rated ones, a puzzle's first try, where the store says which), how many
// were solved with the 95% Wilson interval, the current rating and its history.
type Overview struct {
	Attempts int     `json:"attempts"`
	Solved   int     `json:"solved"`
	Rate     float64 `json:"solved_rate"`
	Low      float64 `json:"solved_rate_low"` // Wilson 95%
	High     float64 `json:"solved_rate_high"`
	// Rating is the current puzzle rating (nil before the first rated attempt).
	Rating *studystore.StoredRating `json:"rating,omitempty"`
	// History is the rating after each rated attempt, oldest first.
	History []RatingPoint `json:"history,omitempty"`
}

// ReadOverview reads the overview and the attempts it counts, oldest first; nil and no
// attempts when there are none.
func ReadOverview(ctx context.Context, st *studystore.Store) (*Overview, []studystore.StatsPuzzleAttempt, error) {
	as, err := st.PuzzleAttemptsSince(ctx, time.Time{})
	if err != nil || len(as) == 0 {
		return nil, nil, err
	}
	o := &Overview{Attempts: len(as)}
	for _, a := range as {
		if a.Correct {
			o.Solved++
		}
		// The history is the bingo and best-play rating's (endgame puzzles move ratings of
		// their own).
		if a.RatingAfter != 0 && studystore.PuzzleRatingKindOf(a.Kind) == studystore.PuzzleRatingKind {
			o.History = append(o.History, RatingPoint{At: a.At, Rating: a.RatingAfter})
		}
	}
	o.Rate = float64(o.Solved) / float64(o.Attempts)
	o.Low, o.High = interval.Wilson(float64(o.Solved), float64(o.Attempts))
	r, ok, err := st.RatingOf(ctx, studystore.PuzzleRatingKind)
	if err != nil {
		return nil, nil, err
	}
	if ok {
		o.Rating = &r
	}
	return o, as, nil
}
