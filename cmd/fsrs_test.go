package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// fsrsPlayer is a player whose memory differs from FSRS-6's defaults (longer first stabilities,
// a flatter curve).
var fsrsPlayer = []float64{
	0.6, 1.8, 4.0, 12.0, 6.0, 0.7, 2.2, 0.02, 1.5, 0.12, 1.0, 1.9, 0.08, 0.35, 1.2, 0.5, 2.2,
	0.4, 0.2, 0.1, 0.3,
}

// seedFSRSReviews logs a simulated player's graded reviews in deck "sim" (cards Q0, Q1, ...), the
// last ones before now, and returns them as a log.
func seedFSRSReviews(t *testing.T, db string, cards int, now time.Time) []fsrsfit.Review {
	t.Helper()
	sim := fsrsfit.Simulation{Weights: fsrsPlayer, Cards: cards, ReviewsPerCard: 10, Days: 200, Seed: 3}
	rs, err := sim.Run()
	if err != nil {
		t.Fatal(err)
	}
	st, err := studystore.Open(db, studystore.Options{Now: func() time.Time { return now }, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "sim", Lexicon: "x", Kind: "twos", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		t.Fatal(err)
	}
	qs := make([]string, cards)
	for i := range qs {
		qs[i] = fmt.Sprintf("Q%d", i)
	}
	if _, err := st.AddCards(ctx, d, "x", "twos", studystore.Cards(qs...)); err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	dcs, _ := st.DeckCards(ctx, d)
	for _, c := range dcs {
		ids[c.Question] = c.CardID
	}
	// The simulated days, counted back from yesterday.
	last := int64(0)
	for _, r := range rs {
		last = max(last, r.Order/256/int64(cards))
	}
	slices.SortStableFunc(rs, func(a, b fsrsfit.Review) int { return int(a.Order - b.Order) })
	tx, err := st.DB().Begin()
	if err != nil {
		t.Fatal(err)
	}
	// Statements prepared once: parsing each of the tens of thousands again would cost more
	// than the fit.
	insAnswer, err := tx.Prepare(`INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, rating, answered_at)
			VALUES (?, ?, 'review', 'x', ?, 'y', ?, 3000, ?, ?)`)
	if err != nil {
		t.Fatal(err)
	}
	defer insAnswer.Close()
	for _, r := range rs {
		day := r.Order / 256 / int64(cards)
		k := r.Order % 256
		at := now.AddDate(0, 0, int(day-last-1)).Add(time.Duration(k) * time.Minute)
		if _, err := insAnswer.Exec(ids[fmt.Sprintf("Q%d", r.Card)], d,
			fmt.Sprintf("Q%d", r.Card), r.Rating > 1, r.Rating, at.UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	// The cards' schedules as those reviews leave them.
	mem, _ := srs.NewMemory(fsrsPlayer)
	type sched struct {
		s, d, ivl float64
		last      time.Time
	}
	states := map[int64]*sched{}
	for _, r := range rs {
		day := r.Order / 256 / int64(cards)
		at := now.AddDate(0, 0, int(day-last-1)).Add(time.Duration(r.Order%256) * time.Minute)
		c := states[r.Card]
		if c == nil {
			c = &sched{}
			states[r.Card] = c
		}
		delta := 0
		if c.s > 0 {
			delta = max(r.DeltaT, 0)
		}
		c.s, c.d, c.ivl = mem.Next(c.s, c.d, delta, srs.Rating(r.Rating), 0.9)
		c.last = at
	}
	setSchedule, err := tx.Prepare(`UPDATE deck_cards SET state = 2, stability = ?, difficulty = ?, last_review = ?, due = ?,
			first_review = ?, reps = 5 WHERE deck_id = ? AND card_id = ?`)
	if err != nil {
		t.Fatal(err)
	}
	defer setSchedule.Close()
	for card, c := range states {
		due := c.last.Add(time.Duration(max(1, math.Round(c.ivl))*24) * time.Hour)
		if _, err := setSchedule.Exec(c.s, c.d, c.last.UnixMilli(), due.UnixMilli(),
			c.last.UnixMilli(), d, ids[fmt.Sprintf("Q%d", card)]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return rs
}

// `atril fsrs fit` fits the store's reviews, prints the JSON the issue fixes, keeps the
// parameters for review, and `fsrs check` then measures them as the ones in use.
func TestFSRSFitCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	now := day1
	rs := seedFSRSReviews(t, db, 2000, now)
	s, code := study(t, now, "", "--db", db, "--json", "fsrs", "fit")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, s.err.String())
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(s.out.Bytes(), &raw); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"default_test", "n_reviews", "parameters", "test", "train"}; !slices.Equal(keys, want) {
		t.Errorf("JSON keys %v, want %v", keys, want)
	}
	var r struct {
		NReviews    int       `json:"n_reviews"`
		Parameters  []float64 `json:"parameters"`
		Train, Test map[string]float64
		DefaultTest map[string]float64 `json:"default_test"`
	}
	if err := json.Unmarshal(s.out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.NReviews != len(rs) || len(r.Parameters) != 21 || len(r.Test) != 3 || r.Test["auc"] <= 0.5 {
		t.Errorf("fit: %d reviews (want %d), %d parameters, test %v", r.NReviews, len(rs), len(r.Parameters), r.Test)
	}
	if r.Test["log_loss"] >= r.DefaultTest["log_loss"] {
		t.Errorf("held-out log loss %v not better than the defaults' %v", r.Test["log_loss"], r.DefaultTest["log_loss"])
	}
	st, err := studystore.Open(db, studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	p, ok, err := st.FSRSParametersFor(context.Background(), 1)
	st.Close()
	if err != nil || !ok || p.DeckID != 0 || !slices.Equal(p.Weights, r.Parameters) || p.Reviews != len(rs) {
		t.Errorf("kept %+v %v %v", p, ok, err)
	}
	s, code = study(t, now, "", "--db", db, "fsrs", "check")
	if code != 0 || !strings.Contains(s.out.String(), "FSRS-6 defaults") || !strings.Contains(s.out.String(), "in use") {
		t.Errorf("check: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	// The fits below test what is said and where the reviews come from, not the fit (above):
	// a tenth of the log does (a fit costs as many reviews as it has).
	small := filepath.Join(dir, "small.db")
	seedFSRSReviews(t, small, 200, now)
	s, code = study(t, now, "", "--db", small, "--lang", "es", "fsrs", "fit", "--deck", "sim", "--no-save")
	if code != 0 || !strings.Contains(s.out.String(), "FSRS ajustado a sus repasos: mazo sim") || !strings.Contains(s.out.String(), "No se guardan") {
		t.Errorf("Spanish fit: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}

	// The log's first 200 cards as an srs-benchmark CSV: fitted, reported, not kept.
	csv := filepath.Join(dir, "revlog.csv")
	var b strings.Builder
	b.WriteString("card_id,review_th,delta_t,rating\n")
	n := 0
	for i, rv := range rs {
		if rv.Card < 200 {
			fmt.Fprintf(&b, "%d,%d,%d,%d\n", rv.Card, i+1, rv.DeltaT, rv.Rating)
			n++
		}
	}
	os.WriteFile(csv, []byte(b.String()), 0o644)
	s, code = study(t, now, "", "--db", filepath.Join(dir, "none.db"), "--json", "fsrs", "fit", "--revlog", csv)
	if code != 0 || n == 0 || !strings.Contains(s.out.String(), `"n_reviews": `+fmt.Sprint(n)) {
		t.Errorf("--revlog: exit %d, want %d reviews\n%s%s", code, n, s.out.String(), s.err.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "none.db")); !os.IsNotExist(err) {
		t.Error("fsrs fit --revlog made a study database")
	}
}

func TestFSRSFitBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("card_id,review_th,delta_t,rating\n1,1,-1,3\n1,2,3,7\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fsrs", "fit", "--revlog", bad}, bad + ":3: rating 7: expected 1 (again) to 4 (easy)"},
		{[]string{"fsrs", "fit", "--revlog", filepath.Join(dir, "missing.csv")}, "no such file"},
		{[]string{"fsrs", "fit", "--save", "--no-save"}, "choose one"},
		{[]string{"fsrs", "check", "--deck", "nope"}, "deck nope: no such deck"},
	} {
		s, code := study(t, day1, "", append([]string{"--db", db}, c.args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, s.err.String())
		}
	}
	// Nothing to fit yet: the defaults stay, exit 0.
	s, code := study(t, day1, "", "--db", db, "fsrs", "fit")
	if code != 0 || !strings.Contains(s.out.String(), "Fewer than 8 predictions: the defaults stay.") {
		t.Errorf("no reviews: exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
}
