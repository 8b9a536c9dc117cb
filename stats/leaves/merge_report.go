package leaves

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// MergeReport is a merge as `atril leaves merge --json` prints it.
type MergeReport struct {
	Out          string      `json:"out"`
	Files        int         `json:"files"`
	Lexicon      string      `json:"lexicon"`
	Tiles        string      `json:"tiles"`
	Generation   int         `json:"generation"`
	Shards       int         `json:"shards"`
	Games        int         `json:"games"`
	Seed         uint64      `json:"seed"`
	From         string      `json:"from"`
	Method       string      `json:"method"`
	Leaves       int         `json:"leaves"`
	Seconds      float64     `json:"seconds"`
	ShardSeconds float64     `json:"shard_seconds"`
	Reports      []FitReport `json:"reports"`
}

// MergeFile is a merge that writes its table to a KLV2 file: what `atril leaves merge` runs.
type MergeFile struct {
	MergeOptions                  // Files is set by Run, from Paths
	Paths        []string         // statistics files, or directories of them (StatsFiles)
	Out          string           // the KLV2 file to write
	Now          func() time.Time // nil: time.Now
}

// Run lists the statistics files, takes the output (a FIFO, a device or a second writer is
// refused before any work), merges them and writes the table. The error of a cancelled merge
// wraps ctx's.
func (mf MergeFile) Run(ctx context.Context) (*MergeReport, error) {
	o := mf.MergeOptions
	if o.Method == "" {
		o.Method = Racks
	}
	now := mf.Now
	if now == nil {
		now = time.Now
	}
	files, err := StatsFiles(mf.Paths)
	if err != nil {
		return nil, err
	}
	o.Files = files
	table, err := fileio.Create(mf.Out)
	if err != nil {
		return nil, err
	}
	defer table.Abort()
	start := now()
	m, err := Merge(ctx, o)
	if err != nil {
		return nil, err
	}
	if err := commitTable(table, mf.Out, m.WriteKLV); err != nil {
		return nil, err
	}
	h := m.Header
	return &MergeReport{Out: mf.Out, Files: len(files), Lexicon: h.Lexicon, Tiles: h.Tiles, Generation: h.Generation, Shards: h.Shards,
		Games: m.Games, Seed: h.Seed, From: h.From, Method: string(o.Method), Leaves: len(m.Values),
		Seconds: now().Sub(start).Seconds(), ShardSeconds: m.Seconds, Reports: m.Reports}, nil
}

// Doc is the merge as `atril leaves merge` shows it.
func (r *MergeReport) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc().H1(p.T("leaves.merge.title", "File", r.Out)).
		P(p.T("leaves.merge.summary", "Generation", r.Generation, "Shards", p.N("leaves.count.shards", r.Shards),
			"Games", p.N("leaves.count.games", r.Games), "Seed", r.Seed, "Lexicon", r.Lexicon, "Method", r.Method))
	d.Table(FitTable(p, r.Reports, r.Generation)).Note(p.T("leaves.learn.note"))
	return d.P(p.T("leaves.merge.speed", "Time", p.Duration(time.Duration(r.Seconds*float64(time.Second))),
		"Played", p.Duration(time.Duration(r.ShardSeconds*float64(time.Second)))))
}
