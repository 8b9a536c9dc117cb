package cmd

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats"
)

type fsrsOptions struct {
	Deck   string
	Revlog string
	Save   bool
	NoSave bool
}

// newFsrsCmd makes `atril fsrs`.
func newFsrsCmd(g *Globals) *cobra.Command {
	p := g.P
	c := &cobra.Command{
		Use:     p.T("fsrs.use"),
		Short:   p.T("fsrs.short"),
		Long:    p.T("fsrs.long"),
		Example: p.T("fsrs.example"),
		Args:    cobra.NoArgs,
	}
	c.AddCommand(fsrsFitCmd(g, nil), fsrsCheckCmd(g, nil))
	return c
}

// fsrsFitCmd makes `atril fsrs fit`. runF, when not nil, stands in for the run (gh's seam).
func fsrsFitCmd(g *Globals, runF func(*fsrsOptions) error) *cobra.Command {
	opts := &fsrsOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("fsrs.fit.use"),
		Short:   p.T("fsrs.fit.short"),
		Long:    p.T("fsrs.fit.long"),
		Example: p.T("fsrs.fit.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runFSRSFit(g, c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Deck, "deck", "", p.T("fsrs.flag.deck"))
	c.Flags().StringVar(&opts.Revlog, "revlog", "", p.T("fsrs.flag.revlog"))
	c.Flags().BoolVar(&opts.Save, "save", false, p.T("fsrs.flag.save"))
	c.Flags().BoolVar(&opts.NoSave, "no-save", false, p.T("fsrs.flag.no_save"))
	return stopsCleanly(c)
}

// fsrsCheckCmd makes `atril fsrs check`. runF, when not nil, stands in for the run.
func fsrsCheckCmd(g *Globals, runF func(*fsrsOptions) error) *cobra.Command {
	opts := &fsrsOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("fsrs.check.use"),
		Short:   p.T("fsrs.check.short"),
		Long:    p.T("fsrs.check.long"),
		Example: p.T("fsrs.check.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runFSRSCheck(g, c.Context(), opts)
		},
	}
	c.Flags().StringVar(&opts.Deck, "deck", "", p.T("fsrs.flag.deck"))
	c.Flags().StringVar(&opts.Revlog, "revlog", "", p.T("fsrs.flag.revlog"))
	return c
}

// loadFSRSSource reads the reviews to fit or check (stats.OpenFSRSSource): a --revlog file
// alone unless needStore, else with the store's deck and weights; the store, when open, is for
// the caller to close.
func loadFSRSSource(g *Globals, ctx context.Context, opts *fsrsOptions, needStore bool) (stats.FSRSSource, *studystore.Store, error) {
	var openErr error // the store's, worded and coded already
	src, st, err := stats.OpenFSRSSource(ctx, stats.FSRSInput{Deck: opts.Deck, Revlog: opts.Revlog, Loc: g.io.Now().Location(),
		FileOnly: opts.Revlog != "" && !needStore, Open: func() (*studystore.Store, error) {
			st, err := openStatsStore(g)
			openErr = err
			return st, err
		}})
	if openErr != nil {
		return src, nil, openErr
	}
	if err != nil {
		return src, nil, statsDeckError(opts.Deck, err)
	}
	return src, st, nil
}

func runFSRSFit(g *Globals, ctx context.Context, opts *fsrsOptions) error {
	if opts.Save && opts.NoSave {
		return withCode(ExitError, i18n.E("fsrs.err.save_and_no_save"))
	}
	// A --revlog file is someone's log, not this player's: saved only when asked.
	save := !opts.NoSave && (opts.Revlog == "" || opts.Save)
	src, st, err := loadFSRSSource(g, ctx, opts, save)
	if err != nil {
		return err
	}
	if st != nil {
		defer st.Close()
	}
	if !save {
		st = nil // read from, not saved to
	}
	if opts.Revlog != "" {
		src.InUse = nil // compared with the defaults
	}
	bar := ui.NewProgress(g.io.Err, g.io.ErrTTY, nil, 0, func(done, total int, rate float64, left time.Duration) string {
		return g.P.T("fsrs.fit.progress", "Done", g.P.Int(done), "Total", g.P.Int(total))
	})
	last := 0
	r, err := stats.FitAndSave(ctx, st, src, func(done, total int) {
		if total != last {
			bar.Restart(total)
			last = total
		}
		bar.Update(done)
	})
	bar.Clear()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return withCode(ExitInterrupted, i18n.E("fsrs.err.interrupted"))
		}
		return withCode(ExitError, err)
	}
	r.Deck, r.Source = opts.Deck, opts.Revlog
	if g.JSON {
		return g.PrintJSON(r)
	}
	return g.Print(r.Doc(g.P))
}

func runFSRSCheck(g *Globals, ctx context.Context, opts *fsrsOptions) error {
	src, st, err := loadFSRSSource(g, ctx, opts, opts.Revlog == "")
	if err != nil {
		return err
	}
	if st != nil {
		defer st.Close()
	}
	c, err := stats.CheckFSRS(src.Reviews, src.InUse)
	if err != nil {
		return withCode(ExitError, err)
	}
	c.Deck = opts.Deck
	if g.JSON {
		return g.PrintJSON(c)
	}
	return g.Print(c.Doc(g.P))
}
