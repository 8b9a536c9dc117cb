package cmd

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats"
)

// setDateSwitch is --set-date given without a date: record the one --date gives.
const setDateSwitch = "\x00date"

type forecastOptions struct {
	Date    string
	SetDate string
	Deck    string
	Target  float64
	Plot    string
}

// newForecastCmd makes `atril forecast`. runF, when not nil, stands in for the run (gh's seam).
func newForecastCmd(g *Globals, runF func(*forecastOptions) error) *cobra.Command {
	opts := &forecastOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("forecast.use"),
		Short:   p.T("forecast.short"),
		Long:    p.T("forecast.long"),
		Example: p.T("forecast.example"),
		// --set-date is a switch (record --date) that also takes the date itself, as
		// --set-date=D or --set-date D (then an argument).
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				if opts.SetDate != setDateSwitch {
					return argsError(c, args, cobra.NoArgs(c, args))
				}
				opts.SetDate = args[0]
			}
			if opts.SetDate == setDateSwitch {
				if opts.Date == "" {
					return withCode(ExitError, i18n.E("forecast.err.set_date_alone"))
				}
				opts.SetDate = opts.Date
			}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runForecast(g, c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Date, "date", "", p.T("forecast.flag.date"))
	c.Flags().StringVar(&opts.SetDate, "set-date", "", p.T("forecast.flag.set_date"))
	c.Flags().Lookup("set-date").NoOptDefVal = setDateSwitch
	c.Flags().StringVar(&opts.Deck, "deck", "", p.T("forecast.flag.deck"))
	c.Flags().Float64Var(&opts.Target, "target", 0.95, p.T("forecast.flag.target"))
	c.Flags().StringVar(&opts.Plot, "plot", "", p.T("forecast.flag.plot"))
	return c
}

func runForecast(g *Globals, ctx context.Context, opts *forecastOptions) error {
	if err := checkOutput(opts.Plot); err != nil {
		return err
	}
	now := g.io.Now()
	loc := now.Location()
	if !(opts.Target > 0 && opts.Target < 1) {
		return withCode(ExitError, i18n.E("forecast.err.target", "Value", opts.Target))
	}
	if opts.Date != "" && opts.SetDate != "" {
		d1, ok1 := g.P.ParseDate(opts.Date, loc)
		d2, ok2 := g.P.ParseDate(opts.SetDate, loc)
		if !ok1 || !ok2 || !d1.Equal(d2) {
			return withCode(ExitError, i18n.E("forecast.err.two_dates"))
		}
	}
	req := stats.ForecastRequest{Now: now, Day: opts.Date, Record: opts.SetDate != "", Deck: opts.Deck, Target: opts.Target, Curve: opts.Plot != ""}
	flag := "--date"
	if opts.SetDate != "" {
		req.Day, flag = opts.SetDate, "--set-date"
	}
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	if st == nil && req.Record {
		if st, err = openStudyStore(g); err != nil {
			return err
		}
	}
	if st != nil {
		defer st.Close()
	}
	f, err := stats.RunForecast(ctx, st, g.P, req)
	switch {
	case errors.Is(err, stats.ErrNoDay):
		return withCode(ExitError, i18n.E("forecast.err.no_date"))
	case errors.Is(err, studystore.ErrNoDeck):
		return statsDeckError(opts.Deck, err)
	case err != nil:
		return statsDayError(flag, err)
	}
	if opts.Plot != "" && f.Cards > 0 {
		if err := stats.PlotForecast(opts.Plot, f.Forecast, g.P); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "stats.err.plot", "File", opts.Plot))
		}
	}
	if g.JSON {
		return g.PrintJSON(f.Forecast)
	}
	d := f.Doc(g.P, f.Deck)
	if opts.SetDate != "" {
		d.P(g.P.T("forecast.set", "Date", g.P.Date(f.Day)))
	}
	if opts.Plot != "" && f.Cards > 0 {
		d.Note(g.P.T("stats.plot_written", "File", opts.Plot))
	}
	return g.Print(d)
}
