package i18n

import (
	"testing"
	"time"
)

// Spans are rounded once, to the second under an hour and to the minute from an hour on, and
// written in their largest unit and the next one down; the boundaries never read "60 s" or
// "60 min".
func TestDuration(t *testing.T) {
	t.Parallel()
	ms := time.Millisecond
	for _, tc := range []struct {
		d      time.Duration
		en, es string
	}{
		{0, "0 s", "0 s"},
		{-5 * time.Second, "0 s", "0 s"},
		{-2 * time.Hour, "0 s", "0 s"},
		{499 * ms, "0 s", "0 s"},
		{500 * ms, "1 s", "1 s"},
		{12 * time.Second, "12 s", "12 s"},
		{59*time.Second + 499*ms, "59 s", "59 s"},
		{59*time.Second + 500*ms, "1 min", "1 min"},
		{60 * time.Second, "1 min", "1 min"},
		{61 * time.Second, "1 min 1 s", "1 min 1 s"},
		{9*time.Minute + 12*time.Second + 400*ms, "9 min 12 s", "9 min 12 s"},
		{59*time.Minute + 59*time.Second + 400*ms, "59 min 59 s", "59 min 59 s"},
		{59*time.Minute + 59*time.Second + 600*ms, "1 h", "1 h"},
		{time.Hour, "1 h", "1 h"},
		{time.Hour + 29*time.Second, "1 h", "1 h"},
		{time.Hour + 30*time.Second, "1 h 1 min", "1 h 1 min"},
		{time.Hour + 34*time.Minute + 10*time.Second, "1 h 34 min", "1 h 34 min"},
		{2*time.Hour + 59*time.Minute + 30*time.Second, "3 h", "3 h"},
		{30*time.Hour + 5*time.Minute, "30 h 5 min", "30 h 5 min"},
		{1234*time.Hour + 7*time.Minute, "1,234 h 7 min", "1234 h 7 min"},
		{12345 * time.Hour, "12,345 h", "12.345 h"},
	} {
		for _, c := range []struct {
			p    *Printer
			want string
		}{{For(English), tc.en}, {For(Spanish), tc.es}} {
			if got := c.p.Duration(tc.d); got != c.want {
				t.Errorf("%s %v: %q, want %q", c.p.Lang(), tc.d, got, c.want)
			}
		}
	}
}
