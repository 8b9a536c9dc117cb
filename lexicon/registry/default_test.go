package registry

import (
	"encoding/json"
	"testing"

	"github.com/atril-scrabble/atril/data/defaultlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// noEnv is an environment without a data directory: only the embedded default exists.
func noEnv(string) string { return "" }

// TestDefaultLexicon exercises the shipped, embedded FISE2-LIBRE.
func TestDefaultLexicon(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	lex, err := New(noEnv).Open("", ts)
	if err != nil {
		t.Fatal(err)
	}
	if lex.Name != lexicon.DefaultName || lex.Tiles != ts {
		t.Errorf("Open(\"\") = %s under %s, want %s", lex.Name, lex.Tiles.Name, lexicon.DefaultName)
	}
	info := DefaultInfo()
	n := 0
	lex.Graph.Walk(func([]lexicon.Tile) bool { n++; return true })
	if n != info.Words || n != 636624 {
		t.Errorf("default walks %d words, metadata says %d, want 636624", n, info.Words)
	}
	for _, tc := range []struct {
		word  string
		valid bool
	}{
		{"CASA", true}, {"CHICO", true}, {"[C][H]ICO", false}, {"CHARRO", true},
		{"HU", true}, {"RA", true}, {"UY", true}, {"IN", false}, // FISE 2016 update
		{"ABC", true}, {"A2U", false}, {"ÑU", true}, {"zorro", true}, {"CASAX", false},
		{"árbol", true}, {"pingüino", true},
	} {
		w, err := ts.ParseWord(tc.word)
		if err != nil {
			t.Fatal(err)
		}
		if got := lex.Contains(w); got != tc.valid {
			t.Errorf("%s valid = %v, want %v", tc.word, got, tc.valid)
		}
	}
	// Names are case-insensitive.
	if l2, err := New(noEnv).Open("fise2-libre", ts); err != nil || l2.Graph != lex.Graph {
		t.Errorf("Open(fise2-libre) = %v, %v; want the same graph", l2, err)
	}
}

// BenchmarkOpenDefault is what a process pays the first time it opens the default lexicon:
// reading the metadata and decoding the embedded graph (later opens reuse it).
func BenchmarkOpenDefault(b *testing.B) {
	ts := lexicon.DefaultTileSet()
	for b.Loop() {
		g, err := loadDefaultGraph()
		if err != nil {
			b.Fatal(err)
		}
		var info lexicon.Info
		if err := json.Unmarshal([]byte(defaultlex.InfoJSON), &info); err != nil {
			b.Fatal(err)
		}
		r := New(noEnv)
		if _, err := r.Chosen(); err != nil {
			b.Fatal(err)
		}
		if _, err := withAlphabet(info, g, ts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpenUserLexicon is what a process pays to open a lexicon added to the data directory
// (here the default's 636,624 words stored as a user lexicon): reading its metadata and graph and
// checking them.
func BenchmarkOpenUserLexicon(b *testing.B) {
	dir := b.TempDir()
	r := New(func(k string) string {
		if k == "ATRIL_DATA_DIR" {
			return dir
		}
		return ""
	})
	_, g, err := r.Load(lexicon.DefaultName)
	if err != nil {
		b.Fatal(err)
	}
	info := DefaultInfo()
	info.Name, info.Embedded = "USER", false
	if err := r.Put(info, g, false); err != nil {
		b.Fatal(err)
	}
	ts := lexicon.DefaultTileSet()
	for b.Loop() {
		if _, err := r.Open("USER", ts); err != nil {
			b.Fatal(err)
		}
	}
}
