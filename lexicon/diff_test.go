package lexicon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// naiveDiff is the definition: the words of x that y lacks, and how many it has.
func naiveDiff(x, y *KWG) (only [][]Tile, common int) {
	x.Walk(func(w []Tile) bool {
		if y.Contains(w) {
			common++
		} else {
			only = append(only, slices.Clone(w))
		}
		return true
	})
	slices.SortFunc(only, slices.Compare)
	return only, common
}

func checkDiff(t *testing.T, name string, a, b *Lexicon) {
	t.Helper()
	d, err := Diff(a, b)
	if err != nil {
		t.Fatal(err)
	}
	onlyA, common := naiveDiff(a.Graph, b.Graph)
	onlyB, commonB := naiveDiff(b.Graph, a.Graph)
	eq := func(x, y [][]Tile) bool { return slices.EqualFunc(x, y, slices.Equal) }
	if !eq(d.OnlyA, onlyA) || !eq(d.OnlyB, onlyB) || d.Common != common || common != commonB {
		t.Errorf("%s: Diff = only A %s, only B %s, common %d; want %s, %s, %d", name,
			spell(a.Tiles, d.OnlyA), spell(a.Tiles, d.OnlyB), d.Common, spell(a.Tiles, onlyA), spell(a.Tiles, onlyB), common)
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		a, b []string
	}{
		{"added and removed", []string{"CASA", "CHICO", "IN", "PERRO"}, []string{"CASA", "CHICO", "HU", "PERRO", "RA", "UY", "LLAMA"}},
		{"prefixes", []string{"CASA"}, []string{"CASAS", "CA", "CAS"}},
		{"split digraph", []string{"CHE", "CASA"}, []string{"[C][H]E", "CASA"}},
		{"same", smallWords, smallWords},
		{"disjoint", []string{"AL", "ALA"}, []string{"OSO", "SOS"}},
	} {
		checkDiff(t, tc.name, buildLexicon(t, tc.a...), buildLexicon(t, tc.b...))
	}
	// Random lists over a few letters share many prefixes.
	rng := rand.New(rand.NewPCG(1, 2))
	randomList := func() []string {
		var ws []string
		for range 300 {
			n := 2 + rng.IntN(6)
			w := make([]byte, n)
			for i := range w {
				w[i] = "ACEHLORS"[rng.IntN(8)]
			}
			ws = append(ws, string(w))
		}
		return ws
	}
	for range 20 {
		checkDiff(t, "random", buildLexicon(t, randomList()...), buildLexicon(t, randomList()...))
	}
	other, err := ParseTileSet("other", "other.csv", strings.NewReader("A,10,1,yes\nB,2,3,no\n?,2,0,no\n"))
	if err != nil {
		t.Fatal(err)
	}
	a := buildLexicon(t, "CASA")
	if _, err := Diff(a, &Lexicon{Name: "x", Tiles: other, Graph: a.Graph}); err == nil {
		t.Error("Diff across alphabets should be refused")
	}
}

// TestDiffOutOfOrderSiblings: a graph from another tool may list siblings out of tile order; the
// lists still come out in alphabet order.
func TestDiffOutOfOrderSiblings(t *testing.T) {
	t.Parallel()
	node := func(tile Tile, accepts, end bool, arc uint32) uint32 {
		v := uint32(tile)<<kwgTileShft | arc
		if accepts {
			v |= kwgAccepts
		}
		if end {
			v |= kwgIsEnd
		}
		return v
	}
	// AB, BA, BC (A=1, B=2, C=3) with every sibling list in reverse tile order.
	g := &KWG{nodes: []uint32{
		node(0, false, true, 2), node(0, false, true, 0),
		node(2, false, false, 5), node(1, false, true, 4), // root: B, A
		node(2, true, true, 0),                          // A→B
		node(3, true, false, 0), node(1, true, true, 0), // B→C, B→A
	}}
	ts := DefaultTileSet()
	raw := &Lexicon{Name: "raw", Tiles: ts, Graph: g}
	built := &Lexicon{Name: "built", Tiles: ts, Graph: mustGraph(t, [][]Tile{{1, 2}, {1, 3}, {2, 3}})}
	checkDiff(t, "raw vs built", raw, built)
	checkDiff(t, "built vs raw", built, raw)
	d, _ := Diff(raw, built)
	if got := spell(ts, d.OnlyA); got != "BA" {
		t.Errorf("only in raw = %s, want BA", got)
	}
}

func mustGraph(t *testing.T, words [][]Tile) *KWG {
	t.Helper()
	g, err := BuildKWG(words)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func BenchmarkDiff(b *testing.B) {
	def, err := openDefault()
	if err != nil {
		b.Skip(err)
	}
	// The default against itself less a tenth of its words: the diff of two list editions.
	var words [][]Tile
	i := 0
	def.Graph.Walk(func(w []Tile) bool {
		if i%10 != 0 {
			words = append(words, slices.Clone(w))
		}
		i++
		return true
	})
	g, err := BuildKWG(words)
	if err != nil {
		b.Fatal(err)
	}
	other := &Lexicon{Name: "other", Tiles: def.Tiles, Graph: g}
	b.Run("walk-both", func(b *testing.B) {
		for b.Loop() {
			Diff(def, other)
		}
	})
	b.Run("contains-per-word", func(b *testing.B) {
		for b.Loop() {
			naiveDiff(def.Graph, other.Graph)
			naiveDiff(other.Graph, def.Graph)
		}
	})
}
