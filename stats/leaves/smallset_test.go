package leaves

import (
	"strings"
	"sync"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// fiseLeaves is the FISE set's leaves of 1 to 6 tiles, built once for the tests that read it.
func fiseLeaves(t testing.TB) *equity.LeaveSet {
	t.Helper()
	set, err := fiseLeaveSet()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

var fiseLeaveSet = sync.OnceValues(func() (*equity.LeaveSet, error) {
	return equity.NewLeaveSet(lexicon.DefaultTileSet(), equity.MaxLeave)
})

// smallTiles is a tile set of eight letters and two blanks, 59 tiles: its leaves of 1 to 6
// tiles and racks of 7 number in the thousands, not the millions of the FISE set, so that a
// fit takes milliseconds. The tests of how a run is played, stopped, resumed, cut into shards
// and merged use it; TestLearnTinyLexicon and the fit's own tests use the FISE set.
const smallTiles = `?,2,0,false
A,12,1,true
E,12,1,true
L,4,1,false
N,5,1,false
O,9,1,true
R,5,1,false
S,6,1,false
T,4,1,false
`

// smallSetLexicon is tinyLexicon's words spelt with smallTiles' letters (none repeats a
// letter either), under that set.
func smallSetLexicon(t testing.TB) *lexicon.Lexicon {
	t.Helper()
	ts, err := lexicon.ParseTileSet("small8", "smallTiles", strings.NewReader(smallTiles))
	if err != nil {
		t.Fatal(err)
	}
	var words [][]lexicon.Tile
	for _, s := range []string{"AS", "ES", "SE", "LA", "AL", "EL", "LO", "OS", "NO", "ON", "TE", "EN", "RE", "OR", "RA",
		"RO", "SOL", "TOS", "SAL", "TAL", "ALTO", "TELA", "SALE", "SANO", "ROSA", "NOTA", "RESTO", "SALTO", "LEON",
		"ASNO", "TREN", "ORLA", "LETRA", "NORTE", "SOLTAR", "TALONES"} {
		w, err := ts.ParseWord(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		words = append(words, w)
	}
	g, err := lexicon.BuildKWG(words)
	if err != nil {
		t.Fatal(err)
	}
	return &lexicon.Lexicon{Name: "tiny8", Tiles: ts, Graph: g}
}
