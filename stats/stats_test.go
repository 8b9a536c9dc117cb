package stats

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

func TestWilson(t *testing.T) {
	// Reference values: Wilson score interval at z = 1.96 (e.g. Newcombe 1998, table I:
	// 81/263 → 0.2553-0.3662; 15/148 → 0.0624-0.1605; 0/20 → 0-0.1611; 1/29 → 0.0061-0.1718).
	for _, tc := range []struct {
		k, n      int
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{3, 7, 0.1582, 0.7495},
		{10, 10, 0.7225, 1},
	} {
		lo, hi := Wilson(float64(tc.k), float64(tc.n))
		if math.Abs(lo-tc.low) > 5e-4 || math.Abs(hi-tc.high) > 5e-4 {
			t.Errorf("Wilson(%d/%d) = %.4f-%.4f, want %.4f-%.4f", tc.k, tc.n, lo, hi, tc.low, tc.high)
		}
	}
	if lo, hi := Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("no answers: %v-%v, want 0-1", lo, hi)
	}
}

// Answers at 2, 10 and 40 days back land in the windows they belong to; deck answers are
// counted per deck too.
func TestCollect(t *testing.T) {
	now := time.Date(2026, 5, 31, 12, 0, 0, 0, time.UTC)
	st, err := studystore.Open(filepath.Join(t.TempDir(), "s.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	deck, err := st.CreateDeck(ctx, studystore.Deck{Name: "sietes", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 10})
	if err != nil {
		t.Fatal(err)
	}
	day := 24 * time.Hour
	for _, a := range []studystore.Answer{
		{Drill: "twos", Correct: true, Took: 2 * time.Second, At: now.Add(-2 * day)},
		{Drill: "twos", Correct: false, Took: 4 * time.Second, At: now.Add(-2 * day)},
		{Drill: "anagram", DeckID: deck, Correct: true, Took: 6 * time.Second, At: now.Add(-10 * day)},
		{Drill: "judge", Correct: true, Took: time.Second, At: now.Add(-40 * day)},
	} {
		a.Lexicon, a.Question, a.Answer = "x", "q", "a"
		if _, err := st.RecordAnswer(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Collect(ctx, st, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Windows) != 2 {
		t.Fatalf("%d windows", len(r.Windows))
	}
	w7, w30 := r.Windows[0], r.Windows[1]
	if w7.Total.Answers != 2 || w7.Total.Correct != 1 || w7.Total.MeanSeconds != 3 || len(w7.ByDrill) != 1 || len(w7.ByDeck) != 0 {
		t.Errorf("7 days: %+v", w7)
	}
	if w30.Total.Answers != 3 || len(w30.ByDrill) != 2 || w30.ByDrill[0].Group != "anagram" || len(w30.ByDeck) != 1 || w30.ByDeck[0].Group != "sietes" || w30.ByDeck[0].Seconds != 6 {
		t.Errorf("30 days: %+v", w30)
	}
	if lo, hi := w7.Total.AccuracyLow, w7.Total.AccuracyHigh; lo >= 0.5 || hi <= 0.5 || lo < 0 || hi > 1 {
		t.Errorf("1 of 2 right: interval %v-%v should hold 0.5", lo, hi)
	}
	md := r.Markdown()
	for _, want := range []string{"| twos | 2 | 50% (9–91%) | 3.0 s | 2 | 50% (9–91%) | 3.0 s |", "| anagram | 0 | – | – | 1 | 100% (21–100%) | 6.0 s |", "| sietes | 0 | – | – | 1 |", "| **all** | 2 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}
