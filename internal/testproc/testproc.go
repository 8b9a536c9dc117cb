// Package testproc makes the child processes that tests start die with the test. It owns the
// rule, nothing else; it imports nothing of atril's and only tests import it.
//
// A child started through Prepare is killed when the test's process dies (on Linux, by the
// kernel: Pdeathsig), killed at the end of the test if it still runs (cleanup), and told the
// test's process id and deadline, so that a child that is itself a test binary standing in for
// atril (and its own children, which inherit the environment) can call Watch and leave when the
// test is gone or out of time, even when the test was killed with SIGKILL.
package testproc

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The environment a prepared child is given.
const (
	envParent   = "ATRIL_TEST_PARENT"   // the test process's id
	envDeadline = "ATRIL_TEST_DEADLINE" // the test's deadline, Unix seconds
)

// Prepare makes c, not yet started, die with the test tb: it sets c's SysProcAttr (keeping
// what is there) and environment (os.Environ when c has none) and registers a cleanup that
// kills c if it is still running when tb ends.
func Prepare(tb testing.TB, c *exec.Cmd) *exec.Cmd {
	tb.Helper()
	if c.SysProcAttr == nil {
		c.SysProcAttr = &syscall.SysProcAttr{}
	}
	setDeathSignal(c.SysProcAttr)
	if c.Env == nil {
		c.Env = os.Environ()
	}
	c.Env = append(c.Env, envParent+"="+strconv.Itoa(os.Getpid()))
	if d, ok := deadline(tb); ok {
		c.Env = append(c.Env, envDeadline+"="+strconv.FormatInt(d.Unix(), 10))
	}
	tb.Cleanup(func() {
		if c.Process != nil && c.ProcessState == nil {
			_ = c.Process.Kill()
		}
	})
	return c
}

// Command is exec.Command prepared for tb (see Prepare).
func Command(tb testing.TB, name string, args ...string) *exec.Cmd {
	tb.Helper()
	return Prepare(tb, exec.Command(name, args...))
}

func deadline(tb testing.TB) (time.Time, bool) {
	if t, ok := tb.(interface{ Deadline() (time.Time, bool) }); ok {
		return t.Deadline()
	}
	return time.Time{}, false
}

// Watch, in a process started through Prepare (or a descendant of one), exits the process
// with code 2 once the test process is gone or the test's deadline has passed; it checks in
// the background every interval. Elsewhere it does nothing.
func Watch(interval time.Duration) {
	parent, _ := strconv.Atoi(os.Getenv(envParent))
	if parent <= 0 {
		return
	}
	var end time.Time
	if s, err := strconv.ParseInt(os.Getenv(envDeadline), 10, 64); err == nil {
		end = time.Unix(s, 0)
	}
	go func() {
		for range time.Tick(interval) {
			if !alive(parent) {
				os.Stderr.WriteString("testproc: the test process is gone: exiting\n")
				os.Exit(2)
			}
			if !end.IsZero() && time.Now().After(end) {
				os.Stderr.WriteString("testproc: past the test's deadline: exiting\n")
				os.Exit(2)
			}
		}
	}()
}
