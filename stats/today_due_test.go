package stats

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/internal/srs"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// Today's plan and review's closing lines split the cards due the same way, on one real store
// at one injected time: learning steps due now are among the reviews (a review asks them now),
// steps due within drills.LearningSoon are counted apart, a step due later and a review due
// tomorrow are not counted, and new cards are what the daily limits let in. The review started
// then asks exactly the reviews and new cards of its lexicon.
func TestTodayAgreesWithReviewEnd(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	st, err := studystore.Open(filepath.Join(t.TempDir(), "atril.db"), studystore.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	d, err := st.CreateDeck(ctx, studystore.Deck{Name: "dos", Lexicon: lex.Name, Kind: "twos", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, d, lex.Name, "twos", studystore.Cards("AS", "ES", "OS", "ID", "SE", "SI", "SO", "TE", "YO")); err != nil {
		t.Fatal(err)
	}
	// A deck under another lexicon: today counts it, review's end (of lex) does not.
	other, err := st.CreateDeck(ctx, studystore.Deck{Name: "otro", Lexicon: "OTRO", Kind: "twos", Scheduler: "fsrs", NewPerDay: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddCards(ctx, other, "OTRO", "twos", studystore.Cards("AS", "ES", "OS")); err != nil {
		t.Fatal(err)
	}
	cards, err := st.Due(ctx, drills.DueQuery(now, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	byDeck := map[int64][]studystore.DeckCard{}
	for _, c := range cards {
		byDeck[c.DeckID] = append(byDeck[c.DeckID], c)
	}
	if len(byDeck[d]) != 9 || len(byDeck[other]) != 2 {
		t.Fatalf("new cards %d and %d, want 9 and 2", len(byDeck[d]), len(byDeck[other]))
	}
	yesterday, ago := now.AddDate(0, 0, -1), now.Add(-2*time.Minute)
	answer := func(c studystore.DeckCard, at time.Time, after srs.State) {
		t.Helper()
		after.LastReview = at
		after.Reps = 1
		if _, err := st.RecordReview(ctx, studystore.Answer{DeckID: c.DeckID, CardID: c.CardID, Drill: "review", Lexicon: c.Lexicon,
			Question: c.Question, Before: &c.State, After: &after, At: at}); err != nil {
			t.Fatal(err)
		}
	}
	mine := byDeck[d]
	answer(mine[0], ago, srs.State{Phase: srs.Learning, Due: now.Add(-time.Minute)})              // step due now
	answer(mine[1], yesterday, srs.State{Phase: srs.Relearning, Due: now.Add(-30 * time.Second)}) // step due now
	answer(mine[2], ago, srs.State{Phase: srs.Learning, Due: now.Add(10 * time.Minute)})          // step due soon
	answer(mine[3], ago, srs.State{Phase: srs.Learning, Due: now.Add(2 * time.Hour)})             // step due later
	answer(mine[4], yesterday, srs.State{Phase: srs.Review, Due: now.Add(-time.Hour)})            // review due
	answer(mine[5], yesterday, srs.State{Phase: srs.Review, Due: now.Add(3 * time.Hour)})         // review due today
	answer(mine[6], yesterday, srs.State{Phase: srs.Review, Due: now.AddDate(0, 0, 1)})           // review tomorrow
	answer(byDeck[other][0], yesterday, srs.State{Phase: srs.Learning, Due: now.Add(-time.Minute)})
	answer(byDeck[other][1], yesterday, srs.State{Phase: srs.Learning, Due: now.Add(20 * time.Minute)})

	plan, err := PlanToday(ctx, st, now, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	all, err := drills.StillDue(ctx, st, now, 0, "")
	if err != nil {
		t.Fatal(err)
	}
	end, err := drills.StillDue(ctx, st, now, 0, lex.Name)
	if err != nil {
		t.Fatal(err)
	}
	// lex: 2 steps due now + 2 reviews due today; 1 step soon; 2 new cards (9 less the 7
	// answered). OTRO: 1 step due now, 1 step soon.
	if want := (drills.Remaining{Reviews: 4, New: 2, Learning: 1}); end != want {
		t.Errorf("review's end under %s: %+v, want %+v", lex.Name, end, want)
	}
	if plan.Reviews != all.Reviews || plan.New != all.New || plan.Learning != all.Learning {
		t.Errorf("today %d reviews, %d new, %d learning; review's end over every deck %+v", plan.Reviews, plan.New, plan.Learning, all)
	}
	var deck TodayDeck
	for _, dk := range plan.Decks {
		if dk.Deck == "dos" {
			deck = dk
		}
	}
	if deck.Reviews != end.Reviews || deck.New != end.New || deck.Learning != end.Learning {
		t.Errorf("today's deck dos %+v; review's end %+v", deck, end)
	}
	if plan.Reviews != end.Reviews+1 || plan.Learning != end.Learning+1 {
		t.Errorf("today %+v: want OTRO's step due now among the reviews and its step soon apart", plan)
	}

	rv := &drills.Review{Store: st, Lex: lex, Seed: 1}
	qs, _, err := rv.Questions(ctx, now, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != end.Due() {
		t.Errorf("the review asks %d cards; its end and the web say %d due", len(qs), end.Due())
	}

	// On screen, in both languages, the two say the same numbers.
	for lang, want := range map[string][2]string{
		"en": {"4 reviews and 2 new cards", "Still due: 4 reviews, 2 new cards."},
		"es": {"4 repasos y 2 tarjetas nuevas", "Aún pendientes: 4 repasos, 2 tarjetas nuevas."},
	} {
		var buf strings.Builder
		if err := ui.NewTerm(&buf, false, 0, func(string) string { return "" }).Print(onlyDeck(plan, "dos").Doc(printer(lang))); err != nil {
			t.Fatal(err)
		}
		lines := strings.Join(end.Lines(printer(lang)), "\n")
		if !strings.Contains(buf.String(), want[0]) || !strings.Contains(lines, want[1]) {
			t.Errorf("%s: today\n%s\nreview's end\n%s\nwant %q and %q", lang, buf.String(), lines, want[0], want[1])
		}
	}
}

// onlyDeck is t with one deck's counts, as its totals.
func onlyDeck(t Today, name string) Today {
	for _, dk := range t.Decks {
		if dk.Deck == name {
			t.Reviews, t.New, t.Learning, t.Decks = dk.Reviews, dk.New, dk.Learning, []TodayDeck{dk}
		}
	}
	return t
}
