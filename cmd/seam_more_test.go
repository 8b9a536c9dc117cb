package cmd

import (
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/web"
)

// The study, fitting, serving and puzzle commands parse their flags into their options; runF
// replaces the run, so no store, lexicon or server is opened.
func TestSeamMoreCommands(t *testing.T) {
	t.Parallel()
	if o, code, e := seamOptions(t, fsrsFitCmd, "fit", "--deck", "verbos", "--revlog", "r.csv", "--save"); code != 0 || o == nil ||
		o.Deck != "verbos" || o.Revlog != "r.csv" || !o.Save || o.NoSave {
		t.Errorf("fsrs fit: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, fsrsFitCmd, "fit", "--no-save"); code != 0 || o == nil || o.Deck != "" || o.Revlog != "" || o.Save || !o.NoSave {
		t.Errorf("fsrs fit --no-save: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, fsrsCheckCmd, "check", "--revlog", "r.csv"); code != 0 || o == nil || o.Revlog != "r.csv" || o.Deck != "" {
		t.Errorf("fsrs check: exit %d %q, options %+v", code, e, o)
	}
	if o, code, _ := seamOptions(t, fsrsCheckCmd, "check", "--save"); code != ExitError || o != nil {
		t.Errorf("fsrs check --save (not its flag): exit %d, ran %v", code, o != nil)
	}
	if o, code, e := seamOptions(t, newPhoniesCmd, "phonies", "-n", "7", "--seed", "11", "--length", "5-7"); code != 0 || o == nil ||
		o.Count != 7 || o.Seed != 11 || o.Length != "5-7" {
		t.Errorf("phonies: exit %d %q, options %+v", code, e, o)
	}
	// Without --seed the seed is the clock's: set before the run, never the zero default.
	if o, code, e := seamOptions(t, newPhoniesCmd, "phonies"); code != 0 || o == nil || o.Count != 20 || o.Seed == 0 || o.Length != "" {
		t.Errorf("phonies defaults: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newWebCmd, "web"); code != 0 || o == nil || o.Addr != web.DefaultAddr || o.AllowRemote || o.Open {
		t.Errorf("web defaults: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newWebCmd, "web", "--addr", "0.0.0.0:8080", "--allow-remote", "--open"); code != 0 || o == nil ||
		o.Addr != "0.0.0.0:8080" || !o.AllowRemote || !o.Open {
		t.Errorf("web: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPuzzleNextCmd, "next", "--kind", "bingo", "--tag", "digraph", "--deck", "d", "--source", "gcg"); code != 0 || o == nil ||
		o.Kind != "bingo" || o.Tag != "digraph" || o.Deck != "d" || o.Source != "gcg" {
		t.Errorf("puzzle next: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newLeavesStatusCmd, "status", "shards"); code != 0 || o == nil || o.Dir != "shards" {
		t.Errorf("leaves status: exit %d %q, options %+v", code, e, o)
	}
	if o, code, _ := seamOptions(t, newLeavesStatusCmd, "status"); code != ExitError || o != nil {
		t.Errorf("leaves status without DIR: exit %d, ran %v", code, o != nil)
	}
	if o, code, e := seamOptions(t, newLeavesShowCmd, "show", "handset", "AEI", "QU", "--top", "3"); code != 0 || o == nil ||
		o.Table != "handset" || len(o.Leaves) != 2 || o.Leaves[1] != "QU" || o.Top != 3 {
		t.Errorf("leaves show: exit %d %q, options %+v", code, e, o)
	}
	// No table named and none chosen: the built-in one, and every argument is a leave.
	if o, code, e := seamOptions(t, newLeavesShowCmd, "show", "AEI"); code != 0 || o == nil || o.Table != "builtin" || len(o.Leaves) != 1 || o.Top != 5 {
		t.Errorf("leaves show defaults: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, deckAddCmd, "add", "verbos", "--search", "length:7", "--kind", "hooks", "--new-per-day", "5",
		"--retention", "0.85", "--target", "2h"); code != 0 || o == nil || o.Name != "verbos" || o.Source.Search != "length:7" ||
		o.Kind != "hooks" || !o.KindSet || o.SchedulerSet || o.SeedSet || o.Scheduler != "fsrs" || o.NewPerDay != 5 || o.Retention != 0.85 || o.Target != 2*time.Hour {
		t.Errorf("deck add: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, deckAddCmd, "add", "d", "--file", "w.txt", "--seed", "0", "--scheduler", "cardbox"); code != 0 || o == nil ||
		o.Source.File != "w.txt" || !o.SeedSet || o.Source.Seed != 0 || !o.SchedulerSet || o.KindSet || o.Kind != "anagram" {
		t.Errorf("deck add --file: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPuzzleStatsCmd, "stats", "--history", "3", "--plot", "r.png", "--kind", "endgame"); code != 0 || o == nil ||
		o.History != 3 || o.Plot != "r.png" || o.Kind != "endgame" {
		t.Errorf("puzzle stats: exit %d %q, options %+v", code, e, o)
	}
	if o, code, e := seamOptions(t, newPuzzleStatsCmd, "stats"); code != 0 || o == nil || o.History != 10 || o.Plot != "" || o.Kind != "" {
		t.Errorf("puzzle stats defaults: exit %d %q, options %+v", code, e, o)
	}
}
