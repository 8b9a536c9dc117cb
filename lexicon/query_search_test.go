package lexicon

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

func TestSearch(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	tests := []struct {
		query string
		want  string
	}{
		{"pattern:C*", "CALA CALLA CALLAR CAMA CARRO CASA CASAS CORRA"},
		{"pattern:C* length:4", "CALA CALLA CAMA CARRO CASA CORRA"}, // CALLA, CARRO: 4 tiles
		{"pattern:C* length:5-", "CALLAR CASAS"},
		{"pattern:C* length:-4 digraph:yes", "CALLA CARRO CORRA"},
		{"pattern:C* digraph:LL", "CALLA CALLAR"},
		{"pattern:C* digraph:no", "CALA CAMA CASA CASAS"},
		{"digraph:1", "CHALA CHICA CHICO CHICOS"},
		{"digraph:[ch]", "CHALA CHICA CHICO CHICOS"},
		{"anagram:ASAC", "CASA SACA"},
		{"anagram:ACAS?", "CASAS SACAS"},
		{"sub:CASAS length:4-", "ASAS CASA CASAS SACA SACAS"},
		{"sub:CASAS pattern:*S", "AS ASAS CASAS SACAS"},
		{"contains:LL", "CALLA CALLAR LLAMA"},
		{"contains:SS", "ASAS CASAS SACAS SOS"},
		{"contains:[L][L]", ""},
		{"prefix:CH", "CHALA CHICA CHICO CHICOS"},
		{"prefix:[C]", "CALA CALLA CALLAR CAMA CARRO CASA CASAS CORRA"},
		{"suffix:AS", "ALAS AS ASAS CASAS SACAS"},
		{"prefix:CA suffix:A", "CALA CALLA CAMA CASA"},
		{"vowels:3", ""},
		{"vowels:1", "AL AS SOS"},
		{"vowels:2 length:3", "ALA AMA ASA OSO"},
		{"points:10-", "CALLA CALLAR CARRO CORRA CHICA CHICO CHICOS LLAMA"},
		{"points:2", "AL AS"},
		{"length:2 order:-alpha", "AS AL"},
		{"length:5- order:length", "CALLAR CASAS CHICOS SACAS"},
		{"length:4-5 order:length", "CALLAR CASAS CHICOS SACAS ALAS ASAS CALA CALLA CAMA CARRO CASA CORRA CHALA CHICA CHICO LAMA LLAMA SACA SALA"},
		{"pattern:CA?A order:points", "CALLA CAMA CALA CASA"},
		{"anagram:ASAC order:alphagram", "CASA SACA"},
		{"  pattern:\"[C H]*\"   length:5 ", "CALLAR CASAS"},
		{"pattern:[C H]* length:5", "CALLAR CASAS"},
		{"pattern:[^C H]?? ", "ALA AMA ASA OSO SOS"},
	}
	for _, tt := range tests {
		q, err := ParseSearch(tt.query, ts)
		if err != nil {
			t.Errorf("ParseSearch(%q): %v", tt.query, err)
			continue
		}
		rs, err := l.Search(q)
		if err != nil {
			t.Errorf("Search(%q): %v", tt.query, err)
			continue
		}
		var got []string
		for _, r := range rs {
			got = append(got, ts.Word(r.Word))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("Search(%q) = %q, want %q", tt.query, strings.Join(got, " "), tt.want)
		}
		// The text form reads back to the same search.
		q2, err := ParseSearch(q.String(), ts)
		if err != nil || q2.String() != q.String() {
			t.Errorf("ParseSearch(%q.String() = %q) = %q, %v", tt.query, q.String(), q2.String(), err)
		}
	}
}

// TestSearchProbabilityAndRank checks top, rank and the result fields against the ranks.
func TestSearchProbabilityAndRank(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	all, err := l.Search(mustSearch(t, ts, "length:4 order:prob"))
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 5 {
		t.Fatalf("%d four-tile words", len(all))
	}
	for i, r := range all {
		if r.Rank != i+1 {
			t.Errorf("%s: rank %d at position %d of probability order", ts.Word(r.Word), r.Rank, i+1)
		}
		if r.Combinations != combosReference(ts, r.Word) {
			t.Errorf("%s: combinations %d, reference %d", ts.Word(r.Word), r.Combinations, combosReference(ts, r.Word))
		}
		if want := float64(r.Combinations) / float64(binom(100, 4)); r.Probability != want {
			t.Errorf("%s: probability %g, want %g", ts.Word(r.Word), r.Probability, want)
		}
		if got := ts.Word(r.Alphagram); got != ts.Word(Alphagram(r.Word)) {
			t.Errorf("%s: alphagram %s", ts.Word(r.Word), got)
		}
	}
	top, _ := l.Search(mustSearch(t, ts, "length:4 top:3"))
	ranked, _ := l.Search(mustSearch(t, ts, "length:4 rank:-3 order:prob"))
	for i := range 3 {
		if ts.Word(top[i].Word) != ts.Word(all[i].Word) || ts.Word(ranked[i].Word) != ts.Word(all[i].Word) {
			t.Errorf("top:3 / rank:-3 position %d = %s / %s, want %s", i+1, ts.Word(top[i].Word), ts.Word(ranked[i].Word), ts.Word(all[i].Word))
		}
	}
	if len(top) != 3 || len(ranked) != 3 {
		t.Errorf("top:3 gave %d, rank:-3 gave %d", len(top), len(ranked))
	}
	// Top picks by probability, then order:alpha sorts those.
	alpha, _ := l.Search(mustSearch(t, ts, "length:4 top:3 order:alpha"))
	for i := 1; i < len(alpha); i++ {
		if compareTiles(alpha[i-1].Word, alpha[i].Word) >= 0 {
			t.Errorf("top:3 order:alpha not alphabetical: %s before %s", ts.Word(alpha[i-1].Word), ts.Word(alpha[i].Word))
		}
	}
	// Rack searches report what the blanks stood for.
	rs, _ := l.Search(mustSearch(t, ts, "anagram:ACAS?"))
	if len(rs) != 2 || ts.Notation(rs[0].Word) != "CASAs" {
		t.Errorf("anagram:ACAS? first result %v, want CASAs with a blank s", rs)
	}
}

func mustSearch(t testing.TB, ts *TileSet, s string) Search {
	t.Helper()
	q, err := ParseSearch(s, ts)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestParseSearchErrors(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	tests := []struct{ query, want string }{
		{"lenght:7", `search term "lenght:7": unknown key "lenght"; did you mean length?`},
		{"longitd:7", `unknown key "longitd"; did you mean longitud?`},
		{"xyzzy:7", `search term "xyzzy:7": unknown key "xyzzy" (expected one of pattern, anagram`},
		{"length", `search term "length": expected key:value`},
		{"length:x", `search term "length:x": expected N, N-M, N- or -M`},
		{"length:8-7", `the range "8-7" is empty`},
		{"length:7 length:8", `length is given twice`},
		{"top:0", `search term "top:0": expected a number of words, 1 or more`},
		{"top:many", `expected a number of words`},
		{"order:random", `expected alpha, prob, length, points or alphagram`},
		{"digraph:maybe", `expected yes, no or a digraph tile of the set (CH, LL, RR)`},
		{"digraph:C", `expected yes, no or a digraph tile`},
		{"anagram:CASK", `K is not a letter of the fise set`},
		{"anagram:ABC sub:ABC", `one rack: anagram or sub, not both`},
		{"contains:?", `a blank '?' is not allowed here`},
		{"prefix:", `search term "prefix:": expected tiles`},
		{"pattern:[AB", `'[' without a closing ']'`},
		{`pattern:"CA`, `a double quote is not closed`},
		{"vowels:-", `expected N, N-M, N- or -M`},
		{"rank:0", `ranks start at 1`},
	}
	for _, tt := range tests {
		_, err := ParseSearch(tt.query, ts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSearch(%q) error = %v, want it to contain %q", tt.query, err, tt.want)
		}
	}
}

// TestSearchTablePathMatchesWalk: searches that only want the most probable words read the rank
// tables; adding pattern:* forces the graph walk. Both must give the same words in the same order.
func TestSearchTablePathMatchesWalk(t *testing.T) {
	t.Parallel()
	lexicons := map[string]*Lexicon{"small": buildLexicon(t, smallWords...)}
	for _, fl := range fullLexicons(t) {
		lexicons[fl.name] = fl.lex
	}
	queries := []string{
		"length:4 top:3", "length:4-5 top:4", "length:4 rank:2-5", "length:4-5 rank:-3 vowels:2",
		"length:7 top:50", "length:7-8 rank:100-120 vowels:3", "length:7 top:20 digraph:yes points:12-",
		"length:3 top:10 contains:A order:alpha",
	}
	for name, l := range lexicons {
		for _, query := range queries {
			fast, err := l.Search(mustSearch(t, l.Tiles, query))
			if err != nil {
				t.Fatal(err)
			}
			slow, err := l.Search(mustSearch(t, l.Tiles, query+" pattern:*"))
			if err != nil {
				t.Fatal(err)
			}
			if len(fast) != len(slow) {
				t.Errorf("%s %q: %d results from the rank tables, %d from the walk", name, query, len(fast), len(slow))
				continue
			}
			for i := range fast {
				a, b := fast[i], slow[i]
				if compareTiles(a.Word, b.Word) != 0 || a.Rank != b.Rank || a.Combinations != b.Combinations || a.Points != b.Points {
					t.Errorf("%s %q #%d: tables %s rank %d, walk %s rank %d", name, query, i+1, l.Tiles.Word(a.Word), a.Rank, l.Tiles.Word(b.Word), b.Rank)
					break
				}
			}
		}
	}
}

// FuzzParseSearch: no text makes the parser or a search panic, and a parsed search's text form
// reads back to itself.
func FuzzParseSearch(f *testing.F) {
	for _, s := range []string{"length:7 top:1000", `pattern:"[C H]*" vowels:3-4 digraph:yes`, "sub:CASITA? length:6-",
		"pattern:[^AEIOU]*S order:-prob", "anagram:1?2 rank:1-10", "contains:ÑÑ points:-5", "prefix:[C][H] suffix:3"} {
		f.Add(s)
	}
	l := buildLexicon(f, smallWords...)
	f.Fuzz(func(t *testing.T, s string) {
		q, err := ParseSearch(s, l.Tiles)
		if err != nil {
			return
		}
		q2, err := ParseSearch(q.String(), l.Tiles)
		if err != nil || q2.String() != q.String() {
			t.Fatalf("%q → %q → %q, %v", s, q.String(), q2.String(), err)
		}
		if _, err := l.Search(q); err != nil {
			t.Fatal(err)
		}
	})
}

// TestSearchTopAnyLength: the most probable words over every length, against the definition (every
// word's probability, sorted), on the shipped default and a small lexicon; with and without
// filters, which take the walk.
func TestSearchTopAnyLength(t *testing.T) {
	t.Parallel()
	def, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	for name, l := range map[string]*Lexicon{"default": def, "small": buildLexicon(t, smallWords...)} {
		ts := l.Tiles
		type scored struct {
			w []Tile
			p float64
		}
		var all []scored
		l.Graph.Walk(func(w []Tile) bool {
			all = append(all, scored{slices.Clone(w), ts.Probability(w)})
			return true
		})
		// Sorted once: each query's expected list is the words it keeps, in this order (a stable
		// sort of those words alone gives the same list).
		slices.SortStableFunc(all, func(a, b scored) int {
			return byProbability(Result{Word: a.w, Probability: a.p}, Result{Word: b.w, Probability: b.p})
		})
		for _, tc := range []struct {
			query string
			keep  func([]Tile) bool
		}{
			{"top:5", nil},
			{"top:1000", nil},
			{"top:40 length:3-", func(w []Tile) bool { return len(w) >= 3 }},
			{"top:25 vowels:-1", func(w []Tile) bool { return ts.Vowels(w) <= 1 }},
			{"top:25 points:20-", func(w []Tile) bool { return ts.WordPoints(w) >= 20 }},
		} {
			q := mustSearch(t, ts, tc.query)
			var want []scored
			for _, s := range all {
				if len(want) == q.Top {
					break
				}
				if tc.keep == nil || tc.keep(s.w) {
					want = append(want, s)
				}
			}
			got, err := l.Search(q)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Errorf("%s %q: %d results, want %d", name, tc.query, len(got), len(want))
				continue
			}
			for i := range got {
				if compareTiles(got[i].Word, want[i].w) != 0 || got[i].Probability != want[i].p {
					t.Errorf("%s %q #%d: %s (%g), want %s (%g)", name, tc.query, i+1, ts.Word(got[i].Word), got[i].Probability, ts.Word(want[i].w), want[i].p)
					break
				}
				if rank, _ := l.Rank(got[i].Word); got[i].Rank != rank {
					t.Errorf("%s %q: %s rank %d, want %d", name, tc.query, ts.Word(got[i].Word), got[i].Rank, rank)
				}
			}
		}
	}
}

// TestMaxProbabilityBoundsEveryWord: no word of the default lexicon is more probable than its
// length's bound, and the bound is close for short words (it decides which rank tables a search
// builds).
func TestMaxProbabilityBoundsEveryWord(t *testing.T) {
	t.Parallel()
	def, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	ts := def.Tiles
	best := make([]float64, MaxWordTiles+1)
	def.Graph.Walk(func(w []Tile) bool {
		best[len(w)] = max(best[len(w)], ts.Probability(w))
		return true
	})
	for n := 2; n <= MaxWordTiles; n++ {
		bound := ts.MaxProbability(n)
		if best[n] > bound {
			t.Errorf("length %d: a word has probability %g, over the bound %g", n, best[n], bound)
		}
		if n <= 3 && bound > 2*best[n] {
			t.Errorf("length %d: bound %g is loose (best word %g)", n, bound, best[n])
		}
	}
	if ts.MaxProbability(MaxWordTiles) >= ts.MaxProbability(2) {
		t.Error("long words should be bounded far below two-tile words")
	}
}

// TestSearchTopAnyLengthIsCheap: the most probable words of the whole default lexicon come from
// the short words' rank tables, not from holding every word (417 MB allocated before).
func TestSearchTopAnyLengthIsCheap(t *testing.T) {
	t.Parallel()
	def, err := openDefault()
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{"top:5", "top:1000"} {
		q := mustSearch(t, def.Tiles, query)
		def.forgetRanks()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rs, err := def.Search(q)
		runtime.ReadMemStats(&after)
		if err != nil || len(rs) != q.Top {
			t.Fatal(len(rs), err)
		}
		if mb := float64(after.TotalAlloc-before.TotalAlloc) / 1e6; mb > 20 {
			t.Errorf("%s allocated %.0f MB, want under 20", query, mb)
		}
	}
}

// A search is written back with its keys in the reader's language, whichever were typed.
func TestSearchTextInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	q := mustSearch(t, ts, "length:8 dígrafo:si patron:CA* top:5 order:-prob")
	if got, want := q.Text(i18n.For(i18n.Spanish)), "longitud:8 dígrafo:sí patrón:CA* top:5 orden:-prob"; got != want {
		t.Errorf("Spanish %q, want %q", got, want)
	}
	if got, want := q.Text(i18n.For(i18n.English)), "length:8 digraph:yes pattern:CA* top:5 order:-prob"; got != want || got != q.String() {
		t.Errorf("English %q, want %q (= String %q)", got, want, q.String())
	}
}
