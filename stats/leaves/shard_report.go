package leaves

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
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

// Doc is the shard's run as `atril leaves learn --shard` shows it: the games it played and
// where their statistics went, or that they were already there.
func (o *ShardReport) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc()
	if o.Already {
		return d.P(p.T("leaves.shard.already", "File", o.StatsOut, "Generation", o.Generation, "Shard", o.Shard, "Shards", o.Shards))
	}
	d.P(p.T("leaves.shard.done", "Generation", o.Generation, "Shard", o.Shard, "Shards", o.Shards,
		"From", p.Int(o.GamesFrom+1), "To", p.Int(o.GamesTo), "File", o.StatsOut))
	return d.P(p.T("leaves.shard.speed", "Games", p.N("leaves.count.games", o.Games), "Time", p.Duration(time.Duration(o.Seconds*float64(time.Second))),
		"Rate", p.Float(o.GamesPerSec, 0), "Workers", o.Workers))
}
