package morph_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

func word(t testing.TB, lex *lexicon.Lexicon, s string) []lexicon.Tile {
	t.Helper()
	w, err := lex.Tiles.ParseWord(s)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// No phony is a word, every phony reads back as its own tiles, lengths follow the filter, and
// the list is ranked by plausibility.
func TestPhoniesAreNotWords(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := morph.For(lex)
	ps := m.PhoniesSeed(1, 3000, morph.Filter{})
	if len(ps) != 3000 {
		t.Fatalf("%d phonies, want 3000", len(ps))
	}
	classes := map[morph.Class]int{}
	seen := map[string]bool{}
	for i, p := range ps {
		if lex.Contains(p.Word) {
			t.Errorf("%s (from %s, %s) is a word", lex.Tiles.Word(p.Word), lex.Tiles.Word(p.Stem), p.Rule)
		}
		if !lex.Contains(p.Stem) {
			t.Errorf("%s: its stem %s is not a word", lex.Tiles.Word(p.Word), lex.Tiles.Word(p.Stem))
		}
		back, err := lex.Tiles.ParseWord(lex.Tiles.Word(p.Word))
		if err != nil || !slices.Equal(back, p.Word) {
			t.Errorf("%s does not read back as its tiles", lex.Tiles.Display(p.Word))
		}
		if seen[string(p.Word)] {
			t.Errorf("%s twice", lex.Tiles.Word(p.Word))
		}
		seen[string(p.Word)] = true
		if i > 0 && p.Plausibility > ps[i-1].Plausibility {
			t.Fatalf("not ranked: %v after %v", p.Plausibility, ps[i-1].Plausibility)
		}
		if p.Plausibility < morph.MinPlausibility || len(p.Word) < 2 || len(p.Word) > 15 {
			t.Errorf("%s: plausibility %v, %d tiles", lex.Tiles.Word(p.Word), p.Plausibility, len(p.Word))
		}
		classes[p.Class]++
	}
	for _, c := range []morph.Class{morph.VerbForm, morph.StemChange, morph.Nominal, morph.NewVerb} {
		if classes[c] == 0 {
			t.Errorf("no phony of class %s among 3000", c)
		}
	}
	for _, p := range m.PhoniesSeed(2, 200, morph.Filter{MinLen: 7, MaxLen: 7}) {
		if len(p.Word) != 7 || lex.Contains(p.Word) {
			t.Errorf("--length 7: %s", lex.Tiles.Word(p.Word))
		}
	}
	again := m.PhoniesSeed(1, 3000, morph.Filter{})
	for i := range ps {
		if !slices.Equal(ps[i].Word, again[i].Word) {
			t.Fatalf("seed 1 twice: %s then %s", lex.Tiles.Word(ps[i].Word), lex.Tiles.Word(again[i].Word))
		}
	}
}

// The paradigms, spelling changes and stem changes are learnt: families hold what a Spanish
// player knows they hold.
func TestFamilies(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := morph.For(lex)
	st := m.Stats()
	if st.Verbs < 5000 || st.VerbRules < 60 || st.StemRules == 0 || st.NominalRules < 50 {
		t.Errorf("learnt %+v", st)
	}
	cases := []struct {
		word, lemma string
		has         []string
		not         []string
	}{
		{"CUENTAN", "CONTAR", []string{"CONTAMOS", "CUENTO", "CONTADA", "CONTARIAMOS"}, []string{"CONTAN"}},
		{"SAQUEMOS", "SACAR", []string{"SAQUE", "SACABA", "SACANDO"}, nil},
		{"CONOZCO", "CONOCER", []string{"CONOCIERON", "CONOZCA"}, nil},
		{"CHARRO", "CHARRAR", []string{"CHARRABAN"}, nil},
	}
	for _, c := range cases {
		fs := m.FamiliesOf(word(t, lex, c.word))
		var f *morph.Family
		for i := range fs {
			if lex.Tiles.Word(fs[i].Lemma) == c.lemma {
				f = &fs[i]
			}
		}
		if f == nil {
			t.Errorf("%s: no family of %s among %d", c.word, c.lemma, len(fs))
			continue
		}
		var forms []string
		for _, fm := range f.Forms {
			forms = append(forms, lex.Tiles.Word(fm.Word))
			if !lex.Contains(fm.Word) {
				t.Errorf("%s: form %s is not a word", c.lemma, lex.Tiles.Word(fm.Word))
			}
		}
		for _, w := range c.has {
			if !slices.Contains(forms, w) {
				t.Errorf("family of %s lacks %s", c.lemma, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(forms, w) {
				t.Errorf("family of %s has %s", c.lemma, w)
			}
		}
	}
	// A noun's family, around its masculine singular.
	fs := m.FamiliesOf(word(t, lex, "PERRAS"))
	if len(fs) == 0 || lex.Tiles.Word(fs[len(fs)-1].Lemma) != "PERRO" {
		t.Errorf("PERRAS: families %v", fs)
	}
	// A verb's phonies: forms the rules predict that the lexicon lacks, CONTAN among them.
	f, ok := m.VerbFamily(word(t, lex, "CONTAR"))
	if !ok {
		t.Fatal("CONTAR is no verb")
	}
	var got []string
	for _, p := range m.FamilyPhonies(rand.New(rand.NewPCG(1, 1)), f, 10) {
		if lex.Contains(p.Word) {
			t.Errorf("phony %s is a word", lex.Tiles.Word(p.Word))
		}
		got = append(got, lex.Tiles.Word(p.Word))
	}
	if !slices.Contains(got, "CONTAN") {
		t.Errorf("CONTAR's phonies %v lack CONTAN", got)
	}
	for _, p := range m.HookPhonies(word(t, lex, "CANTAR"), 0) {
		if lex.Contains(p.Word) || !strings.HasPrefix(lex.Tiles.Word(p.Word), "CANTAR") || len(p.Word) != 7 {
			t.Errorf("hook phony %s of CANTAR", lex.Tiles.Word(p.Word))
		}
	}
}

// A lexicon with no verbs and few words still works: no phonies, no panic.
func TestSmallLexicon(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CASA", "CASAS", "PERRO", "PERROS", "CHICO", "CHICA")
	m := morph.Learn(lex)
	for _, p := range m.PhoniesSeed(1, 10, morph.Filter{}) {
		if lex.Contains(p.Word) {
			t.Errorf("phony %s is a word", lex.Tiles.Word(p.Word))
		}
	}
	if fs := m.FamiliesOf(word(t, lex, "ZZZ")); len(fs) != 0 {
		t.Errorf("a non-word has families: %v", fs)
	}
}

// `atril phonies --count 1000` on the default lexicon: learning the morphology once, then
// drawing the phonies (the target: under 2 s).
func BenchmarkPhonies1000(b *testing.B) {
	lex := testlex.Default(b)
	for b.Loop() {
		m := morph.Learn(lex)
		if ps := m.PhoniesSeed(1, 1000, morph.Filter{}); len(ps) != 1000 {
			b.Fatal(len(ps))
		}
	}
}

// The same lexicon and seed give the same phonies in every process: learning follows no map's
// order (the spelling rules once did, and a judge deck added again after a kill got a card
// more). Learnt twice here, with the cached model, and compared.
func TestPhoniesSameEveryLearning(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	a := morph.For(lex).PhoniesSeed(7, 2000, morph.Filter{MinLen: 8, MaxLen: 8})
	b := morph.Learn(lex).PhoniesSeed(7, 2000, morph.Filter{MinLen: 8, MaxLen: 8})
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d and %d phonies", len(a), len(b))
	}
	for i := range a {
		if !slices.Equal(a[i].Word, b[i].Word) {
			t.Fatalf("phony %d: %s, then %s", i, lex.Tiles.Word(a[i].Word), lex.Tiles.Word(b[i].Word))
		}
	}
}
