package leaves

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// ShardReport is a shard's run as `leaves learn --shard --json` prints it.
type ShardReport struct {
	StatsOut    string  `json:"stats_out"`
	Lexicon     string  `json:"lexicon"`
	Generation  int     `json:"generation"`
	Shard       int     `json:"shard"`
	Shards      int     `json:"shards"`
	GamesFrom   int     `json:"games_from"`
	GamesTo     int     `json:"games_to"`
	Games       int     `json:"games"` // played by this run (0 when already done)
	Resumed     int     `json:"resumed"`
	Already     bool    `json:"already_done"`
	Seed        uint64  `json:"seed"`
	From        string  `json:"from"`
	Table       string  `json:"table"`
	Turns       int64   `json:"turns"`
	Workers     int     `json:"workers"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_second"`
}

// StatsPath is where a shard writes its statistics for --stats-out out: out itself, or in
// out when it is a directory (or ends in a separator), named StatsName; the directory is made.
func StatsPath(out string, sh Shard) (string, error) {
	if fi, err := os.Stat(out); err == nil && fi.IsDir() || strings.HasSuffix(out, string(os.PathSeparator)) {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return "", i18n.Wrap(err, "leaves.err.stats_write", "File", out)
		}
		return filepath.Join(out, StatsName(sh)), nil
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", i18n.Wrap(err, "leaves.err.stats_write", "File", out)
	}
	return out, nil
}

// Report is the shard's run that wrote out, with workers, for lexicon lexName, in elapsed.
func (res *ShardResult) Report(out, lexName string, workers int, elapsed time.Duration) ShardReport {
	h := res.Header
	o := ShardReport{StatsOut: out, Lexicon: lexName, Generation: h.Generation, Shard: h.Shard, Shards: h.Shards,
		GamesFrom: h.GamesFrom, GamesTo: h.GamesTo, Resumed: res.Resumed, Already: res.Already, Seed: h.Seed, From: h.From,
		Table: h.Table, Turns: h.Turns, Workers: workers, Seconds: elapsed.Seconds()}
	if !res.Already {
		o.Games = h.GamesTo - h.GamesFrom - res.Resumed
	}
	if o.Seconds > 0 {
		o.GamesPerSec = float64(o.Games) / o.Seconds
	}
	return o
}
