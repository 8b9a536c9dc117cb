package movegen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// smallWords is a hand-written word list (common Spanish words, digraph tiles included) for
// lexicons the tests build themselves.
const smallWords = `
AS ES SE LA LE LO AL EL EN UN NO SI YA DA DE DO FE HA HE JA MI ME NI OH OS RE SU TE TU VE
YO ZA CHE CHA OLE ESA ESE ESO SOL SAL LAS LOS LES MAS MES MIS SUS DOS TRES CASA CASO COSA
CAMA CARA CARO CHICO CHICA CHAL COCHE NOCHE LECHE OCHO LLAMA LLAVE CALLE POLLO GALLO
PERRO PERRA CARRO TORRE BARRO RATA RATO ROSA REMO AMOR MORA ROMA ALMA LOMA MALO MALA
ALA ALAS OSA OSO SOLA SOLO SALE SALA ASA ASO ESTE ESTA ESTO TESO TOSE TOS LATA LATAS
PALA PALO PELO PESO PASO PASA SAPO SOPA COPA CAPA CAPAS MAR MARES RAMA RAMO TEMA TOMA
AÑO AÑOS NIÑO NIÑA ÑU ÑUS SEÑA CAÑA CAÑO MOÑO DUEÑO QUE QUESO QUISO EQUIS XI XIS
ZORRO ZONA ZAS HOZ HOZAR LUZ PAZ VEZ VOZ CRUZ JOTA HOJA ROJO ROJA CAJA BAJO BOTA BOLA
GATO GATA GOTA LAGO AGUA FIN FINO FIESTA FRESA DIA DIAS ODIO IDEA ISLA LIMA MIL
TREN TRENES ENTRE ANTES NADA NADO DEDO MODO TODO TODA TODOS CANTO CANTA CANTAR CANTARES
ESTRELLA ESTRELLAS CASTILLO CASTILLOS TRAER TRAES ATRAE RETAS RESTA RESTO TIERRA TIERRAS
`

func smallGraph(t testing.TB, ts *lexicon.TileSet) *lexicon.KWG {
	t.Helper()
	if !ts.SameAlphabet(lexicon.DefaultTileSet()) {
		t.Fatalf("smallGraph: tile set %s is not the default alphabet testlex compiles under", ts.Name)
	}
	return testlex.Small(t, strings.Fields(smallWords)...).Graph
}

// file2017 is the reference lexicon beside the project (../shared), for tests and comparisons
// only: nothing derived from it is committed. Tests skip when it is absent.
func file2017(t testing.TB) *lexicon.KWG {
	t.Helper()
	return testlex.FILE2017(t).Graph
}

// bag is a shuffled bag of a tile set's tiles.
type bag struct{ tiles []lexicon.Tile }

func newBag(ts *lexicon.TileSet, rng *rand.Rand) *bag {
	b := &bag{}
	for t := 0; t < ts.Size(); t++ {
		for i := 0; i < ts.Count(lexicon.Tile(t)); i++ {
			b.tiles = append(b.tiles, lexicon.Tile(t))
		}
	}
	rng.Shuffle(len(b.tiles), func(i, j int) { b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i] })
	return b
}

// fill tops rack up to 7 tiles.
func (b *bag) fill(rack []lexicon.Tile) []lexicon.Tile {
	for len(rack) < engine.RackSize && len(b.tiles) > 0 {
		rack = append(rack, b.tiles[len(b.tiles)-1])
		b.tiles = b.tiles[:len(b.tiles)-1]
	}
	return rack
}

// removePlaced takes a play's placed tiles off the rack.
func removePlaced(rack []lexicon.Tile, m *engine.Move) []lexicon.Tile {
	out := slices.Clone(rack)
	for i := 0; i < int(m.Len); i++ {
		t := m.Tiles[i]
		if t == engine.PlayedThrough {
			continue
		}
		want := t
		if t.IsBlanked() {
			want = lexicon.Blank
		}
		j := slices.Index(out, want)
		if j < 0 {
			panic("placed tile not on rack")
		}
		out = slices.Delete(out, j, j+1)
	}
	return out
}

// position is a board with the rack to move.
type position struct {
	board *engine.Board
	rack  []lexicon.Tile
	bag   int
}

// playout plays a seeded game, choosing each turn with pick among the generator's moves (all
// of them, sorted), and calls visit on every position before the move. It stops after turns
// turns or when no play is possible twice.
func playout(g *Generator, ts *lexicon.TileSet, layout *engine.Layout, seed uint64, turns int,
	pick func(rng *rand.Rand, moves []engine.Move) int, visit func(turn int, p position)) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	bg := newBag(ts, rng)
	board := engine.NewBoard(layout)
	g.SetBoard(board)
	racks := [2][]lexicon.Tile{bg.fill(nil), bg.fill(nil)}
	stuck := 0
	for turn := 0; turn < turns && stuck < 2; turn++ {
		me := turn % 2
		if visit != nil {
			visit(turn, position{board: board.Clone(), rack: slices.Clone(racks[me]), bag: len(bg.tiles)})
		}
		moves := g.Generate(racks[me], Options{Sort: true})
		if len(moves) == 0 {
			stuck++
			continue
		}
		stuck = 0
		m := moves[pick(rng, moves)]
		board.Apply(&m)
		g.Play(&m)
		racks[me] = bg.fill(removePlaced(racks[me], &m))
		if len(racks[me]) == 0 {
			break
		}
	}
}

func pickRandom(rng *rand.Rand, moves []engine.Move) int { return rng.IntN(len(moves)) }
func pickTop(_ *rand.Rand, _ []engine.Move) int          { return 0 }

// defaultGraph is the shipped, embedded default lexicon.
func defaultGraph(t testing.TB) *lexicon.KWG {
	t.Helper()
	lex, err := registry.New(func(string) string { return "" }).Open("", lexicon.DefaultTileSet())
	if err != nil {
		t.Fatal(err)
	}
	return lex.Graph
}
