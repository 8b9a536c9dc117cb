package cmd

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type selfplayOptions struct {
	Games   int
	Seed    uint64
	Players string
	Save    string
	Workers int
	Rules   string
	CGP     string
	Leaves  string
	// LeavesGiven: --leaves was given (see movesOptions).
	LeavesGiven  bool
	Endgame      string
	EndgamePlies int

	// What check read from Players and Rules.
	players [2]game.Strategy
	rules   game.Rules
}

// newSelfplayCmd makes `atril selfplay`. runF, when not nil, is called with the options parsed
// and checked instead of the games (flag tests).
func newSelfplayCmd(g *Globals, runF func(*selfplayOptions) error) *cobra.Command {
	opts := &selfplayOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("selfplay.use"),
		Short:   p.T("selfplay.short"),
		Long:    p.T("selfplay.long"),
		Example: p.T("selfplay.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.LeavesGiven = c.Flags().Changed("leaves")
			if err := opts.check(g.P); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return runSelfplay(c.Context(), g, opts)
		},
	}
	stopsCleanly(c) // Ctrl-C: the summary of the games finished so far
	f := c.Flags()
	f.IntVar(&opts.Games, "games", 100, p.T("selfplay.flag.games"))
	f.Uint64Var(&opts.Seed, "seed", 1, p.T("selfplay.flag.seed"))
	f.StringVar(&opts.Players, "players", "equity,score", p.T("selfplay.flag.players"))
	f.StringVar(&opts.Save, "save", "", p.T("selfplay.flag.save"))
	f.IntVar(&opts.Workers, "workers", 0, p.T("selfplay.flag.workers"))
	f.StringVar(&opts.Rules, "rules", "file", p.T("selfplay.flag.rules"))
	f.StringVar(&opts.CGP, "cgp", "", p.T("selfplay.flag.cgp"))
	f.StringVar(&opts.Leaves, "leaves", leavetable.Builtin, p.T("selfplay.flag.leaves"))
	endgameFlags(c, p, &opts.Endgame, &opts.EndgamePlies)
	_ = c.RegisterFlagCompletionFunc("leaves", leavesSpecs)
	_ = c.RegisterFlagCompletionFunc("players", cobra.FixedCompletions(game.Pairings(), cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("rules", cobra.FixedCompletions([]string{
		game.FILERules.Name + "\t" + p.T("selfplay.rules_file"),
		game.SixScoreless.Name + "\t" + p.T("selfplay.rules_six")}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

// check refuses flags out of bounds before any work and reads --players and --rules.
func (opts *selfplayOptions) check(p *i18n.Printer) error {
	if opts.Games < 1 || opts.Games > game.MaxGames {
		return withCode(ExitError, i18n.E("selfplay.bad_games", "Value", opts.Games, "Max", i18n.Int(game.MaxGames)))
	}
	if opts.Workers < 0 || opts.Workers > game.MaxWorkers {
		return withCode(ExitError, i18n.E("selfplay.bad_workers", "Value", opts.Workers, "Max", game.MaxWorkers))
	}
	players, err := game.ParsePairing(opts.Players)
	switch {
	case errors.Is(err, game.ErrNotAPair):
		return withCode(ExitError, i18n.E("selfplay.bad_players", "Value", i18n.Quote(opts.Players)))
	case err != nil:
		return withCode(ExitError, i18n.Wrap(err, "selfplay.players_flag"))
	}
	opts.players = players
	rules, err := game.RulesByName(opts.Rules)
	if err != nil {
		return withCode(ExitError, i18n.Wrap(err, "selfplay.rules_flag"))
	}
	opts.rules = rules
	return nil
}

func runSelfplay(ctx context.Context, g *Globals, opts *selfplayOptions) error {
	players, rules := opts.players, opts.rules
	endgamePlayers, err := endgamePlayerMaker(g, opts.Endgame, opts.EndgamePlies, rules)
	if err != nil {
		return err
	}
	if opts.Save != "" && opts.CGP != "" {
		return withCode(ExitError, i18n.E("selfplay.save_with_cgp"))
	}
	var startPos *engine.Position
	if opts.CGP != "" {
		ts, err := g.TileSet()
		if err != nil {
			return err
		}
		if startPos, err = parseCGPFlag(opts.CGP, ts); err != nil {
			return err
		}
		g.notes(startPos.Notes())
		if _, err := game.FromPosition(startPos, rules, 0); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "engine.cgp_flag"))
		}
	}
	if opts.Save != "" {
		if err := os.MkdirAll(opts.Save, 0o755); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "selfplay.save_flag"))
		}
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	if startPos != nil && !lex.Tiles.SameAlphabet(startPos.Tiles) {
		return withCode(ExitError, i18n.E("engine.lexicon_alphabet", "Lexicon", lex.Name, "Set", startPos.Tiles.Name))
	}
	table, err := g.playerLeaves(opts.Leaves, opts.LeavesGiven)
	if err != nil {
		return err
	}
	p := g.P
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, opts.Games, func(done, total int, rate float64, left time.Duration) string {
		return p.T("selfplay.progress", "Done", p.Int(done), "Total", p.Int(total), "Rate", p.Float(rate, 1)) + timeLeft(p, left)
	})
	// Games stream in as they finish: each is saved then and only the totals are kept.
	out, runErr := game.SelfPlayRun{SelfPlayConfig: game.SelfPlayConfig{
		Lexicon: lex, Layout: engine.StandardLayout(), Start: startPos, Rules: rules, Players: players, Leaves: table,
		Games: opts.Games, Seed: opts.Seed, Workers: opts.Workers, Endgame: endgamePlayers,
	}, SaveDir: opts.Save, LeavesName: opts.Leaves, Now: g.io.Now, Progress: bar.Update}.Play(ctx)
	bar.Finish()
	var saveErr *gcg.SaveError
	switch {
	case errors.As(runErr, &saveErr):
		return withCode(ExitError, saveGameError(saveErr))
	case runErr != nil && ctx.Err() == nil:
		return withCode(ExitInternal, runErr)
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(out.Doc(p))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, i18n.E("selfplay.interrupted", "Done", i18n.Int(out.GamesFinished), "Total", i18n.Int(opts.Games)))
	}
	return nil
}

// saveGameError words a game that could not be written: the user's directory, not a bug.
func saveGameError(se *gcg.SaveError) error {
	switch se.Stage {
	case gcg.SaveOpening:
		return i18n.Wrap(se.Err, "selfplay.save_flag")
	case gcg.SaveWriting:
		return i18n.Wrap(se.Err, "selfplay.save_file", "Path", se.Path)
	}
	return se.Err
}
