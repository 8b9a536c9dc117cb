package testproc

import "syscall"

// setDeathSignal has the kernel kill the child when the test process dies.
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }

// alive reports whether process pid exists (a zombie still counts: its parent has not waited).
func alive(pid int) bool { return syscall.Kill(pid, 0) != syscall.ESRCH }
