package drills

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
)

// Cards of every deck kind, made from words of the shipped default lexicon and read back as
// questions with the right answers.
func TestCardKeysAndQuestionsOnDefaultLexicon(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ts := lex.Tiles
	parse := func(ws ...string) [][]lexicon.Tile {
		var out [][]lexicon.Tile
		for _, w := range ws {
			tiles, err := ts.ParseWord(w)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, tiles)
		}
		return out
	}
	keys, err := CardKeys(lex, KindAnagram, parse("CASA", "SACA", "CHICO", "CALLE"))
	if err != nil {
		t.Fatal(err)
	}
	if want := studystore.Cards("AACS", "C[CH]IO", "ACE[LL]"); !slices.EqualFunc(keys, want, func(a, b studystore.NewCard) bool {
		return a.Question == b.Question && a.Valid == nil && b.Valid == nil
	}) {
		t.Errorf("anagram keys = %v, want %v", keys, want)
	}
	judge, err := CardKeys(lex, KindJudge, parse("CASA", "CASQO"))
	if err != nil || len(judge) != 2 || judge[0].Valid == nil || !*judge[0].Valid || judge[1].Valid == nil || *judge[1].Valid {
		t.Errorf("judge keys do not remember their answers: %+v %v", judge, err)
	}
	if _, err := CardKeys(lex, KindTwos, parse("CASA")); err == nil {
		t.Error("a four-tile word made a twos card")
	}
	if _, err := CardKeys(lex, Kind("bingo"), parse("CASA")); err == nil {
		t.Error("kind bingo accepted")
	}

	for _, c := range []struct {
		kind, card string
		check      func(q Question) bool
	}{
		{"anagram", "AACS", func(q Question) bool {
			return q.Form == FormWords && slices.Contains(q.Words, "CASA") && slices.Contains(q.Words, "SACA")
		}},
		{"anagram", "C[CH]IO", func(q Question) bool { return slices.Contains(q.Words, "CHICO") }},
		{"judge", "CASA", func(q Question) bool { return q.Form == FormYesNo && q.Valid }},
		{"judge", "CASQO", func(q Question) bool { return q.Form == FormYesNo && !q.Valid }},
		{"twos", "[CH]A", func(q Question) bool { return q.Valid && q.Show == "CH·A" }}, // the CH tile and A: two tiles
		{"twos", "[C]H", func(q Question) bool { return !q.Valid && q.Show == "C·H" }},  // a C and an H tile: the trap
		{"hooks", "[C]HE", func(q Question) bool { return q.Show == "[C][H]E" }},        // a C and an H tile, not the CHE of CH
		{"hooks", "ASA", func(q Question) bool {
			return q.Form == FormHooks && slices.Contains(q.Front, "C") && slices.Contains(q.Back, "S")
		}},
	} {
		q, err := CardQuestion(lex, studystore.DeckCard{CardID: 7, Kind: c.kind, Question: c.card})
		if err != nil {
			t.Errorf("%s %s: %v", c.kind, c.card, err)
			continue
		}
		if q.CardID != 7 || !c.check(q) {
			t.Errorf("%s %s: question %+v", c.kind, c.card, q)
		}
	}
	if _, err := CardQuestion(lex, studystore.DeckCard{Kind: "anagram", Question: "CAS%"}); err == nil {
		t.Error("a card that does not parse made a question")
	}
	if _, err := CardQuestion(lex, studystore.DeckCard{Kind: "twos", Question: "CH"}); err == nil {
		t.Error("a one-tile twos card made a question")
	}
	if _, err := CardQuestion(lex, studystore.DeckCard{Kind: "build", Question: "CASA"}); err == nil {
		t.Error("a build card was accepted for review")
	}
}

var (
	bigOnce sync.Once
	bigDir  string
	bigErr  error
	bigNow  = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
)

// bigReviewDB builds once per process a study database with 100,000 anagram cards of the
// default lexicon's alphagrams (5 to 9 tiles) in two FSRS decks, 70% of them under review with
// due dates from 60 days ago to 300 days ahead, and 1,000,000 logged answers.
func bigReviewDB(b *testing.B, lex *lexicon.Lexicon) string {
	bigOnce.Do(func() {
		bigDir, bigErr = os.MkdirTemp("", "atril-review-bench-")
		if bigErr == nil {
			bigErr = buildBigReview(filepath.Join(bigDir, "big.db"), lex)
		}
	})
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	return filepath.Join(bigDir, "big.db")
}

func buildBigReview(path string, lex *lexicon.Lexicon) error {
	const cards, answers = 100_000, 1_000_000
	seen := map[string]bool{}
	var keys []string
	lex.Graph.Walk(func(w []lexicon.Tile) bool {
		if len(w) >= 5 && len(w) <= 9 {
			k := lex.Tiles.Notation(lexicon.Alphagram(w))
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
		return len(keys) < cards
	})
	if len(keys) < cards {
		return fmt.Errorf("the default lexicon has only %d alphagrams of 5-9 tiles", len(keys))
	}
	st, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }, Sync: studystore.SyncNormal})
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	for d := range 2 {
		id, err := st.CreateDeck(ctx, studystore.Deck{Name: fmt.Sprint("deck", d), Lexicon: lex.Name, Kind: "anagram", Scheduler: "fsrs", NewPerDay: 20})
		if err != nil {
			return err
		}
		if _, err := st.AddCards(ctx, id, lex.Name, "anagram", studystore.Cards(keys[d*cards/2:(d+1)*cards/2]...)); err != nil {
			return err
		}
	}
	day := int64(24 * time.Hour / time.Millisecond)
	now := bigNow.UnixMilli()
	// Schedules and answers written in SQL (a recursive CTE for the answers, in time order so
	// that the indexes grow at their ends): seconds instead of minutes of single inserts.
	_, err = st.DB().Exec(`UPDATE deck_cards SET state = 2, stability = 10, difficulty = 5, reps = 3,
		due = ?1 + ((card_id * 7919) % 360 - 60) * ?2, last_review = ?1 - 10 * ?2, first_review = ?1 - 30 * ?2
		WHERE card_id % 10 < 7;
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
		INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, answered_at)
		SELECT c, 1 + (c - 1) / (?4 / 2), 'review', 'x', 'Q', 'ANSWER', (i % 4) <> 0, (i * 7) % 20000,
			?1 - 365 * ?2 + i * (365 * ?2 / ?3)
		FROM (SELECT i, 1 + (i * 2654435761) % ?4 AS c FROM n);
		ANALYZE; PRAGMA wal_checkpoint(TRUNCATE);`, now, day, answers, cards)
	return err
}

// BenchmarkReviewReady is `atril review` up to the first card shown, with 100,000 cards and
// 1,000,000 logged answers: open the database (schema check), load the decks, the first page of
// due cards (100) with their questions (each anagram solved in the lexicon), and count what is
// due. The issue asks < 200 ms. The lexicon is loaded once outside the loop (as
// BenchmarkQuestions does): its loading is the lexicon's benchmark.
func BenchmarkReviewReady(b *testing.B) {
	lex := defaultLexicon(b)
	path := bigReviewDB(b, lex)
	var n int
	// As the commands open it: with a record of the file found sound (made by a first Open
	// that reads it through, see studystore's check.go).
	opt := studystore.Options{Now: func() time.Time { return bigNow }, CheckedDir: b.TempDir()}
	if st, err := studystore.Open(path, opt); err == nil {
		st.Close()
	}
	for b.Loop() {
		st, err := studystore.Open(path, opt)
		if err != nil {
			b.Fatal(err)
		}
		rv := &Review{Store: st, Lex: lex, Seed: 1}
		qs, _, err := rv.Questions(context.Background(), bigNow, 0, 100)
		if err != nil {
			b.Fatal(err)
		}
		if len(qs) != 100 || len(qs[0].Words) == 0 {
			b.Fatalf("%d questions, first %+v", len(qs), qs[0])
		}
		n = len(qs)
		st.Close()
	}
	b.ReportMetric(float64(n), "cards")
}

// BenchmarkReviewAnswer is one review answer in the big database: schedule it with FSRS and
// commit the answer with the card's new state (synchronous FULL, as shipped).
func BenchmarkReviewAnswer(b *testing.B) {
	lex := defaultLexicon(b)
	path := bigReviewDB(b, lex)
	st, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	rv := &Review{Store: st, Lex: lex, Seed: 1}
	ctx := context.Background()
	at := bigNow
	for b.Loop() {
		if rv.next >= len(rv.cards) {
			b.StopTimer()
			at = at.AddDate(0, 0, 1)
			if _, _, err := rv.Questions(ctx, at, 0, 500); err != nil || len(rv.cards) == 0 {
				b.Fatal("no cards due", err)
			}
			rv.next = 0
			b.StartTimer()
		}
		c := rv.cards[rv.next]
		if err := rv.Record(Answer{Kind: KindAnagram, CardID: c.CardID, Shown: c.Question, Typed: "X",
			Right: true, Elapsed: 4 * time.Second, Lexicon: lex.Name, At: at}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}
