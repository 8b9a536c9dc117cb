package endgame

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the table with huge pages: its probes land anywhere in it, and
// with 4 KiB pages nearly each one would also miss the TLB.
func adviseHuge(entries []ttEntry) {
	if len(entries) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&entries[0])), len(entries)*entryBytes)
	_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE; an error only means small pages
}
