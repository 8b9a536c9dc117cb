package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/bench"
	"github.com/atril-scrabble/atril/engine/game"
)

// runSeam runs args on a root holding only the command build makes with its runF seam: flags
// are parsed and checked as atril does, and runF stands in for the run (no lexicon, no engine).
func runSeam(t *testing.T, build func(g *Globals) *cobra.Command, args ...string) (stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: noEnv}
	root := newRootWith(io, args, func(g *Globals) []*cobra.Command { return []*cobra.Command{build(g)} })
	code = execute(context.Background(), root, io, args)
	return errb.String(), code
}

// Flags reach the options as given, the defaults as documented, and runF replaces the run.
func TestSeamSelfplayFlags(t *testing.T) {
	t.Parallel()
	var got *selfplayOptions
	build := func(g *Globals) *cobra.Command {
		return newSelfplayCmd(g, func(o *selfplayOptions) error { got = o; return nil })
	}
	if errOut, code := runSeam(t, build, "selfplay"); code != 0 || got == nil {
		t.Fatalf("defaults: exit %d %q", code, errOut)
	}
	if got.Games != 100 || got.Seed != 1 || got.players != [2]game.Strategy{game.ByEquity, game.ByScore} ||
		got.rules.Name != game.FILERules.Name || got.Leaves != "builtin" || got.LeavesGiven || got.Workers != 0 {
		t.Errorf("defaults %+v", got)
	}
	got = nil
	if errOut, code := runSeam(t, build, "selfplay", "--games", "7", "--seed", "9", "--players", "score, equity",
		"--rules", "six-scoreless", "--leaves", "handset", "--workers", "3", "--save", "x.gcg"); code != 0 || got == nil {
		t.Fatalf("flags: exit %d %q", code, errOut)
	}
	if got.Games != 7 || got.Seed != 9 || got.players != [2]game.Strategy{game.ByScore, game.ByEquity} ||
		got.rules.Name != game.SixScoreless.Name || got.Leaves != "handset" || !got.LeavesGiven || got.Workers != 3 || got.Save != "x.gcg" {
		t.Errorf("flags %+v", got)
	}
}

func TestSeamSimFlags(t *testing.T) {
	t.Parallel()
	var got *simOptions
	build := func(g *Globals) *cobra.Command {
		return newSimCmd(g, func(o *simOptions) error { got = o; return nil })
	}
	if errOut, code := runSeam(t, build, "sim", "--cgp", "x", "--plies", "3", "--iterations", "50", "--candidates", "4",
		"--play", "8H CASA", "--play", "exch AEI", "--stop", "95,5", "--seed", "2"); code != 0 || got == nil {
		t.Fatalf("exit %d %q", code, errOut)
	}
	if got.CGP != "x" || got.Plies != 3 || got.Iterations != 50 || got.Candidates != 4 || len(got.Plays) != 2 ||
		got.Plays[1] != "exch AEI" || got.Stop != 95.5 || got.Seed != 2 || got.LeavesGiven {
		t.Errorf("options %+v", got)
	}
}

func TestSeamBenchFlags(t *testing.T) {
	t.Parallel()
	var got *benchOptions
	build := func(g *Globals) *cobra.Command {
		return newBenchCmd(g, func(o *benchOptions) error { got = o; return nil })
	}
	if errOut, code := runSeam(t, build, "bench", "--figures", "topeq, all", "--runs", "2", "--seconds", "0,5", "--count", "9"); code != 0 || got == nil {
		t.Fatalf("exit %d %q", code, errOut)
	}
	if len(got.figures) != 2 || got.figures[0] != bench.TopEquity || got.Runs != 2 || got.Seconds != 0.5 || got.Count != 9 {
		t.Errorf("options %+v", got)
	}
}

// Flags out of bounds are refused with exit 2 and a message naming them before the run: runF
// is never called.
func TestSeamRefusesBadFlags(t *testing.T) {
	t.Parallel()
	called := false
	sp := func(g *Globals) *cobra.Command {
		return newSelfplayCmd(g, func(*selfplayOptions) error { called = true; return nil })
	}
	sm := func(g *Globals) *cobra.Command {
		return newSimCmd(g, func(*simOptions) error { called = true; return nil })
	}
	bn := func(g *Globals) *cobra.Command {
		return newBenchCmd(g, func(*benchOptions) error { called = true; return nil })
	}
	for _, tc := range []struct {
		build func(*Globals) *cobra.Command
		args  []string
		want  string
	}{
		{sp, []string{"selfplay", "--players", "equity"}, "two players"},
		{sp, []string{"selfplay", "--players", "equity,random"}, "expected \"equity\""},
		{sp, []string{"selfplay", "--games", "0"}, "at least 1"},
		{sp, []string{"selfplay", "--games", "-3"}, "at least 1"},
		// Used to panic (makeslice: len out of range): every game's result was allocated first.
		{sp, []string{"selfplay", "--games", "9999999999999"}, "at most 10,000,000"},
		{sp, []string{"selfplay", "--games", "10000001"}, "at most 10,000,000"},
		{sp, []string{"selfplay", "--games", "2", "--workers", "-1"}, "--workers -1: expected 1 to 256"},
		{sp, []string{"selfplay", "--games", "2", "--workers", "257"}, "--workers 257: expected 1 to 256"},
		{sp, []string{"selfplay", "--rules", "scrabble"}, "end rules"},
		{sm, []string{"sim"}, "--cgp"},
		{sm, []string{"sim", "--cgp", "x", "--plies", "0"}, "--plies 0: expected 1 to 10"},
		{sm, []string{"sim", "--cgp", "x", "--stop", "100"}, "--stop 100"},
		{sm, []string{"sim", "--cgp", "x", "--candidates", "0"}, "--candidates 0"},
		{sm, []string{"sim", "--cgp", "x", "--iterations", "0"}, "--iterations 0: expected 1 to"},
		{sm, []string{"sim", "--cgp", "x", "--workers", "-1"}, "--workers -1"},
		{bn, []string{"bench", "--runs", "0"}, "--runs 0"},
		{bn, []string{"bench", "--seconds", "-1"}, "--seconds -1"},
		{bn, []string{"bench", "--count", "0"}, "--count 0"},
		{bn, []string{"bench", "--figures", "topeq,fast"}, `"fast"`},
	} {
		errOut, code := runSeam(t, tc.build, tc.args...)
		if code != ExitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
	if called {
		t.Error("runF called for a bad flag")
	}
}
