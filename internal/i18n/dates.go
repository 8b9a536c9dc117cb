package i18n

import (
	"strconv"
	"strings"
	"time"
)

// Dates as each language writes them, with the month by name so that no reader takes 3/1 for
// 1 March or the other way round: "1 Mar 2026" in English, "1 mar 2026" in Spanish. Input takes
// those, ISO (2026-03-01), and the numeric form of the language (Spanish 1/3/2026: day first).

var monthsEN = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
var monthsES = []string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"}

// long month names read on input.
var monthNames = map[string]time.Month{
	"january": 1, "february": 2, "march": 3, "april": 4, "june": 6, "july": 7, "august": 8, "september": 9, "sept": 9,
	"october": 10, "november": 11, "december": 12,
	"enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8, "septiembre": 9,
	"setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
}

func (p *Printer) months() []string {
	if p.lang == Spanish {
		return monthsES
	}
	return monthsEN
}

// Date writes a day: "1 Mar 2026" / "1 mar 2026".
func (p *Printer) Date(t time.Time) string {
	return strconv.Itoa(t.Day()) + "\u00a0" + p.months()[t.Month()-1] + "\u00a0" + strconv.Itoa(t.Year())
}

// DateTime writes a day and its time: "1 Mar 2026 09:00".
func (p *Printer) DateTime(t time.Time) string { return p.Date(t) + " " + t.Format("15:04") }

// ShortDate writes a day without its year, for plot ticks: "1 Mar" / "1 mar".
func (p *Printer) ShortDate(t time.Time) string {
	return strconv.Itoa(t.Day()) + "\u00a0" + p.months()[t.Month()-1]
}

// ParseDate reads a day in loc: ISO (2026-03-01), the language's own form ("1 Mar 2026",
// "Mar 1, 2026"; "1 mar 2026", "1 de marzo de 2026"), and in Spanish the numeric form, day
// first (1/3/2026, 01-03-2026). ok is false for anything else.
func (p *Printer) ParseDate(s string, loc *time.Location) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.ParseInLocation(time.DateOnly, s, loc); err == nil {
		return t, true
	}
	if p.lang == Spanish {
		for _, sep := range []string{"/", "-", "."} {
			if parts := strings.Split(s, sep); len(parts) == 3 {
				if t, ok := dayOf(parts[2], monthNumber(parts[1]), parts[0], loc); ok {
					return t, true
				}
			}
		}
	}
	f := strings.Fields(strings.NewReplacer(",", " ", "\u00a0", " ").Replace(strings.ToLower(s)))
	f = removeWord(f, "de")
	if len(f) != 3 {
		return time.Time{}, false
	}
	if m := monthByName(f[1]); m > 0 { // 1 Mar 2026
		return dayOf(f[2], m, f[0], loc)
	}
	if m := monthByName(f[0]); m > 0 { // Mar 1, 2026
		return dayOf(f[2], m, f[1], loc)
	}
	return time.Time{}, false
}

func removeWord(f []string, w string) []string {
	out := f[:0]
	for _, x := range f {
		if x != w {
			out = append(out, x)
		}
	}
	return out
}

func monthNumber(s string) time.Month {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 12 {
		return 0
	}
	return time.Month(n)
}

func monthByName(s string) time.Month {
	s = strings.TrimSuffix(s, ".")
	for i := range monthsEN {
		if strings.EqualFold(s, monthsEN[i]) || strings.EqualFold(s, monthsES[i]) {
			return time.Month(i + 1)
		}
	}
	return monthNames[s]
}

// dayOf is the day of year y, month m, day d in loc, when it exists (no 31 April).
func dayOf(y string, m time.Month, d string, loc *time.Location) (time.Time, bool) {
	year, err1 := strconv.Atoi(y)
	day, err2 := strconv.Atoi(d)
	if err1 != nil || err2 != nil || m == 0 || year < 1000 || year > 9999 || day < 1 || day > 31 {
		return time.Time{}, false
	}
	t := time.Date(year, m, day, 0, 0, 0, 0, loc)
	if t.Day() != day {
		return time.Time{}, false
	}
	return t, true
}
