package cmd

import (
	"context"
	"time"

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
					return withCode(ExitError, i18n.Wrap(cobraError(cobra.NoArgs(c, args)), "root.see_help", "Command", c.CommandPath()))
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
	dateText, flag := opts.Date, "--date"
	if opts.SetDate != "" {
		dateText, flag = opts.SetDate, "--set-date"
	}
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	if st == nil && opts.SetDate != "" {
		if st, err = openStudyStore(g); err != nil {
			return err
		}
	}
	if st != nil {
		defer st.Close()
	}
	if dateText == "" {
		// The next tournament set, if any.
		if st != nil {
			day, deck, ok, err := stats.NextTournament(ctx, st, now)
			if err != nil {
				return withCode(ExitError, err)
			}
			if ok {
				dateText = day
				if opts.Deck == "" {
					opts.Deck = deck
				}
			}
		}
		if dateText == "" {
			return withCode(ExitError, i18n.E("forecast.err.no_date"))
		}
	}
	date, err := parseStatsDay(g.P, dateText, loc)
	if err != nil {
		return withCode(ExitError, i18n.E("stats.err.bad_date", "Flag", flag, "Value", dateText))
	}
	if stats.DayNumber(date, loc) < stats.DayNumber(now, loc) {
		return withCode(ExitError, i18n.E("forecast.err.past", "Flag", flag, "Value", dateText))
	}
	var deck studystore.Deck
	if opts.Deck != "" {
		if st == nil {
			return withCode(ExitError, i18n.E("stats.err.no_deck", "Deck", opts.Deck))
		}
		if deck, err = st.DeckByName(ctx, opts.Deck); err != nil {
			return statsDeckError(opts.Deck, err)
		}
	}
	if opts.SetDate != "" {
		if err := st.SetTournament(ctx, studystore.Tournament{Date: date.Format(time.DateOnly), DeckID: deck.ID}); err != nil {
			return withCode(ExitError, err)
		}
	}
	var f stats.Forecast
	if st != nil {
		f, err = stats.MakeForecast(ctx, st, stats.ForecastOptions{Now: now, Loc: loc, Date: date, DeckID: deck.ID,
			Target: opts.Target, Curve: opts.Plot != ""})
		if err != nil {
			return withCode(ExitError, err)
		}
	} else {
		f = stats.Forecast{Date: date.Format("2006-01-02"), Target: opts.Target, Days: int(stats.DayNumber(date, loc) - stats.DayNumber(now, loc))}
	}
	if opts.Plot != "" && f.Cards > 0 {
		if err := stats.PlotForecast(opts.Plot, f, g.P); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "stats.err.plot", "File", opts.Plot))
		}
	}
	if g.JSON {
		return g.PrintJSON(f)
	}
	d := f.Doc(g.P, opts.Deck)
	if opts.SetDate != "" {
		d.P(g.P.T("forecast.set", "Date", g.P.Date(date)))
	}
	if opts.Plot != "" && f.Cards > 0 {
		d.Note(g.P.T("stats.plot_written", "File", opts.Plot))
	}
	return g.Print(d)
}
