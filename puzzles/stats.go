package puzzles

import (
	"context"
	"slices"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
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

// Stats are the player's puzzle figures under a lexicon.
type Stats struct {
	Rating  Rating         `json:"rating"`
	Rated   int            `json:"rated"` // rated attempts (first attempts), every lexicon
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
func (s *Service) Stats(ctx context.Context) (*Stats, error) {
	r, n, err := s.PlayerRating(ctx)
	if err != nil {
		return nil, err
	}
	st := &Stats{Rating: r, Rated: n}
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
		st.History = append(st.History, HistoryPoint{At: res.At, Rating: res.Rating, Deviation: res.Deviation, PuzzleID: res.PuzzleID, Solved: res.Correct})
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
	for _, k := range Kinds {
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
