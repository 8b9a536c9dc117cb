package leaves

import (
	"context"
	"fmt"
	"time"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// EvalReport is an evaluation as `atril leaves eval --json` prints it.
type EvalReport struct {
	EvalResult
	Seed        uint64  `json:"seed"`
	Lexicon     string  `json:"lexicon"`
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_second"`
}

// EvalTables evaluates table a against table b (LoadPlayer's specs) as o asks, o's A and B
// aside. When ctx is cancelled it reports what the finished pairs measured, with ctx's error.
func EvalTables(ctx context.Context, a, b string, o EvalOptions) (EvalReport, error) {
	if o.Lexicon == nil {
		return EvalReport{}, i18n.E("leaves.err.no_lexicon")
	}
	var err error
	if o.A, err = LoadPlayer(a, o.Lexicon.Tiles); err != nil {
		return EvalReport{}, err
	}
	if o.B, err = LoadPlayer(b, o.Lexicon.Tiles); err != nil {
		return EvalReport{}, err
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	start := o.Now()
	res, err := Eval(ctx, o)
	out := EvalReport{EvalResult: res, Seed: o.Seed, Lexicon: o.Lexicon.Name, Seconds: o.Now().Sub(start).Seconds()}
	if out.Seconds > 0 {
		out.GamesPerSec = float64(res.Games) / out.Seconds
	}
	return out, err
}

// Doc is the evaluation as `atril leaves eval` shows it: the wins, A's win rate and spread with
// their intervals, the bingos.
func (o *EvalReport) Doc(p *i18n.Printer) *ui.Doc {
	r := &o.EvalResult
	signed := func(x float64) string {
		if x > 0 {
			return "+" + p.Float(x, 1)
		}
		return p.Float(x, 1)
	}
	return ui.NewDoc().H1(p.T("leaves.eval.title", "A", leavetable.DisplayName(p, r.A), "B", leavetable.DisplayName(p, r.B))).
		P(p.T("leaves.eval.summary", "Pairs", p.Int(r.Pairs), "Games", p.Int(r.Games), "Seed", o.Seed, "Lexicon", o.Lexicon)).
		KV([2]string{p.T("leaves.eval.wins"), fmt.Sprintf("%s · %s · %s", p.Int(r.AWins), p.Int(r.BWins), p.Int(r.Ties))},
			[2]string{p.T("leaves.eval.win_rate"), fmt.Sprintf("%s (%s – %s)", p.Percent(r.AWinRate, 1), p.Percent(r.WinRateLow, 1), p.Percent(r.WinRateHigh, 1))},
			[2]string{p.T("leaves.eval.spread"), fmt.Sprintf("%s (%s – %s)", signed(r.SpreadMean), signed(r.SpreadLow), signed(r.SpreadHigh))},
			[2]string{p.T("leaves.eval.bingos"), fmt.Sprintf("%s · %s", p.Float(r.ABingosPerGame, 2), p.Float(r.BBingosPerGame, 2))}).
		Note(p.T("leaves.eval.speed", "Rate", p.Float(o.GamesPerSec, 0)))
}
