package cmd

import (
	"math"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type simOptions struct {
	CGP        string
	Plies      int
	Iterations int
	Candidates int
	Plays      []string
	Seed       uint64
	Workers    int
	Stop       float64
	Leaves     string
	// LeavesGiven: --leaves was given (see movesOptions).
	LeavesGiven  bool
	Endgame      string
	EndgamePlies int
}

// newSimCmd makes `atril sim`. runF, when not nil, is called with the options parsed and
// checked instead of the simulation (flag tests).
func newSimCmd(g *Globals, runF func(*simOptions) error) *cobra.Command {
	opts := &simOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("sim.use"),
		Short:   p.T("sim.short"),
		Long:    p.T("sim.long"),
		Example: p.T("sim.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.LeavesGiven = c.Flags().Changed("leaves")
			if err := opts.check(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSim(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.CGP, "cgp", "", p.T("sim.flag.cgp"))
	f.IntVar(&opts.Plies, "plies", sim.DefaultPlies, p.T("sim.flag.plies"))
	f.IntVar(&opts.Iterations, "iterations", sim.DefaultMaxIterations, p.T("sim.flag.iterations"))
	f.IntVar(&opts.Candidates, "candidates", 10, p.T("sim.flag.candidates"))
	f.StringArrayVar(&opts.Plays, "play", nil, p.T("sim.flag.play"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("sim.flag.seed"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("sim.flag.workers"))
	f.Float64Var(&opts.Stop, "stop", 99, p.T("sim.flag.stop"))
	f.StringVar(&opts.Leaves, "leaves", leavetable.Builtin, p.T("sim.flag.leaves"))
	_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
	endgameFlags(c, p, &opts.Endgame, &opts.EndgamePlies)
	return c
}

// check refuses flags out of bounds before any work.
func (opts *simOptions) check() error {
	if opts.CGP == "" {
		return withCode(ExitError, i18n.E("sim.no_cgp"))
	}
	if opts.Candidates < 1 || opts.Candidates > sim.MaxCandidates {
		return withCode(ExitError, i18n.E("sim.bad_candidates", "Count", opts.Candidates, "Max", i18n.Int(sim.MaxCandidates)))
	}
	if opts.Stop < 0 || opts.Stop >= 100 || math.IsNaN(opts.Stop) {
		return withCode(ExitError, i18n.E("sim.bad_stop", "Stop", opts.Stop))
	}
	if opts.Workers < 0 {
		return withCode(ExitError, i18n.E("sim.bad_workers", "Workers", opts.Workers))
	}
	if opts.Plies < 1 || opts.Plies > sim.MaxPlies {
		return withCode(ExitError, i18n.E("sim.flag_plies", "Plies", opts.Plies, "Max", i18n.Int(sim.MaxPlies)))
	}
	if opts.Iterations < 1 || opts.Iterations > sim.MaxIterations {
		return withCode(ExitError, i18n.E("sim.flag_iterations", "Iterations", opts.Iterations, "Max", i18n.Int(sim.MaxIterations)))
	}
	return nil
}

func runSim(c *cobra.Command, g *Globals, opts *simOptions) error {
	ctx := c.Context()
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	pos, err := parseCGPFlag(opts.CGP, ts)
	if err != nil {
		return err
	}
	if len(pos.Racks[0]) == 0 {
		return withCode(ExitError, i18n.E("sim.no_rack"))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	table, err := g.playerLeaves(opts.Leaves, opts.LeavesGiven)
	if err != nil {
		return err
	}
	// Plays asked for by name join the engine's candidates.
	asked, err := playFlags(opts.Plays, pos, lex, engine.Pass, engine.Exchange)
	if err != nil {
		return err
	}
	cands, bag := sim.Candidates(lex, pos, table, opts.Candidates, asked)
	if len(cands) == 0 {
		return withCode(ExitError, i18n.E("sim.no_candidates"))
	}
	if exact, err := simExact(ctx, g, opts.Endgame, opts.EndgamePlies, opts.Workers, pos, bag, cands); exact || err != nil {
		return err
	}
	p := g.P
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, opts.Iterations, func(done, total int, rate float64, left time.Duration) string {
		return p.T("sim.progress", "Done", p.Int(done), "Total", p.Int(total), "Rate", p.Float(rate, 0)) + timeLeft(p, left)
	})
	s, err := sim.New(sim.Config{Lexicon: lex, Layout: pos.Board.Layout, Leaves: table, Plies: opts.Plies, MaxIterations: opts.Iterations,
		StopZ: sim.StopZ(opts.Stop), Workers: opts.Workers, Seed: opts.Seed, Progress: bar.Update})
	if err != nil {
		return withCode(ExitError, err)
	}
	start := g.io.Now()
	res, runErr := s.Run(ctx, pos, cands)
	bar.Finish()
	if runErr != nil && ctx.Err() == nil {
		return withCode(ExitError, runErr)
	}
	elapsed := g.io.Now().Sub(start)
	out := res.Report(pos, s.Config().Plies, elapsed, ts)
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(out.Doc(p))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, i18n.E("sim.interrupted", "Iterations", i18n.Int(res.Iterations)))
	}
	return nil
}
