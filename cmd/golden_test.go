package cmd

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites golden files instead of comparing with them: go test ./cmd -run X -update.
// It is the package's one -update flag; every command's golden tests use it.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// checkGolden compares got with testdata/NAME (or writes it with -update).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd -update rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
