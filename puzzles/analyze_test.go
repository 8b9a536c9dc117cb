package puzzles

import (
	"slices"
	"sort"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

func position(t testing.TB, lex *lexicon.Lexicon, cgp string) *engine.Position {
	t.Helper()
	pos, err := engine.ParseCGP(cgp, lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func tagSet(tags []puzzletag.Tag) []string {
	var out []string
	for _, t := range tags {
		out = append(out, string(t))
	}
	sort.Strings(out)
	return out
}

// TestBingoTags builds positions whose bingos are known under a small lexicon.
func TestBingoTags(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "OS", "AS", "ES", "LATRINEO", "CHARIETS", "ALTERNAS", "TIENE")
	row8 := "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15"
	tests := []struct {
		name    string
		cgp     string
		answers []string
		tags    []string
	}{
		// Only through the O: one placement, 8 tiles.
		{"through", row8 + " AEILNRT/ 0/0 0", []string{"H1 LATRINE(O)"}, []string{"BINGO_8_PLUS", "ONLY_BINGO"}},
		// The blank must be the T.
		{"blank", row8 + " AEILNR?/ 0/0 0", []string{"H1 LAtRINE(O)"}, []string{"BINGO_8_PLUS", "BLANK_BINGO", "ONLY_BINGO"}},
		// An opening bingo with the CH tile: every placement across and down covering H8.
		{"digraph opening", "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 [CH]AEIRST/ 0/0 0", nil, []string{"DIGRAPH", "ONLY_BINGO"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := NewAnalyzer(lex, nil, nil, AnalyzeOptions{})
			an := a.Analyze(position(t, lex, tc.cgp))
			pz := an.Puzzle
			if pz == nil || pz.Kind != KindBingo {
				t.Fatalf("no bingo puzzle: %+v", an)
			}
			var got []string
			for _, p := range pz.Answers {
				got = append(got, p.Move)
			}
			if tc.answers != nil && !slices.Equal(got, tc.answers) {
				t.Errorf("answers %v, want %v", got, tc.answers)
			}
			if tc.answers == nil && len(got) != 14 {
				t.Errorf("%d opening placements, want 7 across and 7 down: %v", len(got), got)
			}
			if g := tagSet(pz.Tags); !slices.Equal(g, tc.tags) {
				t.Errorf("tags %v, want %v", g, tc.tags)
			}
			if pz.Bag < MinBag || pz.Position.Racks[1] != nil || pz.Difficulty <= 0 || pz.Difficulty >= 1 {
				t.Errorf("bag %d, opponent rack %v, difficulty %v", pz.Bag, pz.Position.Racks[1], pz.Difficulty)
			}
			// Asked for best-play puzzles only, the same position makes one.
			b := NewAnalyzer(lex, nil, nil, AnalyzeOptions{Kinds: []Kind{KindBest}}).Analyze(position(t, lex, tc.cgp))
			if b.Puzzle == nil || b.Puzzle.Kind != KindBest || !b.Puzzle.HasTag(puzzletag.Bingo) {
				t.Errorf("best-play puzzle of a bingo position: %+v", b.Puzzle)
			}
		})
	}
	// Two bingo words: not ONLY_BINGO; an 8-tile and a 7-tile bingo: not BINGO_8_PLUS.
	lex2 := testlex.Small(t, "OS", "OSA", "LATRINEO", "ALTERNAS", "LATRINE")
	an := NewAnalyzer(lex2, nil, nil, AnalyzeOptions{}).Analyze(position(t, lex2, "15/15/15/15/15/15/15/7OS6/15/15/15/15/15/15/15 AEILNRT/ 0/0 0"))
	if an.Puzzle == nil || an.Puzzle.HasTag(puzzletag.OnlyBingo) || an.Puzzle.HasTag(puzzletag.Bingo8Plus) {
		t.Errorf("LATRINE and LATRINEO: %+v", an.Puzzle)
	}
}

// TestTagBest: the best-play tags from an answer, the best other play and the scores.
func TestTagBest(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	tile := func(s string) lexicon.Tile { x, _ := ts.Tile(s); return x }
	play := func(score int32, eq float64, placed uint8, tiles ...string) engine.Move {
		m := engine.Move{Kind: engine.Play, Row: 7, Col: 7, Score: score, Equity: eq, Placed: placed}
		for _, s := range tiles {
			m.Tiles[m.Len] = tile(s)
			m.Len++
		}
		return m
	}
	exch := engine.Move{Kind: engine.Exchange, Len: 2, Equity: 8}
	exch.Tiles[0], exch.Tiles[1] = tile("Q"), tile("V")
	blankZ := play(20, 25, 2, "A", "Z")
	blankZ.Tiles[1] |= lexicon.BlankBit
	tests := []struct {
		name   string
		m      engine.Move
		other  float64
		sc     scores
		tags   []string
		harder bool // harder than the middle (difficulty above 0.5)
	}{
		{"clear top scorer", play(40, 45, 3, "C", "A", "S"), 30, scores{40, 25, ""}, []string{"EQUITY", "NON_BINGO", "POINTS"}, false},
		{"narrow", play(30, 31, 3, "C", "A", "S"), 30.5, scores{35, 30, "x"}, []string{"NON_BINGO"}, true},
		{"bingo", play(80, 85, 7, "C", "A", "S", "E", "R", "O", "N"), 60, scores{80, 60, ""}, []string{"BINGO", "EQUITY", "POINTS"}, false},
		{"power tile", play(30, 33, 2, "J", "A"), 32, scores{40, 30, "x"}, []string{"NON_BINGO", "POWER_TILE"}, true},
		{"digraph is power", play(30, 33, 2, "CH", "E"), 32, scores{40, 30, "x"}, []string{"NON_BINGO", "POWER_TILE"}, true},
		{"blank Z is not", blankZ, 24, scores{30, 20, "x"}, []string{"NON_BINGO"}, true},
		{"exchange", exch, 7.5, scores{10, 8, "x"}, []string{"EXCHANGE", "NON_BINGO"}, true},
	}
	a := NewAnalyzer(lex, nil, nil, AnalyzeOptions{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sc.topKey == "" {
				tc.sc.topKey = playKey(&tc.m)
			}
			pz := &Puzzle{}
			a.tagBest(pz, &tc.m, tc.other, tc.sc)
			if g := tagSet(pz.Tags); !slices.Equal(g, tc.tags) {
				t.Errorf("tags %v, want %v", g, tc.tags)
			}
			if (pz.Difficulty > 0.5) != tc.harder || pz.Rating.Rating != InitialRating+800*(pz.Difficulty-0.5) {
				t.Errorf("difficulty %.2f, rating %.1f", pz.Difficulty, pz.Rating.Rating)
			}
		})
	}
}

// selfPlayPositions are positions of equity self-play games with at least MinBag tiles in the
// bag, the side to move's rack full.
func selfPlayPositions(t testing.TB, lex *lexicon.Lexicon, games int, seed uint64) []*engine.Position {
	t.Helper()
	ts := lex.Tiles
	layout := engine.StandardLayout()
	gen := movegen.New(lex.Graph, ts, layout)
	leaves := equity.NewDefault(ts)
	var out []*engine.Position
	for i := 0; i < games; i++ {
		g := game.New(ts, layout, game.FILERules, game.GameSeed(seed, i))
		gen.SetBoard(g.Board)
		for !g.Over() && g.Bag.Len() >= MinBag {
			out = append(out, g.Position())
			ms := gen.Generate(g.Rack(), movegen.Options{Top: 1, By: movegen.ByEquity, Leaves: leaves, Pass: true, Exchanges: min(7, g.Bag.Len())})
			m := engine.Move{Kind: engine.Pass}
			if len(ms) > 0 {
				m = ms[0]
			}
			if err := g.Apply(&m); err != nil {
				t.Fatal(err)
			}
			gen.Play(&m)
		}
	}
	return out
}

// checkBingoAnswers: every bingo puzzle's answers are exactly the seven-tile plays of the
// exhaustive generator (all moves, no pruning), each legal and scored as the validator scores
// it; and a position with such a play always makes a bingo puzzle.
func checkBingoAnswers(t *testing.T, lex *lexicon.Lexicon, games int) {
	a := NewAnalyzer(lex, nil, nil, AnalyzeOptions{})
	gen := movegen.New(lex.Graph, lex.Tiles, engine.StandardLayout())
	bingoPuzzles := 0
	for _, pos := range selfPlayPositions(t, lex, games, 2026) {
		gen.SetBoard(pos.Board)
		var want []string
		for _, m := range gen.Generate(pos.Racks[0], movegen.Options{}) {
			if m.Kind == engine.Play && m.Placed == engine.RackSize {
				want = append(want, playKey(&m)+"/"+engine.FormatMove(&m, pos.Board, lex.Tiles))
			}
		}
		an := a.Analyze(pos)
		pz := an.Puzzle
		if pz == nil {
			t.Fatalf("no puzzle at %s", pos.CGP())
		}
		if (pz.Kind == KindBingo) != (len(want) > 0) {
			t.Fatalf("%s: kind %s, exhaustive bingos %v", pos.CGP(), pz.Kind, want)
		}
		if pz.Kind != KindBingo {
			continue
		}
		bingoPuzzles++
		var got []string
		for _, p := range pz.Answers {
			got = append(got, p.Key+"/"+p.Move)
			m, err := engine.ParseMove(p.Move, pos.Board, lex.Tiles)
			if err != nil {
				t.Fatal(err)
			}
			v := engine.Check(pos.Board, &m, lex.Tiles, lex, pos.Racks[0])
			if !v.Legal || v.Score != p.Score || !v.Bingo || engine.FormatWord(&v.Move, pos.Board, lex.Tiles) != p.Word {
				t.Errorf("%s: answer %s (%d, %s): legal %v, score %d, problems %v", pos.CGP(), p.Move, p.Score, p.Word, v.Legal, v.Score, v.Problems)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: answers %v, exhaustive generator %v", pos.CGP(), got, want)
		}
	}
	if bingoPuzzles < 5 {
		t.Fatalf("only %d bingo puzzles", bingoPuzzles)
	}
	t.Logf("%d bingo puzzles checked", bingoPuzzles)
}

func TestBingoAnswersDefault(t *testing.T) {
	t.Parallel()
	checkBingoAnswers(t, testlex.Default(t), 30)
}

func TestBingoAnswersFILE2017(t *testing.T) {
	t.Parallel()
	checkBingoAnswers(t, testlex.FILE2017(t), 30)
}
