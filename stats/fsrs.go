package stats

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// TestShare is the held-out part of a review log: its last fifth in time.
const TestShare = 0.2

// FSRSFit is what `atril fsrs fit` found. The JSON is what the issue fixes: the reviews, the
// parameters (fitted on every review: what is saved), and the measures of the same recipe fitted
// on the first 80% of the predictions in time, on them (train) and on the last 20% (test), and of
// FSRS-6's defaults on the last 20%.
type FSRSFit struct {
	NReviews    int             `json:"n_reviews"`
	Parameters  []float64       `json:"parameters"`
	Train       fsrsfit.Metrics `json:"train"`
	Test        fsrsfit.Metrics `json:"test"`
	DefaultTest fsrsfit.Metrics `json:"default_test"`

	Cards        int             `json:"-"`
	Items        int             `json:"-"` // predictions: reviews a day or more after the one before
	FitItems     int             `json:"-"` // those the fit on every prediction kept (outliers set aside)
	TrainItems   int             `json:"-"`
	TestItems    int             `json:"-"`
	Outcome      fsrsfit.Outcome `json:"-"`
	TrainWeights []float64       `json:"-"` // the fit on the first 80%
	DefaultTrain fsrsfit.Metrics `json:"-"`
	InUse        []float64       `json:"-"` // the parameters in use before (nil: the defaults)
	InUseTrain   fsrsfit.Metrics `json:"-"`
	InUseTest    fsrsfit.Metrics `json:"-"`
	Deck         string          `json:"-"`
	Saved        bool            `json:"-"`
	Source       string          `json:"-"` // a --revlog file, "" for the store
	Config       fsrsfit.Config  `json:"-"`
}

// FitFSRS fits FSRS-6 to a log twice, at once: on the first 80% of its predictions in time (to
// measure on the last 20%) and on all of them (the parameters to keep). inUse are the parameters
// in use (nil: the defaults). progress hears the Adam steps of both fits.
func FitFSRS(ctx context.Context, reviews []fsrsfit.Review, inUse []float64, cfg fsrsfit.Config, progress func(done, total int)) (FSRSFit, error) {
	l, err := fsrsfit.NewLog(reviews)
	if err != nil {
		return FSRSFit{}, err
	}
	items := l.Items()
	train, test := fsrsfit.Split(items, TestShare)
	r := FSRSFit{NReviews: l.Reviews(), Cards: l.Cards(), Items: len(items), TrainItems: len(train),
		TestItems: len(test), InUse: inUse, Config: cfg}
	var (
		wg          sync.WaitGroup
		mu          sync.Mutex
		done, total = [2]int{}, [2]int{}
		fits        [2]fsrsfit.Result
		errs        [2]error
	)
	for i, set := range [][]fsrsfit.Item{train, items} {
		wg.Add(1)
		go func(i int, set []fsrsfit.Item) {
			defer wg.Done()
			fits[i], errs[i] = fsrsfit.Fit(ctx, l, set, cfg, func(d, t int) {
				if progress == nil {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				done[i], total[i] = d, t
				progress(done[0]+done[1], total[0]+total[1])
			})
		}(i, set)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return r, err
		}
	}
	r.TrainWeights, r.Parameters, r.Outcome, r.FitItems = fits[0].Weights, fits[1].Weights, fits[1].Outcome, fits[1].Items
	measure := func(w []float64) (tr, te fsrsfit.Metrics, err error) {
		if tr, err = l.Evaluate(train, w); err != nil {
			return
		}
		te, err = l.Evaluate(test, w)
		return
	}
	if r.Train, r.Test, err = measure(r.TrainWeights); err != nil {
		return r, err
	}
	if r.DefaultTrain, r.DefaultTest, err = measure(fsrsfit.Defaults()); err != nil {
		return r, err
	}
	if inUse != nil {
		if r.InUseTrain, r.InUseTest, err = measure(inUse); err != nil {
			return r, err
		}
	}
	return r, nil
}

// FSRSCheck is how well parameters predict a whole log (`atril fsrs check`).
type FSRSCheck struct {
	NReviews int             `json:"n_reviews"`
	Items    int             `json:"predictions"`
	InUse    []float64       `json:"parameters"` // in use
	Current  fsrsfit.Metrics `json:"in_use"`
	Default  fsrsfit.Metrics `json:"defaults"`
	Deck     string          `json:"deck,omitempty"`
}

// CheckFSRS measures the parameters in use (nil: the defaults) and the defaults on every
// prediction of a log.
func CheckFSRS(reviews []fsrsfit.Review, inUse []float64) (FSRSCheck, error) {
	l, err := fsrsfit.NewLog(reviews)
	if err != nil {
		return FSRSCheck{}, err
	}
	items := l.Items()
	c := FSRSCheck{NReviews: l.Reviews(), Items: len(items), InUse: inUse}
	if c.InUse == nil {
		c.InUse = fsrsfit.Defaults()
	}
	if len(items) == 0 {
		return c, nil
	}
	if c.Current, err = l.Evaluate(items, c.InUse); err != nil {
		return c, err
	}
	c.Default, err = l.Evaluate(items, fsrsfit.Defaults())
	return c, err
}

func metricCells(p *i18n.Printer, m fsrsfit.Metrics) []string {
	auc := "–"
	if m.AUC == m.AUC { // not NaN
		auc = p.Float(m.AUC, 3)
	}
	return []string{p.Float(m.LogLoss, 4), p.Float(m.RMSEBins, 4), auc}
}

// Doc draws the fit.
func (r FSRSFit) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc()
	if r.Deck != "" {
		d.H1(p.T("fsrs.fit.title_deck", "Deck", r.Deck))
	} else {
		d.H1(p.T("fsrs.fit.title"))
	}
	if r.Source != "" {
		d.P(p.T("fsrs.fit.source", "File", r.Source))
	}
	d.P(p.T("fsrs.fit.data", "Reviews", p.N("fsrs.count.reviews", r.NReviews), "Cards", p.N("fsrs.count.cards", r.Cards),
		"Items", p.Int(r.Items), "Train", p.Int(r.TrainItems), "Test", p.Int(r.TestItems)))
	switch r.Outcome {
	case fsrsfit.Defaulted:
		// The predictions counted above are before the fit sets outliers aside: say what it
		// had left, or that it was the first reviews that could not be used.
		switch {
		case r.Items < fsrsfit.MinItems:
			d.P(p.T("fsrs.fit.too_few", "Min", fsrsfit.MinItems))
		case r.FitItems < fsrsfit.MinItems:
			d.P(p.T("fsrs.fit.too_few_kept", "Min", fsrsfit.MinItems, "Kept", p.Int(r.FitItems), "Items", p.Int(r.Items)))
		default:
			d.P(p.T("fsrs.fit.no_initial"))
		}
	case fsrsfit.Initialized:
		d.P(p.T("fsrs.fit.initial_only", "Min", fsrsfit.MinTrainItems))
	}
	if r.TestItems > 0 {
		t := ui.NewTable(ui.Col{Header: p.T("fsrs.col.parameters"), Shrink: true},
			ui.Col{Header: p.T("fsrs.col.train_loss"), Right: true}, ui.Col{Header: p.T("fsrs.col.train_rmse"), Right: true},
			ui.Col{Header: p.T("fsrs.col.train_auc"), Right: true},
			ui.Col{Header: p.T("fsrs.col.test_loss"), Right: true}, ui.Col{Header: p.T("fsrs.col.test_rmse"), Right: true},
			ui.Col{Header: p.T("fsrs.col.test_auc"), Right: true})
		t.Row(append(append([]string{p.T("fsrs.row.defaults")}, metricCells(p, r.DefaultTrain)...), metricCells(p, r.DefaultTest)...)...)
		if r.InUse != nil {
			t.Row(append(append([]string{p.T("fsrs.row.in_use")}, metricCells(p, r.InUseTrain)...), metricCells(p, r.InUseTest)...)...)
		}
		t.Row(append(append([]string{p.T("fsrs.row.fitted")}, metricCells(p, r.Train)...), metricCells(p, r.Test)...)...).Strong()
		d.Table(t)
		before := r.DefaultTest
		if r.InUse != nil {
			before = r.InUseTest
		}
		if r.Test.LogLoss < before.LogLoss {
			d.P(p.T("fsrs.fit.better", "After", p.Float(r.Test.LogLoss, 4), "Before", p.Float(before.LogLoss, 4)))
		} else {
			d.P(p.T("fsrs.fit.not_better", "After", p.Float(r.Test.LogLoss, 4), "Before", p.Float(before.LogLoss, 4)))
		}
		d.Note(p.T("fsrs.fit.measures"))
	}
	d.H2(p.T("fsrs.fit.parameters"))
	d.Pre(weightsText(p, r.Parameters))
	switch {
	case r.Saved && r.Deck != "":
		d.P(p.T("fsrs.fit.saved_deck", "Deck", r.Deck))
	case r.Saved:
		d.P(p.T("fsrs.fit.saved"))
	case r.Outcome == fsrsfit.Defaulted:
		d.P(p.T("fsrs.fit.not_saved_defaults"))
	default:
		d.P(p.T("fsrs.fit.not_saved"))
	}
	return d
}

// weightsText writes the 21 weights seven a line.
func weightsText(p *i18n.Printer, w []float64) string {
	var lines []string
	for i := 0; i < len(w); i += 7 {
		var parts []string
		for j := i; j < min(i+7, len(w)); j++ {
			parts = append(parts, p.Float(w[j], 4))
		}
		lines = append(lines, strings.Join(parts, "  "))
	}
	return strings.Join(lines, "\n")
}

// Doc draws the check.
func (c FSRSCheck) Doc(p *i18n.Printer) *ui.Doc {
	d := ui.NewDoc()
	if c.Deck != "" {
		d.H1(p.T("fsrs.check.title_deck", "Deck", c.Deck))
	} else {
		d.H1(p.T("fsrs.check.title"))
	}
	if c.Items == 0 {
		return d.P(p.T("fsrs.check.none", "Reviews", p.N("fsrs.count.reviews", c.NReviews)))
	}
	d.P(p.T("fsrs.check.data", "Reviews", p.N("fsrs.count.reviews", c.NReviews), "Items", p.Int(c.Items)))
	t := ui.NewTable(ui.Col{Header: p.T("fsrs.col.parameters"), Shrink: true}, ui.Col{Header: p.T("fsrs.col.loss"), Right: true},
		ui.Col{Header: p.T("fsrs.col.rmse"), Right: true}, ui.Col{Header: p.T("fsrs.col.auc"), Right: true})
	t.Row(append([]string{p.T("fsrs.row.defaults")}, metricCells(p, c.Default)...)...)
	if !slices.Equal(c.InUse, fsrsfit.Defaults()) {
		t.Row(append([]string{p.T("fsrs.row.in_use")}, metricCells(p, c.Current)...)...)
	}
	d.Table(t)
	d.Note(p.T("fsrs.fit.measures"))
	return d
}
