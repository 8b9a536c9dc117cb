package game

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// SelfPlayRun is a self-play run as `atril selfplay` makes it: the games of SelfPlayConfig,
// each saved as GCG in SaveDir when one is given, summed in a Report.
type SelfPlayRun struct {
	SelfPlayConfig                    // Workers 0: one per CPU, at most one a game; OnGame and Record are the run's
	SaveDir        string             // an existing directory for the games (game-0001.gcg, ...); "": none saved
	LeavesName     string             // the leave table as given, for the report
	Now            func() time.Time   // nil: time.Now
	Progress       func(finished int) // after each game
}

// GamePath is where a run saving to dir writes its game of index i (from 0).
func GamePath(dir string, i int) string { return filepath.Join(dir, fmt.Sprintf("game-%04d.gcg", i+1)) }

// Play plays the games, saving each as it finishes; only the totals are kept. The report
// counts the games finished, also when ctx stops the run early. A game that cannot be saved
// stops the run with its *gcg.SaveError; any other error is SelfPlay's.
func (r SelfPlayRun) Play(ctx context.Context) (Report, error) {
	cfg := r.SelfPlayConfig
	if cfg.Workers <= 0 {
		cfg.Workers = min(cfg.Games, runtime.GOMAXPROCS(0))
	}
	now := r.Now
	if now == nil {
		now = time.Now
	}
	cfg.Record = r.SaveDir != ""
	finished := 0
	cfg.OnGame = func(g GameResult) error {
		finished++
		if r.Progress != nil {
			r.Progress(finished)
		}
		if r.SaveDir == "" {
			return nil
		}
		return g.Record.Save(GamePath(r.SaveDir, g.Index), cfg.Lexicon.Tiles)
	}
	start := now()
	tally, err := SelfPlay(ctx, cfg)
	elapsed := now().Sub(start)
	out := Report{
		Summary: Summarize(&tally, cfg.Players), Seed: cfg.Seed, Rules: cfg.Rules.Name, Lexicon: cfg.Lexicon.Name,
		Workers: cfg.Workers, Seconds: elapsed.Seconds(), SavedTo: r.SaveDir, Leaves: r.LeavesName, GamesFinished: tally.Games,
	}
	if cfg.Start != nil {
		out.CGP = cfg.Start.CGP()
	}
	if elapsed > 0 {
		out.GamesPerSec = float64(tally.Games) / elapsed.Seconds()
	}
	return out, err
}

// ErrNotAPair is a pairing that does not name two players.
var ErrNotAPair = errors.New("not two players")

// ParsePairing reads two strategies separated by a comma (equity,score): ErrNotAPair unless
// there are two, else ParseStrategy's error for one it cannot read.
func ParsePairing(s string) ([2]Strategy, error) {
	var out [2]Strategy
	names := strings.Split(s, ",")
	if len(names) != 2 {
		return out, ErrNotAPair
	}
	for i, n := range names {
		st, err := ParseStrategy(strings.TrimSpace(n))
		if err != nil {
			return out, err
		}
		out[i] = st
	}
	return out, nil
}

// Pairings are every pair of strategies, as ParsePairing reads them.
func Pairings() []string {
	var out []string
	for _, a := range []Strategy{ByEquity, ByScore} {
		for _, b := range []Strategy{ByEquity, ByScore} {
			out = append(out, string(a)+","+string(b))
		}
	}
	return out
}
