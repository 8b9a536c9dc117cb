// Package stats answers a player's questions about their study: accuracy and speed by drill,
// deck, word length, probability and digraphs over recent windows, with intervals and trends
// (this file); the weakest words and a model of what the player remembers (model.go, weak.go);
// FSRS fitted to the player (package stats/fsrsfit); the tournament forecast and the day's plan
// (forecast.go, today.go); pictures (plot.go). It reads the study store and never prints:
// reports come back as values, drawn by Doc methods.
//
// It must not import a front end (cmd, internal/web).
package stats

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// Windows are the periods reported by default, in days up to today (today included).
var Windows = []int{7, 30, 90}

// Options choose what a report covers.
type Options struct {
	Now time.Time
	Loc *time.Location // days are counted in it; nil is time.Local
	// Since, if set, reports one window from that day to today instead of Windows.
	Since time.Time
	Deck  string // only answers given for this deck ("" for all)
	// Unsaved are the sums Update could not keep in the store.
	Unsaved Unsaved
}

// Row is one group's answers over a window.
type Row struct {
	Group    string  `json:"group"`
	Answers  int     `json:"answers"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"` // Correct/Answers, 0..1; 0 with no answers
	// AccuracyLow..AccuracyHigh is the Wilson score 95% interval of the accuracy.
	AccuracyLow  float64 `json:"accuracy_low"`
	AccuracyHigh float64 `json:"accuracy_high"`
	Seconds      float64 `json:"seconds"`      // total answering time
	MeanSeconds  float64 `json:"mean_seconds"` // per answer
	// Response-time quartiles, seconds (from 100 ms buckets).
	MedianSeconds float64 `json:"median_seconds"`
	Q1Seconds     float64 `json:"q1_seconds"`
	Q3Seconds     float64 `json:"q3_seconds"`
	// Trend is the accuracy's weighted least-squares slope over the window's days, in
	// percentage points a week (each day weighted by its answers), with its 95% interval; nil
	// with fewer than three days of answers.
	Trend *Slope `json:"trend,omitempty"`

	times Times
	days  map[int64]*dayCount
}

type dayCount struct{ answers, correct int64 }

// Window is every group over one period.
type Window struct {
	Days  int    `json:"days"`
	Since string `json:"since"` // first day, YYYY-MM-DD
	Total Row    `json:"total"`
	// ByDrill: drill kinds ("review" for spaced-repetition reviews); ByDeck: answers given for a
	// deck; ByCardKind: reviews by kind of card; ByLength: tiles in the question; ByBand:
	// probability band (1 = the most probable fifth of words of that length); ByDigraph: "yes"
	// for questions with a CH, LL or RR tile.
	ByDrill    []Row `json:"by_drill"`
	ByDeck     []Row `json:"by_deck"`
	ByCardKind []Row `json:"by_card_kind"`
	ByLength   []Row `json:"by_length"`
	ByBand     []Row `json:"by_band"`
	ByDigraph  []Row `json:"by_digraph"`
}

// Day is one day's answers, for pictures.
type Day struct {
	Date     string  `json:"date"`
	Answers  int     `json:"answers"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
	Low      float64 `json:"accuracy_low"`
	High     float64 `json:"accuracy_high"`
}

// Report is what `atril stats` shows.
type Report struct {
	Now   time.Time `json:"now"`
	Deck  string    `json:"deck,omitempty"`
	Empty bool      `json:"empty"` // no answer logged yet (anywhere)
	// Windows are the periods, shortest first.
	Windows []Window `json:"windows"`
	// Daily is every day of the longest window, oldest first.
	Daily []Day `json:"daily"`
	// Puzzles, when the player has attempted any.
	Puzzles *PuzzleStats `json:"puzzles,omitempty"`
	// Games against atril, when the player has played any.
	Games *GameStats `json:"games,omitempty"`
}

// Groups returns a window's rows for a grouping (one of Dims).
func (w *Window) Groups(dim string) []Row {
	switch dim {
	case DimDrill:
		return w.ByDrill
	case DimDeck:
		return w.ByDeck
	case DimCardKind:
		return w.ByCardKind
	case DimLength:
		return w.ByLength
	case DimBand:
		return w.ByBand
	case DimDigraph:
		return w.ByDigraph
	}
	return nil
}

func (w *Window) setGroups(dim string, rows []Row) {
	switch dim {
	case DimDrill:
		w.ByDrill = rows
	case DimDeck:
		w.ByDeck = rows
	case DimCardKind:
		w.ByCardKind = rows
	case DimLength:
		w.ByLength = rows
	case DimBand:
		w.ByBand = rows
	case DimDigraph:
		w.ByDigraph = rows
	}
}

// Collect builds the report from the daily sums (bring them up to date with Update first).
func Collect(ctx context.Context, st *studystore.Store, o Options) (Report, error) {
	loc := o.Loc
	if loc == nil {
		loc = time.Local
	}
	r := Report{Now: o.Now, Deck: o.Deck}
	last, err := st.LastAnswerID(ctx)
	if err != nil {
		return r, err
	}
	r.Empty = last == 0
	today := DayNumber(o.Now, loc)
	type span struct{ from, days int64 }
	var spans []span
	if !o.Since.IsZero() {
		from := DayNumber(o.Since, loc)
		spans = append(spans, span{from, max(today-from+1, 1)})
	} else {
		for _, d := range Windows {
			spans = append(spans, span{today - int64(d) + 1, int64(d)})
		}
	}
	oldest := today
	for _, s := range spans {
		oldest = min(oldest, s.from)
	}
	q := studystore.StatsDaysQuery{From: oldest, To: today}
	if o.Deck != "" {
		q.Decks = []string{o.Deck}
	}
	rows, err := storedDays(ctx, st, q, o.Unsaved)
	if err != nil {
		return r, err
	}
	for _, s := range spans {
		w := Window{Days: int(s.days), Since: DayDate(s.from, loc).Format(time.DateOnly)}
		groups := map[[2]string]*Row{}
		total := &Row{Group: DimAll, times: Times{}, days: map[int64]*dayCount{}}
		for _, d := range rows {
			if d.Day < s.from || d.Day > today {
				continue
			}
			var key [2]string
			switch {
			case d.Dim == DimAll:
				addDay(total, d)
				if d.Deck == "" {
					continue
				}
				key = [2]string{DimDeck, d.Deck}
			default:
				key = [2]string{d.Dim, d.Value}
			}
			g := groups[key]
			if g == nil {
				g = &Row{Group: key[1], times: Times{}, days: map[int64]*dayCount{}}
				groups[key] = g
			}
			addDay(g, d)
		}
		w.Total = finish(total)
		for _, dim := range Dims {
			var out []Row
			for key, g := range groups {
				if key[0] == dim {
					out = append(out, finish(g))
				}
			}
			slices.SortFunc(out, func(a, b Row) int { return groupOrder(dim, a.Group, b.Group) })
			w.setGroups(dim, out)
		}
		r.Windows = append(r.Windows, w)
		if int64(len(r.Daily)) < s.days {
			r.Daily = daily(total, s.from, today, loc)
		}
	}
	if r.Puzzles, err = collectPuzzles(ctx, st, o.Now, loc); err != nil {
		return r, err
	}
	if o.Deck == "" {
		if r.Games, err = CollectGames(ctx, st, o.Now, loc, o.Since); err != nil {
			return r, err
		}
	}
	return r, nil
}

func addDay(g *Row, d studystore.StatsDay) {
	g.Answers += int(d.Answers)
	g.Correct += int(d.Correct)
	g.Seconds += float64(d.TimeMS) / 1000
	g.times.Decode(d.Times)
	dc := g.days[d.Day]
	if dc == nil {
		dc = &dayCount{}
		g.days[d.Day] = dc
	}
	dc.answers += d.Answers
	dc.correct += d.Correct
}

// finish computes a group's accuracy, interval, quartiles and trend from its sums.
func finish(g *Row) Row {
	r := *g
	if r.Answers > 0 {
		r.Accuracy = float64(r.Correct) / float64(r.Answers)
		r.MeanSeconds = r.Seconds / float64(r.Answers)
	}
	r.AccuracyLow, r.AccuracyHigh = interval.Wilson(float64(r.Correct), float64(r.Answers))
	r.Q1Seconds, r.MedianSeconds, r.Q3Seconds = g.times.Quantile(0.25), g.times.Quantile(0.5), g.times.Quantile(0.75)
	r.Trend = accuracyTrend(g.days)
	r.times, r.days = nil, nil
	return r
}

// accuracyTrend is the weighted least-squares slope of the daily accuracy, in percentage points
// a week, each day weighted by its answers (a day's accuracy has a variance that falls as 1/n).
func accuracyTrend(days map[int64]*dayCount) *Slope {
	if len(days) < 3 {
		return nil
	}
	keys := make([]int64, 0, len(days))
	for d := range days {
		keys = append(keys, d)
	}
	slices.Sort(keys)
	x := make([]float64, len(keys))
	y := make([]float64, len(keys))
	w := make([]float64, len(keys))
	for i, d := range keys {
		dc := days[d]
		x[i] = float64(d-keys[0]) / 7
		y[i] = 100 * float64(dc.correct) / float64(dc.answers)
		w[i] = float64(dc.answers)
	}
	s, ok := WLSSlope(x, y, w)
	if !ok {
		return nil
	}
	return &s
}

func daily(total *Row, from, to int64, loc *time.Location) []Day {
	out := make([]Day, 0, to-from+1)
	for d := from; d <= to; d++ {
		day := Day{Date: DayDate(d, loc).Format(time.DateOnly)}
		if dc := total.days[d]; dc != nil {
			day.Answers, day.Correct = int(dc.answers), int(dc.correct)
			day.Accuracy = float64(dc.correct) / float64(dc.answers)
		}
		day.Low, day.High = interval.Wilson(float64(day.Correct), float64(day.Answers))
		out = append(out, day)
	}
	return out
}

// groupOrder sorts a grouping's rows: numbers (lengths, bands) as numbers, "yes" before "no",
// the rest by name.
func groupOrder(dim, a, b string) int {
	switch dim {
	case DimLength, DimBand:
		x, _ := strconv.Atoi(a)
		y, _ := strconv.Atoi(b)
		return cmp.Compare(x, y)
	case DimDigraph:
		return -cmp.Compare(a, b) // yes, no
	}
	return cmp.Compare(a, b)
}
