package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type leavesLearnOptions struct {
	Games       int
	Generations int
	Seed        uint64
	Out         string
	From        string
	Workers     int
	Resume      bool
	Method      string
	// A shard (see leaves_shard.go): --shard I/N and --stats-out, --generation.
	Shard          string
	StatsOut       string
	Generation     int
	generationsSet bool // --generations given (a shard plays one generation)
	outSet         bool
	methodSet      bool // a shard's statistics serve every method: it is chosen at the merge
}

// newLeavesLearnCmd makes `atril leaves learn`. runF, when not nil, stands in for the run (gh's seam).
func newLeavesLearnCmd(g *Globals, runF func(*leavesLearnOptions) error) *cobra.Command {
	opts := &leavesLearnOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("leaves.learn.use"),
		Short:   p.T("leaves.learn.short"),
		Long:    p.T("leaves.learn.long"),
		Example: p.T("leaves.learn.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.generationsSet, opts.outSet = c.Flags().Changed("generations"), c.Flags().Changed("out")
			opts.methodSet = c.Flags().Changed("method")
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			if opts.Shard != "" || opts.StatsOut != "" {
				return runLeavesShard(c.Context(), g, opts)
			}
			return runLeavesLearn(c.Context(), g, opts)
		},
	}
	stopsCleanly(c) // Ctrl-C: the state is saved for --resume
	f := c.Flags()
	f.IntVar(&opts.Games, "games", 100_000, p.T("leaves.learn.flag.games"))
	f.IntVar(&opts.Generations, "generations", 4, p.T("leaves.learn.flag.generations"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("leaves.learn.flag.seed"))
	f.StringVar(&opts.Out, "out", "", p.T("leaves.learn.flag.out"))
	f.StringVar(&opts.From, "from", leavetable.Handset, p.T("leaves.learn.flag.from"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("leaves.learn.flag.workers"))
	f.BoolVar(&opts.Resume, "resume", false, p.T("leaves.learn.flag.resume"))
	f.StringVar(&opts.Method, "method", string(leaves.Racks), p.T("leaves.learn.flag.method"))
	f.StringVar(&opts.Shard, "shard", "", p.T("leaves.learn.flag.shard"))
	f.StringVar(&opts.StatsOut, "stats-out", "", p.T("leaves.learn.flag.stats_out"))
	f.IntVar(&opts.Generation, "generation", 1, p.T("leaves.learn.flag.generation"))
	_ = c.RegisterFlagCompletionFunc("method", methodNames)
	_ = c.RegisterFlagCompletionFunc("from", leavesSpecs)
	return c
}

func runLeavesLearn(ctx context.Context, g *Globals, opts *leavesLearnOptions) error {
	if opts.Out == "" {
		return withCode(ExitError, i18n.E("leaves.err.out_needed"))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	from, err := g.playerLeaves(opts.From, true)
	if err != nil {
		return err
	}
	method, err := leaves.ParseMethod(opts.Method)
	if err != nil {
		return withCode(ExitError, err)
	}
	ckpt := leaves.CheckpointPath(opts.Out)
	bar := newGamesProgress(g, opts.Games)
	gen := 0
	lf := leaves.LearnFile{Out: opts.Out, FromName: opts.From, LearnOptions: leaves.LearnOptions{Lexicon: lex, Games: opts.Games,
		Generations: opts.Generations, Seed: opts.Seed, Workers: opts.Workers, From: from, Resume: opts.Resume, Now: g.io.Now, Method: method}}
	lf.Progress = func(pr leaves.Progress) {
		if pr.Phase == "resume" {
			bar.bar.Clear()
			fmt.Fprintln(g.io.Err, g.P.T("leaves.learn.resumed", "File", ckpt, "Generation", pr.Generation, "Games", g.P.Int(pr.Games)))
		}
		if pr.Generation != gen {
			gen = pr.Generation
			bar.bar.Restart(pr.GamesTotal)
		}
		prefix := g.P.T("leaves.learn.progress_prefix", "Generation", pr.Generation, "Generations", pr.Generations)
		if pr.Phase == "fit" {
			prefix += " · " + g.P.T("leaves.learn.fitting")
		}
		bar.bar.Prefix(prefix)
		bar.rate, bar.left = pr.GamesPerSec, pr.ETA
		bar.bar.Update(pr.Games)
	}
	out, err := lf.Run(ctx)
	bar.bar.Finish()
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return withCode(ExitInterrupted, i18n.E("leaves.learn.interrupted", "File", ckpt))
		}
		if errors.Is(err, &i18n.Error{ID: "leaves.err.checkpoint_other_run"}) {
			err = i18n.Wrap(err, "leaves.learn.other_run")
		}
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.P))
}

// methodNames completes --method.
func methodNames(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	out := make([]string, len(leaves.Methods))
	for i, m := range leaves.Methods {
		out[i] = string(m)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
