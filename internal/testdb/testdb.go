// Package testdb damages study databases for tests, as a bad disk or a stray write would. It
// imports nothing of atril's.
package testdb

import (
	"bytes"
	"database/sql"
	"os"
	"testing"

	_ "modernc.org/sqlite"
)

// DamageCardsIndex overwrites the root page of the index on cards' questions (the page a tester
// found overwritten) with 0xAB, leaving the file's header and schema whole; it returns the
// page's number.
func DamageCardsIndex(t testing.TB, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1") // no -wal, -shm left
	if err != nil {
		t.Fatal(err)
	}
	var root, pageSize int
	err = db.QueryRow(`SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_schema
		WHERE type = 'index' AND tbl_name = 'cards' ORDER BY name LIMIT 1`).Scan(&root, &pageSize)
	db.Close()
	if err != nil || root < 2 {
		t.Fatalf("index of cards: root page %d, %v", root, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(bytes.Repeat([]byte{0xab}, pageSize), int64(root-1)*int64(pageSize)); err != nil {
		t.Fatal(err)
	}
	return root
}
