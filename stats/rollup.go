package stats

import (
	"context"
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

// updateBatch is how many answers one transaction sums.
const updateBatch = 20_000

// Update brings the daily sums and the question records up to date with the answers logged
// since the last update, days counted in loc. progress, if not nil, hears how many of the new
// answers are summed. It is cheap when nothing is new; the first update of a large log reads it
// all once.
func Update(ctx context.Context, st *studystore.Store, loc *time.Location, lx Lexicons, progress func(done, total int)) error {
	zone := loc.String()
	last, was, err := st.StatsProgress(ctx)
	if err != nil {
		return err
	}
	if was != "" && was != zone {
		if err := st.ResetStats(ctx); err != nil {
			return err
		}
		last = 0
	}
	newest, err := st.LastAnswerID(ctx)
	if err != nil || newest <= last {
		return err
	}
	u := updater{st: st, loc: loc, lx: lx}
	start := last
	for last < newest {
		if err := ctx.Err(); err != nil {
			return err
		}
		as, err := st.AnswersAfter(ctx, last, updateBatch)
		if err != nil {
			return err
		}
		if len(as) == 0 {
			break
		}
		if u.features == nil {
			if err := u.loadQuestions(ctx); err != nil {
				return err
			}
		}
		upd := u.sum(as)
		upd.From, upd.To, upd.Zone = last, as[len(as)-1].ID, zone
		applied, err := st.ApplyStats(ctx, upd)
		if err != nil {
			return err
		}
		if !applied {
			// Another atril summed them meanwhile: go on from where it got to.
			if last, _, err = st.StatsProgress(ctx); err != nil {
				return err
			}
			u.features = nil
			continue
		}
		last = upd.To
		if progress != nil {
			progress(int(last-start), int(newest-start))
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
}

func (u *updater) loadQuestions(ctx context.Context) error {
	qs, err := u.st.StatsQuestions(ctx)
	if err != nil {
		return err
	}
	u.features = make(map[questionKey]Features, len(qs))
	for _, q := range qs {
		u.features[questionKey{q.Lexicon, q.Kind, q.Question}] = Features{Tiles: q.Tiles, Digraphs: q.Digraphs,
			Blanks: q.Blanks, Rank: q.Rank, RankOf: q.RankOf}
	}
	return nil
}

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

// sum adds a batch of answers up by day and group, and by question.
func (u *updater) sum(as []studystore.StatsAnswer) studystore.StatsUpdate {
	days := map[dayKey]*daySum{}
	var order []dayKey
	questions := map[questionKey]*studystore.StatsQuestion{}
	var qorder []questionKey
	add := func(k dayKey, a studystore.StatsAnswer) {
		s := days[k]
		if s == nil {
			s = &daySum{times: Times{}}
			days[k] = s
			order = append(order, k)
		}
		s.answers++
		if a.Correct {
			s.correct++
		}
		s.timeMS += a.TimeMS
		s.times.Add(a.TimeMS)
	}
	for _, a := range as {
		qk := questionKey{a.Lexicon, questionKind(a), a.Question}
		f := u.featuresOf(qk)
		day := DayNumber(a.At, u.loc)
		add(dayKey{day, a.Deck, DimAll, DimAll}, a)
		add(dayKey{day, a.Deck, DimDrill, a.Drill}, a)
		if a.Drill == "review" {
			kind := a.CardKind
			if kind == "" {
				kind = "?"
			}
			add(dayKey{day, a.Deck, DimCardKind, kind}, a)
		}
		if f.Tiles > 0 {
			add(dayKey{day, a.Deck, DimLength, strconv.Itoa(f.Tiles)}, a)
			dg := "no"
			if f.Digraphs > 0 {
				dg = "yes"
			}
			add(dayKey{day, a.Deck, DimDigraph, dg}, a)
		}
		if b := Band(f.Rank, f.RankOf); b > 0 {
			add(dayKey{day, a.Deck, DimBand, strconv.Itoa(b)}, a)
		}
		q := questions[qk]
		if q == nil {
			q = &studystore.StatsQuestion{Lexicon: qk.lexicon, Kind: qk.kind, Question: qk.question,
				Tiles: f.Tiles, Digraphs: f.Digraphs, Blanks: f.Blanks, Rank: f.Rank, RankOf: f.RankOf,
				FirstAt: a.At, LastAt: a.At}
			questions[qk] = q
			qorder = append(qorder, qk)
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
	upd := studystore.StatsUpdate{Merge: mergeEncoded}
	for _, k := range order {
		s := days[k]
		upd.Days = append(upd.Days, studystore.StatsDay{Day: k.day, Deck: k.deck, Dim: k.dim, Value: k.value,
			Answers: s.answers, Correct: s.correct, TimeMS: s.timeMS, Times: s.times.Encode()})
	}
	for _, k := range qorder {
		upd.Questions = append(upd.Questions, *questions[k])
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
