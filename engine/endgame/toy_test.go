package endgame

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// TestToyEndgames: hand-checked endgames on lexicons of a few words. The values are worked out
// in the comments (standard board: A1 triple word, F2 triple letter, I7 double letter, J8 and K8
// plain; A E L S 1 point, M 3, Q 5, X 8, Z 10).
func TestToyEndgames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		words string
		cgp   string
		value int
		best  string
		line  []string // the best line's moves
		end   EndKind
	}{{
		// AS against E, AL on the board. ALAS goes out: 4 + twice E (2) = 6. ALA (3) lets the
		// opponent out with EL at I7 (3 + twice S = 5): -2. Passing lets EL out: 3 + twice AS: -7.
		name:  "one-move out",
		words: "AL ALA ALAS EL",
		cgp:   "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/E 0/0 0",
		value: 6, best: "8H (AL)AS", line: []string{"8H (AL)AS"}, end: WentOut,
	}, {
		// MX against Z, which threatens ZAS at A1 (36) and out. XI at F2 scores most (25) but
		// then ZAS goes out: 25 - 36 - twice M (6) = -17. MAS at A1 (15) blocks: Z is stuck, the
		// opponent passes and XI goes out: 15 + 25 + twice Z (20) = 60.
		name:  "a block that wins",
		words: "AS MAS ZAS XI IS",
		cgp:   "1AS12/6I8/6S8/15/15/15/15/15/15/15/15/15/15/15/15 MX/Z 0/0 0",
		value: 60, best: "1A M(AS)", line: []string{"1A M(AS)", "-", "2F X(I)"}, end: WentOut,
	}, {
		// AS against a stuck Q. ALAS goes out at once: 4 + twice Q (10) = 14. ALA first (3), the
		// opponent passes, then ALAS (4) goes out: 3 + 4 + 10 = 17.
		name:  "a stuck Q",
		words: "AL ALA ALAS",
		cgp:   "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/Q 0/0 0",
		value: 17, best: "8H (AL)A", line: []string{"8H (AL)A", "-", "8H (ALA)S"}, end: WentOut,
	}, {
		// AQ against Z, stuck while the board has no A. ELA (3) gives Z its A: ZA at J7 (11)
		// goes out with twice Q (10): 3 - 21 = -18. Passing leaves Z stuck: both pass and each
		// loses their rack: Z (10) - AQ (6) = +4.
		name:  "passing is best",
		words: "EL ELA ZA",
		cgp:   "15/15/15/15/15/15/15/7EL6/15/15/15/15/15/15/15 AQ/Z 0/0 0",
		value: 4, best: "-", line: []string{"-", "-"}, end: Passed,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lex := testlex.Small(t, strings.Fields(tc.words)...)
			pos := exactPosition(t, tc.cgp)
			for _, threads := range []int{1, 2} {
				res := solve(t, Config{Lexicon: lex, Threads: threads, TableBytes: MinTableBytes}, pos, Options{Rank: 10})
				if !res.Proven || res.Value != tc.value {
					t.Fatalf("threads %d: value %d (proven %t), want %d", threads, res.Value, res.Proven, tc.value)
				}
				if got := engine.FormatMove(&res.Best.Move, pos.Board, lex.Tiles); got != tc.best {
					t.Errorf("threads %d: best %s, want %s", threads, got, tc.best)
				}
				b := pos.Board.Clone()
				var line []string
				for _, turn := range res.Best.Line.Turns {
					line = append(line, engine.FormatMove(&turn.Move, b, lex.Tiles))
					b.Apply(&turn.Move)
				}
				if strings.Join(line, " | ") != strings.Join(tc.line, " | ") || res.Best.Line.End != tc.end {
					t.Errorf("threads %d: line %q ending %d, want %q ending %d", threads, line, res.Best.Line.End, tc.line, tc.end)
				}
				// Every first play is valued exactly (Rank 10 > the plays there are).
				for _, p := range res.Plays {
					if p.Bound != Exact || !p.Proven || p.Value > res.Value {
						t.Errorf("threads %d: play %s valued %d (bound %d, proven %t)", threads,
							engine.FormatMove(&p.Move, pos.Board, lex.Tiles), p.Value, p.Bound, p.Proven)
					}
				}
			}
		})
	}
}

// exactPosition reads a CGP under a tile set of exactly the tiles it shows and the extra tiles
// (the default set's letters and points), so that a hand-made endgame with a few tiles has an
// empty bag, and a pre-endgame the tiles it says are unseen.
func exactPosition(t *testing.T, cgp string, extra ...string) *engine.Position {
	t.Helper()
	def := lexicon.DefaultTileSet()
	pos, err := engine.ParseCGP(cgp, def, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	unseen := pos.Unseen()
	for _, e := range extra { // tiles unseen in the position: the bag and the opponent's rack
		tiles, err := def.ParseRack(e)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range tiles {
			unseen[x]--
		}
	}
	var csv strings.Builder
	for i, l := range def.Letters() {
		label := l.Label
		if i == 0 {
			label = "?"
		}
		fmt.Fprintf(&csv, "%s,%d,%d,%t\n", label, l.Count-unseen[i], l.Points, l.Vowel)
	}
	ts, err := lexicon.ParseTileSet("exact", "exact.csv", strings.NewReader(csv.String()))
	if err != nil {
		t.Fatal(err)
	}
	if pos, err = engine.ParseCGP(cgp, ts, engine.StandardLayout()); err != nil {
		t.Fatal(err)
	}
	return pos
}

// TestOracle: Oracle gives the solver's best play and value.
func TestOracle(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "AS", "MAS", "ZAS", "XI", "IS")
	pos := exactPosition(t, "1AS12/6I8/6S8/15/15/15/15/15/15/15/15/15/15/15/15 MX/Z 0/0 0")
	s, err := New(Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	m, v, proven, err := (&Oracle{Solver: s}).Solve(context.Background(), pos)
	if err != nil || v != 60 || !proven || engine.FormatMove(&m, pos.Board, lex.Tiles) != "1A M(AS)" || m.Score != 15 {
		t.Fatalf("best %s (%d points) worth %d, err %v; want 1A M(AS) worth 60", engine.FormatMove(&m, pos.Board, lex.Tiles), m.Score, v, err)
	}
}

// TestStoppedSolve: a solve whose context is already cancelled (Ctrl-C) still answers with the
// best line found so far: the first depth is always searched, the value is not proven, and the
// best play has an exact value and a line; the time limit stops a solve the same way.
func TestStoppedSolve(t *testing.T) {
	t.Parallel()
	lex := testlex.Small(t, "AL", "ALA", "ALAS")
	// The stuck Q: proven only at depth 3 (ALA, pass, ALAS: 17).
	pos := exactPosition(t, "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/Q 0/0 0")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := New(Config{Lexicon: lex, Threads: 2, TableBytes: MinTableBytes})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(ctx, pos, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Proven || res.Depth != 1 || res.Best.Bound != Exact || len(res.Best.Line.Turns) == 0 || len(res.Plays) < 2 {
		t.Fatalf("cancelled: depth %d, proven %t, best %+v", res.Depth, res.Proven, res.Best)
	}
	// The same solver, not cancelled, proves 17: a stopped solve leaves nothing wrong behind.
	if res, err = s.Solve(context.Background(), pos, Options{}); err != nil || !res.Proven || res.Value != 17 {
		t.Fatalf("after the cancelled solve: value %d proven %t err %v, want 17 proven", res.Value, res.Proven, err)
	}
}
