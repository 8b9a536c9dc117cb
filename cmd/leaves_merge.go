package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
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

func runLeavesMerge(ctx context.Context, g *Globals, opts *leavesMergeOptions, args []string) error {
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
	out, err := leaves.MergeFile{Paths: args, Out: opts.Out, Now: g.io.Now,
		MergeOptions: leaves.MergeOptions{Tiles: ts, Method: method, Workers: opts.Workers}}.Run(ctx)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return withCode(ExitInterrupted, err)
		}
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.P))
}
