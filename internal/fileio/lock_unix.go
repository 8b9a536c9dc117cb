//go:build unix

package fileio

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// writeLock is the lock of one output file: its lock file, open and flock-ed.
type writeLock struct {
	f    *os.File
	path string
}

// takeLock locks target's lock file (named in messages as name), or fails at once when another
// process holds it.
func takeLock(name, target string) (*writeLock, error) {
	lp := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".lock")
	for range 100 {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE|syscall.O_NONBLOCK, 0o644)
		if err != nil {
			return nil, i18n.Wrap(err, "fileio.lock", "File", name)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			var pid [24]byte
			n, _ := f.ReadAt(pid[:], 0)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				if p, err := strconv.Atoi(string(bytes.TrimSpace(pid[:n]))); err == nil && p > 0 {
					return nil, i18n.E("fileio.busy_pid", "File", name, "PID", p)
				}
				return nil, i18n.E("fileio.busy", "File", name)
			}
			return nil, i18n.Wrap(err, "fileio.lock", "File", name)
		}
		// The writer that held it may have removed the lock file before we locked it: the
		// lock counts only on the file still in place.
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(lp)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			if f.Truncate(0) == nil {
				f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			}
			return &writeLock{f: f, path: lp}, nil
		}
		f.Close()
	}
	return nil, i18n.E("fileio.busy", "File", name)
}

func (l *writeLock) release() {
	if l == nil || l.f == nil {
		return
	}
	os.Remove(l.path) // while still locked: whoever opens the old file next sees it gone
	l.f.Close()
	l.f = nil
}
