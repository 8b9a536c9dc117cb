package web

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// The today page's "Review now" and the review page say the same number of cards due, the
// number a review then asks: reviews, new cards, and cards whose learning step is due now; the
// plan above the button counts those steps among its reviews too.
func TestDueCountsAgree(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: clock, Sync: studystore.SyncNormal})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "dos", Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards("AS", "ES", "OS", "ID", "SE", "SI", "SO", "TE")); err != nil {
		t.Fatal(err)
	}
	due, err := st.Due(ctx, drills.DueQuery(now, d, 0))
	if err != nil || len(due) < 3 {
		t.Fatalf("due %d, %v", len(due), err)
	}
	at := now.Add(-2 * time.Minute)
	for i, after := range []srs.State{
		{Phase: srs.Learning, Due: now.Add(-time.Minute), Reps: 1, LastReview: at}, // its step due now
		{Phase: srs.Learning, Due: now.Add(-30 * time.Second), Reps: 1, LastReview: at},
		{Phase: srs.Review, Due: now.Add(-time.Hour), Reps: 2, LastReview: at.AddDate(0, 0, -3)}, // a review due
	} {
		c := due[i]
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review", Lexicon: lex.Name,
			Question: c.Question, Before: &c.State, After: &after, At: at}); err != nil {
			t.Fatal(err)
		}
	}
	rv := &drills.Review{Store: st, Lex: lex, Seed: 1}
	qs, _, err := rv.Questions(ctx, now, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	asked := len(qs)

	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Store: st, Lex: lex, Table: table, Lexicons: testLexicons{lex}, Now: clock, Err: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	host := strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")
	s.ln.Close()
	h := s.Handler()
	count := regexp.MustCompile(`(\d+) cards? due`)
	shown := func(path string) int {
		req := httptest.NewRequest(http.MethodGet, "http://"+host+path, nil)
		req.Host = host
		req.Header.Set("Accept-Language", "en")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if path == "/" && !strings.Contains(rec.Body.String(), "3 reviews and 1 new card") {
			t.Errorf("today's plan does not count the steps due now among the reviews:\n%s", rec.Body.String())
		}
		m := count.FindStringSubmatch(rec.Body.String())
		if rec.Code != http.StatusOK || m == nil {
			t.Fatalf("%s: %d, no count of cards due\n%s", path, rec.Code, rec.Body.String())
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	today, review := shown("/"), shown("/review")
	if today != asked || review != asked {
		t.Errorf("today says %d cards due, review %d; the review asks %d", today, review, asked)
	}
	if asked != 4 { // 1 review + 2 learning steps due now + 1 new (4 a day, three shown today)
		t.Errorf("the review asks %d cards, want 4", asked)
	}
}
