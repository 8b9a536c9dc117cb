package drills

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// KindReview files review answers; stats count them under "review".
const KindReview Kind = "review"

// DueQuery is the store query for what is due at now in the decks selected (deckID 0: all):
// reviews due by the end of today, learning steps due by now.
func DueQuery(now time.Time, deckID int64, limit int) studystore.DueQuery {
	start := DayStart(now)
	return studystore.DueQuery{DeckID: deckID, Now: now, DayStart: start, DayEnd: start.AddDate(0, 0, 1), Limit: limit}
}

// Remaining is what is still due after a session, for its closing lines.
type Remaining struct {
	Reviews int `json:"reviews"` // due today, learning steps due now included
	New     int `json:"new"`     // new cards left within the daily limits
	// Learning cards come back within LearningSoon (FSRS learning steps after a miss).
	Learning int `json:"learning"`
	// Next, when known, is when the first of the session's cards left in learning comes back
	// (Review.Learning), and Now the time Remaining was counted at.
	Next, Now time.Time `json:"-"`
}

// Due is how many cards a review started at the time counted asks: the reviews (learning steps
// due now among them) and the new cards. The web's today and review pages both show it, so
// that "Review now" says what the review then asks.
func (r Remaining) Due() int { return r.Reviews + r.New }

// LearningSoon is how far ahead Remaining looks for cards in learning steps.
const LearningSoon = 30 * time.Minute

// StillDue counts what is due at now under the lexicon lexName ("": every lexicon; of one deck
// when deckID is not 0), and the learning steps due within LearningSoon besides. It is the one
// count of what is due: review's closing lines, the web's "Review now" and today's plan (per
// deck) all say it, so a learning step due now is among the reviews everywhere.
func StillDue(ctx context.Context, st *studystore.Store, now time.Time, deckID int64, lexName string) (Remaining, error) {
	q := DueQuery(now, deckID, 0)
	q.Lexicon = lexName
	var r Remaining
	var err error
	if r.Reviews, r.New, err = st.DueCount(ctx, q); err != nil {
		return r, err
	}
	q.Now = now.Add(LearningSoon)
	soon, _, err := st.DueCount(ctx, q)
	if err != nil {
		return r, err
	}
	r.Learning = max(soon-r.Reviews, 0)
	return r, nil
}

// Review is one `atril review` session over cards of one lexicon. It is the Runner's Recorder,
// Requeuer (learning steps come back before the session ends), Scheduled (each answer says when
// its card comes back) and Grader (with AskGrade).
type Review struct {
	Store *studystore.Store
	Lex   *lexicon.Lexicon
	Seed  uint64 // the cardbox spread's seed
	// AskGrade asks the FSRS grade after each answer's feedback (Enter keeps the one derived
	// from right/wrong and time). The answer and the derived schedule are committed first; a
	// different grade then replaces both in one more transaction (studystore.Regrade).
	AskGrade bool
	// StepWait: when the session's cards are done, a card in FSRS learning steps due within
	// this is waited for and asked again, the earliest due first; one due later (a card
	// answered good in its first step: 10 minutes) comes back in a later session, so that a
	// step is never shrunk to seconds. 0 is DefaultStepWait; less than 0 never waits.
	StepWait time.Duration

	decks    map[int64]deckSched
	cards    []studystore.DeckCard // the cards picked, in the order first asked; states kept current
	qs       []Question            // their questions
	next     int                   // the next card of the first round, which Record expects
	again    int                   // the card Again handed out, which Record expects then; -1 none
	learning []int                 // cards (indexes) in learning steps, to ask again
	last     lastAnswer            // the answer just recorded, for Grade and DueNote
	sess     int64
}

// DefaultStepWait is how long a session waits for a card in learning steps once its other cards
// are done: FSRS-6's first step, 1 minute (a card just answered wrong), and no longer.
const DefaultStepWait = time.Minute

// lastAnswer is what Grade needs to reschedule the answer just recorded.
type lastAnswer struct {
	card     int // index in cards; -1: nothing to grade
	answerID int64
	before   srs.State
	derived  srs.State // the state committed with the answer
	outcome  srs.Outcome
	at       time.Time
	// note says when the card comes back, for DueNote (auto grades).
	note Text
}

type deckSched struct {
	deck   studystore.Deck
	sched  srs.Scheduler
	target time.Duration
}

// Questions picks the cards due now under r.Lex (of one deck when deckID is not 0), at most
// max, and returns them as questions, reviews first and most overdue first. skipped counts due
// cards of decks under other lexicons (see Elsewhere).
func (r *Review) Questions(ctx context.Context, now time.Time, deckID int64, max int) (qs []Question, skipped int, err error) {
	decks, err := r.Store.Decks(ctx)
	if err != nil {
		return nil, 0, err
	}
	r.decks = map[int64]deckSched{}
	for _, d := range decks {
		var weights []float64 // fitted by `atril fsrs fit`, if ever
		if d.Scheduler == "fsrs" {
			if weights, err = r.Store.FSRSWeights(ctx, d.ID); err != nil {
				return nil, 0, err
			}
		}
		s, err := SchedulerWeights(d, r.Seed+uint64(d.ID), weights)
		if err != nil {
			return nil, 0, err
		}
		target := time.Duration(d.Settings.TargetMS) * time.Millisecond
		if target == 0 {
			target = TargetTime(Kind(d.Kind))
		}
		r.decks[d.ID] = deckSched{deck: d, sched: s, target: target}
	}
	q := DueQuery(now, deckID, max)
	q.Lexicon = r.Lex.Name
	cards, err := r.Store.Due(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	for _, c := range cards {
		qu, err := CardQuestion(r.Lex, c)
		if err != nil {
			return nil, 0, err
		}
		qs = append(qs, qu)
	}
	r.cards, r.qs, r.next, r.again, r.learning = cards, qs, 0, -1, nil
	r.last.card = -1
	all := DueQuery(now, deckID, 0)
	rev, fresh, err := r.Store.DueCount(ctx, all)
	if err != nil {
		return nil, 0, err
	}
	q.Limit = 0
	revHere, freshHere, err := r.Store.DueCount(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	return qs, rev + fresh - revHere - freshHere, nil
}

// DeckDue is a deck with the cards it has due now.
type DeckDue struct {
	Deck    string `json:"deck"`
	Lexicon string `json:"lexicon"`
	Reviews int    `json:"reviews"`
	New     int    `json:"new"`
}

// Elsewhere lists the decks under lexicons other than lexName that have cards due at now, with
// how many: what a review under lexName leaves waiting (a deck made before `atril lexicon use`).
func Elsewhere(ctx context.Context, st *studystore.Store, now time.Time, lexName string) ([]DeckDue, error) {
	decks, err := st.Decks(ctx)
	if err != nil {
		return nil, err
	}
	var out []DeckDue
	for _, d := range decks {
		if lexicon.SameName(d.Lexicon, lexName) {
			continue
		}
		rev, fresh, err := st.DueCount(ctx, DueQuery(now, d.ID, 0))
		if err != nil {
			return nil, err
		}
		if rev+fresh > 0 {
			out = append(out, DeckDue{Deck: d.Name, Lexicon: d.Lexicon, Reviews: rev, New: fresh})
		}
	}
	return out, nil
}

// Cards are the cards Questions picked, in the order asked.
func (r *Review) Cards() []studystore.DeckCard { return r.cards }

// Start opens the review's session in the store; options are saved with it.
func (r *Review) Start(ctx context.Context, deckID int64, options any) error {
	id, err := r.Store.StartSession(ctx, studystore.Session{Drill: string(KindReview), Lexicon: r.Lex.Name, DeckID: deckID, Options: options})
	r.sess = id
	return err
}

// End closes the session.
func (r *Review) End(ctx context.Context) error { return r.Store.EndSession(ctx, r.sess) }

// Record schedules the card just answered with its deck's scheduler and commits the answer and
// the new schedule in one transaction. Runner calls it once per question, in order: the cards
// Questions picked, then those Again hands out.
func (r *Review) Record(a Answer) error {
	idx := r.again
	if r.next < len(r.cards) {
		idx = r.next
	}
	if idx < 0 || r.cards[idx].CardID != a.CardID {
		return i18n.E("review.err.out_of_order", "Card", a.CardID)
	}
	c := &r.cards[idx]
	ds, ok := r.decks[c.DeckID]
	if !ok {
		return i18n.E("review.err.unknown_deck", "Card", c.CardID, "Deck", c.DeckID)
	}
	o := srs.Outcome{Correct: a.Right, Took: a.Elapsed}
	rating := srs.Rating(0)
	if ds.sched.Kind() == "fsrs" {
		rating = srs.Rate(o, ds.target)
		o.Rating = rating
	}
	before := c.State
	after, err := ds.sched.Schedule(before, o, a.At)
	if err != nil {
		return i18n.Wrap(err, "review.err.schedule", "Card", c.Question)
	}
	id, err := r.Store.RecordReview(context.Background(), studystore.Answer{
		SessionID: r.sess, CardID: c.CardID, DeckID: c.DeckID, Drill: string(KindReview),
		Lexicon: a.Lexicon, Question: a.Shown, Answer: a.Typed, Expected: a.Expected,
		Correct: a.Right, Took: a.Elapsed, Rating: rating, Before: &before, After: &after, At: a.At,
	})
	if err != nil {
		return err
	}
	c.State = after
	if idx == r.next {
		r.next++
	} else {
		r.again = -1
	}
	r.last = lastAnswer{card: -1}
	if rating != 0 {
		r.last = lastAnswer{card: idx, answerID: id, before: before, derived: after, outcome: o, at: a.At}
	}
	r.last.note = comesBack(rating, after, a.At)
	r.track(idx)
	return nil
}

// comesBack says when a card answered at comes back: "good · back in 10 min", "box 3 · due in
// 7 days" (a cardbox card, rating 0).
func comesBack(rating srs.Rating, st srs.State, at time.Time) Text {
	if rating == 0 {
		return T("review.comes_back", "Grade", T("review.box", "Box", st.Box), "When", dueIn(st.Due.Sub(at)))
	}
	return T("review.comes_back", "Grade", gradeName(rating), "When", dueIn(st.Due.Sub(at)))
}

// DueNote says when the card just answered comes back, unless its grade is asked (the grade's
// note says it then).
func (r *Review) DueNote(p *i18n.Printer) string {
	if r.AskGrade && r.last.card >= 0 {
		return ""
	}
	return r.last.note.In(p)
}

// track keeps card idx on the learning list while it is in FSRS learning steps.
func (r *Review) track(idx int) {
	r.learning = slices.DeleteFunc(r.learning, func(i int) bool { return i == idx })
	if p := r.cards[idx].State.Phase; (p == srs.Learning || p == srs.Relearning) && r.StepWait >= 0 {
		r.learning = append(r.learning, idx)
	}
}

// Again hands out, once the cards Questions picked are done, the card in learning steps due
// first, with how long until it is due, if that is within StepWait of now.
func (r *Review) Again(now time.Time) (Question, time.Duration, bool) {
	if r.next < len(r.cards) || len(r.learning) == 0 {
		return Question{}, 0, false
	}
	first := 0
	for k, idx := range r.learning {
		if r.cards[idx].State.Due.Before(r.cards[r.learning[first]].State.Due) {
			first = k
		}
	}
	idx := r.learning[first]
	wait := r.cards[idx].State.Due.Sub(now)
	if wait > r.stepWait() {
		return Question{}, 0, false
	}
	r.learning = slices.Delete(r.learning, first, first+1)
	r.again = idx
	return r.qs[idx], wait, true
}

func (r *Review) stepWait() time.Duration {
	if r.StepWait == 0 {
		return DefaultStepWait
	}
	return r.StepWait
}

// Learning counts the cards of the session left in learning steps, and when the first comes
// back: what the session ends with.
func (r *Review) Learning() (n int, first time.Time) {
	for _, c := range r.cards {
		if p := c.State.Phase; p == srs.Learning || p == srs.Relearning {
			n++
			if first.IsZero() || c.State.Due.Before(first) {
				first = c.State.Due
			}
		}
	}
	return n, first
}

// GradePrompt asks the grade of the FSRS answer just recorded when AskGrade is set.
func (r *Review) GradePrompt(p *i18n.Printer) string {
	if !r.AskGrade || r.last.card < 0 {
		return ""
	}
	d := r.last.outcome.Rating
	return "  " + p.T("review.grade_prompt", "Number", int(d), "Grade", gradeName(d).In(p))
}

// Grade takes the grade typed after an answer: Enter or the derived grade keeps what Record
// committed; another grade reschedules the card from its state before the answer and replaces
// the answer's grade and state after, together (studystore.Regrade).
func (r *Review) Grade(p *i18n.Printer, line string) (string, error) {
	g := r.last
	if g.card < 0 {
		return "", nil
	}
	derived := g.outcome.Rating
	chosen := derived
	if s := strings.TrimSpace(line); s != "" {
		var ok bool
		if chosen, ok = parseGrade(s); !ok {
			return "", &RetryError{Msg: T("review.grade_retry", "Line", i18n.Quote(s), "Grade", gradeName(derived))}
		}
	}
	c := &r.cards[g.card]
	after := g.derived
	if chosen != derived {
		o := g.outcome
		o.Rating = chosen
		var err error
		if after, err = r.decks[c.DeckID].sched.Schedule(g.before, o, g.at); err != nil {
			return "", i18n.Wrap(err, "review.err.schedule", "Card", c.Question)
		}
		if err := r.Store.Regrade(context.Background(), g.answerID, studystore.Answer{
			DeckID: c.DeckID, CardID: c.CardID, Rating: chosen, After: &after,
		}, g.derived); err != nil {
			return "", err
		}
		c.State = after
		r.track(g.card)
	}
	r.last.card = -1
	return comesBack(chosen, after, g.at).In(p), nil
}

// parseGrade reads a grade in either language, or its number: again/otra (vez) 1, hard/difícil
// 2, good/bien 3, easy/fácil 4.
func parseGrade(s string) (srs.Rating, bool) {
	switch strings.ToLower(strings.Join(strings.Fields(s), " ")) {
	case "1", "again", "otra", "otra vez", "de nuevo":
		return srs.Again, true
	case "2", "hard", "difícil", "dificil":
		return srs.Hard, true
	case "3", "good", "bien":
		return srs.Good, true
	case "4", "easy", "fácil", "facil":
		return srs.Easy, true
	}
	return 0, false
}

// gradeName is an FSRS grade as the reader calls it.
func gradeName(r srs.Rating) Text {
	switch r {
	case srs.Again:
		return T("review.grade.again")
	case srs.Hard:
		return T("review.grade.hard")
	case srs.Easy:
		return T("review.grade.easy")
	}
	return T("review.grade.good")
}

// dueIn says when a card comes back: "back in 10 min", "due in 8 days".
func dueIn(d time.Duration) Text {
	if d < 24*time.Hour {
		return T("review.back_in", "Wait", waitText{d})
	}
	return N("review.due_in_days", int(d.Round(time.Hour).Hours()/24))
}

// waitText is a wait in the reader's language.
type waitText struct{ d time.Duration }

func (w waitText) In(p *i18n.Printer) string { return p.Duration(w.d) }

// Postponed is one card moved by Postpone.
type Postponed struct {
	studystore.DeckCard
	Urgency float64   `json:"urgency"` // estimated recall now (0..1): lowest first
	OldDue  time.Time `json:"old_due"`
}

// Postpone spreads the cards overdue at now (of one deck, or all) evenly over the next days
// days, today included, most urgent first: FSRS cards by their retrievability now (lowest
// first); cardbox cards by how far past their interval they are (the FSRS forgetting curve
// with the interval as stability), ties by how overdue. Each card's new due time is the start
// of its day. It returns the cards in their new order.
func Postpone(ctx context.Context, st *studystore.Store, now time.Time, deckID int64, days int) ([]Postponed, error) {
	if days < 1 || days > MaxPostponeDays {
		return nil, i18n.E("review.err.postpone_days", "Days", days, "Max", MaxPostponeDays)
	}
	start := DayStart(now)
	q := studystore.DueQuery{DeckID: deckID, Now: now, DayStart: start, DayEnd: now, NoNew: true}
	cards, err := st.Due(ctx, q)
	if err != nil {
		return nil, err
	}
	// Each FSRS deck's recall, with the weights `atril fsrs fit` found for it if any.
	recall := map[int64]*srs.FSRS{}
	out := make([]Postponed, 0, len(cards))
	for _, c := range cards {
		if !c.State.Due.Before(start) && c.State.Phase == srs.Review {
			continue // due today, not overdue
		}
		var u float64
		if c.Scheduler == "fsrs" {
			f := recall[c.DeckID]
			if f == nil {
				weights, err := st.FSRSWeights(ctx, c.DeckID)
				if err != nil {
					return nil, err
				}
				if f, err = srs.NewFSRSWeights(weights, 0, 0); err != nil {
					return nil, err
				}
				recall[c.DeckID] = f
			}
			u = f.Retrievability(c.State, now)
		} else {
			// 0.9 at the due date, falling as FSRS-6's default curve does with S = interval.
			s := math.Max(float64(c.State.ScheduledDays), 1)
			t := now.Sub(c.State.LastReview).Hours() / 24
			u = srs.ForgettingCurve(t, s)
		}
		out = append(out, Postponed{DeckCard: c, Urgency: u, OldDue: c.State.Due})
	}
	slices.SortStableFunc(out, func(a, b Postponed) int {
		if a.Urgency != b.Urgency {
			if a.Urgency < b.Urgency {
				return -1
			}
			return 1
		}
		return a.OldDue.Compare(b.OldDue)
	})
	dues := make([]studystore.DeckCard, len(out))
	for i := range out {
		day := i * days / len(out)
		out[i].State.Due = start.AddDate(0, 0, day)
		dues[i] = out[i].DeckCard
	}
	if err := st.Reschedule(ctx, dues); err != nil {
		return nil, err
	}
	return out, nil
}

// MaxPostponeDays bounds Postpone's spread: ten years.
const MaxPostponeDays = 3650

// DayCount is how many cards fall on one day.
type DayCount struct {
	Day   time.Time `json:"day"`
	Cards int       `json:"cards"`
}

// PerDay counts the postponed cards of each day that got some, in day order (Postpone gives
// them in that order): days without cards are left out, so a long spread costs nothing.
func PerDay(moved []Postponed) []DayCount {
	var out []DayCount
	for _, m := range moved {
		if n := len(out); n > 0 && out[n-1].Day.Equal(m.State.Due) {
			out[n-1].Cards++
			continue
		}
		out = append(out, DayCount{Day: m.State.Due, Cards: 1})
	}
	return out
}
