package cmd

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/stats/leaves"
)

// runLeavesShard plays one shard of one generation (--shard I/N or auto/N) and writes its
// statistics to --stats-out (a file, or a directory to name it in).
func runLeavesShard(ctx context.Context, g *Globals, opts *leavesLearnOptions) error {
	p := g.P
	switch {
	case opts.Shard == "":
		return withCode(ExitError, i18n.E("leaves.shard.err.shard_needed"))
	case opts.StatsOut == "":
		return withCode(ExitError, i18n.E("leaves.shard.err.stats_out"))
	case opts.outSet || opts.generationsSet || opts.Resume || opts.methodSet:
		return withCode(ExitError, i18n.E("leaves.shard.err.flags"))
	}
	index, count, err := leaves.ParseShard(opts.Shard, g.io.Getenv)
	if err != nil {
		return withCode(ExitError, err)
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	from, err := g.playerLeaves(opts.From, true)
	if err != nil {
		return err
	}
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sh := leaves.Shard{Generation: opts.Generation, Index: index, Count: count}
	out, err := leaves.StatsPath(opts.StatsOut, sh)
	if err != nil {
		return withCode(ExitError, err)
	}
	first, last := sh.Games(opts.Games)
	bar := newGamesProgress(g, max(1, last-first))
	bar.bar.Prefix(p.T("leaves.shard.progress_prefix", "Generation", sh.Generation, "Shard", index, "Shards", count))
	so := leaves.ShardOptions{LearnOptions: leaves.LearnOptions{Lexicon: lex, Games: opts.Games, Seed: opts.Seed,
		Workers: workers, From: from, Now: g.io.Now}, Shard: sh, FromName: opts.From, Out: out}
	so.Progress = func(pr leaves.Progress) {
		if pr.Phase == "resume" {
			bar.bar.Clear()
			fmt.Fprintln(g.io.Err, p.T("leaves.shard.resumed", "File", leaves.CheckpointPath(out), "Games", p.Int(pr.Games)))
		}
		bar.rate, bar.left = pr.GamesPerSec, pr.ETA
		bar.bar.Update(pr.Games)
	}
	start := g.io.Now()
	res, err := leaves.LearnShard(ctx, so)
	bar.bar.Finish()
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return withCode(ExitInterrupted, i18n.E("leaves.shard.interrupted", "File", leaves.CheckpointPath(out)))
		}
		return withCode(ExitError, err)
	}
	o := res.Report(out, lex.Name, workers, g.io.Now().Sub(start))
	if g.JSON {
		return g.PrintJSON(o)
	}
	return g.Print(o.Doc(p))
}
