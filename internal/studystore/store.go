// Package store keeps a player's study data in one SQLite file (modernc.org/sqlite, pure Go):
// cards, decks and their schedules, every answer given in drills and reviews, drill sessions,
// and tables for puzzles and ratings.
//
// Every connection runs in WAL mode with a busy timeout and foreign keys on (set in the DSN, so
// that every pooled connection has them), and writers take the write lock up front (BEGIN
// IMMEDIATE) so that two atril processes on one file wait for each other instead of failing.
// Each answer is its own short transaction: when RecordAnswer returns, the answer survives the
// process being killed. Synchronous is FULL by default (the WAL is fsynced on every commit,
// so an answer also survives a power cut); SyncNormal trades that last guarantee for speed.
//
// The schema lives in embedded, numbered migrations (migrations/NNNN_name.sql) applied on Open
// in transactions and counted in PRAGMA user_version. A file that is not an atril database, or
// whose schema is newer than this binary, is refused with an error and never written.
package studystore

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/atril-scrabble/atril/internal/datadir"
)

// ApplicationID is written to every atril database's header (PRAGMA application_id), "ATR1".
const ApplicationID = 0x41545231

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migration is one numbered schema step.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded schema steps in order (1, 2, ...).
func Migrations() []Migration {
	ents, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var ms []Migration
	for _, e := range ents {
		num, name, ok := strings.Cut(strings.TrimSuffix(e.Name(), ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			panic("store: migration file name " + e.Name() + " is not NNNN_name.sql")
		}
		b, _ := migrationFS.ReadFile("migrations/" + e.Name())
		ms = append(ms, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			panic(fmt.Sprintf("store: migrations must be numbered 1, 2, ...: found %d at place %d", m.Version, i+1))
		}
	}
	return ms
}

// SchemaVersion is the schema this binary writes.
func SchemaVersion() int { return len(Migrations()) }

// Sync is the durability of a commit.
type Sync int

const (
	SyncFull   Sync = iota // fsync the WAL on every commit: survives power loss (default)
	SyncNormal             // fsync at checkpoints only: survives the process being killed, not a power cut
)

// Options configure Open.
type Options struct {
	// Now is the clock for every stored time. Required: the store never reads the system clock.
	Now func() time.Time
	// BusyTimeout is how long a statement waits for another process's lock (default 5 s).
	BusyTimeout time.Duration
	Sync        Sync
	// MustExist refuses a missing file (ErrNoDatabase) instead of creating it and its
	// directory: for commands that only read, where a missing file is a mistyped path.
	MustExist bool
	// MaxVersion stops migrating at that schema version (0 = all). Tests use it to build
	// databases of older schemas.
	MaxVersion int
}

// Store is an open study database. It is safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	now  func() time.Time
}

// DefaultPath is where the study database lives when --db is not given: $ATRIL_DB, else
// atril.db in the data directory that lexicons also use (datadir.Dir: $ATRIL_DATA_DIR,
// else $XDG_DATA_HOME/atril, else ~/.local/share/atril). getenv is os.Getenv outside tests.
func DefaultPath(getenv func(string) string) (string, error) {
	if p := getenv("ATRIL_DB"); p != "" {
		return p, nil
	}
	dir := datadir.Dir(getenv)
	if dir == "" {
		return "", errors.New("study database: no data directory (HOME is not set): use --db PATH or set ATRIL_DB or ATRIL_DATA_DIR")
	}
	return filepath.Join(dir, "atril.db"), nil
}

// ErrNotAtril is returned (wrapped) for a file that is not an atril study database.
var ErrNotAtril = errors.New("not an atril study database")

// ErrNoDatabase is returned (wrapped) by Open with MustExist for a missing file.
var ErrNoDatabase = errors.New("no such study database")

// ErrTooNew is returned (wrapped) for a database written by a newer atril.
var ErrTooNew = errors.New("database schema is newer than this atril")

// Open opens (creating it and its directory if needed) the study database at path and brings
// its schema up to date. A file that is not SQLite, an SQLite file that is not atril's, or a
// schema newer than this binary's is refused without being written.
func Open(path string, opt Options) (*Store, error) {
	if opt.Now == nil {
		return nil, errors.New("store: Options.Now (the clock) is required")
	}
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("study database %s: the path must not contain ? or #", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("study database %s is a directory: expected a file, e.g. %s", path, filepath.Join(path, "atril.db"))
	}
	if opt.MustExist {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("study database %s: %w", path, ErrNoDatabase)
		}
	}
	known := SchemaVersion()
	if err := check(path, known); err != nil {
		return nil, err
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("study database %s: %w", path, err)
		}
	}
	db, err := sql.Open("sqlite", dsn(path, opt))
	if err != nil {
		return nil, fmt.Errorf("study database %s: %w", path, err)
	}
	s := &Store{db: db, path: path, now: opt.Now}
	max := known
	if opt.MaxVersion > 0 && opt.MaxVersion < max {
		max = opt.MaxVersion
	}
	// Opening races with another process switching the file to WAL or migrating it; SQLite
	// answers some of those races SQLITE_BUSY without waiting, so retry them here.
	bt := busyTimeout(opt)
	for start := time.Now(); ; {
		err = s.migrate(max)
		if err == nil {
			return s, nil
		}
		if !isBusy(err) || time.Since(start) > bt {
			db.Close()
			return nil, fmt.Errorf("study database %s: %w", path, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func busyTimeout(opt Options) time.Duration {
	if opt.BusyTimeout <= 0 {
		return 5 * time.Second
	}
	return opt.BusyTimeout
}

// isBusy reports SQLITE_BUSY and SQLITE_LOCKED, extended codes included.
func isBusy(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == 5 || c == 6
	}
	return false
}

func dsn(path string, opt Options) string {
	bt := busyTimeout(opt)
	sync := "FULL"
	if opt.Sync == SyncNormal {
		sync = "NORMAL"
	}
	// busy_timeout first: journal_mode(WAL) itself may wait for another process.
	return "file:" + strings.ReplaceAll(path, "%", "%25") +
		"?_txlock=immediate" +
		"&_pragma=busy_timeout(" + strconv.FormatInt(bt.Milliseconds(), 10) + ")" +
		"&_pragma=journal_mode(WAL)" +
		"&_pragma=synchronous(" + sync + ")" +
		"&_pragma=foreign_keys(1)"
}

// check refuses, without writing to it, a file that is not an atril database or is too new.
// A missing or empty file is fine (it becomes a new database).
func check(path string, known int) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("study database %s: %w", path, err)
	}
	defer f.Close()
	hdr := make([]byte, 100)
	n, err := io.ReadFull(f, hdr)
	if n == 0 {
		return nil
	}
	if err != nil || !bytes.HasPrefix(hdr, []byte("SQLite format 3\x00")) {
		return fmt.Errorf("study database %s: %w (it is not an SQLite file); use --db to choose another file", path, ErrNotAtril)
	}
	// Without a WAL beside it the header is the truth: application_id at offset 68,
	// user_version at 60, the page count at 28 (a database with no tables has one page). Reading
	// it needs no SQLite connection, which could leave -wal and -shm files beside someone
	// else's database.
	if _, err := os.Stat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
		appID := int32(binary.BigEndian.Uint32(hdr[68:]))
		version := int32(binary.BigEndian.Uint32(hdr[60:]))
		pages := binary.BigEndian.Uint32(hdr[28:])
		return judge(path, int(appID), int(version), pages > 1, known)
	}
	// A WAL may hold newer pages than the header: ask SQLite, read-only, without our pragmas.
	ro, err := sql.Open("sqlite", "file:"+strings.ReplaceAll(path, "%", "%25")+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("study database %s: %w", path, err)
	}
	defer ro.Close()
	var appID, version, objects int
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) {
		err = ro.QueryRow(`SELECT (SELECT application_id FROM pragma_application_id),
			(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_schema)`).Scan(&appID, &version, &objects)
		if !isBusy(err) || time.Since(start) > 5*time.Second {
			break
		}
	}
	if isBusy(err) {
		return fmt.Errorf("study database %s: %w", path, err)
	}
	if err != nil {
		return fmt.Errorf("study database %s: %w (%v)", path, ErrNotAtril, err)
	}
	return judge(path, appID, version, objects > 0, known)
}

// judge decides on a database from its application_id, user_version and whether it holds
// any tables.
func judge(path string, appID, version int, hasTables bool, known int) error {
	switch {
	case appID == 0 && version == 0 && !hasTables:
		return nil // an empty SQLite file (e.g. created, then killed before the first migration)
	case appID != ApplicationID:
		return fmt.Errorf("study database %s: %w (an SQLite file of another program, application_id %#x); use --db to choose another file", path, ErrNotAtril, uint32(appID))
	case version > known:
		return fmt.Errorf("study database %s: %w (schema %d, this atril knows up to %d): upgrade atril", path, ErrTooNew, version, known)
	}
	return nil
}

// migrate applies the migrations after the file's user_version, up to max, each in its own
// transaction (so a crash leaves the file at a whole version). Another process migrating at the
// same time is harmless: the version is re-read under the write lock.
func (s *Store) migrate(max int) error {
	ctx := context.Background()
	var current int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&current); err != nil {
		return err
	}
	for _, m := range Migrations()[:max] {
		if m.Version <= current {
			continue // up to date: no write lock taken
		}
		_, err := s.inTx(ctx, func(tx *sql.Tx) (bool, error) {
			var v int
			if err := tx.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
				return false, err
			}
			if v >= m.Version {
				return false, nil
			}
			if v != m.Version-1 {
				return false, fmt.Errorf("schema %d cannot go to %d", v, m.Version)
			}
			if _, err := tx.Exec(m.SQL); err != nil {
				return false, fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
			}
			if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", m.Version)); err != nil {
				return false, err
			}
			return true, nil
		})
		if err != nil {
			return err
		}
	}
	var v int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return err
	}
	if v > SchemaVersion() {
		return fmt.Errorf("%w (schema %d, this atril knows up to %d): upgrade atril", ErrTooNew, v, SchemaVersion())
	}
	return nil
}

// inTx runs fn in one write transaction and commits it.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) (bool, error)) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	r, err := fn(tx)
	if err != nil {
		tx.Rollback()
		return r, err
	}
	return r, tx.Commit()
}

// write runs fn in one write transaction and commits it.
func (s *Store) write(ctx context.Context, fn func(*sql.Tx) error) error {
	_, err := s.inTx(ctx, func(tx *sql.Tx) (bool, error) { return false, fn(tx) })
	return err
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Version is the file's schema version.
func (s *Store) Version() (int, error) {
	var v int
	err := s.db.QueryRow("PRAGMA user_version").Scan(&v)
	return v, err
}

// Now is the store's clock.
func (s *Store) Now() time.Time { return s.now() }

// DB is the underlying pool, for tests and EXPLAIN; commands use the methods.
func (s *Store) DB() *sql.DB { return s.db }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func nullMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }
