package leaves

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/ui/uitest"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
)

func wantIn(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
}

// A learning run to a file writes a table the engine reads, with a leave for every value
// learnt, leaves no checkpoint behind and reports the run as asked; an output that is a
// directory is refused before any game.
func TestLearnFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "t.klv2")
	o := LearnOptions{Lexicon: smallSetLexicon(t), Games: 16, Generations: 1, Seed: 5, Workers: 1, batch: testBatch}
	var calls int
	o.Progress = func(Progress) { calls++ }
	r, err := LearnFile{LearnOptions: o, Out: out, FromName: "handset"}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Out != out || r.Lexicon != "tiny8" || r.Tiles != "small8" || r.Games != 16 || r.Generations != 1 || r.Seed != 5 ||
		r.From != "handset" || r.Method != string(Racks) || r.Workers != 1 || len(r.Reports) != 1 || r.Leaves == 0 {
		t.Errorf("report %+v", r)
	}
	k, err := equity.ReadKLVFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if k.Len() != r.Leaves {
		t.Errorf("the table holds %d leaves, the report says %d", k.Len(), r.Leaves)
	}
	if _, err := os.Stat(CheckpointPath(out)); !os.IsNotExist(err) {
		t.Errorf("checkpoint left behind: %v", err)
	}
	if calls == 0 {
		t.Error("no progress reported")
	}
	calls = 0
	if _, err := (LearnFile{LearnOptions: o, Out: dir}).Run(context.Background()); err == nil || calls != 0 {
		t.Errorf("a directory as output: %v after %d progress reports", err, calls)
	}
}

// Merging a generation's shards to a file writes the table the merge learns, byte for byte,
// and reports the shards, the games and the header the shards share; a path that is not
// there is refused and no table is written.
func TestMergeFile(t *testing.T) {
	t.Parallel()
	lex := smallSetLexicon(t)
	dir := t.TempDir()
	files := playShards(t, LearnOptions{Lexicon: lex, Games: 24, Seed: 9, batch: testBatch}, 1, 2, nil, dir)
	out := filepath.Join(t.TempDir(), "m.klv2")
	clock := &ticking{t: time.Unix(1e9, 0), step: time.Second}
	r, err := MergeFile{Paths: []string{dir}, Out: out, Now: clock.now, MergeOptions: MergeOptions{Tiles: lex.Tiles, Workers: 1}}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if r.Files != 2 || r.Shards != 2 || r.Generation != 1 || r.Games != 24 || r.Seed != 9 || r.Method != string(Racks) ||
		r.Seconds != 1 || r.Out != out || len(r.Reports) != 1 || r.Tiles != "small8" {
		t.Errorf("report %+v", r)
	}
	m, err := Merge(context.Background(), MergeOptions{Files: files, Tiles: lex.Tiles})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := klvBytes(t, m.Set, m.Values); string(got) != string(want) || r.Leaves != len(m.Values) {
		t.Errorf("the file (%d bytes) is not the merge's table (%d bytes), or %d leaves reported of %d", len(got), len(want), r.Leaves, len(m.Values))
	}
	bad := filepath.Join(t.TempDir(), "bad.klv2")
	if _, err := (MergeFile{Paths: []string{filepath.Join(dir, "missing")}, Out: bad, MergeOptions: MergeOptions{Tiles: lex.Tiles}}).Run(context.Background()); err == nil {
		t.Error("a missing statistics file merged")
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a table written by a failed merge: %v", err)
	}
}

// Evaluating two tables by their specs plays the pairs asked for and reports the run's speed;
// a spec that names no table is refused.
func TestEvalTables(t *testing.T) {
	t.Parallel()
	lex := tinyLexicon(t)
	clock := &ticking{t: time.Unix(1e9, 0), step: 2 * time.Second}
	r, err := EvalTables(context.Background(), leavetable.Handset, leavetable.None,
		EvalOptions{Lexicon: lex, Pairs: 3, Seed: 4, Workers: 1, Now: clock.now})
	if err != nil {
		t.Fatal(err)
	}
	if r.Pairs != 3 || r.Games != 6 || r.A != leavetable.Handset || r.B != leavetable.None || r.Seed != 4 ||
		r.Lexicon != lex.Name || r.Seconds <= 0 || r.GamesPerSec != 6/r.Seconds {
		t.Errorf("report %+v", r)
	}
	if _, err := EvalTables(context.Background(), filepath.Join(t.TempDir(), "none.klv2"), leavetable.None,
		EvalOptions{Lexicon: lex, Pairs: 1}); err == nil {
		t.Error("a missing table file evaluated")
	}
	if _, err := EvalTables(context.Background(), leavetable.Handset, leavetable.None, EvalOptions{Pairs: 1}); err == nil {
		t.Error("no lexicon accepted")
	}
}

// The reports read as the commands show them.
func TestRunDocs(t *testing.T) {
	t.Parallel()
	p := i18n.For(i18n.English)
	fit := []FitReport{{Turns: 1200, Racks: 900, Baseline: 31.25, Measured: [7]int{0, 20}}}
	learn := &LearnReport{Out: "t.klv2", Lexicon: "LEX", Tiles: "fise", Games: 1000, Generations: 2, Seed: 7, Workers: 3,
		Seconds: 90, GamesPerSec: 22.2, Reports: append(fit, fit...)}
	wantIn(t, uitest.Plain(t, learn.Doc(p), 120), "t.klv2", "1,000 games", "2 generations", "seed 7", "LEX", "2,000", "22", "3 workers")
	merge := &MergeReport{Out: "m.klv2", Generation: 3, Shards: 4, Games: 800, Seed: 2, Lexicon: "LEX", Method: "racks",
		Seconds: 5, ShardSeconds: 3600, Reports: fit}
	wantIn(t, uitest.Plain(t, merge.Doc(p), 120), "m.klv2", "4 shards", "800 games", "racks", "5 s", "1 h")
	eval := &EvalReport{EvalResult: EvalResult{Pairs: 10, Games: 20, A: leavetable.Handset, B: leavetable.None, AWins: 12, BWins: 7, Ties: 1,
		AWinRate: 0.625, WinRateLow: 0.41, WinRateHigh: 0.8, SpreadMean: 12.5, SpreadLow: -3, SpreadHigh: 28}, Seed: 1, Lexicon: "LEX", GamesPerSec: 40}
	wantIn(t, uitest.Plain(t, eval.Doc(p), 120), "12 · 7 · 1", "62.5%", "+12.5", "-3.0", "40")
	shard := &ShardReport{StatsOut: "s.stats", Generation: 2, Shard: 1, Shards: 4, GamesFrom: 250, GamesTo: 500, Games: 250, Workers: 2, GamesPerSec: 50}
	wantIn(t, uitest.Plain(t, shard.Doc(p), 120), "s.stats", "251", "500", "250 games")
	shard.Already = true
	if out := uitest.Plain(t, shard.Doc(p), 120); strings.Contains(out, "251") || !strings.Contains(out, "s.stats") {
		t.Errorf("a shard already done:\n%s", out)
	}
}
