package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
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

type leavesEvalJSON struct {
	leaves.EvalResult
	Seed        uint64  `json:"seed"`
	Lexicon     string  `json:"lexicon"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_second"`
}

func runLeavesEval(ctx context.Context, g *Globals, opts *leavesEvalOptions) error {
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	var players [2]leaves.Player
	for i, spec := range []string{opts.A, opts.B} {
		if players[i], err = leaves.LoadPlayer(spec, lex.Tiles); err != nil {
			return withCode(ExitError, err)
		}
	}
	bar := newGamesProgress(g, 2*opts.Pairs)
	start := g.io.Now()
	res, err := leaves.Eval(ctx, leaves.EvalOptions{Lexicon: lex, A: players[0], B: players[1], Pairs: opts.Pairs, Seed: opts.Seed,
		Workers: opts.Workers, Now: g.io.Now, Progress: func(pr leaves.Progress) { bar.bar.Update(pr.Done) }})
	bar.bar.Finish()
	interrupted := ctx.Err() != nil && errors.Is(err, ctx.Err())
	if err != nil && !interrupted {
		return withCode(ExitError, err)
	}
	out := leavesEvalJSON{EvalResult: res, Seed: opts.Seed, Lexicon: lex.Name, Seconds: g.io.Now().Sub(start).Seconds()}
	if out.Seconds > 0 {
		out.GamesPerSec = float64(res.Games) / out.Seconds
	}
	if g.JSON {
		err = g.PrintJSON(out)
	} else {
		err = g.Print(evalDoc(g, &out))
	}
	if err != nil {
		return err
	}
	if interrupted {
		return withCode(ExitInterrupted, i18n.E("leaves.eval.interrupted", "Pairs", g.P.Int(res.Pairs), "Total", g.P.Int(opts.Pairs)))
	}
	return nil
}

func evalDoc(g *Globals, o *leavesEvalJSON) *ui.Doc {
	p := g.P
	r := &o.EvalResult
	signed := func(x float64) string {
		if x > 0 {
			return "+" + p.Float(x, 1)
		}
		return p.Float(x, 1)
	}
	return ui.NewDoc().H1(p.T("leaves.eval.title", "A", leaveTableName(p, r.A), "B", leaveTableName(p, r.B))).
		P(p.T("leaves.eval.summary", "Pairs", p.Int(r.Pairs), "Games", p.Int(r.Games), "Seed", o.Seed, "Lexicon", o.Lexicon)).
		KV([2]string{p.T("leaves.eval.wins"), fmt.Sprintf("%s · %s · %s", p.Int(r.AWins), p.Int(r.BWins), p.Int(r.Ties))},
			[2]string{p.T("leaves.eval.win_rate"), fmt.Sprintf("%s (%s – %s)", p.Percent(r.AWinRate, 1), p.Percent(r.WinRateLow, 1), p.Percent(r.WinRateHigh, 1))},
			[2]string{p.T("leaves.eval.spread"), fmt.Sprintf("%s (%s – %s)", signed(r.SpreadMean), signed(r.SpreadLow), signed(r.SpreadHigh))},
			[2]string{p.T("leaves.eval.bingos"), fmt.Sprintf("%s · %s", p.Float(r.ABingosPerGame, 2), p.Float(r.BBingosPerGame, 2))}).
		Note(p.T("leaves.eval.speed", "Rate", p.Float(o.GamesPerSec, 0)))
}
