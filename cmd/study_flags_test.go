package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// Numeric flags of the study commands are bounded: a huge value is refused at once with a clear
// message and exit 2, instead of allocating or looping without end (postpone --days
// 9999999999999 used to die out of memory; --days 100000000 ran for minutes).
func TestStudyNumericFlagsBounded(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	base := []string{"--lexicon", kwg, "--db", filepath.Join(dir, "atril.db")}
	if s, code := study(t, day1, "", append(base, "deck", "add", "dos", "--search", "length:2", "--kind", "twos")...); code != 0 {
		t.Fatal(s.err.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"review", "postpone", "--days", "9999999999999"}, "--days 9999999999999: want 1 to 3650"},
		{[]string{"review", "postpone", "--days", "100000000"}, "--days 100000000: want 1 to 3650"},
		{[]string{"review", "postpone", "--days", "-1"}, "--days -1: want 1 to 3650"},
		{[]string{"review", "--max", "100000000"}, "--max 100000000: want 0 (all due) to 10000"},
		{[]string{"review", "--time-limit", "-1s"}, "--time-limit -1s"},
		{[]string{"deck", "add", "x", "--search", "length:2", "--new-per-day", "999999999"}, "--new-per-day 999999999: want 0 to 10000"},
		{[]string{"deck", "add", "x", "--search", "length:2", "--new-per-day", "-2"}, "--new-per-day -2"},
		{[]string{"drill", "anagram", "--count", "1000000000"}, "--count 1000000000: expected 0 to 10,000 (0: every word the options select)"},
		{[]string{"drill", "build", "--count", "99999999"}, "--count 99999999"},
		{[]string{"drill", "judge", "--count", "20000"}, "--count 20000"},
		{[]string{"drill", "build", "--max-answers", "-1"}, "--max-answers -1: want 0 (no limit) or more"},
		{[]string{"drill", "anagram", "--length", "99999999"}, "words have 2 to 15 tiles"},
		{[]string{"drill", "anagram", "--ranks", "1-99999999999999999999"}, "--ranks"},
		{[]string{"drill", "judge", "--racks", "NaN", "--list"}, "--racks NaN: expected a number"},
		{[]string{"deck", "add", "x", "--search", "length:2", "--retention", "NaN"}, "--retention NaN: expected a number"},
		{[]string{"drill", "anagram", "--ranks", "0-0"}, `--ranks "0-0": ranks start at 1`},
	} {
		s, code := study(t, day1, "", append(base, c.args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, s.err.String(), c.want)
		}
	}
}
