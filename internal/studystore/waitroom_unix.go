//go:build unix

package studystore

import (
	"errors"
	"os"
	"syscall"
)

// The waiting room makes a long writer give way. SQLite's write lock is not fair: a writer that
// commits a batch and begins the next at once takes the lock again before a process polling for
// it notices the gap, however short its polls, on a busy machine above all. So a write that finds
// the lock taken announces itself by holding a shared flock(2) on the database's directory until
// it has committed, and a long writer, between two batches, waits while anyone holds one.
//
// The lock is on the directory, not the database: flock and SQLite's fcntl locks never meet, and
// closing a descriptor of the directory cannot drop SQLite's locks on the file (as closing one
// of the file would, by POSIX rules). Another program locking the same directory only makes a
// long writer pause, up to maxYield a batch.

// waitRoom is a descriptor of the database's directory.
type waitRoom struct{ f *os.File }

func openWaitRoom(dir string) *waitRoom {
	f, err := os.Open(dir)
	if err != nil {
		return nil // no room: writes still poll, only without priority
	}
	return &waitRoom{f}
}

// enter announces a waiting write; false when it could not (try again later).
func (w *waitRoom) enter() bool {
	return w != nil && syscall.Flock(int(w.f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB) == nil
}

// occupied reports whether some write is waiting (holds the shared lock).
func (w *waitRoom) occupied() bool {
	if w == nil {
		return false
	}
	err := syscall.Flock(int(w.f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if err == nil {
		syscall.Flock(int(w.f.Fd()), syscall.LOCK_UN)
		return false
	}
	return errors.Is(err, syscall.EWOULDBLOCK)
}

// close leaves the room (the lock goes with the descriptor).
func (w *waitRoom) close() {
	if w != nil {
		w.f.Close()
	}
}
