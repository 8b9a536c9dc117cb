package movegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// bruteMoves is a slow, obviously correct enumerator, independent of the generator: for every
// line, every stretch [L, R] of two or more squares bounded by empty squares or edges, it fills
// the stretch's empty squares left to right with rack tiles (a blank as every letter), pruning
// only by "some word starts like this" in the DAWG, and keeps fillings whose main word and every
// cross-word are in the lexicon and that connect (or cover the start square on an empty board).
// Plays are keyed by their placements, so a one-tile play found both ways counts once; the value
// is the score, computed here from the rules directly.
func bruteMoves(b *engine.Board, rack []lexicon.Tile, graph *lexicon.KWG, ts *lexicon.TileSet) map[string]int {
	out := map[string]int{}
	layout := b.Layout
	var counts [64]int
	for _, t := range rack {
		counts[t]++
	}
	first := b.Tiles == 0
	for dir := 0; dir < 2; dir++ {
		at := func(line, pos int) lexicon.Tile {
			if dir == 0 {
				return b.At(line, pos)
			}
			return b.At(pos, line)
		}
		rc := func(line, pos int) (int, int) {
			if dir == 0 {
				return line, pos
			}
			return pos, line
		}
		for line := 0; line < engine.Dim; line++ {
			for L := 0; L < engine.Dim; L++ {
				if L > 0 && at(line, L-1) != engine.Empty {
					continue
				}
				for R := L + 1; R < engine.Dim; R++ {
					if R < engine.Dim-1 && at(line, R+1) != engine.Empty {
						continue
					}
					empties := 0
					connected := false
					for p := L; p <= R; p++ {
						if at(line, p) != engine.Empty {
							connected = true
							continue
						}
						empties++
						r, c := rc(line, p)
						if first && r == layout.StartRow && c == layout.StartCol {
							connected = true
						}
						for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
							rr, cc := r+d[0], c+d[1]
							if rr >= 0 && rr < engine.Dim && cc >= 0 && cc < engine.Dim && b.At(rr, cc) != engine.Empty {
								connected = true
							}
						}
					}
					if empties == 0 || empties > len(rack) || !connected {
						continue
					}
					word := make([]lexicon.Tile, R-L+1)
					var fill func(p int, list uint32, node uint32)
					fill = func(p int, list uint32, node uint32) {
						if p > R {
							if !graph.Accepts(node) {
								return
							}
							key, score, ok := bruteCheck(b, dir, line, L, word, graph, ts)
							if ok {
								if old, seen := out[key]; seen && old != score {
									panic(fmt.Sprintf("%s scored %d and %d", key, old, score))
								}
								out[key] = score
							}
							return
						}
						try := func(t lexicon.Tile) {
							n := graph.Seek(list, t.Letter())
							if n == 0 {
								return
							}
							word[p-L] = t
							fill(p+1, graph.ArcIndex(n), n)
						}
						if t := at(line, p); t != engine.Empty {
							try(t)
							return
						}
						for l := 1; l < ts.Size(); l++ {
							if counts[l] > 0 {
								counts[l]--
								try(lexicon.Tile(l))
								counts[l]++
							}
						}
						if counts[0] > 0 {
							counts[0]--
							for l := 1; l < ts.Size(); l++ {
								try(lexicon.Tile(l) | lexicon.BlankBit)
							}
							counts[0]++
						}
					}
					fill(L, graph.DawgRoot(), 0)
				}
			}
		}
	}
	return out
}

// bruteCheck checks the cross-words of a filled stretch and scores it.
func bruteCheck(b *engine.Board, dir, line, L int, word []lexicon.Tile, graph *lexicon.KWG, ts *lexicon.TileSet) (string, int, bool) {
	layout := b.Layout
	mainSum, mainMul, crossTotal, placed := 0, 1, 0, 0
	var keys []string
	for i, t := range word {
		r, c := line, L+i
		if dir == 1 {
			r, c = L+i, line
		}
		if b.At(r, c) != engine.Empty {
			mainSum += ts.Points(t)
			continue
		}
		placed++
		keys = append(keys, fmt.Sprintf("%d,%d=%d", r, c, t))
		prem := layout.Premium(r, c)
		lm, wm := prem.LetterMultiplier(), prem.WordMultiplier()
		mainSum += ts.Points(t) * lm
		mainMul *= wm
		// The cross-word runs perpendicular to the play through (r, c).
		dr, dc := 1, 0
		if dir == 1 {
			dr, dc = 0, 1
		}
		r0, c0 := r, c
		for r0-dr >= 0 && c0-dc >= 0 && b.At(r0-dr, c0-dc) != engine.Empty {
			r0, c0 = r0-dr, c0-dc
		}
		var cross []lexicon.Tile
		sum := 0
		for rr, cc := r0, c0; rr < engine.Dim && cc < engine.Dim; rr, cc = rr+dr, cc+dc {
			if rr == r && cc == c {
				cross = append(cross, t)
				sum += ts.Points(t) * lm
				continue
			}
			bt := b.At(rr, cc)
			if bt == engine.Empty {
				break
			}
			cross = append(cross, bt)
			sum += ts.Points(bt)
		}
		if len(cross) >= 2 {
			if !graph.Contains(cross) {
				return "", 0, false
			}
			crossTotal += sum * wm
		}
	}
	score := mainSum*mainMul + crossTotal
	if placed == engine.RackSize {
		score += engine.BingoBonus
	}
	sort.Strings(keys)
	return strings.Join(keys, " "), score, true
}

// moveKey is a generated play's placements in bruteMoves' key format.
func moveKey(m *engine.Move) string {
	var keys []string
	r, c := int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); i++ {
		if t := m.Tiles[i]; t != engine.PlayedThrough {
			keys = append(keys, fmt.Sprintf("%d,%d=%d", r, c, t))
		}
		if m.Vertical {
			r++
		} else {
			c++
		}
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// compareWithBrute asserts that the generator's plays are exactly the brute-force set, each
// once, with the same scores, and that each play's leave is the rack less its tiles.
func compareWithBrute(t *testing.T, g *Generator, p position, graph *lexicon.KWG, ts *lexicon.TileSet, label string) int {
	t.Helper()
	want := bruteMoves(p.board, p.rack, graph, ts)
	moves := g.Generate(p.rack, Options{})
	got := map[string]int{}
	for i := range moves {
		m := &moves[i]
		k := moveKey(m)
		if _, dup := got[k]; dup {
			t.Errorf("%s: play %s generated twice", label, engine.FormatMove(m, p.board, ts))
		}
		got[k] = int(m.Score)
		leave := removePlaced(p.rack, m)
		lexicon.SortAlphagram(leave)
		if !slices.Equal(leave, m.LeaveTiles()) {
			t.Errorf("%s: %s leave %v, want %v", label, engine.FormatMove(m, p.board, ts), m.LeaveTiles(), leave)
		}
	}
	missing, extra, wrong := 0, 0, 0
	for k, s := range want {
		gs, ok := got[k]
		switch {
		case !ok:
			if missing++; missing <= 5 {
				t.Errorf("%s: rack %s: brute force finds %s (score %d), the generator does not", label, ts.Notation(p.rack), k, s)
			}
		case gs != s:
			if wrong++; wrong <= 5 {
				t.Errorf("%s: %s scores %d, brute force %d", label, k, gs, s)
			}
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			if extra++; extra <= 5 {
				t.Errorf("%s: rack %s: the generator plays %s, brute force does not", label, ts.Notation(p.rack), k)
			}
		}
	}
	if t.Failed() {
		t.Logf("%s board:\n%s", label, engine.BoardCGP(p.board, ts))
		t.FailNow()
	}
	return len(want)
}

func TestMatchesBruteForceSmallLexicon(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := smallGraph(t, ts)
	g := New(graph, ts, layout)
	positions, moves := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		playout(g, ts, layout, seed, 20, pickRandom, func(turn int, p position) {
			positions++
			moves += compareWithBrute(t, New(graph, ts, layout).load(p.board), p, graph, ts, fmt.Sprintf("seed %d turn %d", seed, turn))
		})
	}
	if positions < 100 || moves < 500 {
		t.Errorf("only %d positions and %d moves checked", positions, moves)
	}
	t.Logf("%d positions, %d moves", positions, moves)
}

func TestMatchesBruteForceFILE2017(t *testing.T) {
	t.Parallel()
	bruteOnBigLexicon(t, file2017(t), "FILE2017") // reference lexicon, for this comparison only
}

func TestMatchesBruteForceDefaultLexicon(t *testing.T) {
	t.Parallel()
	bruteOnBigLexicon(t, defaultGraph(t), "default")
}

func bruteOnBigLexicon(t *testing.T, graph *lexicon.KWG, name string) {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	g := New(graph, ts, layout)
	check := New(graph, ts, layout)
	n := 0
	seeds := uint64(12)
	if testing.Short() {
		seeds = 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		pick := pickRandom
		if seed%2 == 0 {
			pick = pickTop // fuller boards, as in real games
		}
		playout(g, ts, layout, seed, 22, pick, func(turn int, p position) {
			if turn%2 != 0 {
				return
			}
			n += compareWithBrute(t, check.load(p.board), p, graph, ts, fmt.Sprintf("%s seed %d turn %d", name, seed, turn))
		})
	}
	t.Logf("%d moves compared", n)
}

// load sets the board and returns g, for chaining in tests.
func (g *Generator) load(b *engine.Board) *Generator { g.SetBoard(b); return g }

// TestIncrementalCrossSets: after each play, the cross-sets kept up to date by Play equal those
// of a generator loaded from scratch.
func TestIncrementalCrossSets(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	for _, graph := range []*lexicon.KWG{smallGraph(t, ts)} {
		g := New(graph, ts, layout)
		for seed := uint64(1); seed <= 20; seed++ {
			playout(g, ts, layout, seed, 24, pickRandom, func(turn int, p position) {
				fresh := New(graph, ts, layout).load(p.board)
				if fresh.rows != g.rows {
					t.Fatalf("seed %d turn %d: incremental cross-sets differ from a fresh load", seed, turn)
				}
			})
		}
	}
}

// TestBlankRacksFILE2017 compares with brute force on racks with one and two blanks (FILE2017,
// reference lexicon, for this comparison only).
func TestBlankRacksFILE2017(t *testing.T) {
	t.Parallel()
	graph := file2017(t)
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	g := New(graph, ts, layout)
	check := New(graph, ts, layout)
	n := 0
	playout(g, ts, layout, 99, 12, pickTop, func(turn int, p position) {
		if turn%4 != 1 || len(p.rack) < 3 {
			return
		}
		for blanks := 1; blanks <= 2; blanks++ {
			rack := slices.Clone(p.rack)
			for i := 0; i < blanks; i++ {
				rack[i] = lexicon.Blank
			}
			if blanks == 2 {
				rack = rack[:5] // two blanks with seven tiles make the brute force too slow
			}
			q := position{board: p.board, rack: rack}
			n += compareWithBrute(t, check.load(p.board), q, graph, ts, fmt.Sprintf("turn %d, %d blanks", turn, blanks))
		}
	})
	t.Logf("%d moves compared", n)
}

// TestEveryMovePassesValidator is the property test against the rules-based validator
// (engine.Check, written independently from the rule texts): every generated play is legal
// there and scores the same.
func TestEveryMovePassesValidator(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graphs := map[string]*lexicon.KWG{"small": smallGraph(t, ts), "default": defaultGraph(t)}
	for name, graph := range graphs {
		g := New(graph, ts, layout)
		check := New(graph, ts, layout)
		n := 0
		for seed := uint64(1); seed <= 10; seed++ {
			playout(g, ts, layout, seed, 20, pickRandom, func(turn int, p position) {
				for _, m := range check.load(p.board).Generate(p.rack, Options{}) {
					v := engine.Check(p.board, &m, ts, graph, p.rack)
					if !v.Legal || v.Score != int(m.Score) {
						t.Fatalf("%s seed %d turn %d: %s scores %d, validator: legal %v score %d %v",
							name, seed, turn, engine.FormatMove(&m, p.board, ts), m.Score, v.Legal, v.Score, v.Problems)
					}
					n++
				}
			})
		}
		if n < 500 {
			t.Errorf("%s: only %d moves checked", name, n)
		}
	}
}

// TestEveryMovePassesValidatorFILE2017 is the validator property test on the reference lexicon
// (tests only; skipped when absent).
func TestEveryMovePassesValidatorFILE2017(t *testing.T) {
	t.Parallel()
	graph := file2017(t)
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	g := New(graph, ts, layout)
	check := New(graph, ts, layout)
	n := 0
	for seed := uint64(1); seed <= 4; seed++ {
		playout(g, ts, layout, seed, 20, pickTop, func(turn int, p position) {
			if turn%4 != 2 {
				return
			}
			for _, m := range check.load(p.board).Generate(p.rack, Options{}) {
				v := engine.Check(p.board, &m, ts, graph, p.rack)
				if !v.Legal || v.Score != int(m.Score) {
					t.Fatalf("seed %d turn %d: %s scores %d, validator: legal %v score %d %v",
						seed, turn, engine.FormatMove(&m, p.board, ts), m.Score, v.Legal, v.Score, v.Problems)
				}
				n++
			}
		})
	}
	if n < 1000 {
		t.Errorf("only %d moves checked", n)
	}
}

// TestRandomBoardsMatchBruteForce uses boards no game would reach: tiles strewn at random
// (isolated tiles, runs touching the edges, invalid words already on the board), to exercise
// anchors and cross-sets in odd places.
func TestRandomBoardsMatchBruteForce(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	for _, tc := range []struct {
		name  string
		graph *lexicon.KWG
		n     int
	}{{"small", smallGraph(t, ts), 150}, {"default", defaultGraph(t), 40}} {
		g := New(tc.graph, ts, layout)
		rng := rand.New(rand.NewPCG(3, uint64(len(tc.name))))
		total := 0
		for i := 0; i < tc.n; i++ {
			b := engine.NewBoard(layout)
			density := 0.05 + 0.3*rng.Float64()
			for sq := 0; sq < engine.Dim*engine.Dim; sq++ {
				if rng.Float64() < density {
					tl := lexicon.Tile(1 + rng.IntN(ts.NumLetters()))
					if rng.IntN(10) == 0 {
						tl |= lexicon.BlankBit
					}
					b.Set(sq/engine.Dim, sq%engine.Dim, tl)
				}
			}
			rack := newBag(ts, rng).fill(nil)
			if rng.IntN(3) == 0 {
				rack[0] = lexicon.Blank
			}
			rack = rack[:1+rng.IntN(len(rack))]
			total += compareWithBrute(t, g.load(b), position{board: b, rack: rack}, tc.graph, ts, fmt.Sprintf("%s random board %d", tc.name, i))
		}
		t.Logf("%s: %d moves compared", tc.name, total)
		if total < 100 {
			t.Errorf("%s: only %d moves", tc.name, total)
		}
	}
}

// FuzzGenerate builds a board and rack from arbitrary bytes and checks the generator against
// the brute force (small lexicon): go test ./engine/movegen -fuzz FuzzGenerate.
func FuzzGenerate(f *testing.F) {
	f.Add([]byte{112, 1, 113, 19, 114, 1}, []byte{1, 19, 0})
	f.Add([]byte{0, 5, 14, 7, 210, 20, 224, 1}, []byte{1, 2, 3, 4, 5, 6, 7})
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := smallGraph(f, ts)
	g := New(graph, ts, layout)
	f.Fuzz(func(t *testing.T, squares, rackBytes []byte) {
		b := engine.NewBoard(layout)
		for i := 0; i+1 < len(squares); i += 2 {
			sq := int(squares[i]) % (engine.Dim * engine.Dim)
			tl := lexicon.Tile(1 + int(squares[i+1]&63)%ts.NumLetters())
			if squares[i+1]&64 != 0 {
				tl |= lexicon.BlankBit
			}
			b.Set(sq/engine.Dim, sq%engine.Dim, tl)
		}
		var rack []lexicon.Tile
		for _, c := range rackBytes {
			if len(rack) == engine.RackSize {
				break
			}
			rack = append(rack, lexicon.Tile(int(c)%ts.Size()))
		}
		if len(rack) == 0 {
			return
		}
		compareWithBrute(t, g.load(b), position{board: b, rack: rack}, graph, ts, "fuzz")
	})
}
