package studystore

import "syscall"

// ctimeOf is a file's status-change time in nanoseconds.
func ctimeOf(sys *syscall.Stat_t) int64 { return sys.Ctim.Nano() }
