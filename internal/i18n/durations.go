package i18n

import "time"

// Duration writes a span of time as a player reads a wait or the time left of a long job: its
// largest unit and the next one down, rounded half up to the smaller unit shown, which is left
// out when it is zero: "0 s", "45 s", "1 min", "9 min 12 s", "2 h", "1 h 34 min". Under an hour
// the span is rounded to the second, from an hour on to the minute, and the rounding comes
// first: 59.5 s is "1 min" and 59 min 59.6 s is "1 h", never "60 s" or "60 min". Hours are not
// gathered into days (a long run's 30 hours read "30 h"). A negative span, nothing left, is
// "0 s". The units are the same in both languages; the numbers are written as the language
// writes them.
func (p *Printer) Duration(d time.Duration) string {
	d = max(d, 0)
	if s := d.Round(time.Second); s < time.Hour {
		sec := int(s / time.Second)
		switch {
		case sec < 60:
			return p.T("duration.seconds", "Seconds", p.Int(sec))
		case sec%60 == 0:
			return p.T("duration.minutes", "Minutes", p.Int(sec/60))
		}
		return p.T("duration.minutes_seconds", "Minutes", p.Int(sec/60), "Seconds", p.Int(sec%60))
	}
	mins := int(d.Round(time.Minute) / time.Minute)
	if mins%60 == 0 {
		return p.T("duration.hours", "Hours", p.Int(mins/60))
	}
	return p.T("duration.hours_minutes", "Hours", p.Int(mins/60), "Minutes", p.Int(mins%60))
}
