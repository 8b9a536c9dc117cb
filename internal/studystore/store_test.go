package studystore_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// clock is a fixed clock the test moves by hand.
type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

func openTemp(t testing.TB, c *clock) *studystore.Store {
	t.Helper()
	s, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestRecordAnswerAndStats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := &clock{t0}
	s := openTemp(t, c)
	sid, err := s.StartSession(ctx, studystore.Session{Drill: "twos", Lexicon: "test", Options: map[string]int{"seed": 7}})
	if err != nil {
		t.Fatal(err)
	}
	answers := []studystore.Answer{
		{SessionID: sid, Drill: "twos", Lexicon: "test", Question: "AB", Answer: "y", Correct: true, Took: 1500 * time.Millisecond},
		{SessionID: sid, Drill: "twos", Lexicon: "test", Question: "ZZ", Answer: "y", Correct: false, Took: 2500 * time.Millisecond},
		{SessionID: sid, Drill: "judge", Lexicon: "test", Question: "CASA", Answer: "y", Correct: true, Took: 1000 * time.Millisecond,
			Before: &srs.State{}, After: &srs.State{Phase: srs.Review, Box: 1, Due: t0.AddDate(0, 0, 4)}},
	}
	for i, a := range answers {
		c.t = t0.Add(time.Duration(i) * time.Minute)
		if _, err := s.RecordAnswer(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.EndSession(ctx, sid); err != nil {
		t.Fatal(err)
	}
	got, err := s.Answers(ctx, studystore.AnswerQuery{SessionID: sid})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("got %d answers, want 3", len(got))
	}
	if got[1].Question != "ZZ" || got[1].Correct || got[1].Took != 2500*time.Millisecond || !got[1].At.Equal(t0.Add(time.Minute)) {
		t.Errorf("answer 2 read back as %+v", got[1])
	}
	if got[2].After == nil || got[2].After.Box != 1 || !got[2].After.Due.Equal(t0.AddDate(0, 0, 4)) || got[2].Before == nil || got[0].Before != nil {
		t.Errorf("states read back wrong: %+v / %+v", got[2].Before, got[2].After)
	}
	st, err := s.StatsByDrill(ctx, t0.Add(-7*24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []studystore.Stat{
		{Group: "judge", Answers: 1, Correct: 1, Accuracy: 1, Time: time.Second, Mean: time.Second},
		{Group: "twos", Answers: 2, Correct: 1, Accuracy: 0.5, Time: 4 * time.Second, Mean: 2 * time.Second},
	}
	if len(st) != len(want) || st[0] != want[0] || st[1] != want[1] {
		t.Errorf("stats = %+v, want %+v", st, want)
	}
	st, _ = s.StatsByDrill(ctx, t0.Add(30*time.Second))
	if len(st) != 2 || st[1].Answers != 1 {
		t.Errorf("stats since t0+30s = %+v, want one twos answer and the judge one", st)
	}
}

// The database lives in the data directory lexicons use, unless $ATRIL_DB names it.
func TestDefaultPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		env  map[string]string
		want string // "" for an error
	}{
		{map[string]string{"ATRIL_DB": "/d/x.db", "ATRIL_DATA_DIR": "/a", "HOME": "/h"}, "/d/x.db"},
		{map[string]string{"ATRIL_DATA_DIR": "/a", "XDG_DATA_HOME": "/x", "HOME": "/h"}, "/a/atril.db"},
		{map[string]string{"XDG_DATA_HOME": "/x", "HOME": "/h"}, "/x/atril/atril.db"},
		{map[string]string{"HOME": "/h"}, "/h/.local/share/atril/atril.db"},
		{map[string]string{}, ""},
	} {
		got, err := studystore.DefaultPath(func(k string) string { return tc.env[k] })
		switch {
		case tc.want == "" && (err == nil || !strings.Contains(err.Error(), "ATRIL_DB")):
			t.Errorf("%v: %q, %v; want an error naming ATRIL_DB", tc.env, got, err)
		case tc.want != "" && (err != nil || got != filepath.FromSlash(tc.want)):
			t.Errorf("%v: %q, %v; want %q", tc.env, got, err, tc.want)
		}
	}
}
