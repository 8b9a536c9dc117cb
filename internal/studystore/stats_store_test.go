package studystore_test

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

func openStats(t *testing.T) *studystore.Store {
	t.Helper()
	s, err := studystore.Open(filepath.Join(t.TempDir(), "s.db"), studystore.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Sums are added to what the store holds, histograms merged by the caller's function, and only
// when the progress is still what the caller read: a second process that summed the same
// answers meanwhile is not counted twice.
func TestApplyStats(t *testing.T) {
	t.Parallel()
	s := openStats(t)
	ctx := context.Background()
	concat := func(old, add []byte) []byte { return append(append([]byte{}, old...), add...) }
	day := studystore.StatsDay{Day: 20000, Deck: "", Dim: "all", Value: "all", Answers: 3, Correct: 2, TimeMS: 900, Times: []byte{1}}
	q := studystore.StatsQuestion{Lexicon: "x", Kind: "judge", Question: "CASA", Tiles: 4, Rank: 7, RankOf: 100,
		Answers: 3, Correct: 2, TimeMS: 900, FirstAt: t0, LastAt: t0.Add(time.Hour)}
	ok, err := s.ApplyStats(ctx, studystore.StatsUpdate{From: 0, To: 3, Zone: "UTC", Days: []studystore.StatsDay{day},
		Merge: concat, Questions: []studystore.StatsQuestion{q}})
	if err != nil || !ok {
		t.Fatalf("first sums: %v %v", ok, err)
	}
	q2 := q
	q2.Answers, q2.Correct, q2.TimeMS, q2.Tiles, q2.FirstAt, q2.LastAt = 1, 0, 100, 99, t0.Add(-time.Hour), t0
	day.Times = []byte{2}
	if ok, err := s.ApplyStats(ctx, studystore.StatsUpdate{From: 0, To: 4, Zone: "UTC", Days: []studystore.StatsDay{day}, Merge: concat}); err != nil || ok {
		t.Errorf("stale progress applied: %v %v", ok, err)
	}
	if ok, err := s.ApplyStats(ctx, studystore.StatsUpdate{From: 3, To: 4, Zone: "UTC", Days: []studystore.StatsDay{day},
		Merge: concat, Questions: []studystore.StatsQuestion{q2}}); err != nil || !ok {
		t.Fatalf("next sums: %v %v", ok, err)
	}
	last, zone, _ := s.StatsProgress(ctx)
	days, _ := s.StatsDays(ctx, studystore.StatsDaysQuery{From: 0, To: 30000})
	qs, _ := s.StatsQuestions(ctx)
	if last != 4 || zone != "UTC" || len(days) != 1 || days[0].Answers != 6 || days[0].Correct != 4 || string(days[0].Times) != "\x01\x02" {
		t.Errorf("progress %d %s, days %+v", last, zone, days)
	}
	if len(qs) != 1 || qs[0].Answers != 4 || qs[0].Tiles != 4 || !qs[0].FirstAt.Equal(t0.Add(-time.Hour)) || !qs[0].LastAt.Equal(t0.Add(time.Hour)) {
		t.Errorf("question %+v: sums added, make-up kept, first and last widened", qs)
	}
	got, err := s.StatsQuestionsFor(ctx, []studystore.QuestionKey{{"x", "judge", "CASA"}, {"x", "judge", "NADA"}})
	if err != nil || len(got) != 1 || got[0].Rank != 7 {
		t.Errorf("lookup: %+v %v", got, err)
	}
	if d, _ := s.StatsDays(ctx, studystore.StatsDaysQuery{From: 0, To: 30000, Decks: []string{"sietes"}}); len(d) != 0 {
		t.Errorf("deck filter: %+v", d)
	}
	if err := s.ResetStats(ctx); err != nil {
		t.Fatal(err)
	}
	if last, zone, _ := s.StatsProgress(ctx); last != 0 || zone != "" {
		t.Errorf("after reset: %d %q", last, zone)
	}
}

// The report's read of the daily sums searches the primary key by day.
func TestStatsDaysUsesItsKey(t *testing.T) {
	t.Parallel()
	s := openStats(t)
	rows, err := s.DB().Query(`EXPLAIN QUERY PLAN SELECT day, deck, dim, value, answers, correct, time_ms, times FROM stats_days WHERE day >= ? AND day <= ? ORDER BY day`, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		rows.Scan(&id, &parent, &unused, &detail)
		plan = append(plan, detail)
	}
	all := strings.Join(plan, "\n")
	if !strings.Contains(all, "SEARCH stats_days USING PRIMARY KEY (day>? AND day<?)") || strings.Contains(all, "TEMP B-TREE") {
		t.Errorf("plan:\n%s", all)
	}
}

// Parameters are kept per deck and for every deck; a deck's own win; deleting the deck deletes
// its own; bad weights are refused.
func TestFSRSParameters(t *testing.T) {
	t.Parallel()
	s := openStats(t)
	ctx := context.Background()
	a, _ := s.CreateDeck(ctx, studystore.Deck{Name: "a", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	b, _ := s.CreateDeck(ctx, studystore.Deck{Name: "b", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
	if w, err := s.FSRSWeights(ctx, a); err != nil || w != nil {
		t.Errorf("nothing fitted: %v %v", w, err)
	}
	global := srs.DefaultWeights()
	global[0] = 0.5
	own := srs.DefaultWeights()
	own[0] = 0.7
	if err := s.SaveFSRSParameters(ctx, studystore.FSRSParameters{Weights: global, Reviews: 10, LogLoss: 0.3}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveFSRSParameters(ctx, studystore.FSRSParameters{DeckID: b, Weights: own, Reviews: 5}); err != nil {
		t.Fatal(err)
	}
	global[0] = 0.55 // saved again: replaces
	if err := s.SaveFSRSParameters(ctx, studystore.FSRSParameters{Weights: global, Reviews: 12}); err != nil {
		t.Fatal(err)
	}
	if w, _ := s.FSRSWeights(ctx, a); !slices.Equal(w, global) {
		t.Errorf("deck a: %v, want every deck's", w)
	}
	if p, ok, _ := s.FSRSParametersFor(ctx, b); !ok || p.DeckID != b || !slices.Equal(p.Weights, own) || p.Reviews != 5 {
		t.Errorf("deck b: %+v", p)
	}
	if err := s.DeleteDeck(ctx, "b"); err != nil {
		t.Fatal(err)
	}
	var n int
	s.DB().QueryRow(`SELECT count(*) FROM fsrs_parameters`).Scan(&n)
	if n != 1 {
		t.Errorf("%d parameter rows after deleting deck b, want 1", n)
	}
	for _, w := range [][]float64{{1, 2, 3}, append(srs.DefaultWeights()[:20], math.NaN())} {
		if err := s.SaveFSRSParameters(ctx, studystore.FSRSParameters{Weights: w}); err == nil {
			t.Errorf("weights %v saved", w)
		}
	}
}

func TestTournaments(t *testing.T) {
	t.Parallel()
	s := openStats(t)
	ctx := context.Background()
	if _, ok, err := s.NextTournament(ctx, "2026-03-01"); ok || err != nil {
		t.Errorf("none set: %v %v", ok, err)
	}
	for _, d := range []string{"2026-05-10", "2026-04-01", "2025-12-01"} {
		if err := s.SetTournament(ctx, studystore.Tournament{Date: d}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetTournament(ctx, studystore.Tournament{Date: "1/4/2026"}); err == nil {
		t.Error("a date not YYYY-MM-DD was kept")
	}
	if tn, ok, _ := s.NextTournament(ctx, "2026-03-01"); !ok || tn.Date != "2026-04-01" {
		t.Errorf("next: %+v", tn)
	}
	if tn, ok, _ := s.NextTournament(ctx, "2026-04-01"); !ok || tn.Date != "2026-04-01" {
		t.Errorf("on the day: %+v", tn)
	}
	if _, ok, _ := s.NextTournament(ctx, "2026-06-01"); ok {
		t.Error("a past tournament is next")
	}
}
