package endgame

import (
	"syscall"
	"time"
)

// threadCPU is the calling OS thread's CPU time (getrusage RUSAGE_THREAD).
func threadCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
