package leaves

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ShardStatus is one shard's file as status found it.
type ShardStatus struct {
	Shard   int       `json:"shard"`
	File    string    `json:"file"`
	Done    int       `json:"games_done"` // games of the shard played
	Games   int       `json:"games"`      // games of the shard
	Host    string    `json:"host"`
	Updated time.Time `json:"updated"`
	seconds float64
}

// GenerationStatus is where one generation of a run stands: its shards finished, under way
// (a checkpoint) and missing, its games played and the time left at the rate so far.
type GenerationStatus struct {
	Lexicon    string        `json:"lexicon"`
	Seed       uint64        `json:"seed"`
	Generation int           `json:"generation"`
	Table      string        `json:"table"`
	From       string        `json:"from"`
	Shards     int           `json:"shards"`
	Finished   []ShardStatus `json:"finished"`
	Running    []ShardStatus `json:"under_way"`
	Missing    []int         `json:"missing"`
	Games      int           `json:"games"`      // the generation's
	GamesDone  int           `json:"games_done"` // finished shards' and checkpoints' games
	Started    time.Time     `json:"started"`    // the earliest shard's start
	Updated    time.Time     `json:"updated"`    // the latest write
	// GamesPerSec is the games played over the time since Started (every machine together);
	// ETA is the games left at that rate, 0 when unknown or done.
	GamesPerSec float64       `json:"games_per_second"`
	ETA         time.Duration `json:"-"`
	ETASeconds  float64       `json:"eta_seconds"`
	// CPUGamesPerSec is the games a second of one shard's playing time (Σ games / Σ seconds):
	// what a worker plays.
	CPUGamesPerSec float64 `json:"shard_games_per_second"`
}

// StatusFile is a file status could not read.
type StatusFile struct {
	File    string `json:"file"`
	Err     error  `json:"-"`
	Message string `json:"error"` // Err in English
}

// Status reports on the statistics files and shard checkpoints in dir (any file that begins
// as a statistics file), grouped by generation, as of now. Finished shards' files are read
// whole and their checksums checked; checkpoints only for their header.
func Status(dir string, now time.Time) ([]GenerationStatus, []StatusFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var (
		gens []*GenerationStatus
		keys []*StatsHeader // each generation's settings
		bad  []StatusFile
	)
	for _, e := range ents {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if !looksLikeStats(path) {
			continue
		}
		h, err := readStatsHeader(path)
		if err == nil && h.Finished() {
			_, _, err = readStats(path) // a finished file must be whole to be merged
		}
		if err != nil {
			bad = append(bad, StatusFile{File: path, Err: err, Message: err.Error()})
			continue
		}
		gi := -1
		for i, k := range keys {
			if k.sameGeneration(h) {
				gi = i
			}
		}
		if gi < 0 {
			gi = len(gens)
			gens = append(gens, &GenerationStatus{Lexicon: h.Lexicon, Seed: h.Seed, Generation: h.Generation, Table: h.Table,
				From: h.From, Shards: h.Shards, Games: h.Games, Started: h.Started})
			keys = append(keys, h)
		}
		g := gens[gi]
		if h.Started.Before(g.Started) {
			g.Started = h.Started
		}
		if h.Updated.After(g.Updated) {
			g.Updated = h.Updated
		}
		s := ShardStatus{Shard: h.Shard, File: path, Done: h.Done - h.GamesFrom, Games: h.GamesTo - h.GamesFrom, Host: h.Host,
			Updated: h.Updated, seconds: h.Seconds}
		if h.Finished() {
			g.Finished = append(g.Finished, s)
		} else {
			g.Running = append(g.Running, s)
		}
	}
	out := make([]GenerationStatus, 0, len(gens))
	for _, g := range gens {
		// One file a shard: a finished one wins over a checkpoint left beside it; of two
		// checkpoints, the furthest.
		best := map[int]ShardStatus{}
		finished := map[int]bool{}
		for _, s := range g.Finished {
			best[s.Shard], finished[s.Shard] = s, true
		}
		for _, s := range g.Running {
			if b, ok := best[s.Shard]; !ok || !finished[s.Shard] && s.Done > b.Done {
				best[s.Shard] = s
			}
		}
		g.Finished, g.Running = nil, nil
		var secs float64
		for i, s := range best {
			if finished[i] {
				g.Finished = append(g.Finished, s)
			} else {
				g.Running = append(g.Running, s)
			}
			g.GamesDone += s.Done
			secs += s.seconds
		}
		g.Missing = missingShards(best, g.Shards)
		sort.Slice(g.Finished, func(a, b int) bool { return g.Finished[a].Shard < g.Finished[b].Shard })
		sort.Slice(g.Running, func(a, b int) bool { return g.Running[a].Shard < g.Running[b].Shard })
		if secs > 0 {
			g.CPUGamesPerSec = float64(g.GamesDone) / secs
		}
		if el := now.Sub(g.Started).Seconds(); el > 0 && g.GamesDone > 0 {
			g.GamesPerSec = float64(g.GamesDone) / el
			if left := g.Games - g.GamesDone; left > 0 {
				g.ETA = time.Duration(float64(left) / g.GamesPerSec * float64(time.Second))
				g.ETASeconds = g.ETA.Seconds()
			}
		}
		out = append(out, *g)
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Generation != out[b].Generation {
			return out[a].Generation < out[b].Generation
		}
		return out[a].Started.Before(out[b].Started)
	})
	return out, bad, nil
}
