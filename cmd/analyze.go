package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats"
)

type analyzeOptions struct {
	Player        string
	Game          int64
	Sim           bool
	SimTime       time.Duration
	SimIterations int
	SimCandidates int
	Plot          string
	Puzzles       bool
	MinLoss       float64
	Seed          uint64
}

// newAnalyzeCmd makes `atril analyze`. runF, when not nil, stands in for the run (gh's seam).
func newAnalyzeCmd(g *Globals, runF func(*analyzeOptions) error) *cobra.Command {
	opts := &analyzeOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("analyze.use"),
		Short:   p.T("analyze.short"),
		Long:    p.T("analyze.long"),
		Example: p.T("analyze.example"),
		Args:    cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runAnalyze(c.Context(), g, opts, args)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.Player, "player", "", p.T("analyze.flag.player"))
	f.Int64Var(&opts.Game, "game", 0, p.T("analyze.flag.game"))
	f.BoolVar(&opts.Sim, "sim", false, p.T("analyze.flag.sim"))
	f.DurationVar(&opts.SimTime, "sim-time", analysis.DefaultSimTime, p.T("analyze.flag.sim_time"))
	f.IntVar(&opts.SimIterations, "sim-iterations", analysis.DefaultSimIterations, p.T("analyze.flag.sim_iterations"))
	f.IntVar(&opts.SimCandidates, "sim-candidates", analysis.DefaultSimCandidates, p.T("analyze.flag.sim_candidates"))
	f.StringVar(&opts.Plot, "plot", "", p.T("analyze.flag.plot"))
	f.BoolVar(&opts.Puzzles, "puzzles", false, p.T("analyze.flag.puzzles"))
	f.Float64Var(&opts.MinLoss, "min-loss", play.DefaultPuzzleLoss, p.T("analyze.flag.min_loss"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("analyze.flag.seed"))
	_ = c.RegisterFlagCompletionFunc("plot", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"png"}, cobra.ShellCompDirectiveFilterFileExt
	})
	return c
}

func runAnalyze(ctx context.Context, g *Globals, opts *analyzeOptions, args []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := checkOutput(opts.Plot); err != nil {
		return err
	}
	p := g.P
	switch {
	case len(args) == 0 && opts.Game == 0:
		return withCode(ExitError, i18n.E("analyze.needs"))
	case len(args) > 0 && opts.Game != 0:
		return withCode(ExitError, i18n.E("analyze.both"))
	}
	if opts.SimTime <= 0 || opts.SimIterations <= 0 || opts.SimCandidates <= 0 {
		return withCode(ExitError, i18n.E("analyze.bad_sim"))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	ts := lex.Tiles
	table, err := g.leaveTable(leavetable.Builtin, false)
	if err != nil {
		return err
	}
	// The record: a file, or a stored game's.
	var st *studystore.Store
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	file := ""
	if opts.Game != 0 {
		if st, err = openStudy(g, true); err != nil {
			return err
		}
	} else {
		file = args[0]
	}
	rec, err := play.ReadGameRecord(ctx, st, opts.Game, file, ts)
	if errors.Is(err, play.ErrNotFinished) {
		return withCode(ExitError, i18n.E("analyze.not_finished", "ID", opts.Game))
	} else if err != nil {
		return withCode(ExitError, err)
	}
	who, err := rec.Seat(opts.Player)
	var se *play.SeatError
	switch {
	case errors.As(err, &se) && se.Player == "":
		return withCode(ExitError, i18n.E("analyze.no_player", "File", se.File, "Players", se.Players))
	case errors.As(err, &se):
		return withCode(ExitError, i18n.E("analyze.unknown_player", "File", se.File, "Player", se.Player, "Players", se.Players))
	}
	var bar *ui.Progress
	eg, err := endgame.NewAnalysisOracle(lex)
	if err != nil {
		return withCode(ExitInternal, err)
	}
	ao := analysis.Options{Lexicon: lex, Leaves: table.Leaves, Endgame: eg, Sim: opts.Sim, SimTime: opts.SimTime,
		SimIterations: opts.SimIterations, SimCandidates: opts.SimCandidates, Seed: opts.Seed}
	if opts.Sim {
		bar = ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 0, func(done, total int, rate float64, left time.Duration) string {
			return p.T("analyze.progress", "Done", p.Int(done), "Total", p.Int(total)) + timeLeft(p, left)
		})
		ao.Progress = bar.Steps
	}
	an, err := analysis.New(ao)
	if err != nil {
		return withCode(ExitError, err)
	}
	r, err := an.Game(ctx, rec.Game, who)
	if bar != nil {
		bar.Finish()
	}
	if err != nil {
		if ctx.Err() != nil {
			return withCode(ExitInterrupted, err)
		}
		return withCode(ExitError, err)
	}
	if opts.Plot != "" {
		if err := stats.PlotWin(opts.Plot, r, p); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "stats.err.plot", "File", opts.Plot))
		}
	}
	made := 0
	if opts.Puzzles {
		if st == nil {
			if st, err = openStudy(g, false); err != nil {
				return err
			}
		}
		made, err = rec.MistakePuzzles(ctx, st, lex, table, who, opts.MinLoss, g.io.Now)
		// Ctrl-C only stops the puzzles; any other failure (the record not written) is said.
		if err != nil && !errors.Is(err, context.Canceled) {
			return withCode(ExitError, err)
		}
	}
	if g.JSON {
		return g.PrintJSON(r.JSON(ts))
	}
	d := r.Doc(g.UI, p, ts, true)
	if opts.Plot != "" {
		d.Note(p.T("analyze.plot_written", "File", opts.Plot))
	}
	if made > 0 {
		d.P(p.N("analyze.puzzles_made", made))
	}
	return g.Print(d)
}
