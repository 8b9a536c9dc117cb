package drills

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/ui"
)

// DeckStatus is a deck with its cards by state and what falls due in the coming days, for
// `atril deck list`.
type DeckStatus struct {
	studystore.Deck
	studystore.DeckCounts
	// NewToday is how many new cards `atril review` shows today (the daily limit less those
	// started today): counted in today's column beside DuePerDay[0].
	NewToday int `json:"new_today"`
}

// Today is what `atril review` asks of the deck today: the reviews due and the new cards.
func (d DeckStatus) Today() int {
	if len(d.DuePerDay) == 0 {
		return d.NewToday
	}
	return d.DuePerDay[0] + d.NewToday
}

// DeckDays is how many days ahead DeckStatuses counts (today first).
const DeckDays = 7

// DeckStatuses is every deck's status at now.
func DeckStatuses(ctx context.Context, st *studystore.Store, now time.Time) ([]DeckStatus, error) {
	decks, err := st.Decks(ctx)
	if err != nil {
		return nil, err
	}
	start := DayStart(now)
	out := make([]DeckStatus, 0, len(decks))
	for _, d := range decks {
		counts, err := st.Counts(ctx, d, start, DeckDays)
		if err != nil {
			return nil, err
		}
		_, fresh, err := st.DueCount(ctx, DueQuery(now, d.ID, 0))
		if err != nil {
			return nil, err
		}
		out = append(out, DeckStatus{Deck: d, DeckCounts: counts, NewToday: fresh})
	}
	return out, nil
}

// DeckListDoc is `atril deck list` in p's language: the decks with their lexicon and cards by
// state, then what falls due each day of the week ahead, each table readable at 80 columns.
func DeckListDoc(p *i18n.Printer, ds []DeckStatus, now time.Time) *ui.Doc {
	p = printer(p)
	d := ui.NewDoc()
	if len(ds) == 0 {
		return d.P(p.T("deck.list.none"))
	}
	// Deck names are typed (drill --deck, review --deck): never cut. A narrow terminal leaves
	// out the scheduler, then the kind, then the later days of the week ahead.
	t := ui.NewTable(ui.Col{Header: p.T("deck.list.deck")}, ui.Col{Header: p.T("deck.list.lexicon")},
		ui.Col{Header: p.T("deck.list.kind"), Drop: 1}, ui.Col{Header: p.T("deck.list.scheduler"), Drop: 2},
		ui.Col{Header: p.T("deck.list.cards"), Right: true}, ui.Col{Header: p.T("deck.list.new"), Right: true},
		ui.Col{Header: p.T("deck.list.learning"), Right: true}, ui.Col{Header: p.T("deck.list.review"), Right: true})
	for _, s := range ds {
		b := s.ByPhase
		t.Row(i18n.Escape(s.Name), s.Lexicon, NameAs(p, Kind(s.Kind), InColumn), SchedulerName(p, s.Scheduler), p.Int(s.Cards),
			p.Int(b["new"]), p.Int(b["learning"]+b["relearning"]), p.Int(b["review"]))
	}
	d.Table(t)

	start := DayStart(now)
	cols := []ui.Col{{Header: p.T("deck.list.deck")}, {Header: p.T("deck.list.today"), Right: true}}
	for i := 1; i < DeckDays; i++ {
		cols = append(cols, ui.Col{Header: DayLabel(p, start.AddDate(0, 0, i)), Right: true, Drop: i})
	}
	due := ui.NewTable(cols...)
	for _, s := range ds {
		row := []string{i18n.Escape(s.Name), p.Int(s.Today())}
		for i := 1; i < DeckDays && i < len(s.DuePerDay); i++ {
			row = append(row, p.Int(s.DuePerDay[i]))
		}
		due.Row(row...)
	}
	d.H2(p.T("deck.list.due_title")).Table(due)
	for _, s := range ds {
		if s.ByBox == nil {
			continue
		}
		var boxes []string
		for i, n := range s.ByBox {
			boxes = append(boxes, strconv.Itoa(i)+":"+p.Int(n))
		}
		d.P(p.T("deck.list.boxes", "Deck", s.Name, "Boxes", strings.Join(boxes, " ")))
	}
	d.Note(p.T("deck.list.today_note"))
	return d
}

// SchedulerName is a scheduler as the reader calls it.
func SchedulerName(p *i18n.Printer, s string) string {
	switch s {
	case "fsrs":
		return p.T("deck.scheduler.fsrs")
	case "cardbox":
		return p.T("deck.scheduler.cardbox")
	}
	return s
}

// DayLabel is a day as a column header: "Tue 3", "mar 3".
func DayLabel(p *i18n.Printer, t time.Time) string {
	var wd string
	switch t.Weekday() {
	case time.Monday:
		wd = p.T("deck.weekday.mon")
	case time.Tuesday:
		wd = p.T("deck.weekday.tue")
	case time.Wednesday:
		wd = p.T("deck.weekday.wed")
	case time.Thursday:
		wd = p.T("deck.weekday.thu")
	case time.Friday:
		wd = p.T("deck.weekday.fri")
	case time.Saturday:
		wd = p.T("deck.weekday.sat")
	default:
		wd = p.T("deck.weekday.sun")
	}
	return wd + " " + strconv.Itoa(t.Day())
}
