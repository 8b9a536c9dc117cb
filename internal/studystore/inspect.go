package studystore

import (
	"bytes"
	"database/sql"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// coreTables are the tables every atril database has had since schema 1.
var coreTables = []string{"answers", "cards", "deck_cards", "decks", "sessions"}

// fileInfo is what Open learns about an existing file before deciding to use it.
type fileInfo struct {
	size    int64
	sqlite  bool
	looks   error // what a file that is not SQLite looks like (a catalogue message)
	wal     bool  // the header says WAL mode
	appID   int32
	version int32
	tables  []string // table names, SQLite's own left out, sorted
	// cut is set when the header's page count says the file should be longer than it is.
	cutWant, cutHave int64
	// tablesUnread: the header alone showed an atril database (no -wal to hold newer pages);
	// its tables are checked on the store's own connection (checkTables), which saves opening
	// one more on every Open.
	tablesUnread bool
}

// inspect reads an existing regular file's header and, unless that shows an atril database
// with no -wal beside it (the common case: its tables are checked later, see checkTables), its
// schema, without writing anything: a file in WAL mode with no -wal file beside it is read as
// immutable (SQLite's read-only mode would leave -wal and -shm files behind), one with a -wal
// without writing its -shm if SQLite can, any other in SQLite's read-only mode.
func inspect(path string, size int64, wait time.Duration) (fileInfo, error) {
	info := fileInfo{size: size}
	if size == 0 {
		return info, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return info, i18n.Wrap(err, "store.open_failed", "File", path)
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	f.Close()
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return info, i18n.Wrap(err, "store.open_failed", "File", path)
	}
	head = head[:n]
	if n < 100 || !bytes.HasPrefix(head, []byte("SQLite format 3\x00")) {
		info.looks = looksLike(head)
		return info, nil
	}
	info.sqlite = true
	pageSize := int64(binary.BigEndian.Uint16(head[16:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	info.wal = head[18] == 2 || head[19] == 2
	walFile := fileExists(path + "-wal")
	// The page count at offset 28 is valid when the version-valid-for number matches the change
	// counter; without a WAL (which may hold later pages) the file must be that long.
	changes, pages, validFor := binary.BigEndian.Uint32(head[24:]), binary.BigEndian.Uint32(head[28:]), binary.BigEndian.Uint32(head[92:])
	if !walFile && pages > 0 && validFor == changes && int64(pages)*pageSize > size {
		info.cutWant, info.cutHave = int64(pages)*pageSize, size
		return info, nil
	}
	if !walFile {
		// Without a WAL the header is the truth: application_id at offset 68, user_version
		// at 60.
		info.appID, info.version = int32(binary.BigEndian.Uint32(head[68:])), int32(binary.BigEndian.Uint32(head[60:]))
		if info.appID == ApplicationID && info.version >= 1 {
			info.tablesUnread = true
			return info, nil
		}
	}
	var appID, version int64
	var names sql.NullString
	// With a -wal beside it, first without writing even SQLite's shared-memory index (-shm),
	// and without waiting (such a reader cannot mark what it reads, and a writer committing
	// batches can keep it from starting); then, should that fail, as an ordinary reader (which
	// makes an -shm if there is none).
	attempts := [][]string{{"mode=ro", "_pragma=busy_timeout(" + millis(wait) + ")"}}
	switch {
	case info.wal && !walFile:
		attempts[0] = append(attempts[0], "immutable=1")
	case walFile:
		attempts = append([][]string{{"mode=ro", "readonly_shm=1", "_pragma=busy_timeout(0)"}}, attempts...)
	}
	for _, params := range attempts {
		if err = readSchema(path, params, &appID, &version, &names); err == nil {
			break
		}
	}
	switch {
	case isBusy(err):
		return info, i18n.Wrap(i18n.Wrap(ErrBusy, "store.busy", "Seconds", seconds(wait)), "store.open_failed", "File", path)
	case err != nil:
		return info, i18n.Wrap(ErrDamaged, "store.unreadable", "File", path, "Problem", err.Error())
	}
	info.appID, info.version = int32(appID), int32(version)
	if names.String != "" {
		info.tables = strings.Fields(names.String)
	}
	return info, nil
}

// readSchema reads a file's application_id, user_version and table names.
func readSchema(path string, params []string, appID, version *int64, names *sql.NullString) error {
	db, err := sql.Open("sqlite", dsn(path, params...))
	if err != nil {
		return err
	}
	defer db.Close()
	return db.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id),
		(SELECT user_version FROM pragma_user_version), (`+tablesSQL+`)`).Scan(appID, version, names)
}

// judge decides on an existing file from what inspect saw: nil to go on with it (an empty file
// or a blank SQLite file becomes a new database, unless mustExist).
func (info fileInfo) judge(path string, known int, mustExist bool) error {
	switch {
	case info.size == 0 && mustExist:
		return i18n.Wrap(ErrNoDatabase, "store.empty_file", "File", path)
	case info.size == 0:
		return nil
	case !info.sqlite:
		return i18n.Wrap(ErrNotAtril, "store.not_sqlite", "File", path, "Looks", info.looks)
	case info.cutWant > 0:
		return i18n.Wrap(ErrDamaged, "store.cut_short", "File", path, "Want", info.cutWant, "Have", info.cutHave)
	case info.appID == 0 && info.version == 0 && len(info.tables) == 0 && mustExist:
		return i18n.Wrap(ErrNoDatabase, "store.blank_sqlite", "File", path)
	case info.appID == 0 && info.version == 0 && len(info.tables) == 0:
		return nil // a blank SQLite file (e.g. created, then killed before the first migration)
	case info.appID != ApplicationID && info.appID != 0:
		return i18n.Wrap(ErrNotAtril, "store.foreign_app", "File", path, "App", "0x"+strconv.FormatUint(uint64(uint32(info.appID)), 16), "Tables", tableList(info.tables))
	case info.appID != ApplicationID:
		return i18n.Wrap(ErrNotAtril, "store.foreign", "File", path, "Tables", tableList(info.tables))
	case info.version < 0:
		return i18n.Wrap(ErrDamaged, "store.bad_version", "File", path, "Version", int(info.version))
	case info.version == 0:
		return i18n.Wrap(ErrDamaged, "store.unversioned", "File", path, "Tables", tableList(info.tables))
	case int(info.version) > known:
		return i18n.Wrap(ErrTooNew, "store.too_new", "File", path, "Version", int(info.version), "Known", known)
	}
	if info.tablesUnread {
		return nil
	}
	return missingTables(path, int(info.version), info.tables)
}

// missingTables refuses an atril database of schema version that lacks one of its tables.
func missingTables(path string, version int, tables []string) error {
	var missing []string
	for _, t := range coreTables {
		if !slices.Contains(tables, t) {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		return i18n.Wrap(ErrDamaged, "store.missing_tables", "File", path, "Version", version, "Tables", strings.Join(missing, ", "))
	}
	return nil
}

// checkTables reads the tables of a database inspect judged from its header alone, on the
// store's reading connection, before anything is written.
func (s *Store) checkTables(info fileInfo) error {
	if !info.tablesUnread {
		return nil
	}
	var names sql.NullString
	err := s.db.QueryRow(tablesSQL).Scan(&names)
	if isBusy(err) {
		return err
	}
	if err != nil {
		return i18n.Wrap(ErrDamaged, "store.unreadable", "File", s.path, "Problem", err.Error())
	}
	return missingTables(s.path, int(info.version), strings.Fields(names.String))
}

// tablesSQL lists a database's tables (SQLite's own left out), sorted, space-separated.
const tablesSQL = `SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema
	WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name)`

// tableList names the tables of another program's database, a few at most.
func tableList(tables []string) error {
	if len(tables) == 0 {
		return i18n.E("store.no_tables")
	}
	const most = 6
	if len(tables) > most {
		return i18n.E("store.tables_more", "Tables", strings.Join(tables[:most], ", "), "More", len(tables)-most)
	}
	return i18n.E("store.tables", "Tables", strings.Join(tables, ", "))
}

// looksLike says what a file that is not SQLite seems to be, from its first bytes.
func looksLike(head []byte) error {
	switch {
	case bytes.HasPrefix(head, []byte("SQLite format 3")):
		return i18n.E("store.looks.sqlite_cut")
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return i18n.E("store.looks.gzip")
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return i18n.E("store.looks.zip")
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return i18n.E("store.looks.utf16")
	}
	text := head
	if len(text) == 512 { // a character may be cut at the end
		for i := 0; i < 3 && len(text) > 0 && !utf8.Valid(text); i++ {
			text = text[:len(text)-1]
		}
	}
	if utf8.Valid(text) && !bytes.ContainsFunc(text, func(r rune) bool { return r < ' ' && r != '\n' && r != '\r' && r != '\t' }) {
		line, _, _ := strings.Cut(strings.TrimSpace(string(text)), "\n")
		if len([]rune(line)) > 40 {
			line = string([]rune(line)[:40]) + "…"
		}
		return i18n.E("store.looks.text", "Start", strings.TrimSpace(line))
	}
	return i18n.E("store.looks.binary")
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
