package leavetable

import (
	"os"
	"path/filepath"
	"testing"
)

// Names, .klv2 paths (there or not) and files that are there read as tables; leaves, and
// directories, do not.
func TestIsSpec(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "mine")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]bool{
		Builtin: true, Handset: true, None: true, "other.KLV2": true, filepath.Join(dir, "gone.klv2"): true, file: true,
		"AEIRS": false, "?S": false, dir: false, filepath.Join(dir, "gone"): false,
	} {
		if got := IsSpec(arg); got != want {
			t.Errorf("IsSpec(%q) = %v, want %v", arg, got, want)
		}
	}
}
