package studystore_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// schemaObjects lists the tables and indexes of a database, to compare schemas.
func schemaObjects(t *testing.T, db *sql.DB) map[string]string {
	t.Helper()
	rows, err := db.Query(`SELECT name, coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var n, s string
		rows.Scan(&n, &s)
		m[n] = s
	}
	return m
}

// TestMigrateFromEachSchema builds a database at every older schema (0 = a fresh or empty
// file), puts data in it, opens it with this binary and checks that it reaches the newest
// schema with the data kept and the same tables and indexes as a fresh database.
func TestMigrateFromEachSchema(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := func() time.Time { return t0 }
	latest := studystore.SchemaVersion()
	if latest < 2 {
		t.Fatalf("SchemaVersion = %d; this test expects at least 2 migrations", latest)
	}
	fresh, err := studystore.Open(filepath.Join(t.TempDir(), "fresh.db"), studystore.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	want := schemaObjects(t, fresh.DB())
	fresh.Close()
	if _, ok := want["answers_stats"]; !ok {
		t.Fatalf("fresh database lacks migration 2's index: %v", want)
	}

	for from := 0; from < latest; from++ {
		for _, start := range []string{"missing", "zero-byte"} {
			if from > 0 && start == "zero-byte" {
				continue
			}
			path := filepath.Join(t.TempDir(), "old.db")
			if start == "zero-byte" {
				os.WriteFile(path, nil, 0o644)
			}
			var answerID int64
			if from > 0 {
				old, err := studystore.Open(path, studystore.Options{Now: now, MaxVersion: from})
				if err != nil {
					t.Fatal(err)
				}
				if v, _ := old.Version(); v != from {
					t.Fatalf("built schema %d, file says %d", from, v)
				}
				answerID, err = old.RecordAnswer(ctx, studystore.Answer{Drill: "twos", Lexicon: "x", Question: "AB", Correct: true})
				if err != nil {
					t.Fatal(err)
				}
				id, err := old.CreateDeck(ctx, studystore.Deck{Name: "d", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := old.DB().Exec(`INSERT INTO cards (id, lexicon, kind, question, created_at) VALUES (1, 'x', 'anagram', 'AERST', 0), (2, 'x', 'anagram', 'AEIRST', 0);
					INSERT INTO deck_cards (deck_id, card_id, position) VALUES (?, 1, 1), (?, 2, 2)`, id, id); err != nil {
					t.Fatal(err)
				}
				old.Close()
			}
			s, err := studystore.Open(path, studystore.Options{Now: now})
			if err != nil {
				t.Fatalf("from schema %d (%s): %v", from, start, err)
			}
			if v, _ := s.Version(); v != latest {
				t.Errorf("from schema %d: now at %d, want %d", from, v, latest)
			}
			got := schemaObjects(t, s.DB())
			for name, sql := range want {
				if got[name] != sql {
					t.Errorf("from schema %d: %s is %q, want %q", from, name, got[name], sql)
				}
			}
			if len(got) != len(want) {
				t.Errorf("from schema %d: %d objects, want %d", from, len(got), len(want))
			}
			if from > 0 {
				as, _ := s.Answers(ctx, studystore.AnswerQuery{})
				if len(as) != 1 || as[0].ID != answerID || as[0].Question != "AB" {
					t.Errorf("from schema %d: answers after migration = %+v", from, as)
				}
				d, err := s.DeckByName(ctx, "d")
				if err != nil || d.Cards != 2 {
					t.Errorf("from schema %d: deck after migration = %+v, %v", from, d, err)
				}
			}
			var appID int
			s.DB().QueryRow(`PRAGMA application_id`).Scan(&appID)
			if appID != studystore.ApplicationID {
				t.Errorf("application_id = %#x", appID)
			}
			s.Close()
		}
	}
}

// TestPragmasOnEveryConnection checks WAL, foreign keys, busy timeout and synchronous on several
// pooled connections at once (a pragma run once would only set one).
func TestPragmasOnEveryConnection(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sync studystore.Sync
		want int
	}{{studystore.SyncFull, 2}, {studystore.SyncNormal, 1}} {
		s, err := studystore.Open(filepath.Join(t.TempDir(), "p.db"), studystore.Options{Now: time.Now, Sync: c.sync, BusyTimeout: 3 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		var conns []*sql.Conn
		for range 3 {
			conn, err := s.DB().Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			conns = append(conns, conn)
			var mode string
			var fk, bt, sync int
			conn.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
			conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
			conn.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&bt)
			conn.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync)
			if mode != "wal" || fk != 1 || bt != 3000 || sync != c.want {
				t.Errorf("connection pragmas: journal_mode %s, foreign_keys %d, busy_timeout %d, synchronous %d; want wal 1 3000 %d", mode, fk, bt, sync, c.want)
			}
		}
		for _, c := range conns {
			c.Close()
		}
		// foreign keys really are enforced
		if _, err := s.RecordAnswer(ctx, studystore.Answer{Drill: "x", DeckID: 999}); err == nil {
			t.Error("an answer for a missing deck was accepted: foreign keys are off")
		}
		s.Close()
	}
}
