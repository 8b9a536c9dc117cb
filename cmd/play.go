package cmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills/play"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

type playOptions struct {
	Level      int
	Seed       uint64
	Clock      time.Duration
	Lenient    bool
	NoTracking bool
	Name       string
	First      string
	GCG        string
	Resume     bool
	Think      time.Duration
	MinLoss    float64
	NoPuzzles  bool
	// ClockText and ThinkText are --clock and --think as typed, for an error to echo.
	ClockText, ThinkText string
}

// Exact endgames of analyze, the end of play and the web interface (level 5 makes its own,
// one thread and reset before each solve, to stay the same from the same seed): each solve
// bounded in time and memory; one that runs out of time is the best found so far, said not
// proven.
// newPlayCmd makes `atril play`. runF, when not nil, stands in for the run (gh's seam).
func newPlayCmd(g *Globals, runF func(*playOptions) error) *cobra.Command {
	opts := &playOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("play.use"),
		Short:   p.T("play.short"),
		Long:    p.T("play.long"),
		Example: p.T("play.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runPlay(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.IntVar(&opts.Level, "level", play.DefaultLevel, p.T("play.flag.level"))
	f.Uint64Var(&opts.Seed, "seed", 0, p.T("play.flag.seed"))
	f.DurationVar(&opts.Clock, "clock", 0, p.T("play.flag.clock"))
	keepTyped(f.Lookup("clock"), &opts.ClockText)
	f.BoolVar(&opts.Lenient, "lenient", false, p.T("play.flag.lenient"))
	f.BoolVar(&opts.NoTracking, "no-tracking", false, p.T("play.flag.no_tracking"))
	f.StringVar(&opts.Name, "name", "", p.T("play.flag.name"))
	f.StringVar(&opts.First, "first", "random", p.T("play.flag.first"))
	f.StringVar(&opts.GCG, "gcg", "", p.T("play.flag.gcg"))
	f.BoolVar(&opts.Resume, "resume", false, p.T("play.flag.resume"))
	f.DurationVar(&opts.Think, "think", play.DefaultThink, p.T("play.flag.think"))
	keepTyped(f.Lookup("think"), &opts.ThinkText)
	f.Float64Var(&opts.MinLoss, "min-loss", play.DefaultPuzzleLoss, p.T("play.flag.min_loss"))
	f.BoolVar(&opts.NoPuzzles, "no-puzzles", false, p.T("play.flag.no_puzzles"))
	_ = c.RegisterFlagCompletionFunc("first", cobra.FixedCompletions([]string{"you", "atril", "random"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("level", cobra.FixedCompletions([]string{"1", "2", "3", "4", "5"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

func runPlay(c *cobra.Command, g *Globals, opts *playOptions) error {
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	p := g.P
	if opts.Resume {
		for _, name := range []string{"level", "seed", "clock", "lenient", "no-tracking", "name", "first"} {
			if c.Flags().Changed(name) {
				return withCode(ExitError, i18n.E("play.resume_flags", "Flag", "--"+name))
			}
		}
	}
	if opts.Level < play.MinLevel || opts.Level > play.MaxLevel {
		return withCode(ExitError, i18n.E("play.bad_level", "Level", opts.Level, "Min", play.MinLevel, "Max", play.MaxLevel))
	}
	if opts.Clock < 0 {
		return withCode(ExitError, i18n.E("play.bad_clock", "Value", opts.ClockText))
	}
	if opts.Think < 100*time.Millisecond || opts.Think > time.Minute {
		return withCode(ExitError, i18n.E("play.bad_think", "Value", opts.ThinkText))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	table, err := g.leaveTable(leavetable.Builtin, false)
	if err != nil {
		return err
	}
	st, err := openStudy(g, false)
	if err != nil {
		return err
	}
	defer st.Close()
	out := g.UI
	if g.JSON {
		out = g.ErrUI // stdout carries only the result
	}
	se := &play.Session{Store: st, Lex: lex, In: g.io.In, UI: out, P: p, Now: g.io.Now, Echo: !isTerminal(g.io.In), Draw: drawBoard}
	var s play.Settings
	if !opts.Resume {
		seed := opts.Seed
		if !c.Flags().Changed("seed") {
			seed = uint64(g.io.Now().UnixNano())
		}
		seat, ok := play.FirstSeat(opts.First, seed)
		if !ok {
			return withCode(ExitError, i18n.E("play.bad_first", "Value", opts.First))
		}
		if prev, err := st.LastUnfinishedGame(ctx); err == nil {
			g.ErrUI.Print(ui.NewDoc().Note(p.T("play.unfinished", "ID", prev.ID)))
		} else if !errors.Is(err, studystore.ErrNoGame) {
			return withCode(ExitError, err)
		}
		s = play.Settings{Lexicon: lex.Name, Tiles: lex.Tiles.Name, Leaves: table.Info.Name, Level: opts.Level, Seed: seed,
			Player: play.PlayerName(p, opts.Name, g.io.Getenv("USER")), Seat: seat, Clock: opts.Clock, Lenient: opts.Lenient,
			NoTracking: opts.NoTracking}
	}
	state, id, err := se.Begin(ctx, opts.Resume, s, table.Leaves, opts.Think)
	if errors.Is(err, play.ErrNoGame) {
		return withCode(ExitError, i18n.E("play.nothing_to_resume"))
	}
	if err != nil {
		return withCode(ExitError, err)
	}
	res, err := se.Run(ctx, state, id)
	if err != nil {
		return withCode(ExitError, err)
	}
	js := play.NewGameJSON(id, res, state)
	if res.Stopped != play.StoppedFinished {
		if res.Stopped == play.StoppedInterrupted || res.Stopped == play.StoppedEndOfInput {
			out.Print(ui.NewDoc().Note(p.T("play.saved", "ID", id)))
		}
		if g.JSON {
			return g.PrintJSON(js)
		}
		return nil
	}
	if err := out.Print(play.EndDoc(out, p, state)); err != nil {
		return err
	}
	eg, err := endgame.NewAnalysisOracle(lex)
	if err != nil {
		return withCode(ExitInternal, err)
	}
	co := play.ConcludeOptions{Table: table, Endgame: eg, GCGFile: opts.GCG, PuzzleLoss: opts.MinLoss}
	if opts.NoPuzzles {
		co.PuzzleLoss = -1
	}
	con, err := play.Conclude(ctx, st, lex, state, id, co)
	if con != nil && con.Report != nil {
		fmt.Fprintln(out.W)
		if perr := out.Print(play.ConclusionDoc(out, p, lex.Tiles, id, con)); perr != nil {
			return perr
		}
		js.Concluded(con, lex.Tiles)
	}
	if err != nil && ctx.Err() == nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(js)
	}
	return nil
}
