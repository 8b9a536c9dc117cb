package studystore_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

var (
	deckOnce sync.Once
	deckPath string
	deckErr  error
)

// bigDeckDB builds, once per test process, the store of a player who made a deck of every
// seven- and eight-letter word: 160,000 cards in one deck, 20% of them under review, and 5,000
// answers. ATRIL_BENCH_DECKDB keeps it between runs (built there if missing).
func bigDeckDB(b *testing.B) string {
	deckOnce.Do(func() {
		if p := os.Getenv("ATRIL_BENCH_DECKDB"); p != "" {
			deckPath = p
			if _, err := os.Stat(p); err == nil {
				return
			}
			deckErr = buildBigDeck(p)
			return
		}
		dir, err := os.MkdirTemp("", "atril-bench-")
		if err != nil {
			deckErr = err
			return
		}
		bigDeckDirs = append(bigDeckDirs, dir)
		deckPath = filepath.Join(dir, "deck.db")
		deckErr = buildBigDeck(deckPath)
	})
	if deckErr != nil {
		b.Fatal(deckErr)
	}
	return deckPath
}

// bigDeckDirs are removed by TestMain.
var bigDeckDirs []string

func buildBigDeck(path string) error {
	start := time.Now()
	s, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }, Sync: studystore.SyncNormal})
	if err != nil {
		return err
	}
	defer s.Close()
	ctx := context.Background()
	const cards, answers = 160_000, 5_000
	id, err := s.CreateDeck(ctx, studystore.Deck{Name: "sietes-ochos", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 20})
	if err != nil {
		return err
	}
	qs := make([]string, cards)
	for i := range qs {
		// Alphagram-like questions of 7 or 8 letters, distinct.
		qs[i] = fmt.Sprintf("%c%c%c%c%c%c%c%s", 'A'+i%26, 'A'+i/26%26, 'A'+i/676%26, 'A'+i/17576%26,
			'E', 'R', 'S', map[bool]string{true: "T", false: ""}[i%2 == 0])
	}
	if _, err := s.AddCards(ctx, id, "x", "anagram", studystore.Cards(qs...)); err != nil {
		return err
	}
	day := int64(24 * time.Hour / time.Millisecond)
	now := bigNow.UnixMilli()
	if _, err := s.DB().Exec(`UPDATE deck_cards SET state = 2, stability = 10, difficulty = 5, reps = 3,
		due = ?1 + ((card_id * 7919) % 60 - 10) * ?2, last_review = ?1 - 10 * ?2, first_review = ?1 - 30 * ?2
		WHERE card_id % 10 < 2`, now, day); err != nil {
		return err
	}
	if _, err := s.DB().Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
		INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, answered_at)
		SELECT c, ?4, 'review', 'x', 'Q', 'ANSWER', (i % 4) <> 0, (i * 7) % 20000, ?1 - 60 * ?2 + i * (60 * ?2 / ?3)
		FROM (SELECT i, 1 + (i * 2654435761) % ?5 AS c FROM n)`, now, day, answers, id, cards); err != nil {
		return err
	}
	_, err = s.DB().Exec(`ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)`)
	fmt.Fprintf(os.Stderr, "built %d cards, %d answers in %s\n", cards, answers, time.Since(start).Round(time.Millisecond))
	return err
}

// BenchmarkOpenBigDeck is Open and Close of a store of 160,000 cards and 5,000 answers, as
// every command that uses the study database does before anything else: the file's size is
// reported (MB).
func BenchmarkOpenBigDeck(b *testing.B) {
	path := bigDeckDB(b)
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	// Without a CheckedDir every Open reads the file through (PRAGMA quick_check); with one,
	// recorded at the first Open, the next ones trust the record.
	checked := filepath.Join(b.TempDir(), "checked")
	for _, c := range []struct {
		name string
		opt  studystore.Options
	}{{"readwrite", studystore.Options{}}, {"readonly", studystore.Options{ReadOnly: true}},
		{"readwrite-recorded", studystore.Options{CheckedDir: checked}}, {"readonly-recorded", studystore.Options{ReadOnly: true, CheckedDir: checked}}} {
		b.Run(c.name, func(b *testing.B) {
			opt := c.opt
			opt.Now = func() time.Time { return bigNow }
			if s, err := studystore.Open(path, opt); err == nil { // makes the record, if any
				s.Close()
			}
			for b.Loop() {
				s, err := studystore.Open(path, opt)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(fi.Size())/1e6, "MB")
		})
	}
}
