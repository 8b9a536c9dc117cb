package drills

import (
	"context"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// phaseName is a card's state as the reader calls it.
func phaseName(p *i18n.Printer, ph srs.Phase) string {
	switch ph {
	case srs.New:
		return p.T("review.phase.new")
	case srs.Learning:
		return p.T("review.phase.learning")
	case srs.Review:
		return p.T("review.phase.review")
	case srs.Relearning:
		return p.T("review.phase.relearning")
	}
	return ph.String()
}

// DueListDoc is `atril review --list` in p's language: what is due now under lexName, each card
// spelt as its question shows it (qs, in the order of cards), and the decks waiting under other
// lexicons.
func DueListDoc(p *i18n.Printer, now time.Time, lexName string, cards []studystore.DeckCard, qs []Question, elsewhere []DeckDue) *ui.Doc {
	p = printer(p)
	reviews, fresh := 0, 0
	for _, c := range cards {
		if c.State.Phase == srs.New {
			fresh++
		} else {
			reviews++
		}
	}
	d := ui.NewDoc().P(p.T("review.list.head", "Reviews", p.N("review.count.reviews", reviews),
		"New", p.N("review.count.new", fresh), "Lexicon", lexName))
	if len(cards) > 0 {
		t := ui.NewTable(ui.Col{Header: p.T("deck.list.deck"), Shrink: true}, ui.Col{Header: p.T("deck.list.kind")},
			ui.Col{Header: p.T("review.list.card")}, ui.Col{Header: p.T("review.list.state")}, ui.Col{Header: p.T("review.list.due")})
		for i, c := range cards {
			due := p.T("review.phase.new")
			if !c.State.Due.IsZero() {
				due = p.DateTime(c.State.Due.In(now.Location()))
			}
			shown := c.Question
			if i < len(qs) {
				shown = qs[i].Show
			}
			t.Row(c.Deck, NameAs(p, Kind(c.Kind), InColumn), shown, phaseName(p, c.State.Phase), due)
		}
		d.Table(t)
	}
	if s := ElsewhereText(p, elsewhere); s != "" {
		d.Note(s)
	}
	return d
}

// ElsewhereText names the decks waiting under other lexicons, with what each has due, and how
// to reach them; "" when there are none.
func ElsewhereText(p *i18n.Printer, ds []DeckDue) string {
	if len(ds) == 0 {
		return ""
	}
	p = printer(p)
	var parts []string
	for _, d := range ds {
		parts = append(parts, p.T("review.elsewhere_deck", "Deck", d.Deck, "Lexicon", d.Lexicon,
			"Cards", p.N("review.count.cards", d.Reviews+d.New)))
	}
	return p.N("review.elsewhere", len(ds), "Decks", strings.Join(parts, ", "), "Deck", ds[0].Deck, "Lexicon", ds[0].Lexicon)
}

// Lines are what a review session ends with: what is still due, and when the cards left in
// learning steps come back.
func (r Remaining) Lines(p *i18n.Printer) []string {
	p = printer(p)
	var out []string
	if r.Reviews+r.New > 0 {
		out = append(out, p.T("review.still_due", "Reviews", p.N("review.count.reviews", r.Reviews), "New", p.N("review.count.new", r.New)))
	}
	switch {
	case r.Learning > 0 && !r.Next.IsZero() && r.Next.After(r.Now):
		out = append(out, p.N("review.learning_next", r.Learning, "Time", r.Next.In(r.Now.Location()).Format("15:04"),
			"Wait", p.Duration(r.Next.Sub(r.Now).Round(time.Minute))))
	case r.Learning > 0:
		out = append(out, p.N("review.learning_soon", r.Learning, "Minutes", int(LearningSoon.Minutes())))
	}
	return out
}

// Upcoming is what is due next, said at the end of a drill.
type Upcoming struct {
	Decks        int       // decks under the lexicon
	Reviews, New int       // due now under the lexicon
	Next         time.Time // when nothing is due now: the first card due later (zero: none)
	NextCount    int       // how many fall due on Next's day
	Elsewhere    int       // cards due now in decks under other lexicons
}

// DueNext is what is due next under lexName at now.
func DueNext(ctx context.Context, st *studystore.Store, now time.Time, lexName string) (Upcoming, error) {
	var u Upcoming
	decks, err := st.Decks(ctx)
	if err != nil {
		return u, err
	}
	for _, d := range decks {
		if lexicon.SameName(d.Lexicon, lexName) {
			u.Decks++
		}
	}
	q := DueQuery(now, 0, 0)
	q.Lexicon = lexName
	if u.Reviews, u.New, err = st.DueCount(ctx, q); err != nil {
		return u, err
	}
	all, allNew, err := st.DueCount(ctx, DueQuery(now, 0, 0))
	if err != nil {
		return u, err
	}
	u.Elsewhere = all + allNew - u.Reviews - u.New
	if u.Decks == 0 || u.Reviews+u.New > 0 {
		return u, nil
	}
	if u.Next, err = st.NextDue(ctx, lexName, now); err != nil || u.Next.IsZero() {
		return u, err
	}
	start := DayStart(u.Next.In(now.Location()))
	u.NextCount, err = st.DueBetween(ctx, lexName, start, start.AddDate(0, 0, 1))
	return u, err
}

// Text says what is due next, "" when there are no decks to speak of.
func (u Upcoming) Text(p *i18n.Printer, now time.Time) string {
	p = printer(p)
	var s string
	switch {
	case u.Decks == 0 && u.Elsewhere == 0:
		return ""
	case u.Reviews+u.New > 0:
		s = p.T("review.next.now", "Reviews", p.N("review.count.reviews", u.Reviews), "New", p.N("review.count.new", u.New))
	case u.Next.IsZero():
		s = p.T("review.next.nothing")
	default:
		next := u.Next.In(now.Location())
		days := int(DayStart(next).Sub(DayStart(now)).Hours()/24 + 0.5)
		when := p.T("review.next.today", "Time", next.Format("15:04"))
		if days > 0 {
			when = p.N("review.next.in_days", days, "Date", p.Date(next))
		}
		s = p.T("review.next.later", "Cards", p.N("review.count.cards", u.NextCount), "When", when)
	}
	if u.Elsewhere > 0 {
		s += " " + p.N("review.next.elsewhere", u.Elsewhere)
	}
	return s
}

// PostponeText says where Postpone put the cards it moved: how many a day, the days without
// cards left out (days may be thousands).
func PostponeText(p *i18n.Printer, moved []Postponed, days int, loc *time.Location) string {
	p = printer(p)
	if len(moved) == 0 {
		return p.T("review.postpone.none")
	}
	perDay := PerDay(moved)
	var parts []string
	for i, d := range perDay {
		if len(perDay) > 10 && i == 7 {
			parts = append(parts, "… "+p.N("review.postpone.more_days", len(perDay)-8))
		}
		if len(perDay) > 10 && i >= 7 && i < len(perDay)-1 {
			continue
		}
		day := DayLabel(p, d.Day.In(loc))
		if days > DeckDays {
			day = p.Date(d.Day.In(loc)) // weeks apart: the weekday says nothing
		}
		parts = append(parts, p.T("review.postpone.day", "Day", day, "Cards", p.Int(d.Cards)))
	}
	return p.T("review.postpone.done", "Cards", p.N("review.count.overdue", len(moved)), "Days", p.N("review.count.days", days),
		"PerDay", strings.Join(parts, ", "))
}
