package cmd

import (
	"testing"
	"time"

	"github.com/spf13/cobra"
)

// seamOptions runs args on a root holding only the command build makes with runF standing in
// for its run, and returns the options runF was given (nil: it was not called) and the exit.
func seamOptions[O any](t *testing.T, build func(*Globals, func(*O) error) *cobra.Command, args ...string) (*O, int, string) {
	t.Helper()
	var got *O
	errOut, code := runSeam(t, func(g *Globals) *cobra.Command {
		return build(g, func(o *O) error { got = o; return nil })
	}, args...)
	return got, code, errOut
}

// The engine's commands parse their flags into their options; runF replaces the run, so no
// lexicon is opened and nothing is solved.
func TestSeamEngineCommands(t *testing.T) {
	t.Parallel()
	if o, code, e := seamOptions(t, newEndgameCmd, "endgame", "--gcg", "g.gcg", "--turn", "3", "--plies", "4", "--time", "2s",
		"--threads", "2", "--rank", "3", "--show", "7", "--rules", "six-scoreless", "--play", "8H CASA", "--play", "pass"); code != 0 || o == nil ||
		o.GCG != "g.gcg" || o.Turn != 3 || o.Plies != 4 || o.Time != 2*time.Second || o.Threads != 2 || o.Rank != 3 || o.Show != 7 ||
		o.Rules != "six-scoreless" || len(o.Plays) != 2 || o.Plays[0] != "8H CASA" {
		t.Errorf("endgame: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newEndgameCmd, "endgame", "--cgp", "x"); code != 0 || o == nil || o.Turn != -1 || o.Rank != 5 || o.Show != 10 || o.Rules != "file" {
		t.Errorf("endgame defaults: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPegCmd, "peg", "--cgp", "x", "--candidates", "4", "--table-mb", "64", "--play", "8H CASA"); code != 0 || o == nil ||
		o.CGP != "x" || o.Candidates != 4 || o.TableMB != 64 || o.Turn != -1 || len(o.Plays) != 1 {
		t.Errorf("peg: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newMovesCmd, "moves", "--cgp", "x", "--top", "3", "--by", "score", "--exchanges"); code != 0 || o == nil ||
		o.CGP != "x" || o.Top != 3 || o.By != "score" || !o.Exchanges || o.All {
		t.Errorf("moves: exit %d %q, options %+v", code, e, o)
	}
	if _, code, _ := seamOptions(t, newMovesCmd, "moves", "--top", "3", "--all"); code != ExitError {
		t.Errorf("moves --top --all: exit %d, want %d", code, ExitError)
	}
	if o, code, e := seamOptions(t, newScoreCmd, "score", "--cgp", "x", "--play", "8H CASA"); code != 0 || o == nil || o.CGP != "x" || o.Play != "8H CASA" {
		t.Errorf("score: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newAnalyzeCmd, "analyze", "--game", "4", "--player", "ana", "--sim", "--sim-time", "3s", "--puzzles",
		"--min-loss", "12.5", "--seed", "8"); code != 0 || o == nil ||
		o.Game != 4 || o.Player != "ana" || !o.Sim || o.SimTime != 3*time.Second || !o.Puzzles || o.MinLoss != 12.5 || o.Seed != 8 {
		t.Errorf("analyze: exit %d %q, options %+v", code, e, o)
	}
}

// The long jobs and the game parse their flags into their options without starting.
func TestSeamLongJobs(t *testing.T) {
	t.Parallel()
	if o, code, e := seamOptions(t, newPuzzleGenCmd, "gen", "--selfplay", "5", "--seed", "3", "--kind", "bingo,best", "--no-sim",
		"--workers", "2", "--gcg", "a.gcg", "b.gcg"); code != 0 || o == nil ||
		o.SelfPlay != 5 || o.Seed != 3 || len(o.Kinds) != 2 || !o.NoSim || o.Workers != 2 || len(o.GCG) != 2 || o.GCG[1] != "b.gcg" || o.Resume {
		t.Errorf("puzzle gen: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPuzzleGenCmd, "gen", "--resume"); code != 0 || o == nil || !o.Resume || o.SimCandidates < 2 {
		t.Errorf("puzzle gen --resume: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newLeavesLearnCmd, "learn", "--games", "100", "--generations", "2", "--seed", "9", "--out", "t.klv2",
		"--workers", "1", "--method", "racks"); code != 0 || o == nil ||
		o.Games != 100 || o.Generations != 2 || o.Seed != 9 || o.Out != "t.klv2" || o.Workers != 1 || o.Method != "racks" ||
		!o.generationsSet || !o.outSet || !o.methodSet || o.Shard != "" {
		t.Errorf("leaves learn: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newLeavesLearnCmd, "learn", "--shard", "2/8", "--stats-out", "s.stats", "--generation", "1"); code != 0 || o == nil ||
		o.Shard != "2/8" || o.StatsOut != "s.stats" || o.Generation != 1 || o.generationsSet {
		t.Errorf("leaves learn --shard: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newLeavesEvalCmd, "eval", "--a", "x.klv2", "--pairs", "10", "--seed", "2"); code != 0 || o == nil ||
		o.A != "x.klv2" || o.B != "handset" || o.Pairs != 10 || o.Seed != 2 {
		t.Errorf("leaves eval: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newLeavesMergeCmd, "merge", "--out", "m.klv2", "--workers", "3", "a.stats"); code != 0 || o == nil ||
		o.Out != "m.klv2" || o.Workers != 3 || o.Method != "racks" {
		t.Errorf("leaves merge: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPlayCmd, "play", "--level", "3", "--seed", "7", "--clock", "25m", "--first", "atril", "--name", "Ana",
		"--no-puzzles"); code != 0 || o == nil ||
		o.Level != 3 || o.Seed != 7 || o.Clock != 25*time.Minute || o.First != "atril" || o.Name != "Ana" || !o.NoPuzzles || o.Resume {
		t.Errorf("play: exit %d %q, options %+v", code, e, o)
	}
}

// The study commands parse their flags into their options without opening the study database.
func TestSeamStudyCommands(t *testing.T) {
	t.Parallel()
	if o, code, e := seamOptions(t, newReviewCmd, "review", "--deck", "verbos", "--max", "30", "--list", "--seed", "4", "--time-limit", "5s",
		"--grade", "ask"); code != 0 || o == nil ||
		o.Deck != "verbos" || o.Max != 30 || !o.List || o.Seed != 4 || o.TimeLimit != 5*time.Second || o.Grade != "ask" {
		t.Errorf("review: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newReviewCmd, "review"); code != 0 || o == nil || o.Max != 100 || o.Grade != "auto" {
		t.Errorf("review defaults: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newStatsCmd, "stats", "--since", "2026-01-01", "--deck", "d", "--plot", "p.png"); code != 0 || o == nil ||
		o.Since != "2026-01-01" || o.Deck != "d" || o.Plot != "p.png" {
		t.Errorf("stats: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newForecastCmd, "forecast", "--date", "2026-05-01", "--set-date", "--deck", "d", "--target", "0.8"); code != 0 || o == nil ||
		o.Date != "2026-05-01" || o.SetDate != "2026-05-01" || o.Deck != "d" || o.Target != 0.8 {
		t.Errorf("forecast --set-date: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newForecastCmd, "forecast", "--set-date", "2026-05-02"); code != 0 || o == nil || o.SetDate != "2026-05-02" || o.Target != 0.95 {
		t.Errorf("forecast --set-date D: exit %d %q, options %+v", code, e, o)
	}
	if o, code, _ := seamOptions(t, newForecastCmd, "forecast", "--set-date"); code != ExitError || o != nil {
		t.Errorf("forecast --set-date alone: exit %d, run %v", code, o != nil)
	}
}
