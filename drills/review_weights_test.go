package drills

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// Reviews schedule with the FSRS parameters `atril fsrs fit` saved: a deck's own, else the ones
// fitted on every deck, else FSRS-6's defaults. A first review graded Good starts the card at
// stability w2.
func TestReviewUsesFittedWeights(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lex := defaultLexicon(t)
	deck := func(name string) int64 {
		d, err := st.CreateDeck(ctx, studystore.Deck{Name: name, Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 5})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards("AS")); err != nil {
			t.Fatal(err)
		}
		return d
	}
	a, b := deck("a"), deck("b")
	// firstGood answers each due card right in 3 s (Good for a twos card: target 5 s) and
	// returns the stability each deck's new card got.
	firstGood := func() map[int64]float64 {
		rv := &Review{Store: st, Lex: lex, Seed: 1}
		qs, _, err := rv.Questions(ctx, now, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[int64]float64{}
		for i, q := range qs {
			c := rv.Cards()[i]
			fresh := c.State.Phase == srs.New
			if err := rv.Record(Answer{Kind: q.Kind, Card: q.Card, Shown: q.Show, Typed: "y", Right: true,
				Elapsed: 3 * time.Second, Lexicon: lex.Name, CardID: q.CardID, At: now}); err != nil {
				t.Fatal(err)
			}
			if fresh {
				out[c.DeckID] = rv.Cards()[i].State.Stability
			}
		}
		return out
	}
	if got := firstGood(); got[a] != 2.3065 || got[b] != 2.3065 {
		t.Fatalf("defaults: %v, want w2 = 2.3065 for both decks", got)
	}
	global := srs.DefaultWeights()
	global[2] = 5.5
	own := srs.DefaultWeights()
	own[2] = 7.25
	if err := st.SaveFSRSParameters(ctx, studystore.FSRSParameters{Weights: global, Reviews: 100}); err != nil {
		t.Fatal(err)
	}
	if err := st.SaveFSRSParameters(ctx, studystore.FSRSParameters{DeckID: b, Weights: own, Reviews: 50}); err != nil {
		t.Fatal(err)
	}
	for _, d := range []int64{a, b} {
		if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards("ES")); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(time.Hour)
	if got := firstGood(); got[a] != 5.5 || got[b] != 7.25 {
		t.Errorf("fitted: %v, want deck a 5.5 (every deck's), deck b 7.25 (its own)", got)
	}
}
