package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/stats/leaves"
)

type leavesEvalOptions struct {
	A, B    string
	Pairs   int
	Seed    uint64
	Workers int
}

// newLeavesEvalCmd makes `atril leaves eval`. runF, when not nil, stands in for the run (gh's seam).
func newLeavesEvalCmd(g *Globals, runF func(*leavesEvalOptions) error) *cobra.Command {
	opts := &leavesEvalOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("leaves.eval.use"),
		Short:   p.T("leaves.eval.short"),
		Long:    p.T("leaves.eval.long"),
		Example: p.T("leaves.eval.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runLeavesEval(c.Context(), g, opts)
		},
	}
	stopsCleanly(c) // Ctrl-C: what the finished pairs measured
	f := c.Flags()
	f.StringVar(&opts.A, "a", leavetable.Builtin, p.T("leaves.eval.flag.a"))
	f.StringVar(&opts.B, "b", leavetable.Handset, p.T("leaves.eval.flag.b"))
	f.IntVar(&opts.Pairs, "pairs", 1000, p.T("leaves.eval.flag.pairs"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("leaves.eval.flag.seed"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("leaves.eval.flag.workers"))
	_ = c.RegisterFlagCompletionFunc("a", leavesSpecs)
	_ = c.RegisterFlagCompletionFunc("b", leavesSpecs)
	return c
}

func runLeavesEval(ctx context.Context, g *Globals, opts *leavesEvalOptions) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	bar := newGamesProgress(g, 2*opts.Pairs)
	out, err := leaves.EvalTables(ctx, opts.A, opts.B, leaves.EvalOptions{Lexicon: lex, Pairs: opts.Pairs, Seed: opts.Seed,
		Workers: opts.Workers, Now: g.io.Now, Progress: func(pr leaves.Progress) { bar.bar.Update(pr.Done) }})
	bar.bar.Finish()
	interrupted := ctx.Err() != nil && errors.Is(err, ctx.Err())
	if err != nil && !interrupted {
		return withCode(ExitError, err)
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(out.Doc(g.P))
	}
	if err != nil {
		return err
	}
	if interrupted {
		return withCode(ExitInterrupted, i18n.E("leaves.eval.interrupted", "Pairs", i18n.Int(out.Pairs), "Total", i18n.Int(opts.Pairs)))
	}
	return nil
}
