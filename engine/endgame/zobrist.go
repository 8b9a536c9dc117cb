package endgame

import (
	"math/rand/v2"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// zobrist holds the random keys of a position's parts: a tile on a square (a blank as the
// letter it stands for, apart from the letter itself), the c-th copy of a tile on the rack of
// the player to move or of the player waiting, and a pass that would end the game.
type zobrist struct {
	sq       [engine.Dim * engine.Dim][128]uint64
	rack     [2][lexicon.MaxLetters + 1][engine.RackSize + 1]uint64
	passEnds uint64
}

func newZobrist() *zobrist {
	rng := rand.New(rand.NewPCG(0x656e6467616d65, 0x61747269)) // fixed: keys are the same every run
	z := &zobrist{}
	for i := range z.sq {
		for j := range z.sq[i] {
			z.sq[i][j] = rng.Uint64()
		}
	}
	for r := range z.rack {
		for t := range z.rack[r] {
			for c := 1; c <= engine.RackSize; c++ {
				z.rack[r][t][c] = rng.Uint64()
			}
		}
	}
	z.passEnds = rng.Uint64()
	return z
}

// square is the key of tile t on square sq.
func (z *zobrist) square(sq int, t lexicon.Tile) uint64 {
	i := t.Letter()
	if t.IsBlanked() {
		i |= 64
	}
	return z.sq[sq][i]
}

// rackKeys are the keys of a rack's tiles as the rack to move [0] and waiting [1].
func (z *zobrist) rackKeys(tiles []lexicon.Tile) [2]uint64 {
	var k [2]uint64
	var count [lexicon.MaxLetters + 1]int
	for _, t := range tiles {
		count[t]++
		k[0] ^= z.rack[0][t][count[t]]
		k[1] ^= z.rack[1][t][count[t]]
	}
	return k
}
