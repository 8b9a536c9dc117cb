package cmd

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats"
)

type statsOptions struct {
	Since string
	Deck  string
	Plot  string
}

// newStatsCmd makes `atril stats`. runF, when not nil, stands in for the run (gh's seam).
func newStatsCmd(g *Globals, runF func(*statsOptions) error) *cobra.Command {
	opts := &statsOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("stats.use"),
		Short:   p.T("stats.short"),
		Long:    p.T("stats.long"),
		Example: p.T("stats.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runStats(g, c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Since, "since", "", p.T("stats.flag.since"))
	c.Flags().StringVar(&opts.Deck, "deck", "", p.T("stats.flag.deck"))
	c.Flags().StringVar(&opts.Plot, "plot", "", p.T("stats.flag.plot"))
	c.AddCommand(statsWeakCmd(g), statsModelCmd(g))
	return c
}

func runStats(g *Globals, ctx context.Context, opts *statsOptions) error {
	if err := checkOutput(opts.Plot); err != nil {
		return err
	}
	now := g.io.Now()
	o := stats.Options{Now: now, Loc: now.Location(), Deck: opts.Deck}
	if opts.Since != "" {
		var err error
		if o.Since, err = stats.SinceDay(g.P, opts.Since, now); err != nil {
			return statsDayError("--since", err)
		}
	}
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	if st == nil {
		return printFirstDay(g, stats.Report{Now: now, Deck: opts.Deck, Empty: true})
	}
	defer st.Close()
	if opts.Deck != "" {
		if _, err := st.DeckByName(ctx, opts.Deck); err != nil {
			return statsDeckError(opts.Deck, err)
		}
	}
	if o.Unsaved, err = updateStats(g, ctx, st); err != nil {
		return withCode(ExitError, err)
	}
	r, err := stats.Collect(ctx, st, o)
	if err != nil {
		return withCode(ExitError, err)
	}
	if opts.Plot != "" {
		if err := stats.PlotReport(opts.Plot, r, g.P); err != nil {
			return withCode(ExitError, i18n.Wrap(err, "stats.err.plot", "File", opts.Plot))
		}
	}
	if g.JSON {
		return g.PrintJSON(r)
	}
	d := r.Doc(g.P)
	if opts.Plot != "" {
		d.Note(g.P.T("stats.plot_written", "File", opts.Plot))
	}
	return g.Print(d)
}

// statsDeckError words the error of finding the deck name (a deck not there says how to list
// them) with its exit code.
func statsDeckError(name string, err error) error {
	if errors.Is(err, studystore.ErrNoDeck) {
		return withCode(ExitError, i18n.E("stats.err.no_deck", "Deck", name))
	}
	return withCode(ExitError, err)
}

// statsDayError words a day that cannot serve (stats.DayError) with the flag that gave it;
// other errors keep their words. Both exit ExitError.
func statsDayError(flag string, err error) error {
	var de *stats.DayError
	if !errors.As(err, &de) {
		return withCode(ExitError, err)
	}
	id := map[stats.DayProblem]string{stats.DayUnreadable: "stats.err.bad_date", stats.DayFuture: "stats.err.future_date",
		stats.DayPast: "forecast.err.past"}[de.Problem]
	return withCode(ExitError, i18n.E(id, "Flag", flag, "Value", de.Value))
}

// printFirstDay says, kindly, that nothing has been answered yet.
func printFirstDay(g *Globals, r stats.Report) error {
	if g.JSON {
		return g.PrintJSON(r)
	}
	return g.Print(r.Doc(g.P))
}

// openStatsStore opens the study database for the stats commands; nil (and no error) when it
// does not exist yet: nothing studied, which is a first day, not a mistake. No file is made.
func openStatsStore(g *Globals) (*studystore.Store, error) {
	path, err := studyDBPath(g)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return openStudyStoreForReport(g)
}

// updateStats brings the daily sums up to date, with a progress bar on a terminal when there is
// much to sum; the sums a read-only database cannot keep come back.
func updateStats(g *Globals, ctx context.Context, st *studystore.Store) (stats.Unsaved, error) {
	var bar *ui.Progress
	progress := func(done, total int) {
		if bar == nil {
			bar = ui.NewProgress(g.io.Err, g.io.ErrTTY, nil, total, func(done, total int, rate float64, left time.Duration) string {
				return g.P.T("stats.updating") + " " + g.P.Int(done) + "/" + g.P.Int(total)
			})
		}
		bar.Update(done)
	}
	un, err := stats.Update(ctx, st, g.io.Now().Location(), stats.NewInstalledLexicons(g.TileSet, g.lexiconRegistry()), progress)
	if bar != nil {
		bar.Clear()
	}
	return un, err
}

type statsWeakOptions struct {
	Limit   int
	DeckOut string
	Kind    string
}

func statsWeakCmd(g *Globals) *cobra.Command {
	opts := &statsWeakOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("stats.weak.use"),
		Short:   p.T("stats.weak.short"),
		Long:    p.T("stats.weak.long"),
		Example: p.T("stats.weak.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return runStatsWeak(g, c.Context(), opts)
		},
	}
	c.Flags().IntVar(&opts.Limit, "limit", 20, p.T("stats.weak.flag.limit"))
	c.Flags().StringVar(&opts.DeckOut, "deck-out", "", p.T("stats.weak.flag.deck_out"))
	c.Flags().StringVar(&opts.Kind, "kind", "", p.T("stats.weak.flag.kind"))
	return c
}

func runStatsWeak(g *Globals, ctx context.Context, opts *statsWeakOptions) error {
	if opts.Limit < 1 || opts.Limit > 10_000 {
		return withCode(ExitError, i18n.E("stats.weak.bad_limit", "Value", opts.Limit))
	}
	if opts.Kind != "" && opts.DeckOut == "" {
		return withCode(ExitError, i18n.E("stats.weak.kind_without_deck"))
	}
	if opts.Kind != "" && !slices.Contains(drills.DeckKinds, drills.Kind(opts.Kind)) {
		return withCode(ExitError, i18n.E("stats.weak.bad_kind", "Kind", opts.Kind))
	}
	st, err := openStatsStore(g)
	if err != nil {
		return err
	}
	if st == nil {
		return printFirstDay(g, stats.Report{Now: g.io.Now(), Empty: true})
	}
	defer st.Close()
	unsaved, err := updateStats(g, ctx, st)
	if err != nil {
		return withCode(ExitError, err)
	}
	req := stats.WeakRequest{Now: g.io.Now(), Limit: opts.Limit, Unsaved: unsaved, Deck: opts.DeckOut, Kind: opts.Kind}
	if opts.DeckOut != "" {
		if req.Lexicon, err = g.Lex(); err != nil {
			return err
		}
	}
	out, err := stats.ReportWeak(ctx, st, req)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.P))
}

func statsModelCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("stats.model.use"),
		Short:   p.T("stats.model.short"),
		Long:    p.T("stats.model.long"),
		Example: p.T("stats.model.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			ctx := c.Context()
			st, err := openStatsStore(g)
			if err != nil {
				return err
			}
			if st == nil {
				return printFirstDay(g, stats.Report{Now: g.io.Now(), Empty: true})
			}
			defer st.Close()
			unsaved, err := updateStats(g, ctx, st)
			if err != nil {
				return withCode(ExitError, err)
			}
			m, err := stats.RecallModel(ctx, st, unsaved)
			if errors.Is(err, stats.ErrNoFit) {
				if g.JSON {
					return g.PrintJSON(m)
				}
				return g.Print(ui.NewDoc().H1(g.P.T("stats.model.title")).
					P(g.P.T("stats.model.too_few", "Min", stats.MinModelAnswers, "Answers", g.P.Int(m.Answers))))
			}
			if err != nil {
				return withCode(ExitError, err)
			}
			if g.JSON {
				return g.PrintJSON(m)
			}
			return g.Print(m.Doc(g.P))
		},
	}
}
