package stats

import (
	"context"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/interval"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

func TestWilson(t *testing.T) {
	t.Parallel()
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
		lo, hi := interval.Wilson(float64(tc.k), float64(tc.n))
		if math.Abs(lo-tc.low) > 5e-4 || math.Abs(hi-tc.high) > 5e-4 {
			t.Errorf("interval.Wilson(%d/%d) = %.4f-%.4f, want %.4f-%.4f", tc.k, tc.n, lo, hi, tc.low, tc.high)
		}
	}
	if lo, hi := interval.Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("no answers: %v-%v, want 0-1", lo, hi)
	}
}

// The textbook example x = 1..5, y = 2 4 5 4 5, worked by hand: x̄ = 3, ȳ = 4, Sxx = 10,
// Sxy = 6, so b = 0.6 and a = 2.2; the fitted values 2.8 3.4 4.0 4.6 5.2 leave residuals
// -0.8 0.6 1.0 -0.6 -0.2, SSE = 2.4, σ² = 2.4/3 = 0.8, SE(b) = √(0.8/10) = 0.282843; with
// t(0.975, 3) = 3.182446 the interval is 0.6 ± 0.900128.
func TestWLSSlopeUnweighted(t *testing.T) {
	t.Parallel()
	s, ok := WLSSlope([]float64{1, 2, 3, 4, 5}, []float64{2, 4, 5, 4, 5}, nil)
	if !ok {
		t.Fatal("no slope")
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"slope", s.Slope, 0.6}, {"intercept", s.Intercept, 2.2}, {"SE", s.SE, 0.282843},
		{"low", s.Low, 0.6 - 0.900128}, {"high", s.High, 0.6 + 0.900128},
	} {
		if math.Abs(c.got-c.want) > 1e-5 {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
}

// A weighted fit worked by hand: x = 0 1 2 3, y = 1 3 2 5, w = 1 2 2 1. Σw = 6, x̄w = 9/6 = 1.5,
// ȳw = 16/6 = 2.6667. Sxx = Σw(x-x̄)² = 2.25+0.5+0.5+2.25 = 5.5; Sxy = Σw(x-x̄)(y-ȳ) =
// (-1.5)(-1.6667) + 2(-0.5)(0.3333) + 2(0.5)(-0.6667) + (1.5)(2.3333) = 2.5-0.3333-0.6667+3.5 = 5,
// b = 5/5.5 = 0.909091, a = 2.6667 - 0.909091·1.5 = 1.303030. Residuals -0.303030 0.787879
// -1.121212 0.969697; SSE = Σw r² = 0.091827+1.241506+2.514233+0.940312 = 4.787879;
// σ² = 4.787879/2 = 2.393939; SE = √(2.393939/5.5) = 0.659740; t(0.975, 2) = 4.302653.
func TestWLSSlopeWeighted(t *testing.T) {
	t.Parallel()
	s, ok := WLSSlope([]float64{0, 1, 2, 3}, []float64{1, 3, 2, 5}, []float64{1, 2, 2, 1})
	if !ok {
		t.Fatal("no slope")
	}
	if math.Abs(s.Slope-0.909091) > 1e-5 || math.Abs(s.Intercept-1.303030) > 1e-5 || math.Abs(s.SE-0.659740) > 1e-5 {
		t.Errorf("slope %.6f intercept %.6f SE %.6f; want 0.909091 1.303030 0.659740", s.Slope, s.Intercept, s.SE)
	}
	if half := (s.High - s.Low) / 2; math.Abs(half-4.302653*0.659740) > 1e-4 {
		t.Errorf("half interval %.6f, want %.6f", half, 4.302653*0.659740)
	}
	if _, ok := WLSSlope([]float64{1, 2}, []float64{1, 2}, nil); ok {
		t.Error("two points gave a slope with an interval")
	}
	if _, ok := WLSSlope([]float64{2, 2, 2}, []float64{1, 2, 3}, nil); ok {
		t.Error("x that does not vary gave a slope")
	}
}

// The Challenger O-ring data (23 launches before January 1986: launch temperature in °F and
// whether an O-ring was damaged), the classic logistic regression example (Dalal, Fowlkes and
// Hoadley 1989; e.g. Faraway, Extending the Linear Model with R, table 2.1): the published fit is
// intercept 15.0429 (SE 7.3786), temperature -0.2322 (SE 0.1082), log-likelihood -10.1576.
func TestFitLogitChallenger(t *testing.T) {
	t.Parallel()
	temp := []float64{66, 70, 69, 68, 67, 72, 73, 70, 57, 63, 70, 78, 67, 53, 67, 75, 70, 81, 76, 79, 75, 76, 58}
	damaged := []float64{0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1}
	fit, err := FitLogit(temp, 1, damaged)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"intercept", fit.Coef[0], 15.0429}, {"temperature", fit.Coef[1], -0.2322},
		{"SE intercept", fit.SE[0], 7.3786}, {"SE temperature", fit.SE[1], 0.1082},
		{"log-likelihood", fit.LogLik, -10.1576},
	} {
		if math.Abs(c.got-c.want) > 1e-4*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s = %.5f, want %.4f", c.name, c.got, c.want)
		}
	}
	// Separated data have no maximum: refused, not a silly answer.
	if _, err := FitLogit([]float64{1, 2, 3, 4, 5, 6}, 1, []float64{0, 0, 0, 1, 1, 1}); err == nil {
		t.Error("perfectly separated data fitted")
	}
}

// Quartiles from the histogram: times spread evenly over buckets give the exact quantiles.
func TestTimesQuantile(t *testing.T) {
	t.Parallel()
	h := Times{}
	for ms := int64(0); ms < 10_000; ms += 10 { // 0, 10, ..., 9990 ms: uniform over 0-10 s
		h.Add(ms)
	}
	for _, c := range []struct{ q, want float64 }{{0.25, 2.5}, {0.5, 5}, {0.75, 7.5}} {
		if got := h.Quantile(c.q); math.Abs(got-c.want) > 0.01 {
			t.Errorf("quantile %.2f = %.3f s, want %.3f", c.q, got, c.want)
		}
	}
	back := Times{}
	back.Decode(h.Encode())
	if back.Count() != 1000 || back.Quantile(0.5) != h.Quantile(0.5) {
		t.Errorf("encode/decode lost counts: %d", back.Count())
	}
	slow := Times{}
	slow.Add(45_500) // 1 s buckets past 30 s
	slow.Add(10 * 60 * 1000)
	if got := slow.Quantile(0.5); got < 45 || got > 46 {
		t.Errorf("median of 45.5 s and 10 min = %.2f, want within 45-46 s", got)
	}
	var empty Times
	if empty.Quantile(0.5) != 0 {
		t.Error("empty histogram has a median")
	}
	damaged := Times{}
	damaged.Decode([]byte{0xff, 0xff})
	if damaged.Count() != 0 {
		t.Error("undecodable bytes counted")
	}
}

func TestBand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ rank, of, want int }{
		{1, 100, 1}, {20, 100, 1}, {21, 100, 2}, {100, 100, 5}, {0, 100, 0}, {3, 0, 0}, {1, 1, 1},
	} {
		if got := Band(c.rank, c.of); got != c.want {
			t.Errorf("Band(%d, %d) = %d, want %d", c.rank, c.of, got, c.want)
		}
	}
}

type testLexicons struct{ lex *lexicon.Lexicon }

func (l testLexicons) Tiles() *lexicon.TileSet { return l.lex.Tiles }
func (l testLexicons) Lexicon(name string) *lexicon.Lexicon {
	if name == l.lex.Name {
		return l.lex
	}
	return nil
}

func TestQuestionFeatures(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	for _, c := range []struct {
		kind, q                 string
		tiles, digraphs, blanks int
		ranked                  bool
	}{
		{"judge", "CHARRO", 4, 2, 0, true},        // CH A RR O
		{"digraphs", "C·H·I·C·O", 5, 0, 0, false}, // five single tiles: not the word CHICO
		{"digraphs", "CH·I·C·O", 4, 1, 0, true},
		{"anagram", "AACRS", 5, 0, 0, true}, // a rack: ranked by its anagrams (CARAS, ...)
		{"anagram", "AEIRST?", 7, 0, 1, false},
		{"twos", "K", 0, 0, 0, false}, // not a tile of the set
	} {
		f := QuestionFeatures(ts, lex, c.kind, c.q)
		if f.Tiles != c.tiles || f.Digraphs != c.digraphs || f.Blanks != c.blanks || (f.Rank > 0) != c.ranked {
			t.Errorf("%s %q: %+v; want %d tiles, %d digraphs, %d blanks, ranked %v", c.kind, c.q, f, c.tiles, c.digraphs, c.blanks, c.ranked)
		}
		if f.Rank > f.RankOf {
			t.Errorf("%q: rank %d of %d", c.q, f.Rank, f.RankOf)
		}
	}
	if f := QuestionFeatures(ts, nil, "judge", "CHARRO"); f.Tiles != 4 || f.Rank != 0 {
		t.Errorf("without a lexicon: %+v", f)
	}
}

func openTestStore(t *testing.T, now time.Time) *studystore.Store {
	t.Helper()
	st, err := studystore.Open(filepath.Join(t.TempDir(), "s.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func record(t *testing.T, st *studystore.Store, as ...studystore.Answer) {
	t.Helper()
	for _, a := range as {
		if a.Answer == "" {
			a.Answer = "x"
		}
		if _, err := st.RecordAnswer(context.Background(), a); err != nil {
			t.Fatal(err)
		}
	}
}

// Answers on several days land in the windows and groups they belong to; the sums kept in the
// store give the same report as summing again from scratch, and new answers are added on the
// next update.
func TestCollect(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	lx := testLexicons{lex}
	now := time.Date(2026, 5, 31, 12, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	ctx := context.Background()
	deck, err := st.CreateDeck(ctx, studystore.Deck{Name: "sietes", Lexicon: lex.Name, Kind: "judge", Scheduler: "fsrs", NewPerDay: 10})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, deck, lex.Name, "judge", studystore.Cards("CHARRO")); err != nil {
		t.Fatal(err)
	}
	cards, err := st.DeckCards(ctx, deck)
	if err != nil || len(cards) != 1 {
		t.Fatal(cards, err)
	}
	day := 24 * time.Hour
	a := func(drill, q string, right bool, ms int, back time.Duration) studystore.Answer {
		return studystore.Answer{Drill: drill, Lexicon: lex.Name, Question: q, Correct: right,
			Took: time.Duration(ms) * time.Millisecond, At: now.Add(-back)}
	}
	rev := a("review", "CHARRO", false, 8000, 10*day)
	rev.DeckID, rev.CardID = deck, cards[0].CardID
	record(t, st,
		a("twos", "AS", true, 2000, 2*day),
		a("twos", "ZO", false, 4000, 2*day),
		rev,
		a("judge", "CASA", true, 1000, 40*day),
		a("judge", "CASAS", true, 1000, 100*day), // outside every window
	)
	if _, err := Update(ctx, st, time.UTC, lx, nil); err != nil {
		t.Fatal(err)
	}
	r, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	if r.Empty || len(r.Windows) != 3 {
		t.Fatalf("empty %v, %d windows", r.Empty, len(r.Windows))
	}
	w7, w30, w90 := r.Windows[0], r.Windows[1], r.Windows[2]
	if w7.Total.Answers != 2 || w7.Total.Correct != 1 || w7.Total.MeanSeconds != 3 || len(w7.ByDrill) != 1 || len(w7.ByDeck) != 0 {
		t.Errorf("7 days: %+v", w7)
	}
	if w7.Since != "2026-05-25" {
		t.Errorf("7 days since %s, want 2026-05-25 (today and the 6 days before)", w7.Since)
	}
	if w30.Total.Answers != 3 || len(w30.ByDrill) != 2 || w30.ByDrill[0].Group != "review" || len(w30.ByDeck) != 1 ||
		w30.ByDeck[0].Group != "sietes" || w30.ByDeck[0].Seconds != 8 {
		t.Errorf("30 days: %+v", w30)
	}
	if len(w30.ByCardKind) != 1 || w30.ByCardKind[0].Group != "judge" || w30.ByCardKind[0].Answers != 1 {
		t.Errorf("reviews by card kind: %+v", w30.ByCardKind)
	}
	if w90.Total.Answers != 4 {
		t.Errorf("90 days: %d answers, want 4", w90.Total.Answers)
	}
	// CHARRO has digraphs, the others do not; lengths 2 (AS ZO), 4 (CHARRO, CASA).
	dg := map[string]int{}
	for _, g := range w90.ByDigraph {
		dg[g.Group] = g.Answers
	}
	ln := map[string]int{}
	for _, g := range w90.ByLength {
		ln[g.Group] = g.Answers
	}
	if dg["yes"] != 1 || dg["no"] != 3 || ln["2"] != 2 || ln["4"] != 2 || len(w90.ByBand) == 0 {
		t.Errorf("digraphs %v, lengths %v, bands %+v", dg, ln, w90.ByBand)
	}
	if w7.Total.MedianSeconds < 2 || w7.Total.MedianSeconds > 4 {
		t.Errorf("median of 2 s and 4 s = %.2f", w7.Total.MedianSeconds)
	}
	if len(r.Daily) != 90 || r.Daily[87].Answers != 2 || r.Daily[89].Date != "2026-05-31" {
		t.Errorf("daily: %d days, %+v", len(r.Daily), r.Daily[len(r.Daily)-3:])
	}

	// One deck only.
	rd, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC, Deck: "sietes"})
	if err != nil || rd.Windows[2].Total.Answers != 1 {
		t.Errorf("deck sietes: %+v, %v", rd.Windows[2].Total, err)
	}
	// --since: one window from that day.
	rs, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC, Since: now.Add(-50 * day)})
	if err != nil || len(rs.Windows) != 1 || rs.Windows[0].Days != 51 || rs.Windows[0].Total.Answers != 4 {
		t.Errorf("since 50 days: %+v, %v", rs.Windows, err)
	}

	// New answers are summed by the next update, and counted once.
	record(t, st, a("twos", "AS", true, 1500, time.Hour))
	if _, err := Update(ctx, st, time.UTC, lx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Update(ctx, st, time.UTC, lx, nil); err != nil {
		t.Fatal(err)
	}
	r2, _ := Collect(ctx, st, Options{Now: now, Loc: time.UTC})
	if r2.Windows[0].Total.Answers != 3 {
		t.Errorf("after one more answer: %d in 7 days, want 3", r2.Windows[0].Total.Answers)
	}
	qs, _ := st.StatsQuestions(ctx)
	for _, q := range qs {
		if q.Question == "AS" && (q.Answers != 2 || q.Correct != 2) {
			t.Errorf("question AS: %+v", q)
		}
	}
	// Another time zone counts the days again, from scratch.
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Skip("no time zone data")
	}
	if _, err := Update(ctx, st, madrid, lx, nil); err != nil {
		t.Fatal(err)
	}
	r3, _ := Collect(ctx, st, Options{Now: now, Loc: madrid})
	if r3.Windows[2].Total.Answers != 5 {
		t.Errorf("in Madrid time: %d answers in 90 days, want 5", r3.Windows[2].Total.Answers)
	}
}

// A player who gets better by a known amount each day shows a trend that says so.
func TestCollectTrend(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	ctx := context.Background()
	// 28 days, 20 answers a day; right answers go from 6 to 6 + 27/2 = 19 (one more every two days):
	// about 2.5 points a day, 17.5 points a week.
	for d := 0; d < 28; d++ {
		right := 6 + d/2
		for i := 0; i < 20; i++ {
			record(t, st, studystore.Answer{Drill: "anagram", Lexicon: "x", Question: "Q", Correct: i < right,
				Took: time.Second, At: now.Add(-time.Duration(27-d) * 24 * time.Hour)})
		}
	}
	if _, err := Update(ctx, st, time.UTC, nil, nil); err != nil {
		t.Fatal(err)
	}
	r, err := Collect(ctx, st, Options{Now: now, Loc: time.UTC})
	if err != nil {
		t.Fatal(err)
	}
	tr := r.Windows[2].Total.Trend
	if tr == nil || tr.Slope < 15 || tr.Slope > 20 || tr.Low <= 0 || tr.Points != 28 {
		t.Fatalf("trend %+v, want about 17.5 points a week, above 0", tr)
	}
	if w := TrendWords(printer("en"), tr); w[:9] != "improving" {
		t.Errorf("trend in words: %q", w)
	}
	if w := TrendWords(printer("es"), tr); w[:9] != "mejorando" {
		t.Errorf("trend in Spanish: %q", w)
	}
}

// With no answers at all the report says it is the first day.
func TestCollectEmpty(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	if _, err := Update(context.Background(), st, time.UTC, nil, nil); err != nil {
		t.Fatal(err)
	}
	r, err := Collect(context.Background(), st, Options{Now: now})
	if err != nil || !r.Empty || r.Windows[0].Total.Answers != 0 {
		t.Errorf("empty store: %+v, %v", r, err)
	}
}

func printer(lang string) *i18n.Printer {
	if lang == "es" {
		return i18n.For(i18n.Spanish)
	}
	return i18n.For(i18n.English)
}

// A database that cannot be written (here, opened read-only) keeps what it had; the report adds
// the sums it could not keep, and says the same as one that could.
func TestCollectReadOnly(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 31, 20, 0, 0, 0, time.UTC)
	st := openTestStore(t, now)
	ctx := context.Background()
	day := 24 * time.Hour
	record(t, st,
		studystore.Answer{Drill: "twos", Lexicon: "x", Question: "AS", Correct: true, Took: time.Second, At: now.Add(-3 * day)},
		studystore.Answer{Drill: "twos", Lexicon: "x", Question: "ZO", Correct: false, Took: time.Second, At: now.Add(-40 * day)},
	)
	if _, err := Update(ctx, st, time.UTC, nil, nil); err != nil {
		t.Fatal(err)
	}
	record(t, st, studystore.Answer{Drill: "judge", Lexicon: "x", Question: "CASA", Correct: true, Took: time.Second, At: now.Add(-day)})
	ro, err := studystore.Open(st.Path(), studystore.Options{Now: func() time.Time { return now }, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	un, err := Update(ctx, ro, time.UTC, nil, nil)
	if err != nil || len(un.days) == 0 || len(un.questions) != 1 {
		t.Fatalf("unsaved %+v, %v", un, err)
	}
	r, err := Collect(ctx, ro, Options{Now: now, Loc: time.UTC, Unsaved: un})
	if err != nil || r.Windows[0].Total.Answers != 2 || r.Windows[2].Total.Answers != 3 || len(r.Windows[2].ByDrill) != 2 {
		t.Errorf("read-only report: %+v %v", r.Windows, err)
	}
	w, err := FindWeak(ctx, ro, nil, WeakOptions{Now: now, Unsaved: un})
	if err != nil || len(w.MostMissed) != 1 || w.MostMissed[0].Question != "ZO" || len(w.Slowest) != 0 {
		t.Errorf("read-only weak words: %+v %v", w, err)
	}
	if last, _, _ := st.StatsProgress(ctx); last != 2 {
		t.Errorf("progress %d: the read-only database was written", last)
	}
}
