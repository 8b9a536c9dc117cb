package leaves

import (
	"encoding/json"
	"strings"
	"testing"
)

// A file of another run names every setting that differs, the method of a checkpoint included
// (a run resumed with another --method used to be refused with an empty list).
func TestSettingsDiff(t *testing.T) {
	t.Parallel()
	run := runSettings{Lexicon: "small", LexiconHash: "00ff", Tiles: "fise", Rules: "file", Games: 10, Seed: 1, MinBag: 0}
	was := fingerprint{runSettings: run, Generations: 2}
	now := was
	now.Method = Kept
	if got, want := fingerprintDiff(was, now), "method racks ≠ kept"; got != want {
		t.Errorf("method: %q, want %q", got, want)
	}
	now = was
	now.Seed, now.Generations, now.Lexicon = 7, 3, "other"
	if got, want := fingerprintDiff(was, now), "lexicon small ≠ other; seed 1 ≠ 7; generations 2 ≠ 3"; got != want {
		t.Errorf("checkpoint: %q, want %q", got, want)
	}
	if got := fingerprintDiff(was, was); got != "" {
		t.Errorf("the same run: %q", got)
	}

	a := &StatsHeader{Format: StatsFormat, runSettings: run, Generation: 1, Table: "aa", Shard: 0, Shards: 4}
	b := *a
	b.MinBag, b.Table, b.Shard = 3, "bb", 2
	if got, want := shardDiff(a, &b), "min-bag 0 ≠ 3; table aa ≠ bb; shard 0/4 ≠ 2/4"; got != want {
		t.Errorf("shard: %q, want %q", got, want)
	}
	if a.sameGeneration(&b) || !a.sameGeneration(a) {
		t.Error("sameGeneration")
	}
}

// The run's settings stand in a statistics file's header where they always stood: the format
// (cluster/README.md) does not change.
func TestStatsHeaderJSON(t *testing.T) {
	t.Parallel()
	h := StatsHeader{Format: StatsFormat, runSettings: runSettings{Lexicon: "small", LexiconHash: "00ff", Tiles: "fise",
		Rules: "file", Games: 10, Seed: 1, MinBag: 2}, Generation: 3}
	b, err := json.Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"format":"` + StatsFormat + `","lexicon":"small","lexicon_hash":"00ff","tiles":"fise","rules":"file","games":10,"seed":1,"min_bag":2,"generation":3,`
	if !strings.HasPrefix(string(b), want) {
		t.Errorf("%s\nwant it to begin %s", b, want)
	}
	var back StatsHeader
	if err := json.Unmarshal(b, &back); err != nil || back.runSettings != h.runSettings || back.Generation != 3 {
		t.Errorf("read back %+v, %v", back, err)
	}
}
