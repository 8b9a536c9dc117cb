package leavetable

import (
	"os"
	"strings"
)

// IsSpec says whether an argument reads as a table's spec rather than a leave: a name atril
// has (Named), a name ending in .klv2, or a file that is there.
func IsSpec(arg string) bool {
	if Named(arg) {
		return true
	}
	if strings.HasSuffix(strings.ToLower(arg), ".klv2") {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && fi.Mode().IsRegular()
}
