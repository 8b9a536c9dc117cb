package stats

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// Issue 24: the first `atril stats` after an upgrade from schema 3 (before the daily sums) on a
// database of 1,500,000 answers: migrate (a copy of the file first), sum every answer, report.
// The goal is under 5 s.
//
//	go test ./stats -run XXX -bench StatsAfterUpgrade -benchtime 1x

var (
	oldOnce sync.Once
	oldPath string
	oldErr  error
)

// schema3DB builds, once and kept in the temporary directory, a schema-3 database with
// 100,000 cards and 1,500,000 answers over a year (80% reviews of those cards).
func schema3DB(b *testing.B) string {
	oldOnce.Do(func() {
		lex := testlex.Default(b)
		dir := filepath.Join(os.TempDir(), "atril-stats-upgrade-bench-1")
		oldPath = filepath.Join(dir, "schema3.db")
		if _, err := os.Stat(oldPath + ".done"); err == nil {
			return
		}
		os.RemoveAll(dir)
		if oldErr = os.MkdirAll(dir, 0o755); oldErr != nil {
			return
		}
		st, err := studystore.Open(oldPath, studystore.Options{Now: func() time.Time { return bigNow }, Sync: studystore.SyncNormal, MaxVersion: 3})
		if err != nil {
			oldErr = err
			return
		}
		defer st.Close()
		ctx := context.Background()
		const cards, answers = 100_000, 1_500_000
		var words []string
		for length := 2; length <= 15 && len(words) < cards; length++ {
			for _, w := range lex.TopByProbability(length, cards-len(words)) {
				words = append(words, lex.Tiles.Notation(w))
			}
		}
		id, err := st.CreateDeck(ctx, studystore.Deck{Name: "deck", Lexicon: lex.Name, Kind: "judge", Scheduler: "fsrs", NewPerDay: 20})
		if err != nil {
			oldErr = err
			return
		}
		if _, err := st.AddCards(ctx, id, lex.Name, "judge", studystore.Cards(words...)); err != nil {
			oldErr = err
			return
		}
		day := int64(24 * time.Hour / time.Millisecond)
		_, oldErr = st.DB().Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
			INSERT INTO answers (card_id, deck_id, drill, lexicon, question, answer, correct, time_ms, rating, answered_at)
			SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE c END, CASE WHEN i % 5 = 0 THEN NULL ELSE 1 END,
				CASE WHEN i % 5 = 0 THEN CASE WHEN i % 2 = 0 THEN 'anagram' ELSE 'judge' END ELSE 'review' END,
				?5, (SELECT question FROM cards WHERE id = c), 'y', r > 1, 800 + (i * 7) % 20000,
				CASE WHEN i % 5 = 0 THEN NULL ELSE r END, ?1 - 365 * ?2 + i * (365 * ?2 / ?3)
			FROM (SELECT i, 1 + (i * 2654435761) % ?4 AS c, CASE WHEN i % 7 = 0 THEN 1 ELSE 3 END AS r FROM n)`,
			bigNow.UnixMilli(), day, answers, cards, lex.Name)
		if oldErr == nil {
			_, oldErr = st.DB().Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		}
		if oldErr == nil {
			oldErr = os.WriteFile(oldPath+".done", nil, 0o644)
		}
	})
	if oldErr != nil {
		b.Fatal(oldErr)
	}
	return oldPath
}

func copyFile(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func BenchmarkStatsAfterUpgrade(b *testing.B) {
	src := schema3DB(b)
	lex := testlex.Default(b)
	ctx := context.Background()
	dir := b.TempDir()
	cpuClock(b)
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		path := filepath.Join(dir, fmt.Sprint(i, ".db"))
		if err := copyFile(path, src); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		st, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return bigNow }, WriteIfAble: true})
		if err != nil {
			b.Fatal(err)
		}
		if from, _ := st.Upgraded(); from != 3 {
			b.Fatalf("upgraded from %d", from)
		}
		un, err := Update(ctx, st, time.UTC, testLexicons{lex}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Collect(ctx, st, Options{Now: bigNow, Loc: time.UTC, Unsaved: un}); err != nil {
			b.Fatal(err)
		}
		st.Close()
		b.StopTimer()
		os.Remove(path)
		os.Remove(path + ".bak-schema3")
		b.StartTimer()
	}
}
