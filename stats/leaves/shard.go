package leaves

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
)

// Shard names one shard of one generation of a learning run: the generation's games are cut
// into Count consecutive ranges, and shard Index plays the Index-th. Which games those are
// depends only on the run's settings (the seed, the games a generation, the generation) and
// on Index and Count: never on the machine, its cores or the order shards run in.
type Shard struct {
	Generation int // 1-based
	Index      int // 0-based
	Count      int
}

// MaxShards bounds the shards of a generation.
const MaxShards = 1_000_000

// Games is the range of game numbers, [lo, hi), the shard plays of a generation of games.
func (s Shard) Games(games int) (lo, hi int) {
	return int(int64(games) * int64(s.Index) / int64(s.Count)), int(int64(games) * int64(s.Index+1) / int64(s.Count))
}

// ParseShard reads a shard as --shard gives it, "I/N" (0 ≤ I < N), or "auto/N", whose I is
// the first of the environment variables SLURM_ARRAY_TASK_ID (a Slurm job array) and
// JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) that is set. getenv reads the environment.
func ParseShard(s string, getenv func(string) string) (index, count int, err error) {
	i, n, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, i18n.E("leaves.err.shard_syntax", "Shard", s)
	}
	count, err = strconv.Atoi(strings.TrimSpace(n))
	if err != nil || count < 1 || count > MaxShards {
		return 0, 0, i18n.E("leaves.err.shard_count", "Shard", s, "Max", i18n.Int(MaxShards))
	}
	i = strings.TrimSpace(i)
	if i == "auto" {
		for _, v := range ShardVariables {
			if e := strings.TrimSpace(getenv(v)); e != "" {
				index, err = strconv.Atoi(e)
				if err != nil || index < 0 || index >= count {
					return 0, 0, i18n.E("leaves.err.shard_env", "Variable", v, "Value", e, "Last", count-1)
				}
				return index, count, nil
			}
		}
		return 0, 0, i18n.E("leaves.err.shard_auto", "Variables", strings.Join(ShardVariables, ", "))
	}
	index, err = strconv.Atoi(i)
	if err != nil || index < 0 || index >= count {
		return 0, 0, i18n.E("leaves.err.shard_index", "Shard", s, "Last", count-1)
	}
	return index, count, nil
}

// ShardVariables are the environment variables --shard auto/N reads the shard's number from,
// in order.
var ShardVariables = []string{"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"}

// StatsName is the name of shard s's statistics file in a directory.
func StatsName(s Shard) string {
	w := len(strconv.Itoa(s.Count - 1))
	return fmt.Sprintf("g%d-shard-%0*d-of-%d%s", s.Generation, w, s.Index, s.Count, StatsExt)
}

// ShardOptions configure a shard: the run's settings (as LearnOptions; Generations, Resume and
// Checkpoint are not used), the shard, and where its statistics go.
type ShardOptions struct {
	LearnOptions
	Shard Shard
	// FromName is the table From as named (--from), recorded in the statistics.
	FromName string
	// Out is the statistics file to write. Its state is saved at least every CheckpointEvery
	// to CheckpointPath(Out) (a statistics file not finished), which a later run of the same
	// shard goes on from.
	Out  string
	Host string // recorded; "" for os.Hostname
}

// ShardResult is what LearnShard did.
type ShardResult struct {
	Header StatsHeader
	// Already is set when Out held this shard's statistics already: nothing was played.
	Already bool
	// Resumed is the games played before this run, from its checkpoint.
	Resumed int
}

// LearnShard plays a shard and writes its statistics to o.Out. If o.Out already holds the
// same shard's statistics it does nothing; if CheckpointPath(o.Out) holds its state it goes on
// from there. When ctx is cancelled it saves the state and returns ctx's error.
func LearnShard(ctx context.Context, o ShardOptions) (*ShardResult, error) {
	sh := o.Shard
	if sh.Generation < 1 || sh.Generation > MaxGenerations {
		return nil, i18n.E("leaves.err.generations", "Generations", sh.Generation, "Max", MaxGenerations)
	}
	if sh.Count < 1 || sh.Count > MaxShards || sh.Index < 0 || sh.Index >= sh.Count {
		return nil, i18n.E("leaves.err.shard_index", "Shard", fmt.Sprintf("%d/%d", sh.Index, sh.Count), "Last", sh.Count-1)
	}
	if o.Out == "" {
		return nil, i18n.E("leaves.err.stats_out_needed")
	}
	lo := o.LearnOptions
	lo.Generations, lo.Resume, lo.Checkpoint = 1, false, CheckpointPath(o.Out)
	if err := lo.check(); err != nil {
		return nil, err
	}
	first, last := sh.Games(lo.Games)
	if first == last {
		return nil, i18n.E("leaves.err.shard_empty", "Shard", sh.Index, "Shards", sh.Count, "Games", lo.Games)
	}
	ts := lo.Lexicon.Tiles
	set, racks, err := leaveSets(ts)
	if err != nil {
		return nil, err
	}
	from := lo.From
	if from == nil {
		from = equity.NewDefault(ts)
	}
	values := Materialize(set, from)
	host := o.Host
	if host == "" {
		host, _ = os.Hostname()
	}
	fp := fingerprintOf(&lo)
	h := &StatsHeader{Format: StatsFormat, runSettings: fp.runSettings, Generation: sh.Generation, Table: valuesHash(values), From: o.FromName,
		Shard: sh.Index, Shards: sh.Count, GamesFrom: first, GamesTo: last, Done: first, Racks: racks.Len(), Leaves: set.Len(),
		Workers: lo.Workers, Host: host}

	// Done already (a job system running the same command again)?
	if old, err := readStatsHeader(o.Out); err == nil {
		if !old.sameShard(h) {
			return nil, i18n.E("leaves.err.stats_other", "File", o.Out, "Settings", shardDiff(old, h))
		}
		if old.Finished() {
			if _, _, err := readStats(o.Out); err != nil {
				return nil, err
			}
			return &ShardResult{Header: *old, Already: true}, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}

	// The statistics file is taken now, not after the games: a FIFO or a device is refused, and
	// so is a second process playing the same shard into it.
	outFile, err := fileio.Create(o.Out)
	if err != nil {
		return nil, err
	}
	defer outFile.Abort()
	l := &learner{opts: lo, set: set, racks: racks, fp: fp, lo: first, hi: last, genBase: sh.Generation - 1, shard: h}
	l.st = state{values: values, done: first, tot: newTotals(racks.Len(), set.Len())}
	now := lo.Now()
	h.Started = now
	res := &ShardResult{}
	if old, recs, err := readStats(lo.Checkpoint); err == nil {
		if !old.sameShard(h) {
			return nil, i18n.E("leaves.err.stats_other", "File", lo.Checkpoint, "Settings", shardDiff(old, h))
		}
		if err := l.st.tot.add(&recs); err != nil {
			return nil, err
		}
		if err := l.st.tot.addScalars(old); err != nil {
			return nil, err
		}
		l.st.done = old.Done
		h.Started, l.st.seconds = old.Started, old.Seconds
		res.Resumed = old.Done - first
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	l.start, l.lastSave = now, now
	l.doneAtStart = l.st.done - first
	if res.Resumed > 0 {
		l.progress("resume")
	}
	recs, err := l.recorders()
	if err != nil {
		return nil, err
	}
	if err := l.playGames(ctx, recs); err != nil {
		return nil, err
	}
	b, err := l.shardBytes(lo.Now())
	if err == nil {
		_, err = outFile.Write(b)
	}
	if err == nil {
		err = outFile.Commit()
	}
	if err != nil {
		return nil, i18n.Wrap(err, "leaves.err.stats_write", "File", o.Out)
	}
	os.Remove(lo.Checkpoint) // the statistics are written: nothing left to resume
	res.Header = *h
	return res, nil
}

// writeShard writes the shard's statistics as they stand to path (its state file).
func (l *learner) writeShard(path string, now time.Time) error {
	l.updateShard(now)
	return writeStats(path, l.shard, l.st.tot)
}

// shardBytes is the shard's statistics file as it stands.
func (l *learner) shardBytes(now time.Time) ([]byte, error) {
	l.updateShard(now)
	return statsBytes(l.shard, l.st.tot)
}

func (l *learner) updateShard(now time.Time) {
	h := l.shard
	h.Done = l.st.done
	h.Turns, h.SumSq, h.NextTurns, h.NextSumSq = l.st.tot.turns, l.st.tot.sumSq, l.st.tot.nextTurns, l.st.tot.nextSumSq
	h.Updated = now
	h.Seconds = l.seconds(now)
}

// StatsFiles lists the statistics files among paths: a file is taken as it is, a directory
// gives its files whose names end in StatsExt, in name order.
func StatsFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		ents, err := os.ReadDir(p)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			if !e.IsDir() && strings.HasSuffix(e.Name(), StatsExt) {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	return out, nil
}
