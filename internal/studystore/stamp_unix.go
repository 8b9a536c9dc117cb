//go:build unix

package studystore

import (
	"os"
	"syscall"
)

// statStamp is fi's identity: device, inode, size, modification and status-change times.
func statStamp(fi os.FileInfo) stamp {
	st := stamp{size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	st.ctime = st.mtime
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.dev, st.ino = uint64(sys.Dev), uint64(sys.Ino)
		if c := ctimeOf(sys); c != 0 {
			st.ctime = c
		}
	}
	return st
}
