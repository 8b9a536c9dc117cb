package stats

import (
	"context"
	"math"
	"runtime"
	"sync"
	"time"

	"gonum.org/v1/gonum/stat/distuv"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// ForecastOptions choose what to forecast.
type ForecastOptions struct {
	Now    time.Time
	Loc    *time.Location // nil: time.Local
	Date   time.Time      // the tournament day (any time that day)
	DeckID int64          // 0: every deck
	// Target is the share of the cards to have recalled on the day (0: 0.95), for
	// DailyReviewsNeeded.
	Target float64
	// Curve asks for the expected share day by day up to the date (for a picture): it costs a
	// pass over the cards per point.
	Curve bool
}

// Forecast is what the player can expect to recall on a day. The first six fields are the
// JSON the issue fixes.
type Forecast struct {
	Date  string `json:"date"`
	Cards int    `json:"cards"`
	// ExpectedRecalled is the expected number of the cards recalled on the day if the player
	// keeps the current schedule; Low..High its 95% interval, each card a Bernoulli trial with
	// its recall probability (new cards, not learnt yet, count as unknown: probability 0).
	ExpectedRecalled float64 `json:"expected_recalled"`
	Low              float64 `json:"low"`
	High             float64 `json:"high"`
	// DailyReviewsNeeded is the reviews a day, from today to the day before, that reaching
	// Target takes: every new card learnt now and every card reviewed whenever its recall
	// would fall below Target (the deck retention set to Target), relearning steps included.
	DailyReviewsNeeded float64 `json:"daily_reviews_needed"`

	Share    float64 `json:"share"`     // ExpectedRecalled / Cards
	Target   float64 `json:"target"`    // the share aimed at
	NewCards int     `json:"new_cards"` // never answered: counted as unknown
	Days     int     `json:"days"`      // from today to the day
	// DailyReviews is the reviews a day the current schedule has until the day.
	DailyReviews float64         `json:"daily_reviews"`
	Curve        []ForecastPoint `json:"curve,omitempty"`
}

// ForecastPoint is the expected share of the cards recalled on one day.
type ForecastPoint struct {
	Date  string  `json:"date"`
	Share float64 `json:"share"`
}

// deckModel is how one deck's cards are scheduled.
type deckModel struct {
	fsrs      bool
	retention float64
	mem       *srs.Memory
	// days per day of stability until recall falls to the retention, and to the target (the
	// forgetting curve depends on t/S alone).
	perS, perSTarget float64
	target           float64
}

// MakeForecast forecasts the recall of a deck's cards (or every deck's) on a day.
func MakeForecast(ctx context.Context, st *studystore.Store, o ForecastOptions) (Forecast, error) {
	loc := o.Loc
	if loc == nil {
		loc = time.Local
	}
	target := o.Target
	if target == 0 {
		target = 0.95
	}
	today := DayNumber(o.Now, loc)
	day := DayNumber(o.Date, loc)
	f := Forecast{Date: DayDate(day, loc).Format(time.DateOnly), Target: target, Days: int(day - today)}
	// New cards all look alike: counted per deck, not read one by one.
	parts, err := st.CardStatesSplit(ctx, o.DeckID, runtime.GOMAXPROCS(0), true)
	if err != nil {
		return f, err
	}
	fresh, err := st.NewCards(ctx, o.DeckID)
	if err != nil {
		return f, err
	}
	var cards []studystore.CardState
	if len(parts) == 1 {
		cards = parts[0]
	} else {
		for _, p := range parts {
			cards = append(cards, p...)
		}
	}
	decks, err := st.Decks(ctx)
	if err != nil {
		return f, err
	}
	models := map[int64]*deckModel{}
	defMem, _ := srs.NewMemory(nil)
	for _, d := range decks {
		if o.DeckID != 0 && d.ID != o.DeckID {
			continue
		}
		m := &deckModel{fsrs: d.Scheduler == "fsrs", retention: d.Settings.Retention, mem: defMem}
		if m.retention == 0 {
			m.retention = 0.9
		}
		if m.fsrs {
			w, err := st.FSRSWeights(ctx, d.ID)
			if err != nil {
				return f, err
			}
			if w != nil {
				if m.mem, err = srs.NewMemory(w); err != nil {
					return f, err
				}
			}
		}
		m.target = target
		m.perS, m.perSTarget = daysPerStability(m.mem, m.retention), daysPerStability(m.mem, target)
		models[d.ID] = m
	}
	f.Cards = len(cards)
	for _, n := range fresh {
		f.Cards += n
		f.NewCards += n
	}
	p := make([]float64, len(cards))
	var reviews, needed float64
	var mu sync.Mutex
	// The reviews at the target are counted on every card up to neededSample cards, on an even
	// sample of them beyond (and scaled up): an estimate within a fraction of a review a day,
	// at a fraction of the cost.
	stride := max(1, (len(cards)+neededSample-1)/neededSample)
	parallel(len(cards), func(lo, hi int) {
		var rv, nd float64
		for i := lo; i < hi; i++ {
			c := cards[i]
			m := models[c.DeckID]
			if m == nil {
				continue
			}
			var n float64
			p[i], n = recallOn(c.State, m, false, today, day, loc, false)
			rv += n
			if i%stride == 0 {
				_, n = recallOn(c.State, m, true, today, day, loc, true)
				nd += n * float64(stride)
			}
		}
		mu.Lock()
		reviews += rv
		needed += nd
		mu.Unlock()
	})
	// A new card is unknown on the day (recall 0) under the current schedule; reaching the
	// target means learning it now, which takes the same reviews for every new card of a deck.
	for d, n := range fresh {
		if m := models[d]; m != nil {
			_, k := recallOn(srs.State{}, m, true, today, day, loc, true)
			needed += k * float64(n)
		}
	}
	var variance float64
	for i := range cards {
		f.ExpectedRecalled += p[i]
		variance += p[i] * (1 - p[i])
	}
	if f.NewCards > 0 {
		p = append(p, make([]float64, f.NewCards)...) // the interval counts them as certain misses
	}
	f.Low, f.High = poissonBinomialInterval(p, f.ExpectedRecalled, variance)
	if f.Cards > 0 {
		f.Share = f.ExpectedRecalled / float64(f.Cards)
	}
	if f.Days > 0 {
		f.DailyReviews = reviews / float64(f.Days)
		f.DailyReviewsNeeded = needed / float64(f.Days)
	}
	if o.Curve && f.Cards > 0 {
		step := max(int64(1), (day-today)/40)
		for d := today; ; d += step {
			if d > day {
				d = day
			}
			sum := 0.0
			for _, c := range cards {
				if m := models[c.DeckID]; m != nil {
					r, _ := recallOn(c.State, m, false, today, d, loc, false)
					sum += r
				}
			}
			f.Curve = append(f.Curve, ForecastPoint{Date: DayDate(d, loc).Format(time.DateOnly), Share: sum / float64(f.Cards)})
			if d == day {
				break
			}
		}
	}
	return f, nil
}

// parallel runs fn over [0, n) split among the cores.
func parallel(n int, fn func(lo, hi int)) {
	workers := runtime.GOMAXPROCS(0)
	if n < 5000 {
		workers = 1
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			fn(w*n/workers, (w+1)*n/workers)
		}(w)
	}
	wg.Wait()
}

// neededSample is how many cards at most the reviews needed for the target are counted on.
const neededSample = 20_000

// maxChain bounds the reviews followed for one card (a decade of daily reviews).
const maxChain = 4000

// recallOn follows a card from its schedule to the day (a day number) and returns the
// probability of recalling it that day and the reviews it takes on the way (relearning steps
// included). The card is reviewed whenever it falls due, at the deck's retention (or at the
// target with atTarget); the reviews
// before the last are taken as recalled (the likeliest path, each adding its chance of a lapse
// as one more review), and the last before the day as recalled or forgotten and relearnt, with
// the probability of each. A new card is unknown (0) unless learn is set: then it is learnt
// today. A cardbox card follows its boxes, its recall the FSRS-6 curve with the box's interval
// as stability (as `atril review postpone` ranks them).
func recallOn(st srs.State, m *deckModel, atTarget bool, today, day int64, loc *time.Location, learn bool) (float64, float64) {
	if day < today {
		return 0, 0
	}
	retention, perS := m.retention, m.perS
	if atTarget {
		retention, perS = m.target, m.perSTarget
	}
	mem := m.mem
	reviews := 0.0
	var s, d float64
	var last, due int64
	box := st.Box
	switch {
	case st.Phase == srs.New && !learn:
		return 0, 0
	case st.Phase == srs.New:
		// Learnt today: a first review rated Good and its learning step.
		if !m.fsrs {
			box = 1
			s, last, due = float64(srs.CardboxDays[box]), today, today+int64(srs.CardboxDays[box])
			reviews = 1
			break
		}
		s, d, _ = mem.Next(0, 0, 0, srs.Good, retention)
		var ivl float64
		s, d, ivl = mem.Next(s, d, 0, srs.Good, retention)
		last, due = today, today+roundDays(ivl)
		reviews = 2
	default:
		s, d = st.Stability, st.Difficulty
		last = DayNumber(st.LastReview, loc)
		due = DayNumber(st.Due, loc)
		if st.Phase == srs.Learning || st.Phase == srs.Relearning || due < today {
			due = max(due, today)
		}
		if !m.fsrs {
			s = math.Max(float64(st.ScheduledDays), 1)
		}
		if m.fsrs && atTarget {
			// Another retention moves the due date: the day the card's recall falls to it.
			due = max(today, last+roundDays(s*perS))
		}
	}
	for n := 0; n < maxChain; n++ {
		if due >= day {
			return mem.Recall(float64(day-last), s), reviews
		}
		days := float64(due - last)
		r := mem.Recall(days, s)
		reviews += 1 + (1 - r) // a lapse costs a relearning step
		var sOK, dOK float64
		var next int64
		if m.fsrs {
			var ivl float64
			sOK, dOK, ivl = mem.Next(s, d, int(due-last), srs.Good, retention)
			next = due + roundDays(ivl)
		} else {
			box = min(box+1, len(srs.CardboxDays)-1)
			sOK = float64(srs.CardboxDays[box])
			next = due + int64(srs.CardboxDays[box])
		}
		if next >= day {
			// The last review before the day: recalled, or forgotten and relearnt.
			ok := mem.Recall(float64(day-due), sOK)
			var sFail float64
			if m.fsrs {
				sF, dF, _ := mem.Next(s, d, int(due-last), srs.Again, retention)
				sFail, _, _ = mem.Next(sF, dF, 0, srs.Good, retention)
			} else {
				sFail = float64(srs.CardboxDays[0])
			}
			fail := mem.Recall(float64(day-due), sFail)
			return r*ok + (1-r)*fail, reviews
		}
		s, d, last, due = sOK, dOK, due, next
	}
	return mem.Recall(float64(day-last), s), reviews
}

// daysPerStability is how many days per day of stability recall takes to fall to the retention,
// found on go-fsrs's forgetting curve by bisection (the curve depends on t/S alone, so once for
// all cards).
func daysPerStability(mem *srs.Memory, retention float64) float64 {
	lo, hi := 0.0, 1.0
	for mem.Recall(hi, 1) > retention && hi < 1e6 {
		hi *= 2
	}
	for range 60 {
		mid := (lo + hi) / 2
		if mem.Recall(mid, 1) > retention {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// roundDays rounds an interval to whole days, at least one, as go-fsrs's scheduler does.
func roundDays(ivl float64) int64 {
	return max(1, int64(math.Round(math.Min(ivl, 36500))))
}

// poissonBinomialInterval is the 95% interval of a sum of independent Bernoulli trials: exact
// quantiles (2.5% and 97.5%) of the Poisson binomial distribution up to a few thousand cards, the
// normal approximation beyond.
func poissonBinomialInterval(p []float64, mean, variance float64) (low, high float64) {
	n := len(p)
	if n == 0 {
		return 0, 0
	}
	if n > 3000 {
		if variance == 0 {
			return mean, mean
		}
		z := distuv.UnitNormal.Quantile(0.975)
		sd := math.Sqrt(variance)
		return math.Max(0, mean-z*sd), math.Min(float64(n), mean+z*sd)
	}
	dist := make([]float64, n+1)
	dist[0] = 1
	for i, q := range p {
		for k := i + 1; k >= 1; k-- {
			dist[k] = dist[k]*(1-q) + dist[k-1]*q
		}
		dist[0] *= 1 - q
	}
	cum := 0.0
	low, high = -1, float64(n)
	for k, v := range dist {
		cum += v
		if low < 0 && cum >= 0.025 {
			low = float64(k)
		}
		if cum >= 0.975 {
			high = float64(k)
			break
		}
	}
	return low, high
}

// Doc draws the forecast.
func (f Forecast) Doc(p *i18n.Printer, deck string) *ui.Doc {
	d := ui.NewDoc()
	if deck != "" {
		d.H1(p.T("forecast.title_deck", "Date", isoDate(p, f.Date), "Deck", deck))
	} else {
		d.H1(p.T("forecast.title", "Date", isoDate(p, f.Date)))
	}
	if f.Cards == 0 {
		return d.P(p.T("forecast.no_cards"))
	}
	d.P(p.T("forecast.expected", "Days", p.N("forecast.count.days", f.Days), "Cards", p.N("stats.count.cards", f.Cards),
		"Expected", p.Float(f.ExpectedRecalled, 0), "Share", p.Percent(f.Share, 1),
		"Low", p.Float(f.Low, 0), "High", p.Float(f.High, 0), "Daily", perDay(p, f.DailyReviews)))
	if f.NewCards > 0 {
		d.P(p.N("forecast.new_cards", f.NewCards))
	}
	if f.Days > 0 {
		d.P(p.T("forecast.needed", "Target", p.Percent(f.Target, 0), "Needed", perDay(p, f.DailyReviewsNeeded)))
	}
	d.Note(p.T("forecast.method"))
	return d
}

// perDay writes a daily count: one decimal below 10.
func perDay(p *i18n.Printer, x float64) string {
	if x < 10 {
		return p.Float(x, 1)
	}
	return p.Float(x, 0)
}

// PlotForecast draws the expected share recalled day by day up to the date, with the target.
func PlotForecast(file string, f Forecast, pr *i18n.Printer) error {
	if len(f.Curve) == 0 {
		return errNothingToDraw
	}
	pl := plot.New()
	pl.Title.Text = pr.T("forecast.plot_title", "Date", isoDate(pr, f.Date))
	pl.Y.Label.Text = pr.T("forecast.plot_share")
	pl.Y.Min, pl.Y.Max = 0, 100
	timeAxis(pl, pr)
	numberAxis(&pl.Y, pr)
	var pts plotter.XYs
	for _, c := range f.Curve {
		pts = append(pts, plotter.XY{X: dayX(c.Date), Y: 100 * c.Share})
	}
	line, err := plotter.NewLine(pts)
	if err != nil {
		return err
	}
	line.Color = colLine
	line.Width = vg.Points(2)
	pl.Add(line)
	pl.Legend.Add(pr.T("forecast.plot_expected"), line)
	goal, err := plotter.NewLine(plotter.XYs{{X: pts[0].X, Y: 100 * f.Target}, {X: pts[len(pts)-1].X, Y: 100 * f.Target}})
	if err == nil {
		goal.Color = colFit
		goal.Dashes = []vg.Length{vg.Points(6), vg.Points(4)}
		pl.Add(goal)
		pl.Legend.Add(pr.T("forecast.plot_target", "Target", pr.Percent(f.Target, 0)), goal)
	}
	pl.Legend.Left = true
	pl.Legend.Top = false
	return writePanels(file, []*plot.Plot{pl})
}
