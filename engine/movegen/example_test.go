package movegen_test

import (
	"fmt"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/lexicon"
)

// The best three plays by equity of a rack on a position, with a lexicon compiled on the spot.
func Example() {
	ts := lexicon.DefaultTileSet()
	var words [][]lexicon.Tile
	for _, w := range []string{"CASA", "CASAS", "COSA", "COSAS", "OSA", "OSO", "SACO", "ASO", "SO", "OS"} {
		t, _ := ts.ParseWord(w)
		words = append(words, t)
	}
	graph, _ := lexicon.BuildKWG(words)
	pos, _ := engine.ParseCGP("15/15/15/15/15/15/15/6CASA5/15/15/15/15/15/15/15 OSSO/ 0/0 0", ts, engine.StandardLayout())

	gen := movegen.New(graph, ts, pos.Board.Layout)
	gen.SetBoard(pos.Board)
	moves := gen.Generate(pos.Racks[0], movegen.Options{Top: 3, By: movegen.ByEquity, Leaves: equity.NewDefault(ts)})
	for _, m := range moves {
		fmt.Printf("%-12s %3d %6.2f %s\n", engine.FormatMove(&m, pos.Board, ts), m.Score, m.Equity, ts.Word(m.LeaveTiles()))
	}
	// Output:
	// K7 OSO        10  17.50 S
	// K7 OS          9  16.50 OS
	// K8 SO          9  16.50 OS
}
