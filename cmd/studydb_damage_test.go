package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testdb"
)

// A study database with an index page overwritten is refused by every command, which exits as
// for another damaged file, names the file and what to do, asks nothing, and leaves the file
// byte for byte as it was; with the cache directory's record of it made when it was sound too
// (its modification time put back after the damage).
func TestDamagedStudyDatabaseRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cache := t.TempDir()
	db := filepath.Join(dir, "atril.db")
	env := func(k string) string {
		if k == "ATRIL_CACHE_DIR" {
			return cache
		}
		return ""
	}
	run := func(input string, args ...string) (string, int) {
		var out, errOut bytes.Buffer
		code := Run(&IO{In: strings.NewReader(input), Out: &out, Err: &errOut, Now: func() time.Time { return day1 }, Getenv: env},
			append([]string{"--db", db}, args...))
		return out.String() + errOut.String(), code
	}
	if out, code := run("", "deck", "add", "dos", "--kind", "twos", "--search", "length:2", "--new-per-day", "3"); code != 0 {
		t.Fatal(out)
	}
	if out, code := run("y\n", "drill", "twos", "--count", "1", "--seed", "1"); code != 0 {
		t.Fatal(out)
	}
	if recs, _ := filepath.Glob(filepath.Join(cache, "checked", "*.checked")); len(recs) != 1 {
		t.Fatalf("records of checked files: %v, want the study database's", recs)
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	testdb.DamageCardsIndex(t, db)
	os.Chtimes(db, fi.ModTime(), fi.ModTime())
	before := dirFiles(t, dir)
	for _, args := range [][]string{
		{"drill", "twos", "--count", "1", "--seed", "1"},
		{"review"},
		{"stats"},
		{"deck", "list"},
		{"deck", "add", "nuevo", "--search", "length:3 top:20"},
	} {
		out, code := run("y\ny\n", args...)
		if code != ExitError || !strings.Contains(out, db+" is damaged: SQLite's check of its pages found") ||
			!strings.Contains(out, "sqlite3 "+db+" .recover") || strings.Contains(out, "a two-tile word?") ||
			strings.Contains(out, "damaged atril study database") {
			t.Errorf("%s on a damaged database: exit %d, want %d, the file named, nothing asked\n%s", args, code, ExitError, out)
		}
		sameFiles(t, strings.Join(args, " "), before, dirFiles(t, dir))
	}
}
