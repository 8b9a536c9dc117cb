package drills

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// smallWords is a lexicon the tests build themselves: common Spanish words chosen by hand, so
// that answers can be checked by reading them.
var smallWords = []string{
	// two tiles, with the digraph ones
	"AD", "AH", "AL", "AS", "CHA", "CHE", "CHO", "LLE", "DE", "EL", "EN", "ES", "LA", "LE",
	"LO", "NO", "SE", "SI", "YA", "YO", "ÑU", "OS", "SO", "TE", "TU", "MI", "ME", "NI", "NE",
	// anagram families
	"CASA", "SACA", "CAOS", "COSA", "ASCO", "SACO", "OCAS", "CASO",
	"ROCA", "ARCO", "ORCA", "CARO", "CORA",
	"RATONES", "ENTORAS", "TORNASE", "SONRATE",
	"CANTO", "CONTA", "TACON",
	// digraph words
	"CHICO", "CHICOS", "COCHE", "COCHES", "MUCHO", "LLAMA", "LLAMAS", "CALLE", "CALLES",
	"PERRO", "PERROS", "CARRO", "CARROS", "CORRA", "TORRE", "HACHA", "LECHE", "OLLA", "OLLAS",
	// hooks
	"ASA", "CASAS", "OSA", "OSAS", "LOSA", "ROSA", "ROSAS", "COSAS", "ACASO", "SACOS", "ARCOS",
	"ROCAS", "CAROS",
	// filler for judging
	"MESA", "MESAS", "PERA", "PERAS", "PIEDRA", "CAMINO", "CAMINOS", "SALTO", "PUERTA", "NARANJA",
}

// smallLexicon compiles smallWords under the default tile set.
func smallLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	return testlex.Small(t, smallWords...)
}

// defaultLexicon is the embedded default atril ships (FISE2-LIBRE).
func defaultLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	return testlex.Default(t)
}

// file2017 loads the official FILE2017 list beside the project (../shared, present in CI), for
// tests only: nothing derived from it is kept. Skips when it is absent.
func file2017(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	return testlex.FILE2017(t)
}

func mustWord(t testing.TB, ts *lexicon.TileSet, s string) []lexicon.Tile {
	t.Helper()
	w, err := ts.ParseWord(s)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// hookQuestion is the hooks drill's question for one word.
func hookQuestion(t testing.TB, lex *lexicon.Lexicon, word string) Question {
	t.Helper()
	qs, err := HooksQuestions(lex, HooksOptions{Words: WordRange{MinLen: len(mustWord(t, lex.Tiles, word)), MaxLen: len(mustWord(t, lex.Tiles, word))}})
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.Show == word {
			return q
		}
	}
	t.Fatalf("no hook question for %s", word)
	return Question{}
}
