package web

import (
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles"
	"github.com/atril-scrabble/atril/stats"
)

// The target: every page in under 50 ms of server time with a 1,000,000-answer
// database (100,000 cards in two decks, a year of answers, as the stats benchmarks build it,
// and a few puzzles).
//
//	go test ./internal/web -run '^$' -bench Page -benchtime 20x
//
// The database is built once and kept in the temporary directory (it takes minutes).

var (
	bigOnce sync.Once
	bigPath string
	bigErr  error
	bigLex  *lexicon.Lexicon
	bigNow  = time.Date(2026, 6, 1, 20, 0, 0, 0, time.UTC)
)

func bigDB(b *testing.B) string {
	bigOnce.Do(func() {
		bigLex = testlex.Default(b)
		h := crc32.NewIEEE()
		for _, m := range studystore.Migrations() {
			h.Write([]byte(m.SQL))
		}
		dir := filepath.Join(os.TempDir(), fmt.Sprintf("atril-web-bench-%08x", h.Sum32()))
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

// buildBig makes the stats benchmarks' database: 100,000 judge cards in two FSRS decks, 70% of
// them under review, and 1,000,000 answers over a year (80% graded reviews, the rest drills);
// then puzzles from four self-play games.
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
	if _, err := st.DB().Exec(`ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return err
	}
	table, err := leavetable.Open(leavetable.Builtin, lex.Tiles)
	if err != nil {
		return err
	}
	plan, err := puzzles.NewPlan(puzzles.GenOptions{SelfPlay: 4, Seed: 3, Lexicon: lex.Name, Tiles: lex.Tiles.Name}, nil, lex, table, nil)
	if err != nil {
		return err
	}
	if _, err := (&puzzles.Generator{Store: st}).Run(ctx, plan, 0, 0, 0); err != nil {
		return err
	}
	// The first sums, once, as the first `atril stats` on this log makes them.
	if _, err := stats.Update(ctx, st, time.UTC, testLexicons{lex}, nil); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "built %d cards, %d answers and puzzles in %s\n", cards, answers, time.Since(start).Round(time.Millisecond))
	return nil
}

// BenchmarkPage is each page's server time on the big database: the handler called as the
// server calls it (guard included), the response written to memory. cpu-ms/op is the
// process's CPU time per page, which load on the machine barely moves.
func BenchmarkPage(b *testing.B) {
	path := bigDB(b)
	st, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }, MustExist: true})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	table, err := leavetable.Open(leavetable.Builtin, bigLex.Tiles)
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(Config{Store: st, Lex: bigLex, Table: table, Known: leavetable.Known(bigLex.Tiles), Lexicons: testLexicons{bigLex},
		Now: func() time.Time { return bigNow }, Err: io.Discard})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Listen(); err != nil {
		b.Fatal(err)
	}
	host := strings.TrimSuffix(strings.TrimPrefix(s.URL(), "http://"), "/")
	s.ln.Close()
	h := s.Handler()
	get := func(b *testing.B, path string) *httptest.ResponseRecorder {
		s.reportCache = reportCache{} // every page made afresh: the stats page and its plot in full
		req := httptest.NewRequest(http.MethodGet, "http://"+host+path, nil)
		req.Host = host
		req.Header.Set("Accept-Language", "es-ES,es;q=0.9")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK && rec.Code != http.StatusSeeOther {
			b.Fatalf("%s: %d\n%s", path, rec.Code, rec.Body.String())
		}
		return rec
	}
	// A puzzle to show: the one /puzzle sends to.
	puzzle := get(b, "/puzzle").Header().Get("Location")
	if puzzle == "" {
		b.Fatal("no puzzle in the big database")
	}
	for _, path := range []string{"/", "/review", "/drill", "/puzzle", puzzle, "/play", "/stats", "/stats/plot.svg", "/decks", "/assets/style.css"} {
		name := strings.Trim(strings.ReplaceAll(path, "/", "_"), "_")
		if name == "" {
			name = "today"
		}
		b.Run(name, func(b *testing.B) {
			get(b, path) // the first request sums what is new, as the first stats of a day does
			cpuClock(b)
			for b.Loop() {
				get(b, path)
			}
		})
	}
}

// cpuClock reports the process's CPU time per operation (user and system, all threads).
func cpuClock(b *testing.B) {
	var start syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &start)
	b.Cleanup(func() {
		var end syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &end)
		used := time.Duration(end.Utime.Nano()-start.Utime.Nano()) + time.Duration(end.Stime.Nano()-start.Stime.Nano())
		if b.N > 0 {
			b.ReportMetric(float64(used.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		}
	})
}
