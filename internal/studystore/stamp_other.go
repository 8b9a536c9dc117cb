//go:build !unix

package studystore

import "os"

// statStamp is fi's size and modification time: what this system tells of every file.
func statStamp(fi os.FileInfo) stamp {
	m := fi.ModTime().UnixNano()
	return stamp{size: fi.Size(), mtime: m, ctime: m}
}
