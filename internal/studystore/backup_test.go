package studystore_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// TestMigrationKeepsACopy: before a newer atril migrates a database it copies it, whole and
// at its old schema, to NAME.bak-schemaN, says so once (Upgraded), and an up-to-date file is
// neither copied nor reported.
func TestMigrationKeepsACopy(t *testing.T) {
	t.Parallel()
	fixture, err := os.ReadFile(filepath.Join("testdata", "schema1.db"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	os.WriteFile(path, fixture, 0o644)
	now := func() time.Time { return t0 }
	s, err := studystore.Open(path, studystore.Options{Now: now, ReadOnly: true}) // stats opens so
	if err != nil {
		t.Fatal(err)
	}
	from, backup := s.Upgraded()
	s.Close()
	if from != 1 || backup != path+".bak-schema1" {
		t.Fatalf("Upgraded() = %d, %q; want 1 and the copy's path", from, backup)
	}
	b, err := sql.Open("sqlite", "file:"+backup+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	var v, answers int
	if err := b.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != 1 {
		t.Errorf("the copy is at schema %d (%v), want 1", v, err)
	}
	if err := b.QueryRow(`SELECT count(*) FROM answers`).Scan(&answers); err != nil || answers != 1 {
		t.Errorf("the copy has %d answers (%v), want 1", answers, err)
	}
	before, _ := os.ReadFile(backup)
	s, err = studystore.Open(path, studystore.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if from, backup := s.Upgraded(); from != 0 || backup != "" {
		t.Errorf("opened again: Upgraded() = %d, %q, want nothing", from, backup)
	}
	s.Close()
	if after, _ := os.ReadFile(backup); !bytes.Equal(before, after) {
		t.Error("the copy changed when the file was opened again")
	}
	// A new database is not copied.
	fresh := filepath.Join(dir, "new.db")
	s, err = studystore.Open(fresh, studystore.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if matches, _ := filepath.Glob(fresh + ".bak*"); len(matches) != 0 {
		t.Errorf("a new database was copied: %v", matches)
	}
}
