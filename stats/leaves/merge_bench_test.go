//go:build unix

package leaves

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// synthShards writes the statistics files of count shards of games games each on the FISE set,
// as real shards would hold them: 19 turns a game, each a rack of seven drawn from a full bag
// (more distinct racks than real games give: the harder case for a merge) with an equity around
// 45 points, and the leave kept (a part of the rack) with its next turn's equity.
func synthShards(b *testing.B, dir string, count, games int) []string {
	ts := lexicon.DefaultTileSet()
	set, racks, err := leaveSets(ts)
	if err != nil {
		b.Fatal(err)
	}
	var bag []lexicon.Tile
	for i, l := range ts.Letters() {
		for range l.Count {
			bag = append(bag, lexicon.Tile(i))
		}
	}
	files := make([]string, count)
	tot := newTotals(racks.Len(), set.Len())
	for s := range count {
		tot.reset()
		rng := rand.New(rand.NewPCG(uint64(s), 9))
		for range games * 19 {
			for i := range engine.RackSize {
				j := i + rng.IntN(len(bag)-i)
				bag[i], bag[j] = bag[j], bag[i]
			}
			rack := slices.Clone(bag[:engine.RackSize])
			slices.Sort(rack)
			eq := int64(45*fixedScale + rng.NormFloat64()*20*fixedScale)
			r := racks.IndexSorted(rack)
			tot.sums[r] += eq
			tot.counts[r]++
			tot.turns++
			q := eq / (fixedScale / fixedScaleSq)
			tot.sumSq += q * q
			keep := rack[:rng.IntN(equity6+1)]
			k := set.Len()
			if len(keep) > 0 {
				k = set.IndexSorted(keep)
			}
			tot.nextSums[k] += eq
			tot.nextCounts[k]++
			tot.nextTurns++
			tot.nextSumSq += q * q
		}
		lo, hi := Shard{Index: s, Count: count}.Games(games * count)
		h := &StatsHeader{Format: StatsFormat, runSettings: runSettings{Lexicon: "synthetic", LexiconHash: "0", Tiles: ts.Name, Rules: "file",
			Games: games * count, Seed: 1}, Generation: 1, Table: "0", From: "handset", Shard: s, Shards: count, GamesFrom: lo, GamesTo: hi, Done: hi,
			Turns: tot.turns, SumSq: tot.sumSq, NextTurns: tot.nextTurns, NextSumSq: tot.nextSumSq, Racks: racks.Len(), Leaves: set.Len()}
		files[s] = filepath.Join(dir, fmt.Sprintf("s%03d%s", s, StatsExt))
		if err := writeStats(files[s], h, tot); err != nil {
			b.Fatal(err)
		}
	}
	return files
}

const equity6 = 6 // the longest leave

// cpuSeconds is the process's CPU time so far (user and system): what a merge costs whatever
// else the machine runs.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// BenchmarkMerge merges the statistics of 100 shards of a generation of 100,000, 1,000,000 and
// 10,000,000 games (1,000, 10,000 and 100,000 games a shard; the last takes minutes to make):
// reading, checking, adding and the fit, all of `atril leaves merge` but writing the table.
//
//	go test -run '^$' -bench 'Merge/100-shards-of-10000-games' -benchtime 3x ./stats/leaves
func BenchmarkMerge(b *testing.B) {
	for _, games := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("100-shards-of-%d-games", games), func(b *testing.B) {
			files := synthShards(b, b.TempDir(), 100, games)
			var size int64
			for _, f := range files {
				fi, _ := os.Stat(f)
				size += fi.Size()
			}
			ts := lexicon.DefaultTileSet()
			var m *Merged
			cpu0 := cpuSeconds()
			for b.Loop() {
				var err error
				if m, err = Merge(context.Background(), MergeOptions{Files: files, Tiles: ts}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuSeconds()-cpu0)/float64(b.N), "cpu-s/merge")
			b.ReportMetric(float64(m.Reports[0].Racks), "racks")
			b.ReportMetric(float64(size)/1e6, "MB-read")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/merge")
			b.ReportMetric(0, "ns/op")
		})
	}
}
