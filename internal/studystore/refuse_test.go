package studystore_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testdb"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// dirState is every file of a directory with its content: what a refused Open must not change.
func dirState(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range ents {
		if e.Type().IsRegular() {
			b, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			m[e.Name()] = string(b)
		} else {
			m[e.Name()] = e.Type().String()
		}
	}
	return m
}

// sameState reports how two dirStates differ ("" if they do not).
func sameState(before, after map[string]string) string {
	var diffs []string
	for name, b := range before {
		a, ok := after[name]
		switch {
		case !ok:
			diffs = append(diffs, name+" removed")
		case a != b:
			diffs = append(diffs, fmt.Sprintf("%s changed (%d bytes, was %d)", name, len(a), len(b)))
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok {
			diffs = append(diffs, name+" created")
		}
	}
	return strings.Join(diffs, "; ")
}

// plainSQLite runs statements on a file with a plain SQLite connection (no atril, rollback
// journal unless the statements say otherwise).
func plainSQLite(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// atrilWithData makes an atril database holding a deck of n cards and an answer, checkpointed
// and closed (no -wal beside it).
func atrilWithData(t *testing.T, path string, n int) {
	t.Helper()
	s, err := studystore.Open(path, studystore.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d, err := s.CreateDeck(ctx, studystore.Deck{Name: "sietes", Lexicon: "x", Kind: "anagram", Scheduler: "fsrs", NewPerDay: 5})
	if err != nil {
		t.Fatal(err)
	}
	qs := make([]string, n)
	for i := range qs {
		qs[i] = fmt.Sprintf("AEIRST%05d", i)
	}
	if _, err := s.AddCards(ctx, d, "x", "anagram", studystore.Cards(qs...)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordAnswer(ctx, studystore.Answer{Drill: "twos", Lexicon: "x", Question: "AB", Correct: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatal("a closed store left its WAL")
	}
}

// schema1SQL is migration 1 without its application_id line, for files marked by hand.
func schema1SQL(t *testing.T) string {
	return studystore.Migrations()[0].SQL
}

type refusal struct {
	name string
	make func(t *testing.T, path string) // writes the file (and what lies beside it)
	want error                           // what errors.Is finds
	says string                          // what the message says the file is
}

// makesShm: reading a -wal needs SQLite's shared-memory index, and there is none: an -shm file
// appears beside it (the database and its -wal are left as they were).
var makesShm = map[string]bool{"another program's SQLite, WAL without its -shm": true}

var refusals = []refusal{
	{"text", func(t *testing.T, p string) { os.WriteFile(p, []byte("CASA\nPERRO\n"), 0o644) },
		studystore.ErrNotAtril, `it is not an SQLite file (it is text, starting "CASA")`},
	{"utf16 text", func(t *testing.T, p string) { os.WriteFile(p, []byte("\xff\xfeC\x00A\x00S\x00A\x00"), 0o644) },
		studystore.ErrNotAtril, "UTF-16"},
	{"binary", func(t *testing.T, p string) {
		b := make([]byte, 4096)
		for i := range b {
			b[i] = byte(i * 7)
		}
		os.WriteFile(p, b, 0o644)
	}, studystore.ErrNotAtril, "binary data"},
	{"gzip", func(t *testing.T, p string) {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte("CASA\n"))
		w.Close()
		os.WriteFile(p, b.Bytes(), 0o644)
	}, studystore.ErrNotAtril, "gzip"},
	{"SQLite header cut", func(t *testing.T, p string) { os.WriteFile(p, []byte("SQLite format 3\x00\x10\x00"), 0o644) },
		studystore.ErrNotAtril, "shorter than an SQLite header"},
	{"another program's SQLite", func(t *testing.T, p string) {
		plainSQLite(t, p, "CREATE TABLE words (w TEXT)", "CREATE TABLE scores (s INT)", "INSERT INTO words VALUES ('casa')")
	}, studystore.ErrNotAtril, "SQLite database of another program (tables: scores, words)"},
	{"another program's SQLite, application id", func(t *testing.T, p string) {
		plainSQLite(t, p, "PRAGMA application_id = 305419896", "CREATE TABLE t (x)")
	}, studystore.ErrNotAtril, "application id 0x12345678; tables: t"},
	{"another program's SQLite, WAL", func(t *testing.T, p string) {
		plainSQLite(t, p, "PRAGMA journal_mode = WAL", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)")
	}, studystore.ErrNotAtril, "another program (tables: t)"},
	{"another program's SQLite, WAL left by a killed program", killedWAL, studystore.ErrNotAtril, "another program (tables: t)"},
	{"another program's SQLite, WAL without its -shm", func(t *testing.T, p string) {
		killedWAL(t, p)
		os.Remove(p + "-shm")
	}, studystore.ErrNotAtril, "another program (tables: t)"},
	{"atril, newer schema", func(t *testing.T, p string) {
		atrilWithData(t, p, 3)
		plainSQLite(t, p, "PRAGMA user_version = 99")
	}, studystore.ErrTooNew, "written by a newer atril (schema 99"},
	{"atril mark, schema version 0 with tables", func(t *testing.T, p string) {
		plainSQLite(t, p, schema1SQL(t))
	}, studystore.ErrDamaged, "has no schema version and yet holds data (tables: answers, cards, deck_cards, decks, player_ratings, puzzle_attempts and 1 more)"},
	{"atril mark, schema version -1", func(t *testing.T, p string) {
		plainSQLite(t, p, schema1SQL(t), "PRAGMA user_version = -1")
	}, studystore.ErrDamaged, "its schema version is -1"},
	{"atril, a table dropped", func(t *testing.T, p string) {
		plainSQLite(t, p, schema1SQL(t), "PRAGMA user_version = 1", "DROP TABLE answers")
	}, studystore.ErrDamaged, "the tables answers are missing"},
	{"atril, cut short", func(t *testing.T, p string) {
		atrilWithData(t, p, 3000)
		b, _ := os.ReadFile(p)
		os.WriteFile(p, b[:len(b)/2], 0o644)
	}, studystore.ErrDamaged, "cut short"},
	{"atril, first page overwritten", func(t *testing.T, p string) {
		atrilWithData(t, p, 3)
		b, _ := os.ReadFile(p)
		for i := 100; i < 4096 && i < len(b); i++ {
			b[i] = 0xA5
		}
		os.WriteFile(p, b, 0o644)
	}, studystore.ErrDamaged, "cannot be read"},
	{"atril, an index page overwritten", func(t *testing.T, p string) {
		atrilWithData(t, p, 300)
		testdb.DamageCardsIndex(t, p)
	}, studystore.ErrDamaged, "is damaged: SQLite's check of its pages found"},
}

// killedWAL writes another program's database as a killed program leaves it: its table only in
// the -wal (never checkpointed), with the -shm beside it.
func killedWAL(t *testing.T, p string) {
	// Copies of the file, its -wal and -shm taken while a connection had uncommitted
	// pages checkpointed out: what a killed program leaves.
	live := p + ".live"
	db, err := sql.Open("sqlite", "file:"+live+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range []string{"PRAGMA wal_autocheckpoint = 0", "CREATE TABLE t (x)", "INSERT INTO t VALUES (1)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, side := range []string{"", "-wal", "-shm"} {
		b, err := os.ReadFile(live + side)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(p+side, b, 0o644)
	}
	db.Close()
	os.Remove(live)
}

// TestRefusedFilesLeftAsTheyWere: a file that is not an atril study database, is damaged, or is
// too new is refused by every kind of Open, with a message saying what it is, and the directory
// holds the same files with the same bytes afterwards: nothing switched to WAL, no -wal, -shm or
// -journal file made, nothing migrated.
func TestRefusedFilesLeftAsTheyWere(t *testing.T) {
	t.Parallel()
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "atril.db")
			c.make(t, path)
			before := dirState(t, dir)
			for _, opt := range []studystore.Options{{}, {MustExist: true}, {ReadOnly: true}} {
				opt.Now = time.Now
				s, err := studystore.Open(path, opt)
				if err == nil {
					s.Close()
					t.Fatalf("opened (%+v), want it refused", opt)
				}
				if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), path) {
					t.Errorf("error %q, want %v naming the file and saying %q", err, c.want, c.says)
				}
				after := dirState(t, dir)
				if _, ok := after["atril.db-shm"]; ok && makesShm[c.name] {
					delete(after, "atril.db-shm")
				}
				if diff := sameState(before, after); diff != "" {
					t.Fatalf("after a refused Open (MustExist %v, ReadOnly %v): %s", opt.MustExist, opt.ReadOnly, diff)
				}
			}
		})
	}
}

// Empty files: a recording command makes a zero-byte file or a blank SQLite file a database;
// commands that need study data refuse them and leave them as they were.
func TestEmptyFiles(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		make func(t *testing.T, path string)
		says string
	}{
		{"zero bytes", func(t *testing.T, p string) { os.WriteFile(p, nil, 0o644) }, "is an empty file"},
		{"blank SQLite", func(t *testing.T, p string) { plainSQLite(t, p, "CREATE TABLE t (x)", "DROP TABLE t") }, "is an empty SQLite database"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "atril.db")
			c.make(t, path)
			before := dirState(t, dir)
			for _, opt := range []studystore.Options{{MustExist: true}, {ReadOnly: true}} {
				opt.Now = time.Now
				_, err := studystore.Open(path, opt)
				if !errors.Is(err, studystore.ErrNoDatabase) || !strings.Contains(err.Error(), c.says) {
					t.Errorf("%+v: %v, want ErrNoDatabase saying %q", opt, err, c.says)
				}
				if diff := sameState(before, dirState(t, dir)); diff != "" {
					t.Fatalf("after a refused Open: %s", diff)
				}
			}
			s, err := studystore.Open(path, studystore.Options{Now: time.Now})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if v, _ := s.Version(); v != studystore.SchemaVersion() {
				t.Errorf("a recording Open left it at schema %d", v)
			}
		})
	}
}

// Paths that are no regular file, and directories that are missing, are refused without
// creating anything (and without hanging on a FIFO, which a plain open would wait on forever).
func TestRefusesPathsThatAreNoFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	regular := filepath.Join(dir, "plain")
	os.WriteFile(regular, []byte("x"), 0o644)
	before := dirState(t, dir)
	for _, c := range []struct {
		path, says string
		want       error
	}{
		{"/dev/null", "/dev/null is not a regular file but a device (like /dev/null)", studystore.ErrNotAtril},
		{fifo, "is not a regular file but a named pipe (FIFO)", studystore.ErrNotAtril},
		{filepath.Join(dir, "missing", "atril.db"), "the directory " + filepath.Join(dir, "missing") + " does not exist", nil},
		{filepath.Join(regular, "atril.db"), regular + " is not a directory", nil},
		{dir, "is a directory: expected a study database file, e.g. " + filepath.Join(dir, "atril.db"), nil},
	} {
		for _, opt := range []studystore.Options{{}, {MustExist: true}, {ReadOnly: true}} {
			opt.Now = time.Now
			done := make(chan error, 1)
			go func() {
				s, err := studystore.Open(c.path, opt)
				if err == nil {
					s.Close()
				}
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("Open(%s) hangs", c.path)
			}
			if (opt.MustExist || opt.ReadOnly) && strings.Contains(c.path, "missing") {
				if !errors.Is(err, studystore.ErrNoDatabase) {
					t.Errorf("%s (must exist): %v, want ErrNoDatabase", c.path, err)
				}
				continue
			}
			if err == nil || !strings.Contains(err.Error(), c.says) || c.want != nil && !errors.Is(err, c.want) {
				t.Errorf("%s %+v: %v, want an error saying %q", c.path, opt, err, c.says)
			}
		}
	}
	if diff := sameState(before, dirState(t, dir)); diff != "" {
		t.Errorf("refused paths changed the directory: %s", diff)
	}
	// Only the data directory (MakeDir) is created.
	deep := filepath.Join(dir, "data", "atril", "atril.db")
	s, err := studystore.Open(deep, studystore.Options{Now: time.Now, MakeDir: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
}
