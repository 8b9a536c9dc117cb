package lexicon

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
	"unsafe"

	"github.com/atril-scrabble/atril/data/defaultlex"
)

// noEnv is an environment without a data directory: only the embedded default exists.
func noEnv(string) string { return "" }

// TestDefaultLexicon exercises the shipped, embedded FISE2-LIBRE.
func TestDefaultLexicon(t *testing.T) {
	ts := DefaultTileSet()
	lex, err := NewStore(noEnv).Open("", ts)
	if err != nil {
		t.Fatal(err)
	}
	if lex.Name != DefaultName || lex.Tiles != ts {
		t.Errorf("Open(\"\") = %s under %s, want %s", lex.Name, lex.Tiles.Name, DefaultName)
	}
	info := DefaultInfo()
	n := 0
	lex.Graph.Walk(func([]Tile) bool { n++; return true })
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
	if l2, err := NewStore(noEnv).Open("fise2-libre", ts); err != nil || l2.Graph != lex.Graph {
		t.Errorf("Open(fise2-libre) = %v, %v; want the same graph", l2, err)
	}
}

// BenchmarkOpenDefault is what a process pays the first time it opens the default lexicon:
// reading the metadata and decoding the embedded graph (later opens reuse it).
func BenchmarkOpenDefault(b *testing.B) {
	ts := DefaultTileSet()
	for b.Loop() {
		g, err := loadDefaultGraph()
		if err != nil {
			b.Fatal(err)
		}
		var info Info
		if err := json.Unmarshal([]byte(defaultlex.InfoJSON), &info); err != nil {
			b.Fatal(err)
		}
		st := NewStore(noEnv)
		if _, err := st.Chosen(); err != nil {
			b.Fatal(err)
		}
		if _, err := withAlphabet(info, g, ts); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDefaultGraphInPlace: the embedded graph read in place is well formed (Open skips the
// check) and equals the decoded copy; on little-endian machines it is not copied.
func TestDefaultGraphInPlace(t *testing.T) {
	g, err := loadDefaultGraph()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.check(); err != nil {
		t.Fatal(err)
	}
	copied, err := KWGFromBytes([]byte(defaultlex.KWG))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.nodes, copied.nodes) {
		t.Fatal("in-place view differs from the decoded graph")
	}
	inPlace := unsafe.Pointer(&g.nodes[0]) == unsafe.Pointer(unsafe.StringData(defaultlex.KWG))
	if littleEndian && !inPlace {
		t.Error("the embedded graph was copied: it is not 4-byte aligned")
	}
}

// TestReadKWGFileDirect: the direct read gives the same graph as ReadKWGFile and the same
// errors for bad files.
func TestReadKWGFileDirect(t *testing.T) {
	dir := t.TempDir()
	g, err := BuildKWG(mustWords(t, DefaultTileSet(), "CASA", "CHICO", "LLAMA"))
	if err != nil {
		t.Fatal(err)
	}
	good := dir + "/g.kwg"
	os.WriteFile(good, g.Bytes(), 0o644)
	direct, err := readKWGFileDirect(good)
	if err != nil || !slices.Equal(direct.nodes, g.nodes) {
		t.Fatalf("direct read: %v", err)
	}
	for name, content := range map[string][]byte{
		"odd.kwg":     {1, 2, 3, 4, 5},
		"tiny.kwg":    {0, 0, 0, 0},
		"outside.kwg": {9, 0, 64, 0, 0, 0, 64, 0},
	} {
		p := dir + "/" + name
		os.WriteFile(p, content, 0o644)
		_, err1 := readKWGFileDirect(p)
		_, err2 := ReadKWGFile(p)
		if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
			t.Errorf("%s: direct %v, ReadKWGFile %v", name, err1, err2)
		}
	}
	if _, err := readKWGFileDirect(dir + "/missing.kwg"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}
