package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type leavesMergeOptions struct {
	Out     string
	Method  string
	Workers int
}

// newLeavesMergeCmd makes `atril leaves merge`. runF, when not nil, stands in for the run (gh's seam).
func newLeavesMergeCmd(g *Globals, runF func(*leavesMergeOptions) error) *cobra.Command {
	opts := &leavesMergeOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("leaves.merge.use"),
		Short:   p.T("leaves.merge.short"),
		Long:    p.T("leaves.merge.long"),
		Example: p.T("leaves.merge.example"),
		Args:    cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runLeavesMerge(c.Context(), g, opts, args)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.Out, "out", "", p.T("leaves.merge.flag.out"))
	f.StringVar(&opts.Method, "method", string(leaves.Racks), p.T("leaves.merge.flag.method"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("leaves.merge.flag.workers"))
	_ = c.RegisterFlagCompletionFunc("method", methodNames)
	return c
}

// mergeJSON is what `leaves merge --json` prints.
type mergeJSON struct {
	Out          string             `json:"out"`
	Files        int                `json:"files"`
	Lexicon      string             `json:"lexicon"`
	Tiles        string             `json:"tiles"`
	Generation   int                `json:"generation"`
	Shards       int                `json:"shards"`
	Games        int                `json:"games"`
	Seed         uint64             `json:"seed"`
	From         string             `json:"from"`
	Method       string             `json:"method"`
	Leaves       int                `json:"leaves"`
	Seconds      float64            `json:"seconds"`
	ShardSeconds float64            `json:"shard_seconds"`
	Reports      []leaves.FitReport `json:"reports"`
}

func runLeavesMerge(ctx context.Context, g *Globals, opts *leavesMergeOptions, args []string) error {
	p := g.P
	if opts.Out == "" {
		return withCode(ExitError, i18n.E("leaves.err.out_needed"))
	}
	method, err := leaves.ParseMethod(opts.Method)
	if err != nil {
		return withCode(ExitError, err)
	}
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	files, err := leaves.StatsFiles(args)
	if err != nil {
		return withCode(ExitError, err)
	}
	table, err := fileio.Create(opts.Out) // taken first: a FIFO, a device or a second writer is refused
	if err != nil {
		return withCode(ExitError, err)
	}
	defer table.Abort()
	start := g.io.Now()
	m, err := leaves.Merge(ctx, leaves.MergeOptions{Files: files, Tiles: ts, Method: method, Workers: opts.Workers})
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return withCode(ExitInterrupted, err)
		}
		return withCode(ExitError, err)
	}
	if err := m.WriteKLV(table); err != nil {
		return withCode(ExitError, i18n.Wrap(err, "leaves.err.out_write", "File", opts.Out))
	}
	if err := table.Commit(); err != nil {
		return withCode(ExitError, i18n.Wrap(err, "leaves.err.out_write", "File", opts.Out))
	}
	h := m.Header
	out := mergeJSON{Out: opts.Out, Files: len(files), Lexicon: h.Lexicon, Tiles: h.Tiles, Generation: h.Generation, Shards: h.Shards,
		Games: m.Games, Seed: h.Seed, From: h.From, Method: string(method), Leaves: len(m.Values),
		Seconds: g.io.Now().Sub(start).Seconds(), ShardSeconds: m.Seconds, Reports: m.Reports}
	if g.JSON {
		return g.PrintJSON(out)
	}
	d := ui.NewDoc().H1(p.T("leaves.merge.title", "File", opts.Out)).
		P(p.T("leaves.merge.summary", "Generation", h.Generation, "Shards", p.N("leaves.count.shards", h.Shards),
			"Games", p.N("leaves.count.games", m.Games), "Seed", h.Seed, "Lexicon", h.Lexicon, "Method", string(method)))
	d.Table(leaves.FitTable(p, m.Reports, h.Generation)).Note(p.T("leaves.learn.note"))
	return g.Print(d.P(p.T("leaves.merge.speed", "Time", p.Duration(time.Duration(out.Seconds*float64(time.Second))),
		"Played", p.Duration(time.Duration(m.Seconds*float64(time.Second))))))
}
