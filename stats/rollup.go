package stats

import (
	"context"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// Groupings of the daily sums (stats_days.dim).
const (
	DimAll      = "all"
	DimDrill    = "drill"     // drill kind, "review" for spaced-repetition reviews
	DimLength   = "length"    // tiles in the question
	DimBand     = "band"      // probability band, 1..Bands
	DimDigraph  = "digraph"   // "yes" when the question has a CH, LL or RR tile
	DimCardKind = "card_kind" // reviews only: the kind of card reviewed
)

// Dims are the groupings a report shows, in order.
var Dims = []string{DimDrill, DimDeck, DimCardKind, DimLength, DimBand, DimDigraph}

// DimDeck groups by deck; it is the deck column of the daily sums, not a dim of its own.
const DimDeck = "deck"

// readBatch is how many answers ModelRows reads at a time.
const readBatch = 50_000

// Unsaved are sums Update could not keep in the store (a database this process may not
// write): the reports add them to what the store holds.
type Unsaved struct {
	days      []studystore.StatsDay
	questions []studystore.StatsQuestion
	reset     bool // the stored sums were counted in another zone: not to be used
}

// Update brings the daily sums and the question records up to date with the answers logged
// since the last update, days counted in loc, in one transaction at the end (a process killed
// meanwhile leaves the sums as they were). A database that cannot be written keeps what it had,
// and the new sums come back as Unsaved for the reports. progress, if not nil, hears how many of
// the new answers are read (from this goroutine, a few times a second). It is cheap when
// nothing is new; the first update of a long log (the first `atril stats` after an upgrade)
// streams it once, a run of ids on each core.
func Update(ctx context.Context, st *studystore.Store, loc *time.Location, lx Lexicons, progress func(done, total int)) (Unsaved, error) {
	return updateSums(ctx, st, loc, lx, progress, sumTuning{parallel: parallelAnswers, parts: min(runtime.GOMAXPROCS(0), maxParts), hot: hotHistograms})
}

// sumTuning is how Update splits its work (tests try small numbers).
type sumTuning struct {
	parallel int64 // new answers worth parts
	parts    int   // parts then
	hot      int   // histograms filled at a time in a part
}

func updateSums(ctx context.Context, st *studystore.Store, loc *time.Location, lx Lexicons, progress func(done, total int), tune sumTuning) (Unsaved, error) {
	var un Unsaved
	zone := zoneID(loc)
	last, was, err := st.StatsProgress(ctx)
	if err != nil {
		return un, err
	}
	if was != "" && was != zone {
		if st.ResetStats(ctx) != nil {
			un.reset = true
		}
		last = 0
	}
	newest, err := st.LastAnswerID(ctx)
	if err != nil || newest <= last {
		return un, err
	}
	sh := &sumShared{loc: loc, lx: lx, known: map[questionKey]Features{}}
	if err := sh.load(ctx, st, last, newest, !un.reset); err != nil {
		return un, err
	}
	parts := 1
	if newest-last >= tune.parallel {
		parts = int(max(1, min(int64(tune.parts), newest-last)))
	}
	sums := make([]*partSum, parts)
	errs := make([]error, parts)
	readCtx, stop := context.WithCancel(ctx)
	defer stop()
	var wg sync.WaitGroup
	var read atomic.Int64
	for i := range parts {
		from, to := last+(newest-last)*int64(i)/int64(parts), last+(newest-last)*int64(i+1)/int64(parts)
		p := newPartSum(sh, tune.hot)
		sums[i] = p
		wg.Go(func() {
			var n int64
			errs[i] = st.EachStatsAnswer(readCtx, from, to, func(a *studystore.StatsAnswer) error {
				if n++; n%4096 == 0 {
					read.Add(4096)
				}
				return p.add(a)
			})
			if errs[i] != nil {
				stop()
			}
		})
	}
	if progress != nil {
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		tick := time.NewTicker(progressEvery)
		for waiting := true; waiting; {
			select {
			case <-done:
				waiting = false
			case <-tick.C:
				progress(int(min(read.Load(), newest-last)), int(newest-last))
			}
		}
		tick.Stop()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return un, err
	}
	for _, err := range errs {
		if err != nil {
			return un, err
		}
	}
	for _, p := range sums[1:] {
		sums[0].merge(p)
	}
	if progress != nil {
		progress(int(newest-last), int(newest-last))
	}
	upd := sums[0].update()
	upd.From, upd.To, upd.Zone = last, newest, zone
	if un.reset {
		un.days, un.questions = upd.Days, upd.Questions
		return un, nil
	}
	// Not applied: another atril summed these answers meanwhile, and the store has them.
	if _, err := st.ApplyStats(ctx, upd); err != nil {
		un.days, un.questions = upd.Days, upd.Questions
	}
	return un, nil
}

const (
	// parallelAnswers is how many new answers are worth a part on each core.
	parallelAnswers = 100_000
	maxParts        = 4
	progressEvery   = 100 * time.Millisecond
	// loadAllAnswers is how many new answers make reading every card's kind, and every question
	// summed before, cheaper than looking up those of the new answers.
	loadAllAnswers = 20_000
)

// load reads what the parts share: the decks' names, the kinds of the cards reviewed, and the
// make-up of the questions summed before (unless the stored sums are not to be used).
func (sh *sumShared) load(ctx context.Context, st *studystore.Store, after, upTo int64, useStored bool) error {
	var err error
	if sh.decks, err = st.DeckNames(ctx); err != nil {
		return err
	}
	many := upTo-after >= loadAllAnswers
	var kinds map[int64]string
	if many {
		kinds, err = st.CardKinds(ctx, nil)
	} else {
		kinds, err = st.CardKindsAnswered(ctx, after, upTo)
	}
	if err != nil {
		return err
	}
	sh.kinds = cardKindsOf(kinds)
	if !useStored {
		return nil
	}
	stored, err := st.StatsQuestionCount(ctx)
	if err != nil || stored == 0 {
		return err
	}
	var qs []studystore.StatsQuestion
	if many || (upTo-after)*8 > stored {
		qs, err = st.StatsQuestions(ctx)
	} else {
		qs, err = st.StatsQuestionsAnswered(ctx, after, upTo)
	}
	if err != nil {
		return err
	}
	sh.stored = make(map[questionKey]Features, len(qs))
	for _, q := range qs {
		sh.stored[questionKey{q.Lexicon, q.Kind, q.Question}] = Features{Tiles: q.Tiles, Digraphs: q.Digraphs,
			Blanks: q.Blanks, Rank: q.Rank, RankOf: q.RankOf}
	}
	return nil
}

// storedDays is stats_days as q selects it, with the unsaved sums added.
func storedDays(ctx context.Context, st *studystore.Store, q studystore.StatsDaysQuery, un Unsaved) ([]studystore.StatsDay, error) {
	var rows []studystore.StatsDay
	if !un.reset {
		var err error
		if rows, err = st.StatsDays(ctx, q); err != nil {
			return nil, err
		}
	}
	for _, d := range un.days {
		if d.Day < q.From || d.Day > q.To || q.Decks != nil && !slices.Contains(q.Decks, d.Deck) {
			continue
		}
		rows = append(rows, d)
	}
	return rows, nil
}

// storedQuestions is stats_questions with the unsaved sums added.
func storedQuestions(ctx context.Context, st *studystore.Store, un Unsaved) ([]studystore.StatsQuestion, error) {
	var qs []studystore.StatsQuestion
	if !un.reset {
		var err error
		if qs, err = st.StatsQuestions(ctx); err != nil {
			return nil, err
		}
	}
	if len(un.questions) == 0 {
		return qs, nil
	}
	at := map[questionKey]int{}
	for i, q := range qs {
		at[questionKey{q.Lexicon, q.Kind, q.Question}] = i
	}
	for _, add := range un.questions {
		k := questionKey{add.Lexicon, add.Kind, add.Question}
		i, ok := at[k]
		if !ok {
			at[k] = len(qs)
			qs = append(qs, add)
			continue
		}
		q := &qs[i]
		q.Answers += add.Answers
		q.Correct += add.Correct
		q.TimeMS += add.TimeMS
		if add.CardID != 0 {
			q.CardID = add.CardID
		}
		if add.FirstAt.Before(q.FirstAt) {
			q.FirstAt = add.FirstAt
		}
		if add.LastAt.After(q.LastAt) {
			q.LastAt = add.LastAt
		}
	}
	return qs, nil
}

// zoneID names a time zone for the sums: its name, and for the process's local zone (named
// "Local" whatever it is) its UTC offsets in January and July of the last years, so that
// moving to another zone is noticed.
func zoneID(loc *time.Location) string {
	if loc.String() != "Local" {
		return loc.String()
	}
	id := "Local"
	for y := 2020; y <= 2030; y += 5 {
		for _, m := range []time.Month{time.January, time.July} {
			_, off := time.Date(y, m, 1, 12, 0, 0, 0, loc).Zone()
			id += " " + strconv.Itoa(off)
		}
	}
	return id
}

// lookupKeys is how many cards a batch may bring before reading every card's kind beats looking
// them up one by one.
const lookupKeys = 2000

// answerReader fills in the deck names and card kinds of answers read without them.
type answerReader struct {
	st    *studystore.Store
	decks map[int64]string
	kinds map[int64]string
	all   bool // kinds holds every card
}

func (r *answerReader) resolve(ctx context.Context, as []studystore.StatsAnswer) error {
	if r.decks == nil {
		var err error
		if r.decks, err = r.st.DeckNames(ctx); err != nil {
			return err
		}
		r.kinds = map[int64]string{}
	}
	if !r.all {
		var missing []int64
		seen := map[int64]bool{}
		for _, a := range as {
			if a.CardID != 0 && a.Drill == "review" && !seen[a.CardID] {
				if _, ok := r.kinds[a.CardID]; !ok {
					seen[a.CardID] = true
					missing = append(missing, a.CardID)
				}
			}
		}
		if len(missing) > 0 {
			var got map[int64]string
			var err error
			if len(missing) > lookupKeys {
				got, err = r.st.CardKinds(ctx, nil)
				r.all = true
			} else {
				got, err = r.st.CardKinds(ctx, missing)
			}
			if err != nil {
				return err
			}
			for id, k := range got {
				r.kinds[id] = k
			}
		}
	}
	for i := range as {
		a := &as[i]
		a.Deck = r.decks[a.DeckID]
		if a.Drill == "review" {
			a.CardKind = r.kinds[a.CardID]
		}
	}
	return nil
}

type questionKey struct{ lexicon, kind, question string }

// questionKind is what a question is filed under: the card's kind for a review, else the drill.
func questionKind(a studystore.StatsAnswer) string {
	if a.Drill == "review" && a.CardKind != "" {
		return a.CardKind
	}
	return a.Drill
}

type dayKey struct {
	day              int64
	deck, dim, value string
}

// DayNumber is the calendar day t falls on in loc, as days since 1970-01-01.
func DayNumber(t time.Time, loc *time.Location) int64 {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// DayDate is the date of a day number, at midnight in loc.
func DayDate(day int64, loc *time.Location) time.Time {
	u := time.Unix(day*86400, 0).UTC()
	return time.Date(u.Year(), u.Month(), u.Day(), 0, 0, 0, 0, loc)
}
