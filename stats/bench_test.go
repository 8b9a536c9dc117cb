package stats

import (
	"context"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/stats/fsrsfit"
)

// The targets: `stats` and `forecast` ready in under 300 ms with 100,000 cards and
// 1,000,000 answers; `fsrs fit` on 1,000,000 reviews in under 60 s on 2 cores.
//
//	go test ./stats -run XXX -bench . -benchtime 5x

var (
	bigOnce sync.Once
	bigPath string
	bigErr  error
	bigLex  *lexicon.Lexicon
	bigNow  = time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC)
)

// bigDB builds, once per test process, a study database with 100,000 cards (words of the
// shipped default lexicon, two FSRS judge decks, 70% of the cards under review) and 1,000,000
// answers over a year (80% graded reviews of those cards, the rest drills outside decks).
func bigDB(b *testing.B) string {
	bigOnce.Do(func() {
		bigLex = testlex.Default(b)
		// Built once and kept between runs (it takes minutes): a file with its "done" marker
		// beside it is reused.
		// The directory is named after the schema, so that another schema builds afresh.
		h := crc32.NewIEEE()
		for _, m := range studystore.Migrations() {
			h.Write([]byte(m.SQL))
		}
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("atril-stats-bench-%08x", h.Sum32()))
		bigPath = filepath.Join(dir, "big.db")
		if _, err := os.Stat(bigPath + ".done"); err == nil {
			return
		}
		os.RemoveAll(dir)
		if bigErr = os.MkdirAll(dir, 0o755); bigErr != nil {
			return
		}
		if bigErr = buildBig(bigPath, bigLex); bigErr == nil {
			bigErr = os.WriteFile(bigPath+".done", nil, 0o644)
		}
	})
	if bigErr != nil {
		b.Fatal(bigErr)
	}
	return bigPath
}

func buildBig(path string, lex *lexicon.Lexicon) error {
	start := time.Now()
	st, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }, Sync: studystore.SyncNormal})
	if err != nil {
		return err
	}
	defer st.Close()
	ctx := context.Background()
	const cards, answers = 100_000, 1_000_000
	var words []string
	for length := 2; length <= 15 && len(words) < cards; length++ {
		for _, w := range lex.TopByProbability(length, cards-len(words)) {
			words = append(words, lex.Tiles.Notation(w))
		}
	}
	if len(words) < cards {
		return fmt.Errorf("only %d words", len(words))
	}
	for d := range 2 {
		id, err := st.CreateDeck(ctx, studystore.Deck{Name: fmt.Sprint("deck", d), Lexicon: lex.Name, Kind: "judge", Scheduler: "fsrs", NewPerDay: 20})
		if err != nil {
			return err
		}
		if _, err := st.AddCards(ctx, id, lex.Name, "judge", studystore.Cards(words[d*cards/2:(d+1)*cards/2]...)); err != nil {
			return err
		}
	}
	tx, err := st.DB().Begin()
	if err != nil {
		return err
	}
	day := int64(24 * time.Hour / time.Millisecond)
	now := bigNow.UnixMilli()
	if _, err := tx.Exec(`UPDATE deck_cards SET state = 2, stability = 1 + (card_id * 37) % 200, difficulty = 1 + (card_id % 9),
		reps = 3 + card_id % 7, due = ?1 + ((card_id * 7919) % 360 - 60) * ?2, last_review = ?1 - (card_id % 30) * ?2,
		first_review = ?1 - 100 * ?2, scheduled_days = 1 + (card_id * 37) % 200 WHERE card_id % 10 < 7`, now, day); err != nil {
		return err
	}
	// Answers in time order, generated inside SQLite.
	if _, err := tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
		INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, rating, answered_at)
		SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE c END,
			CASE WHEN i % 5 = 0 THEN NULL ELSE 1 + (c - 1) / (?4 / 2) END,
			CASE WHEN i % 5 = 0 THEN CASE WHEN i % 2 = 0 THEN 'anagram' ELSE 'judge' END ELSE 'review' END,
			?5, (SELECT question FROM cards WHERE id = c), 'y', r > 1, 800 + (i * 7) % 20000,
			CASE WHEN i % 5 = 0 THEN NULL ELSE r END,
			?1 - 365 * ?2 + i * (365 * ?2 / ?3)
		FROM (SELECT i, 1 + (i * 2654435761) % ?4 AS c, CASE WHEN i % 7 = 0 THEN 1 WHEN i % 11 = 0 THEN 2 WHEN i % 13 = 0 THEN 4 ELSE 3 END AS r FROM n)`,
		now, day, answers, cards, lex.Name); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_, err = st.DB().Exec(`ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)`)
	fmt.Fprintf(os.Stderr, "built %d cards, %d answers in %s\n", cards, answers, time.Since(start).Round(time.Millisecond))
	if err != nil {
		return err
	}
	// The first sums, once: what the first `atril stats` on this log does.
	start = time.Now()
	if _, err := Update(ctx, st, time.UTC, testLexicons{lex}, nil); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "summed %d answers for the first time in %s\n", answers, time.Since(start).Round(time.Millisecond))
	return nil
}

// cpuClock reports, at the end of a benchmark, the process's CPU time (user and system, all
// threads) per operation: on a machine shared with other work the wall time says little, the
// CPU time stays put. Call it after setup, before the loop.
func cpuClock(b *testing.B) {
	var start syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	b.Cleanup(func() {
		var end syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		used := time.Duration(end.Utime.Nano()-start.Utime.Nano()) + time.Duration(end.Stime.Nano()-start.Stime.Nano())
		if b.N > 0 {
			b.ReportMetric(float64(used.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
	})
}

func openBig(b *testing.B) *studystore.Store {
	st, err := studystore.Open(bigDB(b), studystore.Options{Now: func() time.Time { return bigNow }, MustExist: true})
	if err != nil {
		b.Fatal(err)
	}
	return st
}

// BenchmarkStatsReport is `atril stats` with the sums up to date: open the database, check for
// new answers, build the 7/30/90-day report.
func BenchmarkStatsReport(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	var r Report
	cpuClock(b)
	for b.Loop() {
		st := openBig(b)
		if _, err := Update(ctx, st, time.UTC, testLexicons{bigLex}, nil); err != nil {
			b.Fatal(err)
		}
		var err error
		if r, err = Collect(ctx, st, Options{Now: bigNow, Loc: time.UTC}); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
	b.ReportMetric(float64(r.Windows[2].Total.Answers), "answers/90d")
}

// BenchmarkStatsAfterSession is `atril stats` after a session of 200 new answers: they are
// summed first.
func BenchmarkStatsAfterSession(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	cpuClock(b) // counts the 200 inserts too
	for b.Loop() {
		b.StopTimer()
		st := openBig(b)
		tx, _ := st.DB().Begin()
		for i := 0; i < 200; i++ {
			if _, err := tx.Exec(`INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, rating, answered_at)
				SELECT id, 1, 'review', lexicon, question, 'y', 1, 2000, 3, ? FROM cards WHERE id = ?`, bigNow.UnixMilli(), 1+i*97); err != nil {
				b.Fatal(err)
			}
		}
		tx.Commit()
		st.Close()
		b.StartTimer()
		st = openBig(b)
		if _, err := Update(ctx, st, time.UTC, testLexicons{bigLex}, nil); err != nil {
			b.Fatal(err)
		}
		if _, err := Collect(ctx, st, Options{Now: bigNow, Loc: time.UTC}); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

// BenchmarkForecast is `atril forecast` over every deck (100,000 cards), 100 days ahead: open,
// read the schedules, follow each card to the day twice (the schedule, the target).
func BenchmarkForecast(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	var f Forecast
	cpuClock(b)
	for b.Loop() {
		st := openBig(b)
		var err error
		if f, err = MakeForecast(ctx, st, ForecastOptions{Now: bigNow, Loc: time.UTC, Date: bigNow.AddDate(0, 0, 100)}); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
	b.ReportMetric(float64(f.Cards), "cards")
	b.ReportMetric(f.Share, "share")
}

// BenchmarkToday is `atril today` on the big database.
func BenchmarkToday(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	cpuClock(b)
	for b.Loop() {
		st := openBig(b)
		if _, err := PlanToday(ctx, st, bigNow, time.UTC); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

// BenchmarkReadReviews reads the big database's 800,000 graded reviews into a log, as
// `atril fsrs fit` does first.
func BenchmarkReadReviews(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	var n int
	cpuClock(b)
	for b.Loop() {
		st := openBig(b)
		rs, err := st.Reviews(ctx, 0)
		if err != nil {
			b.Fatal(err)
		}
		n = len(fsrsfit.FromStore(rs, time.UTC))
		st.Close()
	}
	b.ReportMetric(float64(n), "reviews")
}

// BenchmarkFitFSRS1M is `atril fsrs fit`'s work on 1,000,000 reviews (100,000 cards of a
// simulated player): both fits (the first 80% and all), and the measures of the fitted, the
// defaults and the parameters in use on train and held-out reviews.
func BenchmarkFitFSRS1M(b *testing.B) {
	sim := fsrsfit.Simulation{Weights: []float64{0.6, 1.8, 4.0, 12.0, 6.0, 0.7, 2.2, 0.02, 1.5, 0.12, 1.0, 1.9, 0.08,
		0.35, 1.2, 0.5, 2.2, 0.4, 0.2, 0.1, 0.3}, Cards: 100_000, ReviewsPerCard: 10, Days: 730, Seed: 1}
	rs, err := sim.Run()
	if err != nil {
		b.Fatal(err)
	}
	var r FSRSFit
	cpuClock(b)
	for b.Loop() {
		if r, err = FitFSRS(context.Background(), rs, fsrsfit.Defaults(), fsrsfit.Config{}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(r.NReviews), "reviews")
	b.ReportMetric(r.Test.LogLoss, "test-logloss")
	b.ReportMetric(r.DefaultTest.LogLoss, "default-logloss")
}

// BenchmarkStatsFirstSums is the first `atril stats` on a log of 1,000,000 answers: every answer
// summed by day and group, every question read once (100,000 of them, ranked in the lexicon).
// Run it with -benchtime 1x.
func BenchmarkStatsFirstSums(b *testing.B) {
	bigDB(b)
	ctx := context.Background()
	cpuClock(b)
	for b.Loop() {
		b.StopTimer()
		st := openBig(b)
		if err := st.ResetStats(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := Update(ctx, st, time.UTC, testLexicons{bigLex}, nil); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}
