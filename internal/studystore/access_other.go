//go:build !unix

package studystore

import "os"

// canWrite reports whether this process may write path: a file it can open for writing (nothing
// is written), or a directory without the read-only bit.
func canWrite(path string) bool {
	fi, err := os.Stat(path)
	if err != nil {
		return false
	}
	if fi.IsDir() {
		return fi.Mode().Perm()&0o200 != 0
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
