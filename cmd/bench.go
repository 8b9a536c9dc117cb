package cmd

import (
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/bench"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type benchOptions struct {
	Positions string
	Count     int
	Runs      int
	Seconds   float64
	Figures   []string
	Magpie    string
	Macondo   string
	Seed      uint64
	Leaves    string
	// LeavesGiven: --leaves was given (see movesOptions).
	LeavesGiven bool

	figures []bench.Figure // what check read from Figures
}

// newBenchCmd makes `atril bench`. runF, when not nil, is called with the options parsed and
// checked instead of the measurements (flag tests).
func newBenchCmd(g *Globals, runF func(*benchOptions) error) *cobra.Command {
	opts := &benchOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("bench.use"),
		Short:   p.T("bench.short"),
		Long:    p.T("bench.long"),
		Example: p.T("bench.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.LeavesGiven = c.Flags().Changed("leaves")
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runBench(c, g, opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Positions, "positions", "", p.T("bench.flag.positions"))
	f.IntVar(&opts.Count, "count", 70, p.T("bench.flag.count"))
	f.IntVar(&opts.Runs, "runs", 5, p.T("bench.flag.runs"))
	f.Float64Var(&opts.Seconds, "seconds", 1, p.T("bench.flag.seconds"))
	f.StringSliceVar(&opts.Figures, "figures", nil, p.T("bench.flag.figures"))
	f.StringVar(&opts.Magpie, "magpie", "", p.T("bench.flag.magpie"))
	f.StringVar(&opts.Macondo, "macondo", "", p.T("bench.flag.macondo"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("bench.flag.seed"))
	f.StringVar(&opts.Leaves, "leaves", leavetable.Builtin, p.T("bench.flag.leaves"))
	_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
	_ = c.RegisterFlagCompletionFunc("figures", cobra.FixedCompletions(
		[]string{"topeq", "all", "sim", "selfplay"}, cobra.ShellCompDirectiveNoFileComp))
	return stopsCleanly(c) // Ctrl-C stops between measurements and removes the positions file
}

// check refuses flags out of bounds before any work and reads --figures.
func (opts *benchOptions) check() error {
	var err error
	if opts.figures, err = bench.ParseFigures(opts.Figures); err != nil {
		return withCode(ExitError, err)
	}
	// Bounds first: a bad flag is refused before any work.
	switch {
	case opts.Runs < 1 || opts.Runs > bench.MaxRuns:
		return withCode(ExitError, i18n.E("bench.bad_runs", "Runs", opts.Runs, "Max", bench.MaxRuns))
	case !(opts.Seconds > 0 && opts.Seconds <= bench.MaxSeconds):
		return withCode(ExitError, i18n.E("bench.bad_seconds", "Seconds", opts.Seconds, "Max", bench.MaxSeconds))
	case opts.Positions == "" && (opts.Count < 1 || opts.Count > bench.MaxPositions):
		return withCode(ExitError, i18n.E("bench.bad_count", "Count", opts.Count, "Max", i18n.Int(bench.MaxPositions)))
	}
	return nil
}

func runBench(c *cobra.Command, g *Globals, opts *benchOptions) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	table, err := g.playerLeaves(opts.Leaves, opts.LeavesGiven)
	if err != nil {
		return err
	}
	cfg, remove, err := bench.Prepare(bench.Setup{Lexicon: lex, Leaves: table, File: opts.Positions, Count: opts.Count,
		Seed: opts.Seed, Figures: opts.figures, Magpie: opts.Magpie, Macondo: opts.Macondo})
	defer remove()
	var be *bench.BuiltinError
	if errors.As(err, &be) {
		return withCode(ExitInternal, be.Err)
	}
	if err != nil {
		return withCode(ExitError, err)
	}

	p := g.P
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 1, func(done, total int, rate float64, left time.Duration) string {
		return p.T("bench.progress", "Done", p.Int(done), "Total", p.Int(total)) + timeLeft(p, left)
	})
	cfg.Runs, cfg.Seconds = opts.Runs, opts.Seconds
	cfg.Progress = bar.Steps
	rep, err := bench.Run(c.Context(), cfg)
	bar.Finish()
	if err != nil && c.Context().Err() != nil {
		// Ctrl-C: the temporary positions file is removed on the way out.
		return withCode(ExitInterrupted, i18n.E("bench.interrupted"))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(rep)
	}
	return g.Print(rep.Doc(p, opts.Positions))
}
