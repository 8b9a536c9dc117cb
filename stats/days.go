package stats

import (
	"fmt"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// DayProblem is what is wrong with a day the reader wrote.
type DayProblem int

const (
	DayUnreadable DayProblem = iota // not a date
	DayFuture                       // after today where a past day is asked for
	DayPast                         // before today where a coming day is asked for
)

// DayError is a day the reader wrote that cannot serve. The front end words it, with the
// flag or field that gave the day.
type DayError struct {
	Value   string
	Problem DayProblem
}

func (e *DayError) Error() string {
	return fmt.Sprintf("day %q: %s", e.Value, [...]string{"not a date", "in the future", "passed"}[e.Problem])
}

// ParseDay reads a day as midnight in loc: ISO (2026-03-01) or as the reader's language writes
// it (see i18n.Printer.ParseDate).
func ParseDay(p *i18n.Printer, s string, loc *time.Location) (time.Time, error) {
	if t, ok := p.ParseDate(s, loc); ok {
		return t, nil
	}
	return time.Time{}, &DayError{Value: s}
}

// SinceDay is the first day of a report from the day s (ParseDay, in now's location), which
// is not after now. No answer is older than the Unix epoch, whence answers are timed: an
// earlier day (0001-01-01, which is also the zero time that means "from the start") is the
// epoch, all of them.
func SinceDay(p *i18n.Printer, s string, now time.Time) (time.Time, error) {
	day, err := ParseDay(p, s, now.Location())
	if err != nil {
		return time.Time{}, err
	}
	if day.After(now) {
		return time.Time{}, &DayError{Value: s, Problem: DayFuture}
	}
	if epoch := time.Date(1970, 1, 1, 0, 0, 0, 0, now.Location()); day.Before(epoch) {
		day = epoch
	}
	return day, nil
}
