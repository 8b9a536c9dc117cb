//go:build unix

package fileio

import (
	"os"
	"syscall"
)

// openNoWait opens path for reading without waiting: a FIFO swapped in after it was looked
// at opens at once (and is then refused) instead of waiting for a writer.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
