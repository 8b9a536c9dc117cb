package studystore

import (
	"os"
	"path/filepath"
	"testing"
)

// The first day is when atril's own database does not exist yet and $ATRIL_DB names none;
// once the file is there, or another is named, or no home is known, it is not.
func TestFirstDay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	if !FirstDay(env(map[string]string{"ATRIL_DATA_DIR": dir})) {
		t.Error("no database yet: not the first day")
	}
	if FirstDay(env(map[string]string{"ATRIL_DATA_DIR": dir, "ATRIL_DB": filepath.Join(dir, "missing.db")})) {
		t.Error("a database named by $ATRIL_DB: the first day")
	}
	if FirstDay(env(nil)) {
		t.Error("no data directory known: the first day")
	}
	if err := os.WriteFile(filepath.Join(dir, "atril.db"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if FirstDay(env(map[string]string{"ATRIL_DATA_DIR": dir})) {
		t.Error("the database exists: the first day")
	}
}
