package lexicon

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/atril-scrabble/atril/data/defaultlex"
)

// openDefault is the embedded default lexicon, FISE2-LIBRE, under the default tile set, its
// graph read in place as the registry reads it (lexicon/registry imports this package, so these
// tests cannot use it). One graph per process, as with the registry: caches keyed by the graph
// are built once.
var openDefault = sync.OnceValues(func() (*Lexicon, error) {
	var info Info
	if err := json.Unmarshal([]byte(defaultlex.InfoJSON), &info); err != nil {
		return nil, fmt.Errorf("embedded default lexicon metadata: %w", err)
	}
	if s := defaultlex.KWG; len(s) < 8 || len(s)%4 != 0 {
		return nil, fmt.Errorf("embedded default lexicon is not a word graph (%d bytes)", len(s))
	}
	return &Lexicon{Name: info.Name, Description: info.Description, Tiles: DefaultTileSet(), Graph: KWGInPlace(defaultlex.KWG)}, nil
})

// TestDefaultGraphInPlace: the embedded graph read in place is well formed (opening it skips the
// check) and equals the decoded copy; on little-endian machines it is not copied.
func TestDefaultGraphInPlace(t *testing.T) {
	t.Parallel()
	g := KWGInPlace(defaultlex.KWG)
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

// TestReadKWGFileDirect: ReadKWGFile's direct read gives the same graph as decoding a copy of
// the bytes, and the same errors for bad files.
func TestReadKWGFileDirect(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	g, err := BuildKWG(mustWords(t, DefaultTileSet(), "CASA", "CHICO", "LLAMA"))
	if err != nil {
		t.Fatal(err)
	}
	good := dir + "/g.kwg"
	os.WriteFile(good, g.Bytes(), 0o644)
	direct, err := ReadKWGFile(good)
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
		_, err1 := ReadKWGFile(p)
		_, err2 := readKWGFileCopy(p)
		if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
			t.Errorf("%s: direct %v, copied %v", name, err1, err2)
		}
	}
	if _, err := ReadKWGFile(dir + "/missing.kwg"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}
