package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

type endgameOptions struct {
	CGP     string
	GCG     string
	Turn    int
	Plies   int
	Time    time.Duration
	Threads int
	TableMB int
	Rank    int
	Show    int
	Rules   string
	Plays   []string
}

// newEndgameCmd makes `atril endgame`. runF, when not nil, stands in for the run (gh's seam).
func newEndgameCmd(g *Globals, runF func(*endgameOptions) error) *cobra.Command {
	opts := &endgameOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("endgame.use"),
		Short:   p.T("endgame.short"),
		Long:    p.T("endgame.long"),
		Example: p.T("endgame.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Turn = -1
			if c.Flags().Changed("turn") {
				opts.Turn, _ = c.Flags().GetInt("turn")
			}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runEndgame(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.CGP, "cgp", "", p.T("endgame.flag.cgp"))
	f.StringVar(&opts.GCG, "gcg", "", p.T("endgame.flag.gcg"))
	f.Int("turn", 0, p.T("endgame.flag.turn"))
	f.IntVar(&opts.Plies, "plies", 0, p.T("endgame.flag.plies"))
	f.DurationVar(&opts.Time, "time", 0, p.T("endgame.flag.time"))
	f.IntVar(&opts.Threads, "threads", 0, p.T("endgame.flag.threads"))
	f.IntVar(&opts.TableMB, "table-mb", endgame.DefaultTableBytes>>20, p.T("endgame.flag.table_mb"))
	f.IntVar(&opts.Rank, "rank", 5, p.T("endgame.flag.rank"))
	f.IntVar(&opts.Show, "show", 10, p.T("endgame.flag.show"))
	f.StringVar(&opts.Rules, "rules", "file", p.T("endgame.flag.rules"))
	f.StringArrayVar(&opts.Plays, "play", nil, p.T("endgame.flag.play"))
	return c
}

// endgamePosition reads the position an endgame command solves: --cgp, or --gcg FILE at --turn N
// (the last turn when not given).
func endgamePosition(g *Globals, src gcg.Source, ts *lexicon.TileSet) (*engine.Position, error) {
	pos, err := src.Position(ts, engine.StandardLayout())
	var se *gcg.SourceError
	switch {
	case !errors.As(err, &se):
	case se.Problem == gcg.SourceMissing:
		err = i18n.E("endgame.needs")
	case se.Problem == gcg.SourceTurnWithCGP:
		err = i18n.E("endgame.turn_needs_gcg")
	case se.Problem == gcg.SourceTurnRange:
		err = i18n.E("endgame.turn_range", "Turn", se.Turn, "Max", se.Max, "File", se.File)
	case se.Problem == gcg.SourceBadCGP:
		err = i18n.Wrap(se.Err, "engine.cgp_flag")
	}
	if err != nil {
		return nil, withCode(ExitError, err)
	}
	if src.CGP != "" {
		g.notes(pos.Notes())
	}
	return pos, nil
}

// endgameInput reads what endgame and peg share: the end rules, the tile set, the position (--cgp or --gcg
// --turn) and the lexicon, checked to agree with the position's tile set.
func endgameInput(g *Globals, rulesName, cgp, gcgFile string, turn int) (endgame.Rules, *lexicon.TileSet, *engine.Position, *lexicon.Lexicon, error) {
	rules, err := endgame.RulesNamed(rulesName)
	if err != nil {
		return rules, nil, nil, nil, withCode(ExitError, err)
	}
	ts, err := g.TileSet()
	if err != nil {
		return rules, nil, nil, nil, err
	}
	pos, err := endgamePosition(g, gcg.Source{CGP: cgp, File: gcgFile, Turn: turn}, ts)
	if err != nil {
		return rules, nil, nil, nil, err
	}
	lex, err := g.Lex()
	if err != nil {
		return rules, nil, nil, nil, err
	}
	if !lex.Tiles.SameAlphabet(ts) {
		return rules, nil, nil, nil, withCode(ExitError, i18n.E("engine.lexicon_alphabet", "Lexicon", lex.Name, "Set", ts.Name))
	}
	return rules, ts, pos, lex, nil
}

func runEndgame(c *cobra.Command, g *Globals, opts *endgameOptions) error {
	ctx := c.Context()
	switch {
	case opts.Turn < -1:
		return withCode(ExitError, i18n.E("endgame.negative_turn", "Turn", opts.Turn))
	case opts.Plies < 0:
		return withCode(ExitError, i18n.E("endgame.bad_plies", "Plies", opts.Plies))
	case opts.Time < 0:
		return withCode(ExitError, i18n.E("endgame.bad_time", "Time", opts.Time.String()))
	case opts.Threads < 0:
		return withCode(ExitError, i18n.E("endgame.bad_threads", "Threads", opts.Threads))
	case opts.TableMB < endgame.MinTableBytes>>20 || opts.TableMB > endgame.MaxTableBytes>>20:
		return withCode(ExitError, i18n.E("endgame.bad_table", "MB", opts.TableMB, "Min", endgame.MinTableBytes>>20, "Max", endgame.MaxTableBytes>>20))
	case opts.Rank < 1:
		return withCode(ExitError, i18n.E("endgame.bad_rank", "Rank", opts.Rank))
	case opts.Show < 1:
		return withCode(ExitError, i18n.E("endgame.bad_show", "Show", opts.Show))
	}
	rules, ts, pos, lex, err := endgameInput(g, opts.Rules, opts.CGP, opts.GCG, opts.Turn)
	if err != nil {
		return err
	}
	only, err := playFlags(opts.Plays, pos, lex, engine.Pass)
	if err != nil {
		return err
	}
	s, err := endgame.New(endgame.Config{Lexicon: lex, Rules: rules, Threads: opts.Threads, TableBytes: int64(opts.TableMB) << 20})
	if err != nil {
		return withCode(ExitError, err)
	}
	p := g.P
	status := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 0, nil)
	res, err := s.Solve(ctx, pos, endgame.Options{Plies: opts.Plies, Time: opts.Time, Rank: opts.Rank, Only: only,
		Progress: func(pr endgame.Progress) {
			status.Status(p.T("endgame.progress", "Depth", pr.Depth, "Value", p.Signed(pr.Value),
				"Best", engine.FormatMove(&pr.Best, pos.Board, ts), "Nodes", p.Int(int(pr.Nodes))))
		}})
	status.Finish()
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		err = g.PrintJSON(res.JSON(pos, ts))
	} else {
		err = g.Print(res.Doc(g.P, pos, opts.Show))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, i18n.E("endgame.interrupted"))
	}
	return nil
}

// playFlags reads --play: moves named for the player to move (plays checked legal, and the
// kinds of passes or exchanges allowed), a refusal worded with the flag.
func playFlags(plays []string, pos *engine.Position, lex *lexicon.Lexicon, allowed ...engine.MoveKind) ([]engine.Move, error) {
	moves, err := engine.NamedMoves(plays, pos, lex.Tiles, lex, allowed...)
	var pe *engine.PlayError
	if !errors.As(err, &pe) {
		return moves, err
	}
	switch {
	case pe.Why == engine.PlayUnreadable:
		err = i18n.Wrap(pe.Err, "endgame.bad_play", "Play", pe.Play)
	case pe.Why == engine.PlayIllegal:
		err = i18n.E("endgame.illegal_play", "Play", pe.Play, "Why", pe.Err)
	case pe.Move.Kind == engine.Exchange:
		err = i18n.E("endgame.no_exchange", "Play", pe.Play)
	default:
		err = i18n.E("peg.only_plays", "Play", pe.Play)
	}
	return nil, withCode(ExitError, err)
}

// endgameFlags adds --endgame static|exact and --endgame-plies N, for the commands that play
// or simulate past the point where the bag empties.
func endgameFlags(c *cobra.Command, p *i18n.Printer, mode *string, plies *int) {
	f := c.Flags()
	f.StringVar(mode, "endgame", "static", p.T("endgame.flag.mode"))
	f.IntVar(plies, "endgame-plies", 0, p.T("endgame.flag.mode_plies"))
}

// endgamePlayerMaker reads --endgame: nil for static play, else a maker of one exact player a
// worker (endgame.PlayerMaker).
func endgamePlayerMaker(g *Globals, mode string, plies int, rules game.Rules) (func() game.EndgamePlayer, error) {
	switch mode {
	case "static":
		return nil, nil
	case "exact":
	default:
		return nil, withCode(ExitError, i18n.E("endgame.bad_mode", "Mode", mode))
	}
	if plies < 0 {
		return nil, withCode(ExitError, i18n.E("endgame.bad_plies", "Plies", plies))
	}
	lex, err := g.Lex()
	if err != nil {
		return nil, err
	}
	return endgame.PlayerMaker(lex, rules, plies), nil
}

// simExact is sim --endgame exact with the bag empty or holding one tile: the candidates are
// judged exactly, by the endgame solver (as atril endgame prints them) or the pre-endgame solver
// (as atril peg prints them), instead of by sampling. It reports whether it did so.
func simExact(ctx context.Context, g *Globals, mode string, plies, threads int, pos *engine.Position, bag int, cands []engine.Move) (bool, error) {
	if mode != "static" && mode != "exact" {
		return false, withCode(ExitError, i18n.E("endgame.bad_mode", "Mode", mode))
	}
	if plies < 0 {
		return false, withCode(ExitError, i18n.E("endgame.bad_plies", "Plies", plies))
	}
	if mode != "exact" || bag > 1 {
		return false, nil
	}
	lex, err := g.Lex()
	if err != nil {
		return true, err
	}
	j, exact, err := endgame.JudgeCandidates(ctx, lex, threads, plies, pos, bag, cands)
	if err != nil {
		return exact, withCode(ExitError, err)
	}
	if g.JSON {
		return true, g.PrintJSON(j.JSON(pos, lex.Tiles))
	}
	return true, g.Print(j.Doc(g.P, pos, lex.Tiles))
}
