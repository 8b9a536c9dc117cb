package lexicon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// smallWords is a made-up lexicon with the cases that matter: digraph tiles (CHICO needs the CH
// tile, LLAMA the LL tile), hooks that are digraphs, anagrams and plurals.
var smallWords = []string{
	"AL", "ALA", "ALAS", "CALA", "CHALA", "SALA",
	"AMA", "CAMA", "LAMA", "LLAMA",
	"AS", "ASA", "ASAS", "CASA", "CASAS", "SACA", "SACAS",
	"CHICO", "CHICOS", "CHICA", "CALLA", "CALLAR", "CARRO", "CORRA",
	"OSO", "SOS",
}

func buildLexicon(t testing.TB, words ...string) *Lexicon {
	t.Helper()
	ts := DefaultTileSet()
	var tiles [][]Tile
	for _, w := range words {
		tw, err := ts.ParseWord(w)
		if err != nil {
			t.Fatal(err)
		}
		tiles = append(tiles, tw)
	}
	g, err := BuildKWG(tiles)
	if err != nil {
		t.Fatal(err)
	}
	return &Lexicon{Name: "small", Tiles: ts, Graph: g}
}

// spell writes words in Notation (blanks lower case, [CH]) so tests see what a blank stood for
// and which tiles were used.
func spell(ts *TileSet, ws [][]Tile) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Notation(w)
	}
	return strings.Join(out, " ")
}

func TestAnagrams(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	tests := []struct {
		rack string
		want string
	}{
		{"ASAC", "CASA SACA"},
		{"ACAS?", "CASAs SACAs"},             // the blank is the second S
		{"?ASA", "AlAS ASAs cASA SAcA SAlA"}, // real tiles are used first
		{"??", "al as"},                      // two blanks make any two-tile word
		{"OCI1", "[CH]ICO"},                  // 1 is the CH tile
		{"OCICH", "[CH]ICO"},                 // CH read greedily is the CH tile
		{"[C][H]ICO", ""},                    // a C and an H tile never make CHICO
		{"AMALL", "[LL]AMA"},                 // LL is one tile
		{"AMA[L][L]", ""},                    // two L tiles are not LL
		{"OSO", "OSO"},                       // repeated tiles
		{"OSOS", ""},                         // no word uses all four
		{"CA3O", "CA[RR]O CO[RR]A"},          // 3 is RR
		{"C?SA", "CASa SACa"},                // the real A is used first, the blank is the other A
		{"Z", ""},                            // no one-tile words
		{"", ""},                             // empty rack
	}
	for _, tt := range tests {
		rack, err := ts.ParseRack(tt.rack)
		if err != nil {
			t.Fatalf("%s: %v", tt.rack, err)
		}
		if got := spell(ts, l.Anagrams(rack)); got != tt.want {
			t.Errorf("Anagrams(%s) = %q, want %q", tt.rack, got, tt.want)
		}
	}
}

func TestSubanagrams(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	tests := []struct {
		rack string
		min  int
		want string
	}{
		{"CASAS", 3, "ASA ASAS CASA CASAS SACA SACAS"},
		{"CASAS", 5, "CASAS SACAS"},
		{"CASAS", 0, "AS ASA ASAS CASA CASAS SACA SACAS"},
		{"LAS", 2, "AL AS"},
		{"LAAS", 3, "ALA ALAS ASA SALA"},
		{"ALA?", 4, "ALAs cALA [ch]ALA LAmA sALA"}, // CHALA is four tiles,
		{"1ALA", 2, "AL ALA [CH]ALA"},
	}
	for _, tt := range tests {
		rack, err := ts.ParseRack(tt.rack)
		if err != nil {
			t.Fatal(err)
		}
		if got := spell(ts, l.Subanagrams(rack, tt.min)); got != tt.want {
			t.Errorf("Subanagrams(%s, %d) = %q, want %q", tt.rack, tt.min, got, tt.want)
		}
	}
}

// TestAnagramsMatchBruteForce checks the pruned walk against a scan of every word with a
// count comparison, over random racks with blanks.
func TestAnagramsMatchBruteForce(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	var all [][]Tile
	l.Graph.Walk(func(w []Tile) bool { all = append(all, slices.Clone(w)); return true })
	letters, _ := ts.ParseWord("AACCHILLMORRSS")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n := 1 + rng.IntN(7)
		var rack []Tile
		for range n {
			if rng.IntN(6) == 0 {
				rack = append(rack, Blank)
			} else {
				rack = append(rack, letters[rng.IntN(len(letters))])
			}
		}
		fits := func(w []Tile) bool {
			rc := countTiles(rack)
			for _, t := range w {
				switch {
				case rc[t] > 0:
					rc[t]--
				case rc[0] > 0:
					rc[0]--
				default:
					return false
				}
			}
			return true
		}
		var wantAna, wantSub []string
		for _, w := range all {
			if fits(w) {
				wantSub = append(wantSub, ts.Word(w))
				if len(w) == len(rack) {
					wantAna = append(wantAna, ts.Word(w))
				}
			}
		}
		plain := func(ws [][]Tile) []string {
			var out []string
			for _, w := range ws {
				out = append(out, ts.Word(w))
			}
			return out
		}
		if got := plain(l.Anagrams(rack)); !slices.Equal(got, wantAna) {
			t.Errorf("Anagrams(%s) = %v, want %v", ts.Notation(rack), got, wantAna)
		}
		if got := plain(l.Subanagrams(rack, 1)); !slices.Equal(got, wantSub) {
			t.Errorf("Subanagrams(%s) = %v, want %v", ts.Notation(rack), got, wantSub)
		}
	}
}

func TestPatterns(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	tests := []struct {
		pattern string
		want    string
	}{
		{"CH?CO", "CHICO"},
		{"CHICO", "CHICO"},
		{"1ICO", "CHICO"},
		{"[C][H]ICO", ""}, // a C tile then an H tile: not CHICO
		{"[C]H*", ""},
		{"C*", "CALA CALLA CALLAR CAMA CARRO CASA CASAS CORRA"},
		{"*AS", "ALAS AS ASAS CASAS SACAS"},
		{"[CHLL]*", "CHALA CHICA CHICO CHICOS LLAMA"},
		{"[C H]*", "CALA CALLA CALLAR CAMA CARRO CASA CASAS CORRA"},
		{"[^AEIOU]A?A", "CALA CALLA CAMA CASA CHALA LAMA LLAMA SACA SALA"}, // four tiles each,
		{"?", ""},
		{"??", "AL AS"},
		{"*LL*", "CALLA CALLAR LLAMA"},
		{"*L*L*", ""}, // two L tiles: no word has them (LL is one tile)
		{"*RR*", "CARRO CORRA"},
		{"A**S", "ALAS AS ASAS"},
		{"*A*A*S*", "ALAS ASAS CASAS SACAS"}, // each word once, however many ways it matches
		{"cas?", "CASA"},
		{"CÁSA", "CASA"},
		{"*", strings.Join(sortedPlain(l), " ")},
	}
	for _, tt := range tests {
		p, err := ParsePattern(tt.pattern, ts)
		if err != nil {
			t.Fatalf("%s: %v", tt.pattern, err)
		}
		got := l.Match(p)
		if s := plain(ts, got); s != tt.want {
			t.Errorf("Match(%s) = %q, want %q", tt.pattern, s, tt.want)
		}
		for _, w := range got {
			if !matchesWord(p, w) {
				t.Errorf("%s: the automaton rejects %s, a word the walk found", tt.pattern, ts.Word(w))
			}
		}
	}
}

func plain(ts *TileSet, ws [][]Tile) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Word(w)
	}
	return strings.Join(out, " ")
}

func sortedPlain(l *Lexicon) []string {
	var out []string
	l.Graph.Walk(func(w []Tile) bool { out = append(out, l.Tiles.Word(w)); return true })
	return out
}

func TestPatternErrors(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	tests := []struct{ pattern, want string }{
		{"", "empty"},
		{"[AB", "'[' without a closing ']' at character 1"},
		{"CA]", "']' without an opening '[' at character 3"},
		{"[]", "allows no tile"},
		{"[^?]", "in [^?]"},
		{"CAK", "K is not a letter of the fise set at character 3"},
		{"CA SA", "' ' is not a tile"},
		{"CA-", "'-' is not a letter"},
		{strings.Repeat("?", 64), "more than 63 elements"},
	}
	for _, tt := range tests {
		_, err := ParsePattern(tt.pattern, ts)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParsePattern(%q) error = %v, want it to say %q", tt.pattern, err, tt.want)
		}
	}
}

func TestHooks(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	tests := []struct{ word, front, back string }{
		{"ALA", "C CH S", "S"},
		{"AMA", "C L LL", ""}, // LLAMA: LL is a front hook of AMA
		{"LAMA", "", ""},      // L+LAMA is two L tiles, not LLAMA
		{"CASA", "", "S"},
		{"ASA", "C", "S"},
		{"CHICO", "", "S"},
		{"CALLA", "", "R"},
		{"AS", "", "A"},
		{"ICO", "CH", ""}, // not itself a word; hooks still found
		{"XYZ", "", ""},
	}
	labels := func(ws []Tile) string {
		var out []string
		for _, t := range ws {
			out = append(out, ts.Label(t))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range tests {
		w, err := ts.ParseWord(tt.word)
		if err != nil {
			t.Fatal(err)
		}
		h := l.Hooks(w)
		if got := labels(h.Front); got != tt.front {
			t.Errorf("front hooks of %s = %q, want %q", tt.word, got, tt.front)
		}
		if got := labels(h.Back); got != tt.back {
			t.Errorf("back hooks of %s = %q, want %q", tt.word, got, tt.back)
		}
	}
}

// combosReference is Zyzzyva's formula written out directly: every multiset of k blanked tiles
// of the word, for k = 0..blanks. The package uses a polynomial instead; they must agree.
func combosReference(ts *TileSet, w []Tile) uint64 {
	n := map[Tile]int{}
	var kinds []Tile
	for _, t := range w {
		if n[t] == 0 {
			kinds = append(kinds, t)
		}
		n[t]++
	}
	total := uint64(0)
	s := make([]int, len(kinds))
	var rec func(i, k int)
	var k0 int
	rec = func(i, left int) {
		if i == len(kinds) {
			if left != 0 {
				return
			}
			p := binom(ts.Blanks(), k0)
			for j, t := range kinds {
				p *= binom(ts.Count(t), n[t]-s[j])
			}
			total += p
			return
		}
		for x := 0; x <= min(left, n[kinds[i]]); x++ {
			s[i] = x
			rec(i+1, left-x)
		}
		s[i] = 0
	}
	for k0 = 0; k0 <= ts.Blanks(); k0++ {
		rec(0, k0)
	}
	return total
}

func TestCombinations(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	tests := []struct {
		word string
		want uint64
	}{
		{"OOÑ22", 153}, // the check value: alphagram O O Ñ LL LL
		{"A", 12 + 2},  // 12 A tiles, or one of the 2 blanks
		{"AA", 66 + 2*12 + 1},
		{"ZZ", 2*1 + 1},               // one Z and a blank, or both blanks
		{"ZZZ", 1},                    // Z and both blanks
		{"ZZZZ", 0},                   // not drawable
		{"[C][H]", 4*2 + 2*(2+4) + 1}, // C and H tiles, not the CH tile
		{"1", 1 + 2},                  // the CH tile, or a blank
	}
	for _, tt := range tests {
		w, err := ts.ParseWord(tt.word)
		if err != nil {
			t.Fatal(err)
		}
		if got := ts.Combinations(w); got != tt.want {
			t.Errorf("Combinations(%s) = %d, want %d", tt.word, got, tt.want)
		}
		if ref := combosReference(ts, w); ref != tt.want {
			t.Errorf("reference combos(%s) = %d, want %d (the test's own formula is wrong)", tt.word, ref, tt.want)
		}
	}
	if p, want := ts.Probability(mustParse(t, ts, "OOÑ22")), 153.0/75287520; p != want {
		t.Errorf("Probability(OOÑLLLL) = %g, want 153/C(100,5) = %g", p, want)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		w := make([]Tile, 1+rng.IntN(15))
		for i := range w {
			w[i] = Tile(1 + rng.IntN(ts.NumLetters()))
		}
		if got, want := ts.Combinations(w), combosReference(ts, w); got != want {
			t.Fatalf("Combinations(%s) = %d, reference %d", ts.Word(w), got, want)
		}
	}
}

func mustParse(t testing.TB, ts *TileSet, s string) []Tile {
	t.Helper()
	w, err := ts.ParseWord(s)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestRanks(t *testing.T) {
	t.Parallel()
	l := buildLexicon(t, smallWords...)
	ts := l.Tiles
	// Five-tile words of the small lexicon, ranked with the reference formula.
	var words [][]Tile
	l.Graph.Walk(func(w []Tile) bool {
		if len(w) == 5 {
			words = append(words, slices.Clone(w))
		}
		return true
	})
	slices.SortStableFunc(words, func(a, b []Tile) int {
		ca, cb := combosReference(ts, a), combosReference(ts, b)
		if ca != cb {
			if ca > cb {
				return -1
			}
			return 1
		}
		return compareTiles(a, b)
	})
	for i, w := range words {
		r, of := l.Rank(w)
		if r != i+1 || of != len(words) {
			t.Errorf("Rank(%s) = %d of %d, want %d of %d", ts.Word(w), r, of, i+1, len(words))
		}
	}
	top := l.TopByProbability(5, 3)
	if len(top) != 3 || ts.Word(top[0]) != ts.Word(words[0]) || ts.Word(top[2]) != ts.Word(words[2]) {
		t.Errorf("TopByProbability(5, 3) = %s, want the first three of %s", spell(ts, top), spell(ts, words))
	}
	if r, _ := l.Rank(mustParse(t, ts, "CASSA")); r != 0 {
		t.Errorf("Rank of a non-word = %d, want 0", r)
	}
	// Anagrams have equal probability: ranked alphabetically.
	casa, _ := l.Rank(mustParse(t, ts, "CASA"))
	saca, _ := l.Rank(mustParse(t, ts, "SACA"))
	if saca != casa+1 {
		t.Errorf("CASA rank %d, SACA rank %d: anagrams should be consecutive, CASA first", casa, saca)
	}
}

// TestRanksTopSevens: the 1000 most probable sevens of a whole lexicon come in order of
// combinations, each at its rank.
func TestRanksTopSevens(t *testing.T) {
	t.Parallel()
	for _, fl := range fullLexicons(t) {
		l := fl.lex
		ts := l.Tiles
		top := l.TopByProbability(7, 1000)
		if len(top) != 1000 {
			t.Fatalf("%s: %d sevens", fl.name, len(top))
		}
		prev := ^uint64(0)
		for i, w := range top {
			c := ts.Combinations(w)
			if c > prev {
				t.Fatalf("%s: rank %d (%s) has %d combinations, more than rank %d's %d", fl.name, i+1, ts.Word(w), c, i, prev)
			}
			prev = c
			if r, _ := l.Rank(w); r != i+1 {
				t.Fatalf("%s: Rank(%s) = %d, want %d", fl.name, ts.Word(w), r, i+1)
			}
		}
	}
}

// TestPatternsMatchBruteForce checks the pruned walks (forward over the DAWG, backward over the
// GADDAG's reversed words) against Pattern.Match over every word, for random patterns.
func TestPatternsMatchBruteForce(t *testing.T) {
	t.Parallel()
	lexicons := []*Lexicon{buildLexicon(t, smallWords...)}
	// The whole lexicons (the default, FILE2017 when present), with fewer patterns.
	for _, fl := range fullLexicons(t) {
		lexicons = append(lexicons, fl.lex)
	}
	pieces := []string{"A", "S", "C", "CH", "LL", "O", "?", "*", "[AEIOU]", "[^AS]", "[CH LL]", "[C]"}
	rng := rand.New(rand.NewPCG(5, 6))
	for li, l := range lexicons {
		ts := l.Tiles
		rounds := 400
		if li > 0 {
			rounds = 8
		}
		for range rounds {
			var sb strings.Builder
			for range 1 + rng.IntN(5) {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			}
			src := sb.String()
			if li > 0 && !strings.ContainsAny(src, "ACSOL") {
				src += "AS" // keep whole-lexicon rounds selective enough to be quick
			}
			p, err := ParsePattern(src, ts)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			var want []string
			l.Graph.Walk(func(w []Tile) bool {
				if matchesWord(p, w) {
					want = append(want, ts.Word(w))
				}
				return true
			})
			var got []string
			for _, w := range l.Match(p) {
				got = append(got, ts.Word(w))
			}
			if !slices.Equal(got, want) {
				t.Errorf("Match(%s): %d words, brute force %d (first: %v / %v)", src, len(got), len(want), got[:min(3, len(got))], want[:min(3, len(want))])
			}
		}
	}
}

func TestPatternDirection(t *testing.T) {
	t.Parallel()
	ts := DefaultTileSet()
	tests := []struct {
		pattern  string
		backward bool
	}{
		{"*AS", true}, {"*[CHLL]?[AEIOU]*S", true}, {"CA*", false}, {"CA?A", false}, {"*A*", false}, {"C*ON", true}, {"CA*S", false}, {"*?", false}, {"*??", false}, {"?*Z?", true}, {"??A*S", false},
	}
	for _, tt := range tests {
		p, err := ParsePattern(tt.pattern, ts)
		if err != nil {
			t.Fatal(err)
		}
		if got := (&walker{pats: []*Pattern{p}}).preferBackward(); got != tt.backward {
			t.Errorf("%s: backward %t, want %t", tt.pattern, got, tt.backward)
		}
		r := p.reversed()
		for _, w := range [][]Tile{mustParse(t, ts, "CASAS"), mustParse(t, ts, "CHICO"), mustParse(t, ts, "SACA")} {
			rw := slices.Clone(w)
			slices.Reverse(rw)
			if matchesWord(p, w) != matchesWord(r, rw) {
				t.Errorf("%s matches %s: %t, reversed pattern on reversed word: %t", tt.pattern, ts.Word(w), matchesWord(p, w), matchesWord(r, rw))
			}
		}
	}
}

// TestCombinationsGeneralSets: sets beyond the fast path (more than 2 blanks, more than 110
// tiles) go through the general polynomial, which must agree with the reference too.
func TestCombinationsGeneralSets(t *testing.T) {
	t.Parallel()
	csv := "?,3,0,false\nA,40,1,true\nB,30,3,false\nC,20,3,false\nCH,5,5,false\nO,30,1,true\n"
	ts, err := ParseTileSet("big", "big.csv", strings.NewReader(csv))
	if err != nil {
		t.Fatal(err)
	}
	if ts.Total() <= fastCombosMaxTiles || ts.Blanks() <= 2 {
		t.Fatalf("the test set should be outside the fast path: %d tiles, %d blanks", ts.Total(), ts.Blanks())
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 500 {
		w := make([]Tile, 1+rng.IntN(10))
		for i := range w {
			w[i] = Tile(1 + rng.IntN(ts.NumLetters()))
		}
		if got, want := ts.Combinations(w), combosReference(ts, w); got != want {
			t.Fatalf("Combinations(%s) = %d, reference %d", ts.Word(w), got, want)
		}
	}
}

// matchesWord runs the pattern's automaton over one word (blank designations ignored): the
// check that Lexicon.Match's pruned walk finds what the automaton accepts.
func matchesWord(p *Pattern, w []Tile) bool {
	s := p.start()
	for _, t := range w {
		if s = p.step(s, t.Letter()); s == 0 {
			return false
		}
	}
	return p.accepts(s)
}
