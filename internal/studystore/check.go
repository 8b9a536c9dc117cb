package studystore

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Damage inside a file (a page overwritten, a bad copy, a disk error) leaves its header and
// schema as they were: only reading every page finds it. Open runs SQLite's PRAGMA quick_check
// (every page of every table and index, about 6 ms a megabyte: 190 ms for a store of 160,000
// cards, 28 MB) before anything is written, unless a record kept outside the database says that
// the file is as an atril that had checked it left it.
//
// The record (Options.CheckedDir, one small file per database) holds the database file's
// identity: device, inode, size, modification and status-change times. Any write to the file
// changes its status-change time (ctime), which no program can set back, so a record that
// matches means nobody wrote the file since it was recorded, at an Open that checked it or at
// the Close of a store opened from a checked file (atril's own writes go through SQLite). A
// record is trusted only if it was written after the file's last change (git's "racily
// clean" rule: on a file system with coarse times a write in the same tick is not told apart).
// The -wal file is left out: SQLite writes it alone, and each frame carries a checksum that
// SQLite verifies, ignoring a WAL from a bad frame on.
//
// What the record cannot see: damage done while an atril has the file open (its Close then
// records the file as it is) and a disk that changes bytes by itself. SQLite reports those
// when it reads the damaged page (classify: store.damaged_now), and a store that met such
// an error removes its record, so that the next Open checks the file.

// stamp is a file's identity and last change, as far as the system tells them.
type stamp struct {
	dev, ino     uint64
	size         int64
	mtime, ctime int64 // nanoseconds since 1970; ctime is mtime where there is none
}

func (st stamp) String() string {
	return fmt.Sprintf("%d %d %d %d %d", st.dev, st.ino, st.size, st.mtime, st.ctime)
}

func stampOf(path string) (stamp, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}, err
	}
	return statStamp(fi), nil
}

// recordPath is where the record of database path is kept in dir: the name is a hash of the
// absolute path, the path itself is the record's first line.
func recordPath(dir, path string) (file, abs string) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	h := sha256.Sum256([]byte(abs))
	return filepath.Join(dir, hex.EncodeToString(h[:10])+".checked"), abs
}

const recordHead = "atril study database checked, without damage, as it was then:"

// recorded reports whether dir holds a record of path matching st, written after st's last
// change.
func recorded(dir, path string, st stamp) bool {
	if dir == "" {
		return false
	}
	file, abs := recordPath(dir, path)
	fi, err := os.Stat(file)
	if err != nil || fi.ModTime().UnixNano() <= st.ctime || fi.ModTime().UnixNano() <= st.mtime {
		return false
	}
	b, err := os.ReadFile(file)
	return err == nil && string(b) == recordHead+"\n"+abs+"\n"+st.String()+"\n"
}

// record writes dir's record of path as st (best effort: without it the next Open checks).
// The record must be written in a later tick of the file system's clock than the file's last
// change to be trusted (see recorded), and the kernel's clock for file times is coarse (a few
// milliseconds): a record written in the same tick is written again a tick later, for at most
// recordWait.
func record(dir, path string, st stamp) {
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	file, abs := recordPath(dir, path)
	tmp := fmt.Sprintf("%s.%d.tmp", file, os.Getpid())
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		if err := os.WriteFile(tmp, []byte(recordHead+"\n"+abs+"\n"+st.String()+"\n"), 0o644); err != nil {
			os.Remove(tmp)
			return
		}
		fi, err := os.Stat(tmp)
		if err != nil {
			os.Remove(tmp)
			return
		}
		if t := fi.ModTime().UnixNano(); t > st.ctime && t > st.mtime {
			break
		}
		if time.Since(start) > recordWait {
			os.Remove(tmp)
			forget(dir, path)
			return
		}
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
	}
}

// recordWait bounds record's wait for the next tick of the file system's clock.
const recordWait = 25 * time.Millisecond

// forget removes dir's record of path.
func forget(dir, path string) {
	if dir != "" {
		file, _ := recordPath(dir, path)
		os.Remove(file)
	}
}

// checkPages makes sure the file's pages are whole, on the store's reading connection, before
// anything is written: SQLite's quick_check unless the record vouches for the file.
func (s *Store) checkPages(version int) error {
	before, err := stampOf(s.path)
	if err != nil {
		return i18n.Wrap(err, "store.open_failed", "File", s.path)
	}
	if recorded(s.checkedDir, s.path, before) {
		s.sound = true
		return nil
	}
	s.pagesChecked = true
	// Up to a few problems are enough to say what is wrong; the check stops at that many.
	rows, err := s.db.Query("PRAGMA quick_check(3)")
	var problems []string
	if err == nil {
		for rows.Next() {
			var p string
			if err = rows.Scan(&p); err != nil {
				break
			}
			for _, line := range strings.Split(p, "\n") {
				if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "*** ") { // "*** in database main ***"
					problems = append(problems, line)
				}
			}
		}
		if err == nil {
			err = rows.Err()
		}
		rows.Close()
	}
	switch {
	case isBusy(err):
		return err
	case err != nil && (sqliteCode(err) == 11 || sqliteCode(err) == 26):
		return s.damagedError(err.Error(), version)
	case err != nil:
		return i18n.Wrap(err, "store.open_failed", "File", s.path)
	case len(problems) != 1 || problems[0] != "ok":
		return s.damagedError(strings.Join(problems, "; "), version)
	}
	s.sound = true
	if after, err := stampOf(s.path); err == nil && after == before {
		record(s.checkedDir, s.path, after)
	}
	return nil
}

// damagedError refuses a file whose pages SQLite found damaged, saying what to do: go back to
// a copy atril keeps (NAME.bak-schemaN, made before a schema upgrade), or save what can be read
// with sqlite3's .recover.
func (s *Store) damagedError(problem string, version int) error {
	backups, _ := filepath.Glob(globEscape(s.path) + ".bak-schema*")
	var keep []string
	for _, b := range backups {
		if !strings.HasSuffix(b, ".tmp") {
			keep = append(keep, b)
		}
	}
	if len(keep) > 0 {
		return i18n.Wrap(ErrDamaged, "store.check.damaged_backup", "File", s.path, "Problem", problem,
			"Backups", strings.Join(keep, ", "), "AppID", ApplicationID, "Version", version)
	}
	return i18n.Wrap(ErrDamaged, "store.check.damaged", "File", s.path, "Problem", problem, "AppID", ApplicationID, "Version", version)
}

// globEscape escapes the characters filepath.Glob treats specially.
func globEscape(path string) string {
	var b strings.Builder
	for _, r := range path {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// noteDamage remembers that SQLite met a damaged page while the store was in use: Close then
// removes the file's record instead of writing it.
func (s *Store) noteDamage(err error) {
	if c := sqliteCode(err); c == 11 || c == 26 {
		s.damageSeen.Store(true)
	}
}

// closeRecord, at Close, records the file as this store leaves it, if it was sound at Open and
// no damage was met since; the -wal is gone when this was the last connection (else the last
// store to close records the file).
func (s *Store) closeRecord() {
	switch {
	case s.checkedDir == "" || !s.sound:
	case s.damageSeen.Load():
		forget(s.checkedDir, s.path)
	default:
		if st, err := stampOf(s.path); err == nil && !recorded(s.checkedDir, s.path, st) {
			record(s.checkedDir, s.path, st)
		}
	}
}
