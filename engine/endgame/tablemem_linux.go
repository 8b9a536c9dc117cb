package endgame

import (
	"runtime"
	"syscall"
	"unsafe"
)

// reserve gives t n entries of memory mapped for it alone: the system hands its pages over
// only as they are written, whether or not the process had such memory before (the Go heap
// would clear a reused span whole), and takes them back when t is collected.
func (t *table) reserve(n int) {
	b, err := syscall.Mmap(-1, 0, n*entryBytes, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.entries = make([]ttEntry, n)
		return
	}
	t.entries = unsafe.Slice((*ttEntry)(unsafe.Pointer(&b[0])), n)
	runtime.SetFinalizer(t, func(*table) { _ = syscall.Munmap(b) })
}
