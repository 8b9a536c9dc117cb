package leaves

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// MergeOptions configure a merge: the statistics files of every shard of one generation.
type MergeOptions struct {
	Files  []string
	Tiles  *lexicon.TileSet // the tile set the shards were played with
	Method Method           // empty: Racks
	// Workers is the number of files read at once; 0: one per CPU.
	Workers int
}

// Merged is a merge's result: the generation's table, the same, byte for byte, as a single
// run of the same games learns.
type Merged struct {
	Learned
	Header  StatsHeader // the first shard's
	Games   int         // the generation's games
	Seconds float64     // the shards' playing time, added up
}

// Merge adds up the statistics of every shard of a generation and fits the table from them.
// It refuses files of different runs or generations, unfinished shards, a shard given twice
// and shards missing, naming them.
func Merge(ctx context.Context, o MergeOptions) (*Merged, error) {
	if o.Method == "" {
		o.Method = Racks
	}
	if len(o.Files) == 0 {
		return nil, i18n.E("leaves.err.merge_no_files")
	}
	hs := make([]*StatsHeader, len(o.Files))
	for i, f := range o.Files {
		h, err := readStatsHeader(f)
		if err != nil {
			return nil, err
		}
		hs[i] = h
	}
	first := hs[0]
	if first.Tiles != o.Tiles.Name {
		return nil, i18n.E("leaves.err.merge_tiles", "File", o.Files[0], "Tiles", first.Tiles, "Want", o.Tiles.Name)
	}
	byShard := make(map[int]int, len(hs))
	for i, h := range hs {
		if !h.sameGeneration(first) {
			return nil, i18n.E("leaves.err.merge_other", "File", o.Files[i], "First", o.Files[0], "Settings", shardDiff(first, h))
		}
		if !h.Finished() {
			return nil, i18n.E("leaves.err.merge_unfinished", "File", o.Files[i], "Shard", h.Shard, "Shards", h.Shards,
				"Done", h.Done-h.GamesFrom, "Games", h.GamesTo-h.GamesFrom)
		}
		if lo, hi := (Shard{Index: h.Shard, Count: h.Shards}).Games(h.Games); lo != h.GamesFrom || hi != h.GamesTo {
			return nil, badStats(o.Files[i], fmt.Sprintf("shard %d/%d of %d games holds games %d–%d, expected %d–%d",
				h.Shard, h.Shards, h.Games, h.GamesFrom, h.GamesTo, lo, hi))
		}
		if j, dup := byShard[h.Shard]; dup {
			return nil, i18n.E("leaves.err.merge_twice", "Shard", h.Shard, "A", o.Files[j], "B", o.Files[i])
		}
		byShard[h.Shard] = i
	}
	if missing := missingShards(byShard, first.Shards); len(missing) > 0 {
		return nil, i18n.E("leaves.err.merge_missing", "Missing", Ranges(missing), "Count", len(missing), "Shards", first.Shards)
	}

	set, racks, err := leaveSets(o.Tiles)
	if err != nil {
		return nil, err
	}
	if first.Racks != racks.Len() || first.Leaves != set.Len() {
		return nil, badStats(o.Files[0], fmt.Sprintf("%d racks and %d leaves; tile set %s has %d and %d",
			first.Racks, first.Leaves, o.Tiles.Name, racks.Len(), set.Len()))
	}
	tot := newTotals(racks.Len(), set.Len())
	if err := readAll(ctx, o, hs, tot); err != nil {
		return nil, err
	}
	values, rep, err := fitLeaves(set, racks, tot, o.Method)
	if err != nil {
		return nil, err
	}
	m := &Merged{Learned: Learned{Set: set, Values: values, Reports: []FitReport{rep}}, Header: *first, Games: first.Games}
	for _, h := range hs {
		m.Seconds += h.Seconds
	}
	return m, nil
}

// readAll reads the files, several at once, and adds their records to tot: integers, so the
// order they come in does not matter.
func readAll(ctx context.Context, o MergeOptions, hs []*StatsHeader, tot *totals) error {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type read struct {
		i   int
		h   *StatsHeader
		r   records
		err error
	}
	jobs := make(chan int)
	out := make(chan read, workers)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range min(workers, len(hs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				h, r, err := readStats(o.Files[i])
				select {
				case out <- read{i, h, r, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range hs {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(out) }()
	var first error
	for rd := range out {
		if first != nil {
			continue
		}
		switch {
		case rd.err != nil:
			first = rd.err
		case !rd.h.sameShard(hs[rd.i]) || rd.h.Done != hs[rd.i].Done:
			first = badStats(o.Files[rd.i], "the file changed while it was read")
		default:
			if err := tot.add(&rd.r); err != nil {
				first = i18n.E("leaves.err.merge_overflow", "File", o.Files[rd.i])
			} else if err := tot.addScalars(rd.h); err != nil {
				first = i18n.E("leaves.err.merge_overflow", "File", o.Files[rd.i])
			}
		}
		if first != nil {
			cancel()
		}
	}
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// missingShards lists the shards of 0..count-1 not in have.
func missingShards[V any](have map[int]V, count int) []int {
	var m []int
	for i := range count {
		if _, ok := have[i]; !ok {
			m = append(m, i)
		}
	}
	return m
}

// Ranges writes shard numbers as ranges: 0-3, 7, 9-12.
func Ranges(ns []int) string {
	ns = append([]int(nil), ns...)
	sort.Ints(ns)
	var b strings.Builder
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		if j == i {
			fmt.Fprint(&b, ns[i])
		} else {
			fmt.Fprintf(&b, "%d-%d", ns[i], ns[j])
		}
		i = j + 1
	}
	return b.String()
}
