package movegen

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/lexicon"
)

// compareTop asserts that top-N mode gives the first N moves of the sorted exhaustive list, for
// score and equity ranking and N of 1, 3 and 10 (exchanges and the pass included).
func compareTop(t *testing.T, check *Generator, p position, leaves equity.Leaves, label string) int {
	t.Helper()
	ts := check.Tiles()
	n := 0
	for _, by := range []SortBy{ByScore, ByEquity} {
		opts := Options{By: by, Leaves: leaves, Exchanges: min(7, p.bag), Pass: true, Sort: true}
		all := append([]engine.Move(nil), check.Generate(p.rack, opts)...)
		for _, top := range []int{1, 3, 10} {
			opts.Top = top
			got := check.Generate(p.rack, opts)
			want := all[:min(top, len(all))]
			if len(got) != len(want) {
				t.Fatalf("%s by %d top %d: %d moves, want %d", label, by, top, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s by %d top %d: move %d is %s (%d, %.2f), want %s (%d, %.2f)", label, by, top, i,
						engine.FormatMove(&got[i], p.board, ts), got[i].Score, got[i].Equity,
						engine.FormatMove(&want[i], p.board, ts), want[i].Score, want[i].Equity)
				}
			}
			n++
		}
	}
	return n
}

// checkTopMatchesAll asserts that top-N mode (pruned by anchor bounds) returns exactly the first
// N moves of the sorted exhaustive list, for score and equity ranking.
func checkTopMatchesAll(t *testing.T, graph *lexicon.KWG, seeds uint64, label string) int {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	leaves := equity.NewDefault(ts)
	g := New(graph, ts, layout)
	check := New(graph, ts, layout)
	n := 0
	for seed := uint64(1); seed <= seeds; seed++ {
		playout(g, ts, layout, seed, 24, pickRandom, func(turn int, p position) {
			n += compareTop(t, check.load(p.board), p, leaves, fmt.Sprintf("%s seed %d turn %d", label, seed, turn))
		})
	}
	return n
}

func TestTopMatchesAllSmallLexicon(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	n := checkTopMatchesAll(t, smallGraph(t, ts), 30, "small")
	if n < 1000 {
		t.Errorf("only %d comparisons", n)
	}
}

func TestTopMatchesAllFILE2017(t *testing.T) {
	t.Parallel()
	graph := file2017(t) // reference lexicon, for this comparison only
	seeds := uint64(12)
	if testing.Short() {
		seeds = 3
	}
	n := checkTopMatchesAll(t, graph, seeds, "FILE2017")
	t.Log(fmt.Sprint(n, " comparisons"))
}

func TestTopMatchesAllDefaultLexicon(t *testing.T) {
	t.Parallel()
	seeds := uint64(8)
	if testing.Short() {
		seeds = 2
	}
	checkTopMatchesAll(t, defaultGraph(t), seeds, "default")
}

// TestTopBlankRacks: top-N mode equals the exhaustive list on racks with one, two and three
// blanks (the word map tries each letter, or pair of letters, for the blanks; a tile set may
// have more than two), on FILE2017 (reference lexicon, for this comparison only) and the default
// lexicon.
func TestTopBlankRacks(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	leaves := equity.NewDefault(ts)
	for name, graph := range map[string]func(testing.TB) *lexicon.KWG{"FILE2017": file2017, "default": defaultGraph} {
		t.Run(name, func(t *testing.T) {
			graph := graph(t)
			g := New(graph, ts, layout)
			check := New(graph, ts, layout)
			n := 0
			seeds := uint64(3)
			if testing.Short() {
				seeds = 1
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				playout(g, ts, layout, seed, 20, pickTop, func(turn int, p position) {
					if turn%4 != 1 || len(p.rack) < 5 {
						return
					}
					for blanks := 1; blanks <= 3; blanks++ {
						var rack []lexicon.Tile
						for _, x := range p.rack {
							if x != lexicon.Blank && len(rack) < len(p.rack)-blanks {
								rack = append(rack, x)
							}
						}
						for len(rack) < len(p.rack) {
							rack = append(rack, lexicon.Blank)
						}
						if blanks == 3 {
							rack = rack[len(rack)-5:] // keeps the exhaustive list short enough
						}
						q := position{board: p.board, rack: rack, bag: p.bag}
						n += compareTop(t, check.load(p.board), q, leaves, fmt.Sprintf("%s seed %d turn %d rack %s", name, seed, turn, ts.Notation(rack)))
					}
				})
			}
			if n < 20 {
				t.Errorf("only %d comparisons", n)
			}
		})
	}
}

// TestTopAfterPlays: a generator kept up to date by Play (its line caches rebuilt only where
// squares changed) finds the same top moves as a generator loaded from scratch, turn after turn
// of self-played games (FILE2017, reference lexicon, for this comparison only; and the default
// lexicon).
func TestTopAfterPlays(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	leaves := equity.NewDefault(ts)
	for name, graph := range map[string]func(testing.TB) *lexicon.KWG{"FILE2017": file2017, "default": defaultGraph} {
		t.Run(name, func(t *testing.T) {
			graph := graph(t)
			n := 0
			for seed := uint64(1); seed <= 6; seed++ {
				g := New(graph, ts, layout)
				fresh := New(graph, ts, layout)
				playout(g, ts, layout, seed, 30, pickRandom, func(turn int, p position) {
					for _, opts := range []Options{{Top: 1, By: ByEquity, Leaves: leaves}, {Top: 5, By: ByScore}} {
						got := slices.Clone(g.Generate(p.rack, opts))
						want := fresh.load(p.board).Generate(p.rack, opts)
						if !slices.Equal(got, want) {
							t.Fatalf("seed %d turn %d %+v: after plays %v, fresh %v", seed, turn, opts, got, want)
						}
						n++
					}
				})
			}
			if n < 100 {
				t.Errorf("only %d comparisons", n)
			}
		})
	}
}

// TestSameRackAgain: a generator asked again about the same rack (reusing the rack's tables:
// leave values, subracks, their words) answers as a fresh generator does, whatever options the
// calls in between used (ranking, top-N or all moves, another leave table, the bag empty).
func TestSameRackAgain(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := file2017(t) // reference lexicon, for this comparison only
	klv, _ := benchLeaves(t)
	other, err := equity.KLVFromBytes(func() []byte {
		var buf bytes.Buffer
		if err := equity.WriteKLV(&buf, []equity.Leave{{Tiles: []lexicon.Tile{1}, Value: 30}, {Tiles: []lexicon.Tile{0}, Value: -5}}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}())
	if err != nil {
		t.Fatal(err)
	}
	optionSets := []Options{
		{Top: 1, By: ByEquity, Leaves: klv, Exchanges: 7, Pass: true},
		{Top: 3, By: ByScore, Leaves: klv},
		{Top: 1, By: ByEquity, Leaves: other, Exchanges: 7},
		{Sort: true, Leaves: klv},
		{Top: 2, By: ByEquity, Leaves: klv, BagEmpty: true},
		{Top: 1, By: ByEquity, Exchanges: 3},
	}
	ps := midgamePositions(t, graph, ts, layout, 3)
	g := New(graph, ts, layout)
	n := 0
	for round := 0; round < 2; round++ {
		for i, p := range ps {
			g.load(p.board)
			for j, opts := range optionSets {
				for rep := 0; rep < 2; rep++ {
					got := slices.Clone(g.Generate(p.rack, opts))
					fresh := New(graph, ts, layout).load(p.board)
					fresh.Generate(p.rack, opts) // a fresh generator's second call uses the word map too
					want := fresh.Generate(p.rack, opts)
					if !slices.Equal(got, want) {
						t.Fatalf("round %d position %d options %d rep %d: %d moves, want %d", round, i, j, rep, len(got), len(want))
					}
					n++
				}
			}
		}
	}
	// The same rack on every board in turn.
	for i, p := range ps {
		opts := optionSets[0]
		got := slices.Clone(g.load(p.board).Generate(ps[0].rack, opts))
		fresh := New(graph, ts, layout).load(p.board)
		fresh.Generate(ps[0].rack, opts)
		if want := fresh.Generate(ps[0].rack, opts); !slices.Equal(got, want) {
			t.Fatalf("rack of position 0 on board %d: %v, want %v", i, got, want)
		}
		n++
	}
	if n < 100 {
		t.Errorf("only %d comparisons", n)
	}
}

// TestGenerateDoesNotAllocate: once the generator's buffers have grown, generating (all moves,
// top-N by score or equity, exchanges) allocates nothing.
func TestGenerateDoesNotAllocate(t *testing.T) {
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := defaultGraph(t)
	ps := midgamePositions(t, graph, ts, layout, 2)
	leaves := equity.NewDefault(ts)
	for _, opts := range []Options{{}, {Sort: true}, {Top: 1}, {Top: 5, By: ByEquity, Leaves: leaves, Exchanges: 7, Pass: true}} {
		g := New(graph, ts, layout)
		for _, p := range ps {
			g.load(p.board).Generate(p.rack, opts) // grow the buffers
		}
		allocs := testing.AllocsPerRun(5, func() {
			for _, p := range ps {
				g.load(p.board)
				g.Generate(p.rack, opts)
			}
		})
		if allocs != 0 {
			t.Errorf("options %+v: %.1f allocations per run", opts, allocs)
		}
	}
}

// TestExchanges: every distinct exchange of 1..n tiles once, tiles in alphagram order (blanks
// last), the leave the rest; exchanges and the pass only when asked for.
func TestExchanges(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	g := New(smallGraph(t, ts), ts, layout)
	rack, err := ts.ParseRack("?AAEES?")
	if err != nil {
		t.Fatal(err)
	}
	// Distinct sub-multisets of {?x2, Ax2, Ex2, S}: 3*3*3*2 = 54, less the empty one.
	for _, tc := range []struct{ max, want int }{{7, 53}, {1, 4}, {2, 4 + 6 + 3}} {
		seen := map[string]bool{}
		n := 0
		for _, m := range g.Generate(rack, Options{Exchanges: tc.max}) {
			if m.Kind != engine.Exchange {
				continue
			}
			n++
			tiles := append([]lexicon.Tile(nil), m.Tiles[:m.Len]...)
			sorted := lexicon.Alphagram(tiles)
			if !slices.Equal(tiles, sorted) {
				t.Errorf("exchange %s not in alphagram order", ts.Notation(tiles))
			}
			k := ts.Notation(tiles)
			if seen[k] {
				t.Errorf("exchange %s twice", k)
			}
			seen[k] = true
			all := append(append([]lexicon.Tile(nil), tiles...), m.LeaveTiles()...)
			if !slices.Equal(lexicon.Alphagram(all), lexicon.Alphagram(rack)) {
				t.Errorf("exchange %s leaves %s: not the rack", k, ts.Notation(m.LeaveTiles()))
			}
			if int(m.Len) > tc.max || m.Score != 0 {
				t.Errorf("exchange %s with max %d, score %d", k, tc.max, m.Score)
			}
		}
		if n != tc.want {
			t.Errorf("max %d: %d exchanges, want %d", tc.max, n, tc.want)
		}
	}
	for _, m := range g.Generate(rack, Options{}) {
		if m.Kind != engine.Play {
			t.Fatalf("exchange or pass generated without being asked for: %+v", m)
		}
	}
	moves := g.Generate(rack, Options{Pass: true})
	if last := moves[len(moves)-1]; last.Kind != engine.Pass || last.LeaveLn != 7 {
		t.Errorf("pass not generated with the whole rack as its leave: %+v", last)
	}
}

// TestGeneratorsInParallel: generators sharing a lexicon (its decoded graph and bingo set, built
// once under a lock) give the same results from several goroutines (run with -race).
func TestGeneratorsInParallel(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	graph := smallGraph(t, ts)
	ps := midgamePositions(t, graph, ts, layout, 3)
	want := make([][]engine.Move, len(ps))
	seq := New(graph, ts, layout)
	for i, p := range ps {
		want[i] = slices.Clone(seq.load(p.board).Generate(p.rack, Options{Top: 3}))
	}
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		go func() {
			g := New(graph, ts, layout)
			for rep := 0; rep < 3; rep++ {
				for i, p := range ps {
					if got := g.load(p.board).Generate(p.rack, Options{Top: 3}); !slices.Equal(got, want[i]) {
						errs <- fmt.Sprintf("position %d differs", i)
						return
					}
				}
			}
			errs <- ""
		}()
	}
	for w := 0; w < 4; w++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
