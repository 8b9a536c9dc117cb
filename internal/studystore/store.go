// Package studystore keeps a player's study data in one SQLite file (modernc.org/sqlite, pure
// Go): cards, decks and their schedules, every answer given in drills and reviews, drill
// sessions, and tables for puzzles and ratings.
//
// Every connection has a busy timeout and foreign keys on (set in the DSN, so that every pooled
// connection has them), and the file is in WAL mode, so that readers never wait for writers.
// Each answer is its own short transaction: when RecordAnswer returns, the answer survives the
// process being killed. Synchronous is FULL by default (the WAL is fsynced on every commit, so
// an answer also survives a power cut); SyncNormal trades that last guarantee for speed.
//
// Writers never hold the write lock for long: long writes (AddCards, DeleteDeck, Reschedule)
// commit in batches of a tenth of a second and let waiting writes in between them (see
// waitRoom), and every write waits its turn (polling for the lock, up to Options.BusyTimeout)
// instead of failing when another process is writing. A write that still finds the file locked
// after that wait fails with ErrBusy: a busy database is never reported as bad input.
//
// The schema lives in embedded, numbered migrations (migrations/NNNN_name.sql) applied on Open
// in transactions and counted in PRAGMA user_version. Open looks at a file before changing
// anything: a file that is not an atril database, is damaged, or has a schema newer than this
// binary's is refused with an error that says what the file is, and is left byte for byte as it
// was. Options.ReadOnly opens a database without ever writing to it.
//
// It keeps identifiers, not domain types: it must not import lexicon, engine, drills, puzzles
// (puzzletag included), stats or a front end.
package studystore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/atril-scrabble/atril/internal/datadir"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
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

// DefaultBusyTimeout is how long a write waits for another process's write lock by default:
// generous, since an answer waiting is better than an answer lost, yet bounded.
const DefaultBusyTimeout = time.Minute

// Options configure Open.
type Options struct {
	// Now is the clock for every stored time. Required: the store never reads the system clock.
	Now func() time.Time
	// BusyTimeout is how long a write waits for another process's write lock before it fails
	// with ErrBusy, and how long a read waits for the rare locks readers meet (default
	// DefaultBusyTimeout).
	BusyTimeout time.Duration
	Sync        Sync
	// MustExist refuses a missing, empty (zero bytes) or blank (an SQLite file with no tables)
	// database with ErrNoDatabase instead of making it one: for commands that have nothing to
	// do without study data, where a missing file is a mistyped path.
	MustExist bool
	// ReadOnly opens an existing database (MustExist) for reading only: no write is ever made
	// (writes fail with ErrReadOnly), a file this process may not write is read all the same,
	// and no -wal or -shm file is left behind. A database of an older schema is first brought
	// up to date if the file is writable, and refused if it is not.
	ReadOnly bool
	// WriteIfAble opens an existing database (MustExist) for writing when this process may
	// write the file and its directory, else as ReadOnly (Store.ReadOnly tells which): for
	// commands that read, and keep derived data (daily sums) in the file where they can.
	WriteIfAble bool
	// MakeDir creates the database's directory when it is missing. Without it a missing
	// directory is an error: a path typed by hand with a typo must not create directories.
	MakeDir bool
	// MaxVersion stops migrating at that schema version (0 = all). Tests use it to build
	// databases of older schemas.
	MaxVersion int
	// CheckedDir is where Open keeps its records of the databases it found sound (see
	// check.go): a file whose record matches is not read through again. "" keeps none: every
	// Open of an existing file reads all its pages (PRAGMA quick_check) first.
	CheckedDir string
}

// Store is an open study database. It is safe for concurrent use.
type Store struct {
	db       *sql.DB // reads (and tests' direct SQL)
	wdb      *sql.DB // writes: one connection, no busy handler (inTx polls for the lock); nil when read-only
	path     string
	now      func() time.Time
	lockWait time.Duration
	// upgradedFrom and backup: the schema this process migrated the file from, and the copy of
	// it made first (see Upgraded).
	upgradedFrom int
	backup       string
	// checkedDir is Options.CheckedDir; sound: the file was found whole at Open (checked, or
	// vouched for by its record, or made here); pagesChecked: quick_check ran; damageSeen:
	// SQLite met a damaged page since.
	checkedDir   string
	sound        bool
	pagesChecked bool
	damageSeen   atomic.Bool
}

// DefaultPath is where the study database lives when no path is given: $ATRIL_DB, else
// atril.db in the data directory that lexicons also use (datadir.Dir: $ATRIL_DATA_DIR,
// else $XDG_DATA_HOME/atril, else ~/.local/share/atril). getenv is os.Getenv outside tests.
func DefaultPath(getenv func(string) string) (string, error) {
	if p := getenv("ATRIL_DB"); p != "" {
		return p, nil
	}
	dir := datadir.Dir(getenv)
	if dir == "" {
		return "", i18n.E("store.no_home")
	}
	return filepath.Join(dir, "atril.db"), nil
}

// ErrNotAtril is returned (wrapped) for a file that is not an atril study database: not a
// regular file, not SQLite, or another program's SQLite database.
var ErrNotAtril = errors.New("not an atril study database")

// ErrDamaged is returned (wrapped) for a file marked as an atril study database whose content
// does not match: a schema version atril never writes, missing tables, cut short, unreadable.
var ErrDamaged = errors.New("damaged atril study database")

// ErrNoDatabase is returned (wrapped) by Open with MustExist for a missing or empty file.
var ErrNoDatabase = errors.New("no such study database")

// ErrTooNew is returned (wrapped) for a database written by a newer atril.
var ErrTooNew = errors.New("database schema is newer than this atril")

// ErrReadOnly is returned (wrapped) for a write to a database that cannot be written: opened
// with ReadOnly, or a file (or directory) this process may not write.
var ErrReadOnly = errors.New("study database is read-only")

// ErrBusy is returned (wrapped) by a write that found the database locked by another process
// for longer than Options.BusyTimeout. Nothing was written; trying again later is safe.
var ErrBusy = errors.New("study database is busy")

// Open opens the study database at path, creating it if needed (unless MustExist or
// ReadOnly), and brings its schema up to date. It first looks at the file without changing
// it: a file that is not an atril study database, or is damaged, or was written by a newer
// atril, is refused, byte for byte as it was, with an error that says what the file is.
func Open(path string, opt Options) (*Store, error) {
	if opt.Now == nil {
		return nil, i18n.E("store.no_clock")
	}
	if path == "" {
		return nil, i18n.E("store.empty_path")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, i18n.E("store.bad_path_chars", "File", path)
	}
	if opt.WriteIfAble {
		opt.MustExist = true
		if !canWrite(path) || !canWrite(filepath.Dir(path)) {
			opt.ReadOnly = true
		}
	}
	if opt.ReadOnly {
		opt.MustExist = true
	}
	bt := busyTimeout(opt)
	known := SchemaVersion()
	target := known
	if opt.MaxVersion > 0 && opt.MaxVersion < target {
		target = opt.MaxVersion
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(path)
	exists := err == nil
	switch {
	case exists && fi.IsDir():
		return nil, i18n.E("store.is_dir", "File", path, "Example", filepath.Join(path, "atril.db"))
	case exists && !fi.Mode().IsRegular():
		return nil, i18n.Wrap(ErrNotAtril, "store.not_regular", "File", path, "Kind", fileio.Kind(fi.Mode()))
	case err != nil && errors.Is(err, syscall.ENOTDIR):
		return nil, i18n.E("store.parent_not_dir", "File", path, "Dir", fileAbove(path))
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, i18n.Wrap(err, "store.open_failed", "File", path)
	case !exists && opt.MustExist:
		return nil, i18n.Wrap(ErrNoDatabase, "store.missing", "File", path)
	case !exists:
		di, err := os.Stat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist) && opt.MakeDir:
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, i18n.Wrap(err, "store.open_failed", "File", path)
			}
		case errors.Is(err, fs.ErrNotExist):
			return nil, i18n.E("store.no_dir", "File", path, "Dir", dir)
		case err != nil:
			return nil, i18n.Wrap(err, "store.open_failed", "File", path)
		case !di.IsDir():
			return nil, i18n.E("store.parent_not_dir", "File", path, "Dir", dir)
		}
	}
	var info fileInfo
	if exists {
		if info, err = inspect(path, fi.Size(), bt); err != nil {
			return nil, err
		}
		if err := info.judge(path, known, opt.MustExist); err != nil {
			return nil, err
		}
	}
	if opt.ReadOnly {
		return openReadOnly(path, opt, info, target)
	}
	if exists && !canWrite(path) {
		return nil, i18n.Wrap(ErrReadOnly, "store.read_only", "File", path)
	}
	if !canWrite(dir) && !(fileExists(path+"-wal") && fileExists(path+"-shm")) {
		return nil, i18n.Wrap(ErrReadOnly, "store.dir_read_only", "File", path, "Dir", dir, "Wal", filepath.Base(path)+"-wal")
	}
	return openReadWrite(path, opt, info, target)
}

func openReadWrite(path string, opt Options, info fileInfo, target int) (*Store, error) {
	bt := busyTimeout(opt)
	sync := "FULL"
	if opt.Sync == SyncNormal {
		sync = "NORMAL"
	}
	common := []string{"_txlock=immediate", "_pragma=synchronous(" + sync + ")", "_pragma=foreign_keys(1)"}
	db, err := sql.Open("sqlite", dsn(path, append([]string{"_pragma=busy_timeout(" + millis(bt) + ")"}, common...)...))
	if err != nil {
		return nil, i18n.Wrap(err, "store.open_failed", "File", path)
	}
	// Writes go through one connection without a busy handler: inTx polls for the lock every
	// millisecond and announces itself to long writers (see waitRoom), which let it in between
	// two batches (SQLite's own handler sleeps up to 100 ms at a time and is not fair).
	wdb, err := sql.Open("sqlite", dsn(path, append([]string{"_pragma=busy_timeout(0)"}, common...)...))
	if err != nil {
		db.Close()
		return nil, i18n.Wrap(err, "store.open_failed", "File", path)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	s := &Store{db: db, wdb: wdb, path: path, now: opt.Now, lockWait: bt, checkedDir: opt.CheckedDir}
	// Opening races with another process switching the file to WAL or migrating it; SQLite
	// answers those races SQLITE_BUSY without waiting here, so retry them.
	deadline := time.Now().Add(bt)
	for {
		err = s.setup(info, target)
		if err == nil {
			return s, nil
		}
		if !isBusy(err) || time.Now().After(deadline) {
			s.Close()
			if isBusy(err) {
				return nil, i18n.Wrap(i18n.Wrap(ErrBusy, "store.busy", "Seconds", seconds(bt)), "store.open_failed", "File", path)
			}
			var ie *i18n.Error
			if errors.As(err, &ie) {
				return nil, err
			}
			return nil, i18n.Wrap(classify(err), "store.open_failed", "File", path)
		}
		time.Sleep(pollInterval)
	}
}

// openReadOnly opens an existing, judged database for reading only.
func openReadOnly(path string, opt Options, info fileInfo, target int) (*Store, error) {
	writable := canWrite(path) && canWrite(filepath.Dir(path))
	var from int
	var backup string
	if int(info.version) < target {
		if !writable {
			return nil, i18n.Wrap(ErrReadOnly, "store.old_read_only", "File", path, "Version", int(info.version), "Known", target)
		}
		up := opt
		up.ReadOnly, up.MustExist = false, false
		s, err := Open(path, up)
		if err != nil {
			return nil, err
		}
		from, backup = s.upgradedFrom, s.backup
		s.Close()
	}
	params := []string{"_pragma=busy_timeout(" + millis(busyTimeout(opt)) + ")", "_pragma=foreign_keys(1)"}
	switch {
	case writable:
		// A normal connection that refuses writes: it takes part in WAL locking like any other,
		// and the last one to close removes the -wal and -shm files.
		params = append(params, "mode=rw", "_pragma=query_only(1)")
	case info.wal && !fileExists(path+"-wal"):
		// SQLite's read-only mode would create -wal and -shm files it then cannot remove:
		// nobody is writing (a writer would have a -wal), so read the file as it is.
		params = append(params, "mode=ro", "immutable=1")
	default:
		params = append(params, "mode=ro")
	}
	db, err := sql.Open("sqlite", dsn(path, params...))
	if err != nil {
		return nil, i18n.Wrap(err, "store.open_failed", "File", path)
	}
	s := &Store{db: db, path: path, now: opt.Now, lockWait: busyTimeout(opt), upgradedFrom: from, backup: backup, checkedDir: opt.CheckedDir}
	err = s.checkTables(info)
	if err == nil {
		err = s.checkPages(int(info.version))
	}
	if err != nil {
		db.Close()
		var ie *i18n.Error
		if errors.As(err, &ie) {
			return nil, err
		}
		return nil, i18n.Wrap(classify(err), "store.open_failed", "File", path)
	}
	return s, nil
}

// setup finishes judging the file (checkTables, checkPages), switches it to WAL (a refused
// file is never switched) and migrates it. An up-to-date database needs no write, nor the
// write connection.
func (s *Store) setup(info fileInfo, target int) error {
	if err := s.checkTables(info); err != nil {
		return err
	}
	if info.size == 0 || !info.sqlite || (info.appID == 0 && info.version == 0 && len(info.tables) == 0 && !info.tablesUnread) {
		s.sound = true // made a database here: nothing in it to check
	} else if !s.sound {
		if err := s.checkPages(int(info.version)); err != nil {
			return err
		}
	}
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode = WAL").Scan(&mode); err != nil {
		return err
	}
	if !strings.EqualFold(mode, "wal") {
		return i18n.E("store.no_wal", "File", s.path, "Mode", mode)
	}
	return s.migrate(target)
}

// fileAbove is the nearest directory above path that is a file, not a directory.
func fileAbove(path string) string {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
			return dir
		}
		if dir == filepath.Dir(dir) {
			return filepath.Dir(path)
		}
	}
}

func busyTimeout(opt Options) time.Duration {
	if opt.BusyTimeout <= 0 {
		return DefaultBusyTimeout
	}
	return opt.BusyTimeout
}

func millis(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }

func seconds(d time.Duration) int { return int((d + time.Second/2) / time.Second) }

func dsn(path string, params ...string) string {
	return "file:" + strings.ReplaceAll(path, "%", "%25") + "?" + strings.Join(params, "&")
}

// isBusy reports SQLITE_BUSY and SQLITE_LOCKED, extended codes included.
func isBusy(err error) bool {
	return sqliteCode(err) == 5 || sqliteCode(err) == 6
}

// sqliteCode is the primary SQLite result code of err, 0 for none.
func sqliteCode(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// classify turns the SQLite errors people can act on into catalogue errors.
func classify(err error) error {
	switch sqliteCode(err) {
	case 8: // SQLITE_READONLY
		return i18n.Wrap(ErrReadOnly, "store.became_read_only")
	case 13: // SQLITE_FULL
		return i18n.Wrap(err, "store.disk_full")
	case 11, 26: // SQLITE_CORRUPT, SQLITE_NOTADB
		return i18n.Wrap(ErrDamaged, "store.damaged_now", "Problem", err.Error())
	}
	return err
}

// pollInterval is how often a waiting write tries the lock again.
const pollInterval = time.Millisecond

// migrate applies the migrations after the file's user_version, up to max, each in its own
// transaction (so a crash leaves the file at a whole version). Another process migrating at the
// same time is harmless: the version is re-read under the write lock.
func (s *Store) migrate(max int) error {
	ctx := context.Background()
	var current int
	if err := s.db.QueryRow("PRAGMA user_version").Scan(&current); err != nil {
		return err
	}
	if current > 0 && current < max && s.backup == "" {
		// The first command of a newer atril migrates the file, which an older atril then
		// refuses: keep a copy of it as it was, to go back with.
		bak := fmt.Sprintf("%s.bak-schema%d", s.path, current)
		if err := s.copyTo(ctx, bak); err != nil {
			return i18n.Wrap(err, "store.backup_failed", "File", s.path, "Backup", bak, "Version", current)
		}
		s.upgradedFrom, s.backup = current, bak
	}
	for _, m := range Migrations()[:max] {
		if m.Version <= current {
			continue // up to date: no write lock taken
		}
		_, err := s.tryTx(ctx, func(tx *sql.Tx) (bool, error) {
			var v int
			if err := tx.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
				return false, err
			}
			if v >= m.Version {
				return false, nil
			}
			if v != m.Version-1 {
				return false, i18n.Wrap(ErrDamaged, "store.schema_gap", "File", s.path, "From", v, "To", m.Version)
			}
			if _, err := tx.Exec(m.SQL); err != nil {
				if isBusy(err) {
					return false, err
				}
				return false, i18n.Wrap(err, "store.migration", "File", s.path, "Version", m.Version, "Name", m.Name)
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
		return i18n.Wrap(ErrTooNew, "store.too_new", "File", s.path, "Version", v, "Known", SchemaVersion())
	}
	return nil
}

// Upgraded says whether Open brought the file to this atril's schema, from which schema, and
// where it put the copy of the file as it was before (NAME.bak-schemaN); from is 0 when
// nothing was migrated.
func (s *Store) Upgraded() (from int, backup string) { return s.upgradedFrom, s.backup }

// copyTo writes a consistent copy of the database to path (SQLite's online backup: one read
// transaction, so writers of other processes neither wait long nor tear it), through a
// temporary file synced and renamed, so that path is whole or absent.
func (s *Store) copyTo(ctx context.Context, path string) error {
	tmp := path + ".tmp"
	os.Remove(tmp)
	defer os.Remove(tmp)
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		b, ok := dc.(interface {
			NewBackup(string) (*sqlite.Backup, error)
		})
		if !ok {
			return errors.New("the SQLite driver cannot copy a database")
		}
		bk, err := b.NewBackup(tmp)
		if err != nil {
			return err
		}
		for {
			more, err := bk.Step(-1)
			if err != nil {
				bk.Finish()
				return err
			}
			if !more {
				return bk.Finish()
			}
		}
	})
	if err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return err
	}
	serr := f.Sync()
	f.Close()
	if serr != nil {
		return serr
	}
	return os.Rename(tmp, path)
}

// inTx runs fn in one write transaction and commits it, waiting for another process's write
// lock up to the store's busy timeout; fn may run more than once (each time in a fresh
// transaction), so it must start from scratch. ctx cancels the wait.
func (s *Store) inTx(ctx context.Context, fn func(*sql.Tx) (bool, error)) (bool, error) {
	if s.wdb == nil {
		return false, i18n.Wrap(ErrReadOnly, "store.opened_read_only", "File", s.path)
	}
	deadline := time.Now().Add(s.lockWait)
	var room *waitRoom // opened on the first busy answer: an uncontended write costs nothing more
	entered := false
	defer func() { room.close() }()
	for {
		r, err := s.tryTx(ctx, fn)
		if err == nil {
			return r, nil
		}
		if !isBusy(err) {
			s.noteDamage(err)
			return r, classify(err)
		}
		if !time.Now().Before(deadline) {
			return false, i18n.Wrap(ErrBusy, "store.busy", "Seconds", seconds(s.lockWait))
		}
		if room == nil {
			room = openWaitRoom(filepath.Dir(s.path))
		}
		if !entered {
			entered = room.enter()
		}
		t := time.NewTimer(pollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return false, ctx.Err()
		case <-t.C:
		}
	}
}

// tryTx runs fn in one write transaction once: BEGIN IMMEDIATE fails at once (SQLITE_BUSY)
// when another process holds the write lock.
func (s *Store) tryTx(ctx context.Context, fn func(*sql.Tx) (bool, error)) (bool, error) {
	tx, err := s.wdb.BeginTx(ctx, nil)
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

// write runs fn in one write transaction and commits it (see inTx).
func (s *Store) write(ctx context.Context, fn func(*sql.Tx) error) error {
	_, err := s.inTx(ctx, func(tx *sql.Tx) (bool, error) { return false, fn(tx) })
	return err
}

// readErr is the error of a failed read.
func (s *Store) readErr(err error) error {
	s.noteDamage(err)
	return i18n.Wrap(classify(err), "store.read_failed", "File", s.path)
}

// Path is the database file.
func (s *Store) Path() string { return s.path }

// ReadOnly reports whether the store was opened for reading only.
func (s *Store) ReadOnly() bool { return s.wdb == nil }

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
func (s *Store) Close() error {
	var werr error
	if s.wdb != nil {
		werr = s.wdb.Close()
	}
	if err := s.db.Close(); err != nil {
		return err
	}
	if werr == nil {
		s.closeRecord()
	}
	return werr
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

func nullMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }
