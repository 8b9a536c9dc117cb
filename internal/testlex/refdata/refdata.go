// Package refdata finds the reference material kept beside the project (../shared: rule texts,
// FISE's word-list update, the official FILE2017.kwg) from any package directory, for tests.
// It imports nothing of atril's, so that the lexicon package's own tests can use it.
//
// FILE2017.kwg may not be redistributed: tests and comparisons read it in place and nothing
// derived from it (word lists, counts, golden files) enters the repository.
package refdata

import (
	"os"
	"path/filepath"
	"testing"
)

// FILE2017 is the official lexicon's path under shared/.
const FILE2017 = "lexica/FILE2017.kwg"

// Path walks up from the working directory (a test's package directory) to the first
// shared/rel that exists; "" when there is none.
func Path(rel string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		p := filepath.Join(dir, "shared", filepath.FromSlash(rel))
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Require is Path, skipping the test when the file is absent (it is not part of the
// repository; CI has it beside the project).
func Require(tb testing.TB, rel string) string {
	tb.Helper()
	p := Path(rel)
	if p == "" {
		tb.Skipf("shared/%s not found in a directory above the package (reference material beside the project, for tests only)", rel)
	}
	return p
}
