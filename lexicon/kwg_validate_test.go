package lexicon

import (
	"encoding/binary"
	"strings"
	"testing"
)

// rawKWG makes a graph from node values, for malformed cases.
func rawKWG(t *testing.T, nodes ...uint32) *KWG {
	t.Helper()
	b := make([]byte, 4*len(nodes))
	for i, v := range nodes {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	g, err := KWGFromBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func node(tile Tile, accepts, end bool, arc uint32) uint32 {
	v := uint32(tile)<<kwgTileShft | arc
	if accepts {
		v |= kwgAccepts
	}
	if end {
		v |= kwgIsEnd
	}
	return v
}

func TestValidate(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	maxTile := Tile(ts.NumLetters())
	built, err := BuildKWG(mustWords(t, ts, "CASA", "CHICO", "LLAMA", "CASAS"))
	if err != nil {
		t.Fatal(err)
	}
	if err := built.Validate(maxTile); err != nil {
		t.Errorf("built graph: %v", err)
	}
	if err := defaultKWGForTest(t).Validate(maxTile); err != nil {
		t.Errorf("embedded default: %v", err)
	}

	// A chain of 40 A tiles: too deep.
	deep := []uint32{node(0, false, true, 2), node(0, false, true, 0)}
	for i := range 40 {
		arc := uint32(0)
		if i < 39 {
			arc = uint32(len(deep) + 1)
		}
		deep = append(deep, node(1, true, true, arc))
	}
	cases := []struct {
		name string
		g    *KWG
		want string
	}{
		{"cycle", rawKWG(t, node(0, false, true, 2), node(0, false, true, 0), node(1, true, false, 0), node(2, false, true, 2)), "cycle through node 3"},
		{"self loop", rawKWG(t, node(0, false, true, 2), node(0, false, true, 2), node(1, true, true, 2)), "cycle through node 2"},
		{"too deep", rawKWG(t, deep...), "more than 32 tiles"},
		{"foreign tile", rawKWG(t, node(0, false, true, 2), node(0, false, true, 0), node(40, true, true, 0)), "tile 40, past the last letter 28"},
	}
	for _, tc := range cases {
		if err := tc.g.Validate(maxTile); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// defaultKWGForTest is the embedded default's graph.
func defaultKWGForTest(t testing.TB) *KWG {
	def, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	return def.Graph
}

func TestValidateFullLexicons(t *testing.T) {
	t.Parallel()
	for _, fl := range fullLexicons(t) {
		if err := fl.lex.Graph.Validate(Tile(DefaultTileSet().NumLetters())); err != nil {
			t.Errorf("%s: %v", fl.name, err)
		}
	}
}

func BenchmarkValidateDefault(b *testing.B) {
	g := defaultKWGForTest(b)
	for b.Loop() {
		if err := g.Validate(28); err != nil {
			b.Fatal(err)
		}
	}
}
