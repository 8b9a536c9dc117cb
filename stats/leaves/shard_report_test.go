package leaves

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// --stats-out names a file (its directory made) or a directory to name the file in.
func TestStatsPath(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sh := Shard{Generation: 1, Index: 2, Count: 8}
	if got, err := StatsPath(filepath.Join(dir, "a", "s.stats"), sh); err != nil || got != filepath.Join(dir, "a", "s.stats") {
		t.Errorf("file: %q %v", got, err)
	}
	if fi, err := os.Stat(filepath.Join(dir, "a")); err != nil || !fi.IsDir() {
		t.Errorf("directory not made: %v", err)
	}
	if got, err := StatsPath(filepath.Join(dir, "b")+string(os.PathSeparator), sh); err != nil || got != filepath.Join(dir, "b", StatsName(sh)) {
		t.Errorf("new directory: %q %v", got, err)
	}
	if got, err := StatsPath(dir, sh); err != nil || got != filepath.Join(dir, StatsName(sh)) {
		t.Errorf("directory: %q %v", got, err)
	}
}

// A shard's report counts the games this run played, and their rate.
func TestShardReport(t *testing.T) {
	t.Parallel()
	res := &ShardResult{Header: StatsHeader{Generation: 1, Shard: 2, Shards: 8, GamesFrom: 100, GamesTo: 200}, Resumed: 40}
	r := res.Report("s.stats", "LEX", 2, 3*time.Second)
	if r.Games != 60 || r.GamesPerSec != 20 || r.Shard != 2 || r.Lexicon != "LEX" || r.Workers != 2 {
		t.Errorf("report %+v", r)
	}
	res.Already = true
	if r := res.Report("s.stats", "LEX", 2, time.Second); r.Games != 0 || !r.Already || r.GamesPerSec != 0 {
		t.Errorf("already done: %+v", r)
	}
}
