package lexicon_test

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// "The 1,000 most probable seven-tile alphagrams" is one query: top counts alphagrams, each
// with all its words, most probable first, ranked among the alphagrams of its length.
func TestSearchAlphagrams(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "CASA", "SACA", "COSA", "CAOS", "ASCO", "ROCA", "ARCO", "CHICO", "AS")
	q, err := lexicon.ParseSearch("length:4", lex.Tiles)
	if err != nil {
		t.Fatal(err)
	}
	all, err := lex.SearchAlphagrams(q)
	if err != nil {
		t.Fatal(err)
	}
	// AACS (CASA SACA), ACOS (ASCO CAOS COSA), ACOR (ARCO ROCA); CHICO is 4 tiles: CH I C O.
	if len(all) != 4 {
		t.Fatalf("%d alphagrams: %+v", len(all), all)
	}
	words := 0
	for i, a := range all {
		words += len(a.Words)
		if a.Rank != i+1 || i > 0 && a.Probability > all[i-1].Probability {
			t.Errorf("alphagram %d %s: rank %d, probability %g", i, lex.Tiles.Notation(a.Alphagram), a.Rank, a.Probability)
		}
		for _, w := range a.Words {
			if lex.Tiles.Notation(lexicon.Alphagram(w)) != lex.Tiles.Notation(a.Alphagram) {
				t.Errorf("%s under %s", lex.Tiles.Notation(w), lex.Tiles.Notation(a.Alphagram))
			}
		}
	}
	if words != 8 {
		t.Errorf("%d words, want 8", words)
	}
	// top:2 keeps two alphagrams with every word of each, and the same ranks.
	q2, _ := lexicon.ParseSearch("length:4 top:2", lex.Tiles)
	top, err := lex.SearchAlphagrams(q2)
	if err != nil || len(top) != 2 || len(top[0].Words) != len(all[0].Words) || top[1].Rank != 2 {
		t.Errorf("top 2: %+v %v", top, err)
	}
	// A condition keeps the alphagrams of the words that meet it, ranked among all.
	q3, _ := lexicon.ParseSearch("length:4 contains:R", lex.Tiles)
	r, err := lex.SearchAlphagrams(q3)
	if err != nil || len(r) != 1 || len(r[0].Words) != 2 || r[0].Rank == 0 {
		t.Errorf("contains R: %+v %v", r, err)
	}
}
