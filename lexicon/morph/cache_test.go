package morph

import (
	"bytes"
	"encoding/gob"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// sameModel reports the first part of what Learn makes that differs between a and b (their
// saved forms through gob, so that an empty list and none are the same), "" when none does.
func sameModel(a, b *Model) string {
	norm := func(m *Model) *savedModel {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(save(m)); err != nil {
			panic(err)
		}
		var s savedModel
		if err := gob.NewDecoder(&buf).Decode(&s); err != nil {
			panic(err)
		}
		return &s
	}
	sa, sb := norm(a), norm(b)
	va, vb := reflect.ValueOf(sa).Elem(), reflect.ValueOf(sb).Elem()
	for i := range va.NumField() {
		if !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			return va.Type().Field(i).Name
		}
	}
	if !slices.Equal(a.words, b.words) {
		return "words"
	}
	return ""
}

// Every field of Model is saved or rebuilt: a new one must be added to cache.go (and
// cacheFormat raised).
func TestCacheCoversModel(t *testing.T) {
	t.Parallel()
	var names []string
	for f := range reflect.TypeFor[Model]().Fields() {
		names = append(names, f.Name)
	}
	want := []string{"lex", "ts", "words", "verbs", "verbOf", "verbEnds", "rules", "byTheme", "altRules", "formOf",
		"nominal", "nomEnds", "nomRules", "nomAll", "newVerb", "deriv", "mu", "cache"}
	if !slices.Equal(names, want) {
		t.Errorf("Model's fields are %v; cache.go saves or rebuilds %v", names, want)
	}
}

// The default lexicon's model written and read back is the model learnt: every part of it,
// and the phonies and families it gives.
func TestCacheRoundTrip(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	m := For(lex)
	path := cachePath(lex, t.TempDir())
	if err := writeModel(m, path); err != nil {
		t.Fatal(err)
	}
	back, err := readModel(lex, path)
	if err != nil {
		t.Fatal(err)
	}
	if d := sameModel(m, back); d != "" {
		t.Fatalf("%s differs after the round trip", d)
	}
	a, b := m.PhoniesSeed(3, 300, Filter{}), back.PhoniesSeed(3, 300, Filter{})
	if len(a) != 300 || !reflect.DeepEqual(a, b) {
		t.Errorf("phonies differ: %d and %d", len(a), len(b))
	}
	for _, w := range []string{"CANTABAN", "CUENTA", "NIÑAS", "SAQUE"} {
		tw, err := lex.Tiles.ParseWord(w)
		if err != nil {
			t.Fatal(err)
		}
		if fa, fb := m.FamiliesOf(tw), back.FamiliesOf(tw); len(fa) == 0 || !reflect.DeepEqual(fa, fb) {
			t.Errorf("%s: families %v, read back %v", w, fa, fb)
		}
	}
}

// ForCached learns once and writes the model; a later run (another opening of the same word
// list) reads it instead of learning; a file made for other words, or damaged, is learnt again.
func TestForCached(t *testing.T) {
	t.Parallel()
	words := []string{"CANTAR", "CANTO", "CANTA", "CANTAS", "CANTAMOS", "CANTAN", "CANTABA", "CANTADO",
		"SALTAR", "SALTO", "SALTA", "SALTAS", "SALTAMOS", "SALTAN", "SALTABA", "SALTADO", "PERRO", "PERROS", "PERRA"}
	open := func() *lexicon.Lexicon { return testlex.Small(t, words...) }
	dir := t.TempDir()
	lex := open()
	m := ForCached(lex, dir)
	path := cachePath(lex, dir)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	if again := ForCached(lex, dir); again != m {
		t.Error("a second call in the same process did not return the model kept with the graph")
	}
	// A model on file is read, not learnt: one told apart by its derivation counts comes back.
	marked := Learn(lex)
	marked.deriv.counts = map[string][2]int32{"MARK": {7, 9}}
	if err := writeModel(marked, path); err != nil {
		t.Fatal(err)
	}
	if got := ForCached(open(), dir); got.deriv.counts["MARK"] != [2]int32{7, 9} || sameModel(got, m) != "Deriv" {
		t.Errorf("the cache file was not read: deriv %v", got.deriv.counts)
	}
	// Damaged: learnt again and the file replaced.
	if err := os.WriteFile(path, []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ForCached(open(), dir); sameModel(got, m) != "" {
		t.Errorf("a damaged cache: %s differs from the model learnt", sameModel(got, m))
	}
	if back, err := readModel(open(), path); err != nil || sameModel(back, m) != "" {
		t.Errorf("the damaged file was not replaced: %v", err)
	}
	// Made for another word list: not read.
	other := testlex.Small(t, append(slices.Clone(words), "CASA")...)
	if _, err := readModel(other, path); err == nil {
		t.Error("a cache file made for other words was read")
	}
	// No directory: no cache, the model all the same.
	if got := ForCached(open(), ""); sameModel(got, m) != "" {
		t.Error("ForCached without a directory differs from Learn")
	}
}
