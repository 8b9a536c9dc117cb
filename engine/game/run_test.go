package game

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/gcg"
)

// A run saves every game to its own file, which reads back, reports the totals SelfPlay
// counts, its speed by the clock given and one worker a game at most; a directory it cannot
// write to stops it with the save's stage.
func TestSelfPlayRun(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	dir := t.TempDir()
	clock := time.Unix(1e9, 0)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	var progress []int
	cfg := SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: [2]Strategy{ByEquity, ByScore}, Games: 3, Seed: 5}
	r, err := SelfPlayRun{SelfPlayConfig: cfg, SaveDir: dir, LeavesName: "handset", Now: now,
		Progress: func(n int) { progress = append(progress, n) }}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tally, err := SelfPlay(context.Background(), SelfPlayConfig{Lexicon: lex, Rules: FILERules, Players: cfg.Players, Games: 3, Seed: 5, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := Summarize(&tally, cfg.Players); r.Summary.MeanScore != want.MeanScore || r.Wins != want.Wins || r.GamesFinished != 3 ||
		r.Seconds != 1 || r.GamesPerSec != 3 || r.Workers < 1 || r.Workers > 3 || r.SavedTo != dir || r.Leaves != "handset" ||
		r.Rules != FILERules.Name || r.Lexicon != lex.Name || r.Seed != 5 || r.CGP != "" {
		t.Errorf("report %+v, want the summary %+v", r, want)
	}
	if !slices.Equal(progress, []int{1, 2, 3}) {
		t.Errorf("progress %v", progress)
	}
	for i := range 3 {
		if _, err := gcg.ReadFile(GamePath(dir, i), lex.Tiles); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
	if filepath.Base(GamePath(dir, 0)) != "game-0001.gcg" {
		t.Errorf("first game at %s", GamePath(dir, 0))
	}
	_, err = SelfPlayRun{SelfPlayConfig: cfg, SaveDir: filepath.Join(dir, "missing")}.Play(context.Background())
	var se *gcg.SaveError
	if !errors.As(err, &se) || se.Stage != gcg.SaveOpening {
		t.Errorf("saving to a missing directory: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("%d files in the directory, want 3", len(entries))
	}
}

// A pairing is two strategies; every pairing offered reads back.
func TestParsePairing(t *testing.T) {
	t.Parallel()
	if p, err := ParsePairing("score, equity"); err != nil || p != [2]Strategy{ByScore, ByEquity} {
		t.Errorf("score, equity: %v %v", p, err)
	}
	for _, s := range []string{"equity", "equity,score,score", ""} {
		if _, err := ParsePairing(s); !errors.Is(err, ErrNotAPair) {
			t.Errorf("%q: %v", s, err)
		}
	}
	if _, err := ParsePairing("equity,best"); err == nil || errors.Is(err, ErrNotAPair) {
		t.Errorf("equity,best: %v", err)
	}
	ps := Pairings()
	if len(ps) != 4 {
		t.Errorf("pairings %v", ps)
	}
	for _, s := range ps {
		if _, err := ParsePairing(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}
