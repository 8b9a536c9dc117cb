package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/stats/leaves"
)

// Two shards played by `leaves learn --shard` and merged by `leaves merge` write the bytes of
// `leaves learn`, by either method; status says what is done and missing, with exit 1 until
// all is there. The bag is a small one of the lexicon's letters (29 tiles): a table of 16,980
// leaves, which the merges and learns fit and write in a moment (the whole set has 1,170,590:
// TestLeavesLearnCommand).
func TestLeavesShardCommands(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, leavesWords...)
	tiles := leavesToyTiles(t)
	dir := t.TempDir()
	shards := filepath.Join(dir, "g1")
	learn := func(env map[string]string, shard string) shardJSON {
		t.Helper()
		stdout, errOut, code := runEngineCmd(t, env, "leaves", "learn", "--tiles", tiles, "--lexicon", lex, "--games", "90", "--seed", "4",
			"--shard", shard, "--stats-out", shards+"/", "--workers", "1", "--json")
		if code != 0 {
			t.Fatalf("shard %s: exit %d: %s", shard, code, errOut)
		}
		var got shardJSON
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%v: %s", err, stdout)
		}
		return got
	}
	got := learn(nil, "0/2")
	if got.Shard != 0 || got.Shards != 2 || got.GamesFrom != 0 || got.GamesTo != 45 || got.Games != 45 || got.Turns == 0 ||
		filepath.Base(got.StatsOut) != "g1-shard-0-of-2.leavestats" {
		t.Errorf("shard 0/2: %+v", got)
	}

	stdout, _, code := runEngineCmd(t, nil, "leaves", "status", shards)
	if code != ExitNo || !strings.Contains(stdout, "Missing    1 of 2: 1") || !strings.Contains(stdout, "45 of 90") {
		t.Errorf("status with a shard missing: exit %d:\n%s", code, stdout)
	}
	_, errOut, code := runEngineCmd(t, nil, "leaves", "merge", "--tiles", tiles, shards, "--out", filepath.Join(dir, "x.klv2"))
	if code != ExitError || !strings.Contains(errOut, "1 of the 2 shards missing: 1") {
		t.Errorf("merge with a shard missing: exit %d: %s", code, errOut)
	}

	// Shard 1 from a job array's environment; again, it has nothing left to do.
	if got = learn(map[string]string{"JOB_COMPLETION_INDEX": "1"}, "auto/2"); got.Shard != 1 || got.Already {
		t.Errorf("auto/2 with JOB_COMPLETION_INDEX=1: %+v", got)
	}
	if got = learn(map[string]string{"SLURM_ARRAY_TASK_ID": "1"}, "auto/2"); !got.Already || got.Games != 0 {
		t.Errorf("shard 1 again: %+v", got)
	}
	stdout, _, code = runEngineCmd(t, nil, "leaves", "status", shards, "--json")
	var st leaves.StatusReport
	if err := json.Unmarshal([]byte(stdout), &st); err != nil || code != 0 || !st.Complete || len(st.Generations) != 1 ||
		st.Generations[0].GamesDone != 90 || len(st.Generations[0].Missing) != 0 {
		t.Errorf("status when done: exit %d, %v: %s", code, err, stdout)
	}

	for _, method := range []string{"racks", "kept"} {
		merged := filepath.Join(dir, method+"-merged.klv2")
		stdout, errOut, code = runEngineCmd(t, nil, "leaves", "merge", "--tiles", tiles, shards, "--method", method, "--out", merged, "--json")
		if code != 0 {
			t.Fatalf("merge: exit %d: %s", code, errOut)
		}
		var m mergeJSON
		if err := json.Unmarshal([]byte(stdout), &m); err != nil || m.Files != 2 || m.Games != 90 || m.Method != method || len(m.Reports) != 1 {
			t.Errorf("merge --json: %v: %s", err, stdout)
		}
		one := filepath.Join(dir, method+"-one.klv2")
		if _, errOut, code = runEngineCmd(t, nil, "leaves", "learn", "--tiles", tiles, "--lexicon", lex, "--games", "90", "--seed", "4",
			"--generations", "1", "--method", method, "--out", one); code != 0 {
			t.Fatalf("learn: exit %d: %s", code, errOut)
		}
		a, _ := os.ReadFile(merged)
		b, _ := os.ReadFile(one)
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s: 2 shards merged are not the bytes of one run", method)
		}
	}
	stdout, _, code = runEngineCmd(t, nil, "--lang", "es", "leaves", "merge", "--tiles", tiles, shards, "--out", filepath.Join(dir, "es.klv2"))
	if code != 0 || !strings.Contains(stdout, "Generación 1: 2 fragmentos, 90 partidas") {
		t.Errorf("merge in Spanish: exit %d:\n%s", code, stdout)
	}
}

// leavesToyTiles is a bag of 29 tiles of leavesWords' letters.
func leavesToyTiles(t *testing.T) string {
	t.Helper()
	return toyTiles(t, map[string]string{"A": "4", "E": "4", "O": "3", "I": "2", "U": "2", "S": "3", "L": "2", "N": "2", "T": "2",
		"D": "1", "M": "1", "R": "2", "P": "1"})
}

// What --shard does not go with, and shard numbers that are not, are refused with exit 2.
func TestLeavesShardRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--shard", "0/2"}, nil, "--stats-out"},
		{[]string{"--stats-out", dir}, nil, "--stats-out goes with --shard"},
		{[]string{"--shard", "0/2", "--stats-out", dir, "--out", "x.klv2"}, nil, "--out, --generations, --resume and --method"},
		{[]string{"--shard", "0/2", "--stats-out", dir, "--generations", "2"}, nil, "--out, --generations, --resume and --method"},
		{[]string{"--shard", "0/2", "--stats-out", dir, "--method", "kept"}, nil, "--out, --generations, --resume and --method"},
		{[]string{"--shard", "2/2", "--stats-out", dir}, nil, "from 0 to 1"},
		{[]string{"--shard", "two", "--stats-out", dir}, nil, "expected I/N"},
		{[]string{"--shard", "auto/2", "--stats-out", dir}, nil, "SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX"},
		{[]string{"--shard", "auto/2", "--stats-out", dir}, map[string]string{"SLURM_ARRAY_TASK_ID": "5"}, "SLURM_ARRAY_TASK_ID is 5"},
		{[]string{"--shard", "0/20", "--games", "10", "--stats-out", dir}, nil, "would have no games"},
		{[]string{"--method", "best", "--out", filepath.Join(dir, "t.klv2")}, nil, "method best: expected one of racks, kept"},
	} {
		_, errOut, code := runEngineCmd(t, c.env, append([]string{"leaves", "learn"}, c.args...)...)
		if code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d: %s", c.args, code, errOut)
		}
	}
	if _, errOut, code := runEngineCmd(t, nil, "leaves", "merge", dir, "--out", filepath.Join(dir, "t.klv2")); code != ExitError ||
		!strings.Contains(errOut, "give the statistics files") {
		t.Errorf("merge of an empty directory: exit %d: %s", code, errOut)
	}
	if stdout, _, code := runEngineCmd(t, nil, "leaves", "status", dir); code != ExitNo || !strings.Contains(stdout, "No shard statistics") {
		t.Errorf("status of an empty directory: exit %d: %s", code, stdout)
	}
	if _, _, code := runEngineCmd(t, nil, "leaves", "status", filepath.Join(dir, "nowhere")); code != ExitError {
		t.Errorf("status of a missing directory: exit %d", code)
	}
}
