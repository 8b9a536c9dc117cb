package drills

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// generators makes each drill's questions from a seed, on a lexicon.
var generators = []struct {
	name string
	make func(lex *lexicon.Lexicon, seed uint64) ([]Question, error)
}{
	{"anagram", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Anagram(lex, AnagramOptions{Count: 4, Seed: seed, Length: 4})
	}},
	{"anagram-blank", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Anagram(lex, AnagramOptions{Count: 4, Seed: seed, Length: 5, Blanks: 1})
	}},
	{"build", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Build(lex, BuildOptions{Count: 3, Seed: seed, RackLen: 7, MinLen: 3})
	}},
	{"twos", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Twos(lex, TwosOptions{Count: 10, Seed: seed})
	}},
	{"twos-by-tile", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Twos(lex, TwosOptions{Count: 5, Seed: seed, ByTile: true})
	}},
	{"digraphs", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Digraphs(lex, DigraphOptions{Count: 8, Seed: seed, MinLen: 2, MaxLen: 5})
	}},
	{"hooks", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return HooksQuestions(lex, HooksOptions{Count: 6, Seed: seed, Words: WordRange{MinLen: 2, MaxLen: 4}})
	}},
	{"judge", func(lex *lexicon.Lexicon, seed uint64) ([]Question, error) {
		return Judge(lex, JudgeOptions{Count: 10, Seed: seed, Words: WordRange{MinLen: 4, MaxLen: 6}, RackShare: 0.2})
	}},
}

// The same seed asks the same questions; another seed, others.
func TestSeedDeterminism(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	for _, g := range generators {
		t.Run(g.name, func(t *testing.T) {
			a, err := g.make(lex, 42)
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.make(lex, 42)
			if err != nil {
				t.Fatal(err)
			}
			ja, _ := json.Marshal(List("x", "small", 42, a))
			jb, _ := json.Marshal(List("x", "small", 42, b))
			if string(ja) != string(jb) {
				t.Errorf("seed 42 twice gave different questions:\n%s\n%s", ja, jb)
			}
			differs := false
			for seed := uint64(1); seed <= 5 && !differs; seed++ {
				c, err := g.make(lex, seed)
				if err != nil {
					t.Fatal(err)
				}
				jc, _ := json.Marshal(List("x", "small", 42, c))
				differs = string(jc) != string(ja)
			}
			if !differs {
				t.Errorf("seeds 1-5 all gave seed 42's questions")
			}
		})
	}
}

// Every question's stated answer is what the lexicon says, checked independently of the
// generator: by membership, rack fitting and hook words.
func TestAnswersAgreeWithLexicon(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	ts := lex.Tiles
	for _, g := range generators {
		t.Run(g.name, func(t *testing.T) {
			qs, err := g.make(lex, 7)
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) == 0 {
				t.Fatal("no questions")
			}
			for _, q := range qs {
				checkQuestion(t, lex, q)
				// The expected answer, typed back, is judged right.
				res, err := q.Judge(lex, q.Expected())
				if err != nil || !res.Right {
					t.Errorf("%s %s: typing the expected %q gives %+v, %v", q.Kind, q.Show, q.Expected(), res, err)
				}
			}
			_ = ts
		})
	}
}

func checkQuestion(t *testing.T, lex *lexicon.Lexicon, q Question) {
	t.Helper()
	ts := lex.Tiles
	switch q.Form {
	case FormWords:
		for _, w := range q.Words {
			tiles := mustWord(t, ts, w)
			if !lex.Contains(tiles) {
				t.Errorf("%s: answer %s is not a word", q.Show, w)
			}
			if q.rack != nil && !fitsRack(tiles, q.rack) {
				t.Errorf("%s: answer %s does not fit the rack", q.Show, w)
			}
			if len(tiles) < q.minLen {
				t.Errorf("%s: answer %s is shorter than %d", q.Show, w, q.minLen)
			}
		}
		if q.rack != nil && !slices.IsSortedFunc(q.rack, func(a, b lexicon.Tile) int { return alphaOrder(a) - alphaOrder(b) }) {
			t.Errorf("%s: rack not in alphagram order", q.Show)
		}
	case FormHooks:
		w := mustWord(t, ts, q.Show)
		for _, f := range q.Front {
			if !lex.Contains(append(mustWord(t, ts, f), w...)) {
				t.Errorf("%s: front hook %s makes no word", q.Show, f)
			}
		}
		for _, b := range q.Back {
			if !lex.Contains(append(slices.Clone(w), mustWord(t, ts, b)...)) {
				t.Errorf("%s: back hook %s makes no word", q.Show, b)
			}
		}
	}
}

func alphaOrder(t lexicon.Tile) int {
	if t == lexicon.Blank {
		return 1 << 10
	}
	return int(t)
}

// Racks in alphagram order, digraphs as CH/LL/RR, and never looking like a digraph tile they
// do not hold.
func TestShowTiles(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for _, tc := range []struct{ in, want string }{
		{"ACHO", "ACHO"},      // A CH O
		{"A[C]HO", "A·C·H·O"}, // a C tile and an H tile
		{"[L][L]A", "L·L·A"},  // two L tiles
		{"[LL]A", "LLA"},      // the LL tile
		{"RRA[R]", "RRAR"},    // RR A R reads back as itself
		{"[R][R]A", "R·R·A"},  // two R tiles
		{"CARRO", "CARRO"},    // C A RR O
		{"1A", "CHA"},         // FISE digit
		{"[LL][L]", "LLL"},    // reads back as LL L: itself
		{"[L][LL]", "L·LL"},
	} {
		tiles, err := ts.Parse(tc.in, lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := ShowTiles(ts, tiles); got != tc.want {
			t.Errorf("ShowTiles(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
	rack, _ := ts.ParseRack("oh?ca")
	if got := ShowTiles(ts, lexicon.Alphagram(rack)); got != "A·C·H·O·?" {
		t.Errorf("ShowTiles(alphagram) = %s, want A·C·H·O·? (blank last, C and H apart)", got)
	}
	rack, _ = ts.ParseRack("o1a?")
	if got := ShowTiles(ts, lexicon.Alphagram(rack)); got != "ACHO?" {
		t.Errorf("ShowTiles(alphagram) = %s, want ACHO?", got)
	}
}

// oneEditFromWord reports whether some single tile edit of w (substitution, insertion,
// deletion, swap of neighbours) is a word of the lexicon: found by trying them all.
func oneEditFromWord(lex *lexicon.Lexicon, w []lexicon.Tile) bool {
	n := lex.Tiles.NumLetters()
	try := func(c []lexicon.Tile) bool { return len(c) > 0 && lex.Contains(c) }
	for i := range w {
		if try(slices.Delete(slices.Clone(w), i, i+1)) {
			return true
		}
		if i+1 < len(w) {
			c := slices.Clone(w)
			c[i], c[i+1] = c[i+1], c[i]
			if try(c) {
				return true
			}
		}
		for t := 1; t <= n; t++ {
			c := slices.Clone(w)
			c[i] = lexicon.Tile(t)
			if try(c) {
				return true
			}
		}
	}
	for i := 0; i <= len(w); i++ {
		for t := 1; t <= n; t++ {
			if try(slices.Insert(slices.Clone(w), i, lexicon.Tile(t))) {
				return true
			}
		}
	}
	return false
}

func testPhonies(t *testing.T, lex *lexicon.Lexicon, pool [][]lexicon.Tile, n int) []Phony {
	t.Helper()
	phs := Phonies(lex, 99, pool, n)
	if len(phs) < n {
		t.Fatalf("made %d phonies, want %d", len(phs), n)
	}
	ts := lex.Tiles
	seen := map[string]bool{}
	for _, ph := range phs {
		w := ts.Word(ph.Word)
		if lex.Contains(ph.Word) {
			t.Errorf("phony %s is a word", w)
		}
		if !lex.Contains(ph.Source) || !oneEditFromWord(lex, ph.Word) {
			t.Errorf("phony %s is not one edit from a word (source %s)", w, ts.Word(ph.Source))
		}
		if back, err := ts.ParseWord(w); err != nil || !slices.Equal(back, ph.Word) {
			t.Errorf("phony %s does not read back as its tiles", w)
		}
		if seen[w] {
			t.Errorf("phony %s twice", w)
		}
		seen[w] = true
	}
	return phs
}

func TestPhoniesSmall(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	pool, err := WordRange{MinLen: 4, MaxLen: 7}.words(lex)
	if err != nil {
		t.Fatal(err)
	}
	testPhonies(t, lex, pool, 30)
}

func TestPhoniesDefault(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	pool, err := WordRange{MinLen: 2, MaxLen: 9}.words(lex)
	if err != nil {
		t.Fatal(err)
	}
	testPhonies(t, lex, pool, 100)
}

// Phonies of 7-8 tile words are never words, and most keep the shape of real words: a
// substitution keeps the tile's class. On the default lexicon, and on the official list when it
// is beside the project (tests only, nothing kept).
func TestPhoniesOfSevensAndEights(t *testing.T) {
	t.Parallel()
	t.Run("default", func(t *testing.T) { checkPhoniesOfSevens(t, defaultLexicon(t)) })
	t.Run("FILE2017", func(t *testing.T) { checkPhoniesOfSevens(t, file2017(t)) })
}

func checkPhoniesOfSevens(t *testing.T, lex *lexicon.Lexicon) {
	pool, err := WordRange{MinLen: 7, MaxLen: 8, MaxRank: 5000}.words(lex)
	if err != nil {
		t.Fatal(err)
	}
	phs := testPhonies(t, lex, pool, 200)
	sameClass, subs := 0, 0
	for _, ph := range phs {
		if ph.Edit != EditSubstitute {
			continue
		}
		subs++
		for i := range ph.Word {
			if ph.Word[i] != ph.Source[i] && lex.Tiles.IsVowel(ph.Word[i]) == lex.Tiles.IsVowel(ph.Source[i]) {
				sameClass++
			}
		}
	}
	if subs == 0 || sameClass*10 < subs*7 {
		t.Errorf("%d of %d substitutions keep the vowel/consonant class; want most", sameClass, subs)
	}
}

func TestTwos(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	twos, _ := wordStrings(lex.Tiles, TwoTileWords(lex), false)
	// alphabet order: L before LL, N before Ñ before O
	want := []string{"AD", "AH", "AL", "AS", "CHA", "CHE", "CHO", "DE", "EL", "EN", "ES", "LA", "LE", "LO", "LLE", "ME", "MI", "NE", "NI", "NO", "ÑU", "OS", "SE", "SI", "SO", "TE", "TU", "YA", "YO"}
	if !slices.Equal(twos, want) {
		t.Errorf("two-tile words %v, want %v", twos, want)
	}
	checkTwosDrill(t, lex, twos)
}

// The twos drill asks exactly the lexicon's two-tile list: judging every one (Count 0) finds
// each word once as valid and only non-words as decoys, and asking by tile covers each word.
func checkTwosDrill(t *testing.T, lex *lexicon.Lexicon, twos []string) {
	t.Helper()
	qs, err := Twos(lex, TwosOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	var valid, decoys []string
	for _, q := range qs {
		tiles := q.tiles
		if q.Form != FormYesNo || len(tiles) != 2 {
			t.Fatalf("question %+v", q)
		}
		// Shown apart where a tile could be misread (A·RR, CH·A, C·H), as the digraph drill
		// shows its words; whole otherwise.
		misread := lex.Tiles.IsDigraph(tiles[0]) || lex.Tiles.IsDigraph(tiles[1]) || strings.Contains(lex.Tiles.Display(tiles), "[")
		if want := lex.Tiles.Display(tiles); misread {
			want = lex.Tiles.Label(tiles[0]) + "·" + lex.Tiles.Label(tiles[1])
			if q.Show != want {
				t.Errorf("question %s, want %s", q.Show, want)
			}
		} else if q.Show != want {
			t.Errorf("question %s, want %s", q.Show, want)
		}
		plain := ShowTiles(lex.Tiles, tiles)
		if strings.Contains(plain, "·") {
			continue // C·H and the like: two single tiles, judged below by membership
		}
		if q.Valid {
			valid = append(valid, plain)
		} else {
			decoys = append(decoys, plain)
			if lex.Contains(tiles) || len(tiles) != 2 {
				t.Errorf("decoy %s is a word or not two tiles", q.Show)
			}
		}
	}
	slices.SortFunc(valid, func(a, b string) int {
		return slices.Compare(mustWord(t, lex.Tiles, a), mustWord(t, lex.Tiles, b))
	})
	if !slices.Equal(valid, twos) {
		t.Errorf("judged as valid %v, want the two-tile list %v", valid, twos)
	}
	if len(decoys) != len(twos) {
		t.Errorf("%d decoys for %d words", len(decoys), len(twos))
	}
	byTile, err := Twos(lex, TwosOptions{ByTile: true, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(byTile) != lex.Tiles.NumLetters() {
		t.Errorf("%d by-tile questions, want one per letter (%d)", len(byTile), lex.Tiles.NumLetters())
	}
	count := map[string]int{}
	for _, q := range byTile {
		for _, w := range q.Words {
			count[w]++
			if !strings.Contains(w, q.Show) {
				t.Errorf("%s listed under %s", w, q.Show)
			}
		}
	}
	for _, w := range twos {
		tiles := mustWord(t, lex.Tiles, w)
		want := 2
		if tiles[0] == tiles[1] {
			want = 1
		}
		if count[w] != want {
			t.Errorf("%s listed under %d tiles, want %d", w, count[w], want)
		}
	}
}

// The official list and the embedded default (which applies FISE's 2016 update) both have 91
// two-tile words, CHA CHE CHO LLE among them; FILE2017 is read for tests only.
func TestTwosOfficialList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lex  func(testing.TB) *lexicon.Lexicon
	}{{"default", defaultLexicon}, {"FILE2017", file2017}} {
		t.Run(tc.name, func(t *testing.T) { checkOfficialTwos(t, tc.lex(t)) })
	}
}

func checkOfficialTwos(t *testing.T, lex *lexicon.Lexicon) {
	twos, _ := wordStrings(lex.Tiles, TwoTileWords(lex), false)
	if len(twos) != 91 {
		t.Errorf("%d two-tile words, want 91", len(twos))
	}
	for _, w := range []string{"CHA", "CHE", "CHO", "LLE", "HU", "RA", "UY"} {
		if !slices.Contains(twos, w) {
			t.Errorf("%s missing from the two-tile list", w)
		}
	}
	if slices.Contains(twos, "IN") {
		t.Error("IN (dropped in 2016) is in the list")
	}
	checkTwosDrill(t, lex, twos)
}

func TestDigraphQuestions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lex  func(testing.TB) *lexicon.Lexicon
	}{{"small", smallLexicon}, {"default", defaultLexicon}, {"FILE2017", file2017}} {
		t.Run(tc.name, func(t *testing.T) {
			lex := tc.lex(t)
			ts := lex.Tiles
			qs, err := Digraphs(lex, DigraphOptions{Count: 60, Seed: 5, MinLen: 2, MaxLen: 5})
			if err != nil {
				t.Fatal(err)
			}
			kinds := map[string]int{}
			for _, q := range qs {
				checkQuestion(t, lex, q)
				tiles, err := ts.Parse(strings.ReplaceAll(q.Card, "rack ", ""), lexicon.ParseOptions{AllowBlank: true})
				if err != nil {
					t.Fatalf("card %q: %v", q.Card, err)
				}
				switch {
				case q.Form == FormWords:
					kinds["rack"]++
					if !slices.ContainsFunc(tiles, ts.IsDigraph) || len(tiles) < 2 || len(tiles) > 5 {
						t.Errorf("rack %s: no digraph tile, or not 2-5 tiles", q.Show)
					}
				case q.Valid:
					kinds["word"]++
					if !lex.Contains(tiles) || !slices.ContainsFunc(tiles, ts.IsDigraph) {
						t.Errorf("%s judged valid", q.Show)
					}
				case strings.Contains(q.Note.String(), "two tiles, never the"):
					kinds["trap"]++
					// The trap: two letter tiles that spell a digraph, and the word spelt with the
					// digraph tile is real.
					joined, _ := ts.ParseWord(ts.Word(tiles))
					if lex.Contains(tiles) || !lex.Contains(joined) || len(joined) != len(tiles)-1 {
						t.Errorf("trap %s: split %v, joined %v", q.Show, lex.Contains(tiles), lex.Contains(joined))
					}
				default:
					kinds["phony"]++
					if lex.Contains(tiles) || !oneEditFromWord(lex, tiles) {
						t.Errorf("phony %s", q.Show)
					}
				}
			}
			for _, k := range []string{"rack", "word", "trap", "phony"} {
				if kinds[k] == 0 {
					t.Errorf("no %s question among %d: %v", k, len(qs), kinds)
				}
			}
		})
	}
}

// Judge questions: real words valid, phonies not words, racks valid exactly when a word uses
// all their tiles, about as many racks as asked for.
func TestJudgeQuestions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		lex  func(testing.TB) *lexicon.Lexicon
		wr   WordRange
	}{
		{"small", smallLexicon, WordRange{MinLen: 4, MaxLen: 7}},
		{"default", defaultLexicon, WordRange{MinLen: 2, MaxLen: 8}},
		{"FILE2017", file2017, WordRange{MinLen: 5, MaxLen: 8, MaxRank: 2000}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lex := tc.lex(t)
			ts := lex.Tiles
			qs, err := Judge(lex, JudgeOptions{Count: 40, Seed: 11, Words: tc.wr, RackShare: 0.25})
			if err != nil {
				t.Fatal(err)
			}
			if len(qs) != 40 {
				t.Fatalf("%d questions", len(qs))
			}
			racks, valid := 0, 0
			for _, q := range qs {
				if q.isRack {
					racks++
					rack, err := ts.ParseRack(strings.TrimPrefix(q.Card, "rack "))
					if err != nil {
						t.Fatal(err)
					}
					if has := len(lex.Anagrams(rack)) > 0; has != q.Valid {
						t.Errorf("rack %s: has a word %v, question says %v", q.Show, has, q.Valid)
					}
					continue
				}
				w := mustWord(t, ts, q.Show)
				if lex.Contains(w) != q.Valid {
					t.Errorf("%s: valid %v, question says %v", q.Show, lex.Contains(w), q.Valid)
				}
				if q.Valid {
					valid++
				} else if !oneEditFromWord(lex, w) {
					t.Errorf("phony %s is not one edit from a word", q.Show)
				}
			}
			if racks != 10 || valid != 15 {
				t.Errorf("%d racks and %d valid words, want 10 and 15", racks, valid)
			}
		})
	}
}

// Anagram racks by probability rank and with blanks, on the default lexicon and on the official
// list when it is beside the project.
func TestAnagramRanksAndBlanks(t *testing.T) {
	t.Parallel()
	t.Run("default", func(t *testing.T) { checkAnagramRanksAndBlanks(t, defaultLexicon(t)) })
	t.Run("FILE2017", func(t *testing.T) { checkAnagramRanksAndBlanks(t, file2017(t)) })
}

func checkAnagramRanksAndBlanks(t *testing.T, lex *lexicon.Lexicon) {
	ts := lex.Tiles
	qs, err := Anagram(lex, AnagramOptions{Count: 0, Length: 7, MinRank: 1, MaxRank: 50})
	if err != nil {
		t.Fatal(err)
	}
	// Every rack is the alphagram of one of the 50 most probable sevens, each once.
	top := lex.TopByProbability(7, 50)
	alphas := map[string]bool{}
	for _, w := range top {
		alphas[ts.Notation(lexicon.Alphagram(w))] = true
	}
	if len(qs) != len(alphas) {
		t.Errorf("%d racks for %d alphagrams", len(qs), len(alphas))
	}
	for _, q := range qs {
		if !alphas[q.Card] || len(q.Words) == 0 {
			t.Errorf("rack %s is not among the top 50 or has no words", q.Show)
		}
	}
	qs, err = Anagram(lex, AnagramOptions{Count: 10, Seed: 2, Length: 8, MaxRank: 500, Blanks: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		rack, _ := ts.ParseRack(q.Card)
		if countBlanks(rack) != 2 || len(rack) != 8 || len(q.Words) == 0 {
			t.Errorf("blank rack %s: %d blanks, %d words", q.Show, countBlanks(rack), len(q.Words))
		}
		checkQuestion(t, lex, q)
	}
}

func TestJudgeAnswerForms(t *testing.T) {
	t.Parallel()
	lex := smallLexicon(t)
	words := anagramQuestion(lex, mustWord(t, lex.Tiles, "ACOS"))
	noWords := anagramQuestion(lex, mustWord(t, lex.Tiles, "XYZ"))
	yes := twoQuestion(lex.Tiles, mustWord(t, lex.Tiles, "CHA"), true)
	hooks := hookQuestion(t, lex, "OSA")
	for _, tc := range []struct {
		q      Question
		line   string
		right  bool
		missed int
		wrong  int
		bad    bool // asked again
	}{
		{words, "asco caos caso cosa ocas saco", true, 0, 0, false},
		{words, "ÁSCO,CAOS;caso  cosa\tocas saco saco", true, 0, 0, false},
		{words, "asco caos caso", false, 3, 0, false},
		{words, "asco caos caso cosa ocas saco casa", false, 0, 1, false},
		{words, "", false, 6, 0, false},
		{words, "c0sa", false, 0, 0, true},
		{noWords, "", true, 0, 0, false},
		{noWords, "-", true, 0, 0, false},
		{yes, "Y", true, 0, 0, false},
		{yes, "si", true, 0, 0, false},
		{yes, "n", false, 1, 1, false},
		{yes, "perhaps", false, 0, 0, true},
		{hooks, "c l r / s", true, 0, 0, false},
		{hooks, "CLR/S", true, 0, 0, false},
		{hooks, "c l / s", false, 1, 0, false},
		{hooks, "c l r ch / s", false, 0, 1, false},
		{hooks, "c l r", false, 0, 0, true},
		{hooks, "", false, 4, 0, false},
	} {
		res, err := tc.q.Judge(lex, tc.line)
		if tc.bad {
			if err == nil {
				t.Errorf("%s %q: judged %+v, want asked again", tc.q.Show, tc.line, res)
			}
			continue
		}
		if err != nil || res.Right != tc.right || len(res.Missed) != tc.missed || len(res.Wrong) != tc.wrong {
			t.Errorf("%s %q: %+v %v, want right %v missed %d wrong %d", tc.q.Show, tc.line, res, err, tc.right, tc.missed, tc.wrong)
		}
	}
}

// Choosing the most word-like of several candidates makes phonies that read more like the
// lexicon than taking the first edit found: a higher mean bigram score.
func TestPhoniesPreferLikelyLooking(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	pool, err := WordRange{MinLen: 6, MaxLen: 8, MaxRank: 3000}.words(lex)
	if err != nil {
		t.Fatal(err)
	}
	mean := func(choices int) float64 {
		pm := newPhonyMaker(lex, newRand(4), pool)
		pm.choices = choices
		phs := pm.many(pool, 300)
		judge := newPhonyMaker(lex, newRand(4), pool) // the same model scores both
		sum := 0.0
		for _, ph := range phs {
			sum += judge.score(ph.Word)
		}
		return sum / float64(len(phs))
	}
	first, best := mean(1), mean(8)
	if best <= first+0.05 {
		t.Errorf("mean bigram score: best of 8 %.3f, first found %.3f; want the chosen ones clearly more word-like", best, first)
	}
	t.Logf("mean log-probability per transition: first found %.3f, best of 8 %.3f", first, best)
}

// "-" alone is no hooks at all, as the prompt invites; one side without a slash is asked again.
func TestParseHooksNone(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for _, line := range []string{"", "-", " - ", "- / -", "/"} {
		if f, b, err := parseHooks(ts, line); err != nil || len(f)+len(b) != 0 {
			t.Errorf("%q: %v %v %v, want no hooks", line, f, b, err)
		}
	}
	if _, _, err := parseHooks(ts, "a ch"); err == nil {
		t.Error(`"a ch" without a slash was taken`)
	}
	if f, b, err := parseHooks(ts, "a ch / -"); err != nil || len(f) != 2 || len(b) != 0 {
		t.Errorf(`"a ch / -": %v %v %v`, f, b, err)
	}
}

// Whatever a player types, judging never panics: it is judged or asked again.
func FuzzJudgeAnswer(f *testing.F) {
	for _, s := range []string{"", "y", "casa cosa", "a ch / s", "/", "//", "[ch", "1 2 3", "\x00", "ñ / ñ", "- / -", "CÁSA,,;;", "?"} {
		f.Add(s)
	}
	lex := smallLexicon(f)
	qs := []Question{
		anagramQuestion(lex, mustWord(f, lex.Tiles, "ACOS")),
		twoQuestion(lex.Tiles, mustWord(f, lex.Tiles, "CHA"), true),
		hookQuestion(f, lex, "OSA"),
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, q := range qs {
			res, err := q.Judge(lex, line)
			if err != nil {
				if _, ok := err.(*InputError); !ok {
					t.Fatalf("%q: error %T %v, want an InputError", line, err, err)
				}
				continue
			}
			if res.Right != (len(res.Missed) == 0 && len(res.Wrong) == 0) {
				t.Fatalf("%q: %+v is inconsistent", line, res)
			}
		}
	})
}

// A rack with a digraph tile is shown tile by tile, so that AAFLLSU? (seven tiles, one the LL)
// is not read as eight; a rack of single letters, and a word, run together.
func TestShowRack(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for in, want := range map[string]string{"AAF[LL]SU?": "A·A·F·LL·S·U·?", "AEIRST?": "AEIRST?", "ACEH[L][L]": "A·C·E·H·L·L"} {
		rack, err := ts.ParseRack(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := ShowRack(ts, lexicon.Alphagram(rack)); got != want {
			t.Errorf("ShowRack(%s) = %s, want %s", in, got, want)
		}
	}
}

// The twos drill shows a two whose tiles could be misread apart, as the digraph drill shows its
// words: the decoys A·RR, E·LL, A·LL, O·CH (never ARR, three letters) and the words CH·A, LL·E
// alike; twos of one-letter tiles whole. Its list (--list) shows them so too.
func TestTwosShowDigraphsApart(t *testing.T) {
	t.Parallel()
	lex := defaultLexicon(t)
	ts := lex.Tiles
	for in, want := range map[string]string{"A[RR]": "A·RR", "E[LL]": "E·LL", "A[LL]": "A·LL", "O[CH]": "O·CH",
		"[CH]A": "CH·A", "[LL]E": "LL·E", "[C]H": "C·H", "ES": "ES", "AR": "AR"} {
		q := twoQuestion(ts, mustWord(t, ts, in), lex.Contains(mustWord(t, ts, in)))
		if q.Show != want {
			t.Errorf("twos %s shown %s, want %s", in, q.Show, want)
		}
	}
	qs, err := Twos(lex, TwosOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, it := range List(KindTwos, lex.Name, 3, qs).Questions {
		seen += strings.Count(it.Question, "RR")
		if strings.Contains(it.Question, "RR") && !strings.Contains(it.Question, "·RR") && !strings.Contains(it.Question, "RR·") {
			t.Errorf("listed %s: the RR tile not apart", it.Question)
		}
	}
	if seen == 0 {
		t.Error("no two with the RR tile listed: the check above checked nothing")
	}
}
