package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/puzzles"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

type puzzleGenOptions struct {
	puzzles.GenSpec
	Workers int
	Resume  bool
}

// newPuzzleGenCmd makes `atril puzzle gen`. runF, when not nil, stands in for the run (gh's seam).
func newPuzzleGenCmd(g *Globals, runF func(*puzzleGenOptions) error) *cobra.Command {
	opts := &puzzleGenOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("puzzle_gen.use"),
		Short:   p.T("puzzle_gen.short"),
		Long:    p.T("puzzle_gen.long"),
		Example: p.T("puzzle_gen.example"),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 && len(opts.GCG) == 0 {
				return withCode(ExitError, i18n.E("puzzle_gen.args_without_gcg", "Arg", args[0]))
			}
			opts.GCG = append(opts.GCG, args...)
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runPuzzleGen(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.IntVar(&opts.SelfPlay, "selfplay", 0, p.T("puzzle_gen.flag.selfplay"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("puzzle_gen.flag.seed"))
	f.StringArrayVar(&opts.GCG, "gcg", nil, p.T("puzzle_gen.flag.gcg"))
	f.StringVar(&opts.Player, "player", "", p.T("puzzle_gen.flag.player"))
	f.Float64Var(&opts.MinLoss, "min-loss", puzzles.DefaultMinLoss, p.T("puzzle_gen.flag.min_loss"))
	f.StringVar(&opts.CGP, "cgp", "", p.T("puzzle_gen.flag.cgp"))
	f.StringSliceVar(&opts.Kinds, "kind", nil, p.T("puzzle_gen.flag.kind"))
	f.StringSliceVar(&opts.Tags, "tag", nil, p.T("puzzle_gen.flag.tag"))
	f.StringVar(&opts.Deck, "deck", "", p.T("puzzle_gen.flag.deck"))
	f.Float64Var(&opts.Margin, "margin", puzzles.DefaultMargin, p.T("puzzle_gen.flag.margin"))
	f.Float64Var(&opts.Accept, "accept", puzzles.DefaultAccept, p.T("puzzle_gen.flag.accept"))
	f.BoolVar(&opts.NoSim, "no-sim", false, p.T("puzzle_gen.flag.no_sim"))
	f.IntVar(&opts.SimCandidates, "sim-candidates", puzzles.DefaultSimCandidates, p.T("puzzle_gen.flag.sim_candidates"))
	f.IntVar(&opts.SimIterations, "sim-iterations", puzzles.DefaultSimIterations, p.T("puzzle_gen.flag.sim_iterations"))
	f.IntVar(&opts.SimPlies, "sim-plies", 2, p.T("puzzle_gen.flag.sim_plies"))
	f.StringVar(&opts.Disagree, "disagree", puzzles.DisagreeKeep, p.T("puzzle_gen.flag.disagree"))
	f.IntVar(&opts.Limit, "limit", 0, p.T("puzzle_gen.flag.limit"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("puzzle_gen.flag.workers"))
	f.BoolVar(&opts.Resume, "resume", false, p.T("puzzle_gen.flag.resume"))
	f.Float64Var(&opts.Exact.Margin, "eg-margin", puzzles.DefaultExactMargin, p.T("egpuzzle.flag.margin"))
	f.IntVar(&opts.Exact.MaxTiles, "max-tiles", puzzles.DefaultMaxTiles, p.T("egpuzzle.flag.max_tiles"))
	f.Uint64Var(&opts.Exact.Nodes, "eg-nodes", puzzles.DefaultExactNodes, p.T("egpuzzle.flag.nodes"))
	f.IntVar(&opts.Exact.Candidates, "peg-candidates", puzzles.DefaultPegCandidates, p.T("egpuzzle.flag.peg_candidates"))
	f.Float64Var(&opts.Exact.Accept, "peg-accept", puzzles.DefaultPegAccept, p.T("egpuzzle.flag.peg_accept"))
	_ = c.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(puzzles.KindNames(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("tag", cobra.FixedCompletions(puzzletag.IDs(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("disagree", cobra.FixedCompletions([]string{puzzles.DisagreeKeep, puzzles.DisagreeDrop}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("deck", completeDeckNames(g, false))
	_ = c.RegisterFlagCompletionFunc("gcg", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"gcg"}, cobra.ShellCompDirectiveFilterFileExt
	})
	return c
}

func runPuzzleGen(c *cobra.Command, g *Globals, opts *puzzleGenOptions) error {
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	var st *studystore.Store
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	var o puzzles.GenOptions
	var runID int64
	var from, storedBefore int
	if opts.Resume {
		for _, name := range []string{"selfplay", "gcg", "player", "cgp", "kind", "tag", "deck", "margin", "accept", "no-sim",
			"sim-candidates", "sim-iterations", "sim-plies", "disagree", "limit", "seed", "min-loss",
			"eg-margin", "max-tiles", "eg-nodes", "peg-candidates", "peg-accept"} {
			if c.Flags().Changed(name) {
				return withCode(ExitError, i18n.E("puzzle_gen.resume_flags", "Flag", "--"+name))
			}
		}
		if st, err = openStudy(g, true); err != nil {
			return err
		}
		if o, runID, from, storedBefore, err = puzzles.Resumable(ctx, st); err != nil {
			return withCode(ExitError, err)
		}
		if o.Lexicon != lex.Name || o.Tiles != lex.Tiles.Name {
			return withCode(ExitError, i18n.E("puzzle_gen.resume_lexicon", "Lexicon", o.Lexicon, "Tiles", o.Tiles))
		}
	} else if o, err = opts.GenSpec.Options(); err != nil {
		switch {
		case errors.Is(err, puzzles.ErrSimOptions):
			return withCode(ExitError, i18n.E("puzzle_gen.bad_sim_flags"))
		case errors.Is(err, puzzles.ErrExactOptions):
			return withCode(ExitError, i18n.E("egpuzzle.err.bad_options"))
		}
		return puzzleFlagError(g.P, err)
	}
	if opts.Workers < 0 {
		return withCode(ExitError, i18n.E("puzzle_gen.bad_workers", "Workers", opts.Workers))
	}
	// Every input is read and checked before anything is stored.
	inputs, err := puzzles.ReadInputs(o.GCG)
	if err != nil {
		return withCode(ExitError, err)
	}
	if st == nil {
		if st, err = openStudy(g, false); err != nil {
			return err
		}
	}
	deck, err := puzzles.DeckFilterNamed(ctx, st, o.Deck)
	if err != nil {
		return withCode(ExitError, err)
	}
	table, err := g.leaveTable(leavetable.Builtin, false)
	if err != nil {
		return err
	}
	plan, err := puzzles.NewPlan(o, inputs, lex, table, deck)
	if err != nil {
		return withCode(ExitError, err)
	}
	g.notes(plan.Notes)
	p := g.P
	stored := 0
	start := g.io.Now()
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, plan.Jobs()-from, func(done, total int, rate float64, left time.Duration) string {
		return p.T("puzzle_gen.progress", "Done", p.Int(done), "Total", p.Int(total), "Rate", p.Float(rate, 1),
			"Stored", p.Int(stored)) + timeLeft(p, left)
	})
	gn := &puzzles.Generator{Store: st, Workers: opts.Workers, Now: g.io.Now,
		Progress: func(done, jobs, n int) { stored = n; bar.Update(done - from) }}
	sum, runErr := gn.Run(ctx, plan, runID, from, storedBefore)
	bar.Finish()
	elapsed := g.io.Now().Sub(start)
	interrupted := runErr != nil && ctx.Err() != nil
	if runErr != nil && !interrupted {
		return withCode(ExitInternal, runErr)
	}
	if sum == nil { // stopped before the run was recorded
		return withCode(ExitInterrupted, i18n.E("puzzle_gen.interrupted_early"))
	}
	if g.JSON {
		out := sum.JSON(lex.Tiles)
		err = g.PrintJSON(out)
	} else {
		err = g.Print(puzzles.GenSummaryDoc(g.UI, p, sum, elapsed))
	}
	if err != nil {
		return err
	}
	if interrupted {
		return withCode(ExitInterrupted, i18n.E("puzzle_gen.interrupted", "Done", i18n.Int(sum.Done), "Jobs", i18n.Int(sum.Jobs)))
	}
	return nil
}
