package lexicon

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func mustWords(t testing.TB, ts *TileSet, spellings ...string) [][]Tile {
	t.Helper()
	var out [][]Tile
	for _, s := range spellings {
		w, err := ts.ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, w)
	}
	return out
}

// walkWords lists the DAWG's words as strings.
func walkWords(ts *TileSet, g *KWG) []string {
	var out []string
	g.Walk(func(w []Tile) bool { out = append(out, ts.Notation(w)); return true })
	return out
}

// gaddagStrings lists every accepted path of the GADDAG, the separator written as '>'.
func gaddagStrings(ts *TileSet, g *KWG) []string {
	var out []string
	var buf []Tile
	var rec func(list uint32)
	rec = func(list uint32) {
		if list == 0 {
			return
		}
		for i := list; ; i++ {
			buf = append(buf, g.Tile(i))
			if g.Accepts(i) {
				out = append(out, gaddagSpelling(ts, buf))
			}
			rec(g.ArcIndex(i))
			buf = buf[:len(buf)-1]
			if g.IsEnd(i) {
				return
			}
		}
	}
	rec(g.GaddagRoot())
	slices.Sort(out)
	return out
}

func gaddagSpelling(ts *TileSet, s []Tile) string {
	var sb strings.Builder
	for _, t := range s {
		if t == Separator {
			sb.WriteByte('>')
		} else {
			sb.WriteString("[" + ts.Label(t) + "]")
		}
	}
	return sb.String()
}

// expectedGaddag is the convention documented on KWG, computed independently of the builder.
func expectedGaddag(ts *TileSet, words [][]Tile) []string {
	set := map[string]bool{}
	for _, w := range words {
		n := len(w)
		for i := 1; i <= n; i++ {
			var s []Tile
			for j := i - 1; j >= 0; j-- {
				s = append(s, w[j])
			}
			if i < n {
				s = append(s, Separator)
				s = append(s, w[i:]...)
			}
			set[gaddagSpelling(ts, s)] = true
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func sortedUnique(ts *TileSet, words [][]Tile) []string {
	ws := slices.Clone(words)
	slices.SortFunc(ws, func(a, b []Tile) int { return slices.Compare(a, b) })
	ws = slices.CompactFunc(ws, slices.Equal)
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Notation(w)
	}
	return out
}

func TestBuildKWGRoundTrip(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	cases := []struct {
		name  string
		words []string
	}{
		{"one word", []string{"CASA"}},
		{"two tiles", []string{"AB"}},
		{"prefixes", []string{"CAS", "CASA", "CASAS", "CA", "CASADO"}},
		{"unsorted with repeats", []string{"ZORRO", "ABAD", "ZORRO", "CHICO", "ABAD", "LLAMA", "CHICOS"}},
		{"digraph tiles", []string{"CHARRO", "CHICO", "[C][H]ICO", "LLAVE", "[L][L]AVE", "PERRO", "PE[R][R]O"}},
		{"shared suffixes", []string{"CANTAR", "CANTARA", "SALTAR", "SALTARA", "BAILAR", "BAILARA", "AR", "ARA"}},
		{"single tiles", []string{"A", "E", "AE"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			words := mustWords(t, ts, tc.words...)
			g, err := BuildKWG(words)
			if err != nil {
				t.Fatal(err)
			}
			g2, err := KWGFromBytes(g.Bytes())
			if err != nil {
				t.Fatalf("built graph does not read back: %v", err)
			}
			if got, want := walkWords(ts, g2), sortedUnique(ts, words); !slices.Equal(got, want) {
				t.Errorf("DAWG words\n got %v\nwant %v", got, want)
			}
			if got, want := gaddagStrings(ts, g2), expectedGaddag(ts, words); !slices.Equal(got, want) {
				t.Errorf("GADDAG paths\n got %v\nwant %v", got, want)
			}
			for _, w := range words {
				if !g2.Contains(w) {
					t.Errorf("Contains(%s) = false", ts.Notation(w))
				}
			}
		})
	}
}

func TestBuildKWGContainsNegatives(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	g, err := BuildKWG(mustWords(t, ts, "CASA", "CASAS", "CHICO", "CARRO"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"CAS", "CASAR", "CASASS", "C", "ASA", "[C][H]ICO", "CA[R][R]O", "OCIHC", "Z"} {
		w, err := ts.ParseWord(s)
		if err != nil {
			t.Fatal(err)
		}
		if g.Contains(w) {
			t.Errorf("Contains(%s) = true, want false", s)
		}
	}
	if g.Contains(nil) {
		t.Error("Contains(empty) = true")
	}
}

func TestBuildKWGEmpty(t *testing.T) {
	t.Parallel()
	g, err := BuildKWG(nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumNodes() != 2 || g.DawgRoot() != 0 || g.GaddagRoot() != 0 {
		t.Errorf("empty graph: %d nodes, roots %d %d", g.NumNodes(), g.DawgRoot(), g.GaddagRoot())
	}
	n := 0
	g.Walk(func([]Tile) bool { n++; return true })
	if n != 0 {
		t.Errorf("empty graph walks %d words", n)
	}
}

func TestBuildKWGRejects(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		words [][]Tile
		want  string
	}{
		{"empty word", [][]Tile{{1, 2}, {}}, "word 2 is empty"},
		{"blank tile", [][]Tile{{1, 0, 2}}, "tile 0"},
		{"blanked letter", [][]Tile{{1, 2 | BlankBit}}, "not a letter tile"},
		{"beyond alphabet", [][]Tile{{MaxLetters + 1, 1}}, "not a letter tile"},
		{"too long", [][]Tile{make([]Tile, maxWordTiles+1)}, "more than"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == "too long" {
				for i := range tc.words[0] {
					tc.words[0][i] = 1
				}
			}
			_, err := BuildKWG(tc.words)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestBuildKWGRandom checks many random lexicons against the convention, including shared
// tails between unrelated lists.
func TestBuildKWGRandom(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 30 {
		var words [][]Tile
		n := 1 + r.IntN(200)
		letters := 2 + r.IntN(6)
		for range n {
			w := make([]Tile, 1+r.IntN(8))
			for i := range w {
				w[i] = Tile(1 + r.IntN(letters))
			}
			words = append(words, w)
		}
		g, err := BuildKWG(words)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := walkWords(ts, g), sortedUnique(ts, words); !slices.Equal(got, want) {
			t.Fatalf("round %d: DAWG words differ:\n got %v\nwant %v", round, got, want)
		}
		if got, want := gaddagStrings(ts, g), expectedGaddag(ts, words); !slices.Equal(got, want) {
			t.Fatalf("round %d: GADDAG paths differ", round)
		}
	}
}

// TestBuildKWGDeterministic: the same words in any order give the same bytes (the shipped
// default lexicon relies on it).
func TestBuildKWGDeterministic(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	words := mustWords(t, ts, "CASA", "CASO", "COSA", "SACO", "CHICO", "LLAMA", "PERRO", "PERRA", "CAS")
	g1, err := BuildKWG(words)
	if err != nil {
		t.Fatal(err)
	}
	rev := slices.Clone(words)
	slices.Reverse(rev)
	g2, err := BuildKWG(rev)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g1.Bytes(), g2.Bytes()) {
		t.Error("word order changed the built bytes")
	}
}

// TestRebuildFullLexicons: the words of a whole lexicon (the default; FILE2017 when beside the
// project, for tests only, nothing derived from it kept), rebuilt, give a graph with the same
// words and a comparable size.
func TestRebuildFullLexicons(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds graphs of 636,624 and 639,293 words")
	}
	for _, fl := range fullLexicons(t) {
		orig := fl.lex.Graph
		var words [][]Tile
		orig.Walk(func(w []Tile) bool { words = append(words, slices.Clone(w)); return true })
		g, err := BuildKWG(words)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		mismatch := 0
		g.Walk(func(w []Tile) bool {
			if n >= len(words) || !slices.Equal(w, words[n]) {
				mismatch++
			}
			n++
			return true
		})
		if n != len(words) || mismatch != 0 {
			t.Errorf("%s: rebuilt graph walks %d words (%d differ), want the original %d", fl.name, n, mismatch, len(words))
		}
		// Every GADDAG entry point of a sample of words must be present.
		for k := 0; k < len(words); k += 997 {
			w := words[k]
			for i := 1; i <= len(w); i++ {
				if !gaddagAccepts(g, w, i) {
					t.Fatalf("%s: GADDAG misses word %d split at %d", fl.name, k, i)
				}
			}
		}
		t.Logf("%s: original %d nodes, rebuilt %d nodes (%.1f%%)", fl.name, orig.NumNodes(), g.NumNodes(), 100*float64(g.NumNodes())/float64(orig.NumNodes()))
		if g.NumNodes() > orig.NumNodes()*11/10 {
			t.Errorf("%s: rebuilt graph has %d nodes, more than 10%% above the original's %d", fl.name, g.NumNodes(), orig.NumNodes())
		}
	}
}

// gaddagAccepts follows rev(w[:i]) + separator + w[i:] (or rev(w) when i == len(w)).
func gaddagAccepts(g *KWG, w []Tile, i int) bool {
	list := g.GaddagRoot()
	var node uint32
	step := func(t Tile) bool {
		node = g.Seek(list, t)
		if node == 0 {
			return false
		}
		list = g.ArcIndex(node)
		return true
	}
	for j := i - 1; j >= 0; j-- {
		if !step(w[j]) {
			return false
		}
	}
	if i < len(w) {
		if !step(Separator) {
			return false
		}
		for _, t := range w[i:] {
			if !step(t) {
				return false
			}
		}
	}
	return g.Accepts(node)
}

func BenchmarkBuildKWGFILE2017(b *testing.B) {
	orig := loadFILE2017(b)
	var words [][]Tile
	orig.Walk(func(w []Tile) bool { words = append(words, slices.Clone(w)); return true })
	b.ResetTimer()
	for b.Loop() {
		if _, err := BuildKWG(words); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildKWGDefault rebuilds the embedded default's 636,624 words.
func BenchmarkBuildKWGDefault(b *testing.B) {
	def, err := openDefault()
	if err != nil {
		b.Fatal(err)
	}
	var words [][]Tile
	def.Graph.Walk(func(w []Tile) bool { words = append(words, slices.Clone(w)); return true })
	b.ResetTimer()
	for b.Loop() {
		if _, err := BuildKWG(words); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBuildDAWG: a DAWG-only graph (the shape of a KLV2 leave table) holds exactly the words
// given, tile 0 included, walks them in tile order, shares sibling lists and has no GADDAG.
func TestBuildDAWG(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 30 {
		var words [][]Tile
		seen := map[string]bool{}
		for range 1 + r.IntN(300) {
			w := make([]Tile, 1+r.IntN(6))
			for i := range w {
				w[i] = Tile(r.IntN(5)) // blanks (0) and four letters
			}
			slices.Sort(w)
			words = append(words, w)
			seen[string(w)] = true
		}
		g, err := BuildDAWG(words)
		if err != nil {
			t.Fatal(err)
		}
		if g.GaddagRoot() != 0 {
			t.Errorf("round %d: GADDAG root %d, want none", round, g.GaddagRoot())
		}
		var got []string
		g.Walk(func(w []Tile) bool { got = append(got, string(w)); return true })
		if !slices.IsSorted(got) || len(got) != len(seen) {
			t.Fatalf("round %d: walked %d words (sorted %v), want %d", round, len(got), slices.IsSorted(got), len(seen))
		}
		for _, w := range got {
			if !seen[w] {
				t.Fatalf("round %d: walked %v, not a word given", round, []byte(w))
			}
		}
	}
	// Every multiset of up to three of four tiles: the lists below A, B, ... share their tails,
	// so the minimised graph is far smaller than the trie.
	var words [][]Tile
	for a := Tile(0); a < 4; a++ {
		words = append(words, []Tile{a})
		for b := a; b < 4; b++ {
			words = append(words, []Tile{a, b})
			for c := b; c < 4; c++ {
				words = append(words, []Tile{a, b, c})
			}
		}
	}
	g, err := BuildDAWG(words)
	if err != nil {
		t.Fatal(err)
	}
	if trie := len(words) + 2; g.NumNodes() >= trie {
		t.Errorf("%d nodes for %d words: not minimised", g.NumNodes(), len(words))
	}
	if _, err := BuildDAWG([][]Tile{{1, MaxLetters + 1}}); err == nil || !strings.Contains(err.Error(), "not a tile 0..63") {
		t.Errorf("tile beyond the alphabet: %v", err)
	}
}
