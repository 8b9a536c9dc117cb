package settings

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGetSet(t *testing.T) {
	t.Parallel()
	f := File{Dir: filepath.Join(t.TempDir(), "atril")}
	if v, err := f.Get("leaves"); v != "" || err != nil {
		t.Fatalf("unset: %q %v", v, err)
	}
	if err := f.Set("leaves", "handset"); err != nil {
		t.Fatal(err)
	}
	if v, err := f.Get("leaves"); v != "handset" || err != nil {
		t.Errorf("after Set: %q %v", v, err)
	}
	if err := f.Set("leaves", ""); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.Get("leaves"); v != "" {
		t.Errorf("forgotten: %q", v)
	}
	if err := (File{}).Set("leaves", "none"); err == nil {
		t.Error("no data directory: Set accepted")
	}
}

// A choice config.json held (before settings.json) is read, moved here and forgotten there;
// the lexicon chosen stays in config.json.
func TestLegacyChoiceMoves(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	legacy := filepath.Join(dir, "config.json")
	if err := os.WriteFile(legacy, []byte(`{"lexicon": "FILE2017", "leaves": "/tables/mine.klv2"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f := File{Dir: dir}
	if v, err := f.Get("leaves"); v != "/tables/mine.klv2" || err != nil {
		t.Fatalf("legacy choice: %q %v", v, err)
	}
	b, _ := os.ReadFile(legacy)
	var old map[string]any
	if err := json.Unmarshal(b, &old); err != nil || old["lexicon"] != "FILE2017" || old["leaves"] != nil {
		t.Errorf("config.json after the move: %s", b)
	}
	b, _ = os.ReadFile(filepath.Join(dir, Name))
	var now map[string]any
	if err := json.Unmarshal(b, &now); err != nil || now["leaves"] != "/tables/mine.klv2" {
		t.Errorf("settings.json after the move: %s", b)
	}
	if v, _ := f.Get("leaves"); v != "/tables/mine.klv2" {
		t.Errorf("read again: %q", v)
	}
	if v, _ := f.Get("lexicon"); v != "" {
		t.Errorf("a key settings.json did not take over was read from config.json: %q", v)
	}
}

func TestBadFileNamed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, Name), []byte("{not json"), 0o644)
	if _, err := (File{Dir: dir}).Get("leaves"); err == nil || !contains(err.Error(), Name) {
		t.Errorf("damaged settings: %v", err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
