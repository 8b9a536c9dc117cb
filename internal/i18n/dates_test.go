package i18n

import (
	"testing"
	"time"
)

// Days are written with the month by name in each language, and read in ISO or the
// language's own forms; impossible days are refused.
func TestDates(t *testing.T) {
	t.Parallel()
	en, es := For(English), For(Spanish)
	d := time.Date(2027, 3, 14, 9, 5, 0, 0, time.UTC)
	if got := en.Date(d); got != "14\u00a0Mar\u00a02027" {
		t.Errorf("en %q", got)
	}
	if got := es.DateTime(d); got != "14\u00a0mar\u00a02027 09:05" {
		t.Errorf("es %q", got)
	}
	want := time.Date(2027, 3, 14, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		p  *Printer
		in string
		ok bool
	}{
		{en, "2027-03-14", true}, {en, "14 Mar 2027", true}, {en, "Mar 14, 2027", true}, {en, "March 14, 2027", true},
		{en, "14/3/2027", false}, // English numeric dates are ambiguous
		{es, "2027-03-14", true}, {es, "14/3/2027", true}, {es, "14-03-2027", true}, {es, "14 mar 2027", true},
		{es, "14 de marzo de 2027", true}, {es, "31/4/2027", false}, {es, "14/13/2027", false}, {es, "mañana", false},
	} {
		got, ok := tc.p.ParseDate(tc.in, time.UTC)
		if ok != tc.ok || ok && !got.Equal(want) {
			t.Errorf("%s %q: %v %v", tc.p.Lang(), tc.in, got, ok)
		}
	}
}
