package cmd

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

type pegOptions struct {
	CGP        string
	GCG        string
	Turn       int
	Candidates int
	Plies      int
	Time       time.Duration
	Threads    int
	TableMB    int
	Rules      string
	Plays      []string
}

// newPegCmd makes `atril peg`. runF, when not nil, stands in for the run (gh's seam).
func newPegCmd(g *Globals, runF func(*pegOptions) error) *cobra.Command {
	opts := &pegOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("peg.use"),
		Short:   p.T("peg.short"),
		Long:    p.T("peg.long"),
		Example: p.T("peg.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			opts.Turn = -1
			if c.Flags().Changed("turn") {
				opts.Turn, _ = c.Flags().GetInt("turn")
			}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runPeg(c, g, opts)
		},
	}
	stopsCleanly(c)
	f := c.Flags()
	f.StringVar(&opts.CGP, "cgp", "", p.T("peg.flag.cgp"))
	f.StringVar(&opts.GCG, "gcg", "", p.T("endgame.flag.gcg"))
	f.Int("turn", 0, p.T("endgame.flag.turn"))
	f.IntVar(&opts.Candidates, "candidates", 10, p.T("peg.flag.candidates"))
	f.IntVar(&opts.Plies, "plies", 0, p.T("peg.flag.plies"))
	f.DurationVar(&opts.Time, "time", 0, p.T("peg.flag.time"))
	f.IntVar(&opts.Threads, "threads", 0, p.T("endgame.flag.threads"))
	f.IntVar(&opts.TableMB, "table-mb", endgame.DefaultTableBytes>>20, p.T("endgame.flag.table_mb"))
	f.StringVar(&opts.Rules, "rules", "file", p.T("endgame.flag.rules"))
	f.StringArrayVar(&opts.Plays, "play", nil, p.T("peg.flag.play"))
	return c
}

func runPeg(c *cobra.Command, g *Globals, opts *pegOptions) error {
	ctx := c.Context()
	switch {
	case opts.Turn < -1:
		return withCode(ExitError, i18n.E("endgame.negative_turn", "Turn", opts.Turn))
	case opts.Candidates < 0:
		return withCode(ExitError, i18n.E("peg.bad_candidates", "Count", opts.Candidates))
	case opts.Plies < 0:
		return withCode(ExitError, i18n.E("endgame.bad_plies", "Plies", opts.Plies))
	case opts.Time < 0:
		return withCode(ExitError, i18n.E("endgame.bad_time", "Time", opts.Time.String()))
	case opts.Threads < 0:
		return withCode(ExitError, i18n.E("endgame.bad_threads", "Threads", opts.Threads))
	case opts.TableMB < endgame.MinTableBytes>>20 || opts.TableMB > endgame.MaxTableBytes>>20:
		return withCode(ExitError, i18n.E("endgame.bad_table", "MB", opts.TableMB, "Min", endgame.MinTableBytes>>20, "Max", endgame.MaxTableBytes>>20))
	}
	rules, ts, pos, lex, err := endgameInput(g, opts.Rules, opts.CGP, opts.GCG, opts.Turn)
	if err != nil {
		return err
	}
	only, err := playFlags(opts.Plays, pos, lex)
	if err != nil {
		return err
	}
	p := g.P
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, g.io.Now, 0, func(done, total int, rate float64, left time.Duration) string {
		return p.T("peg.progress", "Done", p.Int(done), "Total", p.Int(total)) + timeLeft(p, left)
	})
	cfg := endgame.Config{Lexicon: lex, Rules: rules, Threads: opts.Threads, TableBytes: int64(opts.TableMB) << 20}
	res, err := endgame.PreEndgame(ctx, cfg, pos, endgame.PegOptions{Candidates: opts.Candidates, Only: only, Plies: opts.Plies,
		Time: opts.Time, Progress: bar.Steps})
	bar.Finish()
	if err != nil {
		return withCode(ExitError, err)
	}
	out := res.JSON(pos, ts)
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(res.Doc(p, pos, &out))
	}
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return withCode(ExitInterrupted, i18n.E("peg.interrupted", "Done", res.Solves))
	}
	return nil
}
