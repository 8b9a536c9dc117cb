package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/testlex"
)

// runIn runs atril with a data directory and database of its own.
func runIn(t *testing.T, dir, stdin string, args ...string) (string, string, int) {
	t.Helper()
	env := map[string]string{"ATRIL_DATA_DIR": filepath.Join(dir, "data"), "ATRIL_DB": filepath.Join(dir, "atril.db"), "ATRIL_LANG": "en"}
	var out, errb bytes.Buffer
	io := &IO{In: strings.NewReader(stdin), Out: &out, Err: &errb,
		Now: func() time.Time { return time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) }, Getenv: func(k string) string { return env[k] }}
	code := Run(io, args)
	return out.String(), errb.String(), code
}

// `atril phonies --json`: a list of {"word","stem","rule",...}, none of them a word, as many
// as asked, the same for the same seed.
func TestPhoniesCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out, errOut, code := runIn(t, dir, "", "phonies", "--json", "--count", "300", "--seed", "4", "--length", "6-9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var ps []map[string]any
	if err := json.Unmarshal([]byte(out), &ps); err != nil {
		t.Fatal(err)
	}
	if len(ps) != 300 {
		t.Fatalf("%d phonies, want 300", len(ps))
	}
	lex := testlex.Default(t)
	for _, p := range ps {
		for _, k := range []string{"word", "stem", "rule"} {
			if s, ok := p[k].(string); !ok || s == "" {
				t.Fatalf("phony %v: no %q", p, k)
			}
		}
		w, err := lex.Tiles.ParseWord(p["word"].(string))
		if err != nil || lex.Contains(w) || len(w) < 6 || len(w) > 9 {
			t.Errorf("phony %v", p)
		}
	}
	again, _, _ := runIn(t, dir, "", "phonies", "--json", "--count", "300", "--seed", "4", "--length", "6-9")
	if again != out {
		t.Error("the same seed gave other phonies")
	}
	if _, errOut, code := runIn(t, dir, "", "phonies", "--count", "0"); code != ExitError || !strings.Contains(errOut, "--count") {
		t.Errorf("--count 0: exit %d %s", code, errOut)
	}
	if _, _, code := runIn(t, dir, "", "phonies", "--length", "1"); code != ExitError {
		t.Errorf("--length 1: exit %d", code)
	}
}

// `atril info` shows the families a word belongs to.
func TestInfoFamily(t *testing.T) {
	t.Parallel()
	out, errOut, code := runIn(t, t.TempDir(), "", "info", "--json", "CUENTAN")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var info struct {
		Families []struct {
			Lemma string `json:"lemma"`
			Kind  string `json:"kind"`
			Forms []struct {
				Word string `json:"word"`
			} `json:"forms"`
		} `json:"families"`
	}
	if err := json.Unmarshal([]byte(out), &info); err != nil {
		t.Fatal(err)
	}
	if len(info.Families) == 0 || info.Families[0].Lemma != "CONTAR" || info.Families[0].Kind != "verb" {
		t.Fatalf("families of CUENTAN: %+v", info.Families)
	}
	plain, _, _ := runIn(t, t.TempDir(), "", "info", "CUENTAN")
	if !strings.Contains(plain, "Family") || !strings.Contains(plain, "verb CONTAR: CONTAR") {
		t.Errorf("info CUENTAN:\n%s", plain)
	}
}

// deck import/export --zyzzyva from the command line: a bad file is exit 2 with the file named;
// a deck exported is a file Zyzzyva reads; the export never overwrites.
func TestDeckZyzzyvaCommands(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(bad, []byte("CASA\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runIn(t, dir, "", "deck", "import", "--zyzzyva", bad)
	if code != ExitError || !strings.Contains(errOut, bad) || !strings.Contains(errOut, "SQLite") {
		t.Errorf("import of a text file: exit %d %s", code, errOut)
	}
	if _, errOut, code := runIn(t, dir, "", "deck", "import"); code != ExitError || !strings.Contains(errOut, "--zyzzyva") {
		t.Errorf("import without a file: exit %d %s", code, errOut)
	}
	// A deck made in atril goes out as a Zyzzyva file and comes back.
	if _, errOut, code := runIn(t, dir, "", "deck", "add", "sietes", "--search", "length:7 top:50", "--scheduler", "cardbox"); code != 0 {
		t.Fatalf("deck add: exit %d %s", code, errOut)
	}
	out := filepath.Join(dir, "Anagrams.db")
	if _, errOut, code := runIn(t, dir, "", "deck", "export", "sietes", "--zyzzyva", out); code != 0 {
		t.Fatalf("export: exit %d %s", code, errOut)
	}
	if _, errOut, code := runIn(t, dir, "", "deck", "export", "sietes", "--zyzzyva", out); code != ExitError || !strings.Contains(errOut, out) {
		t.Errorf("export over a file: exit %d %s", code, errOut)
	}
	stdout, errOut, code := runIn(t, dir, "", "deck", "import", "back", "--zyzzyva", out, "--json")
	if code != 0 {
		t.Fatalf("import: exit %d %s", code, errOut)
	}
	var res struct {
		Imported int `json:"imported"`
	}
	list, _, _ := runIn(t, dir, "", "deck", "list", "--json")
	var decks []struct {
		Name  string `json:"name"`
		Cards int    `json:"cards"`
	}
	if err := json.Unmarshal([]byte(list), &decks); err != nil {
		t.Fatalf("deck list: %v\n%s", err, list)
	}
	found := false
	for _, d := range decks {
		found = found || d.Name == "sietes"
		if d.Name == "sietes" && (d.Cards == 0 || json.Unmarshal([]byte(stdout), &res) != nil || res.Imported != d.Cards) {
			t.Errorf("import of the export of %d cards: %s", d.Cards, stdout)
		}
	}
	if !found {
		t.Errorf("deck list: %s", list)
	}
}
