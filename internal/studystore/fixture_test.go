package studystore_test

import (
	"context"
	"database/sql"
	"encoding/binary"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

var updateFixture = flag.Bool("update", false, "rewrite testdata/schema1.db from migration 0001")

// schema1Rows fill the frozen schema-1 fixture: a deck with two cards (one reviewed), a session
// with an answer, a puzzle attempt and a rating.
const schema1Rows = `
INSERT INTO cards (id, lexicon, kind, question, created_at) VALUES
	(1, 'FISE2', 'anagram', 'AERST', 1772355600000),
	(2, 'FISE2', 'anagram', 'A[CH]OR', 1772355600000);
INSERT INTO decks (id, name, lexicon, kind, scheduler, new_per_day, settings, source, created_at) VALUES
	(1, 'cincos', 'FISE2', 'anagram', 'fsrs', 20, '{"retention":0.85}', '--search length:5', 1772355600000);
INSERT INTO deck_cards (deck_id, card_id, position, state, due, last_review, first_review, stability, difficulty, scheduled_days, reps, lapses) VALUES
	(1, 1, 1, 2, 1772614800000, 1772355600000, 1772355600000, 3.17, 5.28, 3, 1, 0),
	(1, 2, 2, 0, NULL, NULL, NULL, 0, 0, 0, 0, 0);
INSERT INTO sessions (id, drill, lexicon, deck_id, options, started_at, ended_at) VALUES
	(1, 'review', 'FISE2', 1, '{"max":100}', 1772355590000, 1772355610000);
INSERT INTO answers (id, session_id, card_id, deck_id, drill, lexicon, question, answer, expected, correct, time_ms, rating, state_before, state_after, answered_at) VALUES
	(1, 1, 1, 1, 'review', 'FISE2', 'AERST', 'ARETES ASTER', 'ASTER ESTRA RESTA TRESA', 0, 6200, 1, '{"phase":"new"}', '{"phase":"learning","stability":0.21}', 1772355600000);
INSERT INTO puzzle_attempts (id, session_id, puzzle_id, lexicon, answer, correct, time_ms, rating_before, rating_after, puzzle_rating_before, puzzle_rating_after, attempted_at) VALUES
	(1, 1, 'p-0001', 'FISE2', 'H8 CHARRO', 1, 41000, 1500, 1516.2, 1600, 1583.8, 1772355605000);
INSERT INTO player_ratings (kind, rating, deviation, volatility, games, updated_at) VALUES
	('puzzles', 1516.2, 290.3, 0.06, 1, 1772355605000);
`

// writeSchema1 makes the fixture with migration 0001's SQL alone (not with Open), as a binary
// of schema 1 left it: rollback journal, no WAL.
func writeSchema1(t *testing.T, path string) {
	os.Remove(path)
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := studystore.Migrations()[0]
	if m.Version != 1 {
		t.Fatalf("first migration is %d", m.Version)
	}
	for _, q := range []string{"PRAGMA page_size = 512", m.SQL, "PRAGMA user_version = 1", schema1Rows, "VACUUM"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMigrateFrozenSchema1 opens a schema-1 database committed in testdata (made once from
// migration 0001, never by today's code) and checks that every row survives the migrations.
func TestMigrateFrozenSchema1(t *testing.T) {
	t.Parallel()
	fixture := filepath.Join("testdata", "schema1.db")
	if *updateFixture {
		writeSchema1(t, fixture)
	}
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 100 || binary.BigEndian.Uint32(b[60:]) != 1 {
		t.Fatalf("%s is not at schema 1", fixture)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	os.WriteFile(path, b, 0o644)
	s, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Version(); v != studystore.SchemaVersion() {
		t.Errorf("version %d after opening, want %d", v, studystore.SchemaVersion())
	}
	ctx := context.Background()
	d, err := s.DeckByName(ctx, "cincos")
	if err != nil || d.Cards != 2 || d.Settings.Retention != 0.85 || d.Source != "--search length:5" {
		t.Errorf("deck = %+v, %v", d, err)
	}
	cards, err := s.DeckCards(ctx, d.ID)
	if err != nil || len(cards) != 2 || cards[0].Question != "AERST" || cards[1].Question != "A[CH]OR" ||
		cards[0].State.Stability != 3.17 || cards[0].State.ScheduledDays != 3 || cards[1].State.Reps != 0 {
		t.Errorf("cards = %+v, %v", cards, err)
	}
	as, err := s.Answers(ctx, studystore.AnswerQuery{})
	if err != nil || len(as) != 1 || as[0].Answer.Answer != "ARETES ASTER" || as[0].Took != 6200*time.Millisecond || as[0].Correct {
		t.Errorf("answers = %+v, %v", as, err)
	}
	var puzzle string
	var after float64
	if err := s.DB().QueryRow(`SELECT puzzle_id, rating_after FROM puzzle_attempts`).Scan(&puzzle, &after); err != nil || puzzle != "p-0001" || after != 1516.2 {
		t.Errorf("puzzle attempt: %s %v %v", puzzle, after, err)
	}
	var games int
	if err := s.DB().QueryRow(`SELECT games FROM player_ratings WHERE kind = 'puzzles'`).Scan(&games); err != nil || games != 1 {
		t.Errorf("player rating: %d %v", games, err)
	}
	// The migrated file takes new data as a fresh one does.
	if _, err := s.AddCards(ctx, d.ID, "FISE2", "anagram", studystore.Cards("AEIRST")); err != nil {
		t.Errorf("adding a card after migration: %v", err)
	}
}
