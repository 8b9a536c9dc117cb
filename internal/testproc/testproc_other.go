//go:build !linux

package testproc

import (
	"os"
	"syscall"
)

// setDeathSignal: only Linux has a parent-death signal; Watch and the cleanup remain.
func setDeathSignal(*syscall.SysProcAttr) {}

// alive reports whether process pid exists.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}
