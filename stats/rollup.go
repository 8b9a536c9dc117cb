package stats

import (
	"context"
	"slices"
	"strconv"
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

// readBatch is how many answers are read at a time.
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
// the new answers are read. It is cheap when nothing is new; the first update of a large log
// reads it all once.
func Update(ctx context.Context, st *studystore.Store, loc *time.Location, lx Lexicons, progress func(done, total int)) (Unsaved, error) {
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
	u := updater{st: st, loc: loc, lx: lx, days: map[dayKey]*daySum{}, questions: map[questionKey]*studystore.StatsQuestion{}}
	if un.reset {
		u.all, u.features = true, map[questionKey]Features{}
	}
	r := answerReader{st: st}
	from := last
	// The next batch is read while this one is summed: on a long log (the first stats after
	// an upgrade) reading and summing each take about half the time, on two cores.
	type batch struct {
		as  []studystore.StatsAnswer
		err error
	}
	batches := make(chan batch, 1)
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	go func() {
		defer close(batches)
		for after := last; after < newest; {
			as, err := st.AnswersAfter(readCtx, after, readBatch)
			if err == nil && len(as) == 0 {
				return
			}
			select {
			case batches <- batch{as, err}:
			case <-readCtx.Done():
				return
			}
			if err != nil {
				return
			}
			after = as[len(as)-1].ID
		}
	}()
	for bt := range batches {
		if err := ctx.Err(); err != nil {
			return un, err
		}
		as, err := bt.as, bt.err
		if err != nil {
			return un, err
		}
		if err := r.resolve(ctx, as); err != nil {
			return un, err
		}
		if err := u.loadQuestions(ctx, as); err != nil {
			return un, err
		}
		u.sum(as)
		last = as[len(as)-1].ID
		if progress != nil {
			progress(int(last-from), int(newest-from))
		}
	}
	upd := u.update()
	upd.From, upd.To, upd.Zone = from, last, zone
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

type updater struct {
	st       *studystore.Store
	loc      *time.Location
	lx       Lexicons
	features map[questionKey]Features
	all      bool // features holds every question summed before
	days     map[dayKey]*daySum
	dayOrder []dayKey
	// sums holds, for each combination of what groups an answer (its day, deck, drill, kind
	// of card, length, digraph, band), the day sums it adds to: one map lookup an answer
	// instead of one for each grouping.
	sums      map[answerGroups][]*daySum
	questions map[questionKey]*studystore.StatsQuestion
	qOrder    []questionKey
}

// loadQuestions makes sure the make-up of every question of a batch that was summed before is
// at hand: looked up one by one when they are few (a day's session), all read at once
// otherwise (the first sums of a long log).
func (u *updater) loadQuestions(ctx context.Context, as []studystore.StatsAnswer) error {
	if u.all {
		return nil
	}
	if u.features == nil {
		u.features = map[questionKey]Features{}
	}
	var keys []studystore.QuestionKey
	seen := map[questionKey]bool{}
	for _, a := range as {
		k := questionKey{a.Lexicon, questionKind(a), a.Question}
		if _, ok := u.features[k]; ok || seen[k] {
			continue
		}
		seen[k] = true
		keys = append(keys, studystore.QuestionKey{Lexicon: k.lexicon, Kind: k.kind, Question: k.question})
	}
	var qs []studystore.StatsQuestion
	var err error
	if len(keys) <= lookupKeys {
		qs, err = u.st.StatsQuestionsFor(ctx, keys)
	} else {
		qs, err = u.st.StatsQuestions(ctx)
		u.all = true
	}
	if err != nil {
		return err
	}
	for _, q := range qs {
		u.features[questionKey{q.Lexicon, q.Kind, q.Question}] = Features{Tiles: q.Tiles, Digraphs: q.Digraphs,
			Blanks: q.Blanks, Rank: q.Rank, RankOf: q.RankOf}
	}
	return nil
}

// lookupKeys is how many new questions a batch may bring before reading every question beats
// looking them up one by one.
const lookupKeys = 2000

// questionKind is what a question is filed under: the card's kind for a review, else the drill.
func questionKind(a studystore.StatsAnswer) string {
	if a.Drill == "review" && a.CardKind != "" {
		return a.CardKind
	}
	return a.Drill
}

// featuresOf reads a question once, then remembers it.
func (u *updater) featuresOf(k questionKey) Features {
	if f, ok := u.features[k]; ok {
		return f
	}
	var f Features
	if u.lx != nil {
		f = QuestionFeatures(u.lx.Tiles(), u.lx.Lexicon(k.lexicon), k.kind, k.question)
	}
	u.features[k] = f
	return f
}

type dayKey struct {
	day              int64
	deck, dim, value string
}

type daySum struct {
	answers, correct, timeMS int64
	times                    Times
}

// answerGroups is what puts an answer in its day sums.
type answerGroups struct {
	day                   int64
	deck, drill, cardKind string
	tiles, digraphs, band int
}

// daySumsOf is the day sums of one combination of groups, made on first use.
func (u *updater) daySumsOf(g answerGroups) []*daySum {
	if s, ok := u.sums[g]; ok {
		return s
	}
	var out []*daySum
	add := func(k dayKey) {
		s := u.days[k]
		if s == nil {
			s = &daySum{times: Times{}}
			u.days[k] = s
			u.dayOrder = append(u.dayOrder, k)
		}
		out = append(out, s)
	}
	add(dayKey{g.day, g.deck, DimAll, DimAll})
	add(dayKey{g.day, g.deck, DimDrill, g.drill})
	if g.drill == "review" {
		kind := g.cardKind
		if kind == "" {
			kind = "?"
		}
		add(dayKey{g.day, g.deck, DimCardKind, kind})
	}
	if g.tiles > 0 {
		add(dayKey{g.day, g.deck, DimLength, strconv.Itoa(g.tiles)})
		dg := "no"
		if g.digraphs > 0 {
			dg = "yes"
		}
		add(dayKey{g.day, g.deck, DimDigraph, dg})
	}
	if g.band > 0 {
		add(dayKey{g.day, g.deck, DimBand, strconv.Itoa(g.band)})
	}
	if u.sums == nil {
		u.sums = map[answerGroups][]*daySum{}
	}
	u.sums[g] = out
	return out
}

// sum adds a batch of answers up by day and group, and by question.
func (u *updater) sum(as []studystore.StatsAnswer) {
	for _, a := range as {
		qk := questionKey{a.Lexicon, questionKind(a), a.Question}
		// One lookup an answer: a question summed in this update carries its make-up.
		q := u.questions[qk]
		if q == nil {
			f := u.featuresOf(qk)
			q = &studystore.StatsQuestion{Lexicon: qk.lexicon, Kind: qk.kind, Question: qk.question,
				Tiles: f.Tiles, Digraphs: f.Digraphs, Blanks: f.Blanks, Rank: f.Rank, RankOf: f.RankOf,
				FirstAt: a.At, LastAt: a.At}
			u.questions[qk] = q
			u.qOrder = append(u.qOrder, qk)
		}
		g := answerGroups{day: DayNumber(a.At, u.loc), deck: a.Deck, drill: a.Drill, tiles: q.Tiles, digraphs: min(q.Digraphs, 1),
			band: Band(q.Rank, q.RankOf)}
		if a.Drill == "review" {
			g.cardKind = a.CardKind
		}
		for _, s := range u.daySumsOf(g) {
			s.answers++
			if a.Correct {
				s.correct++
			}
			s.timeMS += a.TimeMS
			s.times.Add(a.TimeMS)
		}
		q.Answers++
		if a.Correct {
			q.Correct++
		}
		q.TimeMS += a.TimeMS
		if a.CardID != 0 {
			q.CardID = a.CardID
		}
		if a.At.Before(q.FirstAt) {
			q.FirstAt = a.At
		}
		if a.At.After(q.LastAt) {
			q.LastAt = a.At
		}
	}
}

// update is everything summed, for the store.
func (u *updater) update() studystore.StatsUpdate {
	upd := studystore.StatsUpdate{Merge: mergeEncoded}
	for _, k := range u.dayOrder {
		s := u.days[k]
		upd.Days = append(upd.Days, studystore.StatsDay{Day: k.day, Deck: k.deck, Dim: k.dim, Value: k.value,
			Answers: s.answers, Correct: s.correct, TimeMS: s.timeMS, Times: s.times.Encode()})
	}
	for _, k := range u.qOrder {
		upd.Questions = append(upd.Questions, *u.questions[k])
	}
	return upd
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
