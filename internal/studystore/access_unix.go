//go:build unix

package studystore

import "syscall"

// canWrite reports whether this process may write path (a file, or a directory to create files
// in), asking the kernel without opening anything: modes, ACLs and read-only mounts all count.
func canWrite(path string) bool {
	return syscall.Access(path, 0x2) == nil // W_OK
}
