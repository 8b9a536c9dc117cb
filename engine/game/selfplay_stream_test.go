package game

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// collect runs SelfPlay keeping every game (SelfPlay itself keeps only totals), in game order.
func collect(ctx context.Context, cfg SelfPlayConfig) ([]GameResult, error) {
	var res []GameResult
	cfg.OnGame = func(r GameResult) error { res = append(res, r); return nil }
	_, err := SelfPlay(ctx, cfg)
	slices.SortFunc(res, func(a, b GameResult) int { return a.Index - b.Index })
	return res, err
}

// A run's totals are the sum of its games, whichever worker finished which game first.
func TestSelfPlayTally(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	var games []GameResult
	tally, err := SelfPlay(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore},
		Games: 7, Seed: 3, Workers: 3, OnGame: func(r GameResult) error { games = append(games, r); return nil }})
	if err != nil {
		t.Fatal(err)
	}
	var want Tally
	for i := range games {
		want.Add(&games[i])
	}
	if len(games) != 7 || tally != want || tally.Games != 7 || tally.Turns == 0 {
		t.Errorf("tally %+v, games summed %+v (%d games)", tally, want, len(games))
	}
	one, err := SelfPlay(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore}, Games: 7, Seed: 3, Workers: 1})
	if err != nil || one != tally {
		t.Errorf("1 worker: %+v, %v; 3 workers: %+v", one, err, tally)
	}
}

// Impossible runs are refused before anything is allocated for them (a huge --games used to
// allocate a result per game and panic with "makeslice: len out of range").
func TestSelfPlayBounds(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	tests := []struct {
		games, workers int
		err            string
	}{
		{9_999_999_999_999, 1, "expected 1 to 10,000,000"},
		{MaxGames + 1, 1, "expected 1 to 10,000,000"},
		{0, 1, "expected 1 to"},
		{-5, 1, "expected 1 to"},
		{10, -1, "workers: expected 1 to 256"},
		{10, MaxWorkers + 1, "workers: expected 1 to 256"},
	}
	for _, tc := range tests {
		_, err := SelfPlay(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore}, Games: tc.games, Workers: tc.workers})
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("games %d, workers %d: error %v, want %q", tc.games, tc.workers, err, tc.err)
		}
	}
}

// Many games: memory does not grow with the run, and cancelling gives the finished games'
// totals with the context's error.
func TestSelfPlayCancelKeepsTotals(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n := 0
	tally, err := SelfPlay(ctx, SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore},
		Games: MaxGames, Workers: 2, OnGame: func(GameResult) error {
			if n++; n == 5 {
				cancel()
			}
			return nil
		}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	// The game being played by the other worker when cancel came may finish too.
	if tally.Games < 5 || tally.Games > 6 || tally.Games != n {
		t.Errorf("%d games counted, %d reported", tally.Games, n)
	}
}

// An error from OnGame (a GCG file that cannot be written) stops the run and comes back.
func TestSelfPlayOnGameError(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	boom := errors.New("disk full")
	calls := 0
	_, err := SelfPlay(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore},
		Games: 1000, Workers: 2, OnGame: func(GameResult) error { calls++; return boom }})
	if !errors.Is(err, boom) || calls != 1 {
		t.Errorf("error %v after %d calls; want %v after 1", err, calls, boom)
	}
}
