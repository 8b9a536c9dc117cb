package endgame

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestPrunedGraphSameMoves: on endgames from self-play, and on the boards random lines of play
// from them reach, the pruned lexicon gives each player exactly the plays the whole lexicon
// gives, scores included.
func TestPrunedGraphSameMoves(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := firstEndgames(t, lex, 12, 3)
	layout := engine.StandardLayout()
	full := movegen.New(lex.Graph, lex.Tiles, layout)
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for i, pos := range ps {
		racks, err := endgameRacks(pos)
		if err != nil {
			t.Fatal(err)
		}
		pruned, words, err := pruneGraph(lex.Graph, pos.Board, racks)
		if err != nil || pruned == nil {
			t.Fatalf("position %d: %v (%d words)", i, err, words)
		}
		small := movegen.New(pruned, lex.Tiles, layout)
		full.SetBoard(pos.Board)
		small.SetBoard(pos.Board)
		racks = [2][]lexicon.Tile{slices.Clone(racks[0]), slices.Clone(racks[1])}
		// A random line of play: at each turn both players' plays are compared.
		for turn := 0; turn < 8 && len(racks[0]) > 0 && len(racks[1]) > 0; turn++ {
			for side := 0; side < 2; side++ {
				want := slices.Clone(full.Generate(racks[side], movegen.Options{Sort: true}))
				got := small.Generate(racks[side], movegen.Options{Sort: true})
				if !slices.Equal(got, want) {
					t.Fatalf("position %d turn %d: the pruned lexicon (%d words) gives %d plays, the whole one %d\n%s",
						i, turn, words, len(got), len(want), pos.CGP())
				}
				checked++
			}
			me := turn % 2
			ms := full.Generate(racks[me], movegen.Options{})
			if len(ms) == 0 {
				continue
			}
			m := ms[rng.IntN(len(ms))]
			full.Play(&m)
			small.Play(&m)
			racks[me] = without(racks[me], &m)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d racks checked", checked)
	}
}
