package leaves

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/engine/leavetable"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// A player against itself in mirrored pairs wins exactly one game of each pair: 50%, a spread of
// 0, and the interval around 50%.
func TestEvalSymmetry(t *testing.T) {
	t.Parallel()
	lex := tinyLexicon(t)
	for _, spec := range []string{leavetable.Handset, leavetable.None} {
		p, err := LoadPlayer(spec, lex.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: p, B: p, Pairs: 40, Seed: 1, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if r.Pairs != 40 || r.Games != 80 || r.AWinRate != 0.5 || r.AWins != r.BWins || r.SpreadMean != 0 ||
			r.WinRateLow >= 0.5 || r.WinRateHigh <= 0.5 || r.ABingosPerGame != r.BBingosPerGame || r.SpreadLow != 0 || r.SpreadHigh != 0 {
			t.Errorf("%s against itself: %+v", spec, r)
		}
	}
}

// The hand-set model beats best-score play on the default lexicon, and the result reads from
// A's side: swapping the players mirrors it.
func TestEvalHandsetBeatsNone(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	h, _ := LoadPlayer(leavetable.Handset, lex.Tiles)
	n, _ := LoadPlayer(leavetable.None, lex.Tiles)
	var calls int
	r, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: h, B: n, Pairs: 100, Seed: 3, Progress: func(Progress) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if r.AWinRate <= 0.5 || r.SpreadMean <= 0 || r.SpreadLow >= r.SpreadMean || r.ABingosPerGame <= 0 || calls == 0 {
		t.Errorf("handset against none: %+v (%d progress calls)", r, calls)
	}
	// The mirror, on 12 pairs (200 games fewer than on the 100): the same games, seats swapped.
	r12, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: h, B: n, Pairs: 12, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: n, B: h, Pairs: 12, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s.AWins != r12.BWins || s.BWins != r12.AWins || s.SpreadMean != -r12.SpreadMean || s.A != leavetable.None || s.B != leavetable.Handset ||
		s.AWins+s.BWins == 0 {
		t.Errorf("swapped: %+v\nagainst %+v", s, r12)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"pairs", "a", "b", "a_wins", "b_wins", "ties", "a_win_rate", "win_rate_low", "win_rate_high", "spread_mean", "spread_low", "spread_high"} {
		if !bytes.Contains(b, []byte(`"`+k+`":`)) {
			t.Errorf("JSON %s has no %q", b, k)
		}
	}
}

func TestEvalRefuses(t *testing.T) {
	t.Parallel()
	lex := tinyLexicon(t)
	p, _ := LoadPlayer(leavetable.Handset, lex.Tiles)
	if _, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: p, B: p, Pairs: 0}); err == nil {
		t.Error("0 pairs: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Eval(ctx, EvalOptions{Lexicon: lex, A: p, B: p, Pairs: 5}); err == nil {
		t.Error("cancelled: no error")
	}
}

// Extremes: the hand-set model's best leave of one tile is the blank and its worst the Q; each
// list is sorted and as long as asked.
func TestExtremes(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	set := fiseLeaves(t)
	h := equity.NewDefault(ts)
	best, worst := Extremes(set, h, 3)
	q, _ := ts.Tile("Q")
	if best[1][0].Leave[0] != lexicon.Blank || worst[1][0].Leave[0] != q {
		t.Errorf("best %v, worst %v of one tile", best[1], worst[1])
	}
	for k := 1; k <= equity.MaxLeave; k++ {
		if len(best[k]) != 3 || len(worst[k]) != 3 {
			t.Fatalf("length %d: %d best, %d worst", k, len(best[k]), len(worst[k]))
		}
		for i := 1; i < 3; i++ {
			if best[k][i].Value > best[k][i-1].Value || worst[k][i].Value < worst[k][i-1].Value {
				t.Errorf("length %d not sorted: %v %v", k, best[k], worst[k])
			}
		}
		if best[k][0].Value != h.LeaveValue(best[k][0].Leave) || len(best[k][0].Leave) != k {
			t.Errorf("length %d: %v", k, best[k][0])
		}
	}
}

// A player of none plays by score with no leave values.
func TestPlayerNone(t *testing.T) {
	t.Parallel()
	p, err := LoadPlayer(leavetable.None, lexicon.DefaultTileSet())
	if err != nil || p.Strategy != game.ByScore || p.Leaves != nil {
		t.Errorf("player none: %+v %v", p, err)
	}
}

// Extremes keeps the n best and worst of each length as it goes; they are the ends of all the
// leaves sorted by value then word order, ties included (the hand-set model has many), whatever n.
func TestExtremesAreTheEndsOfTheSortedLeaves(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	set := fiseLeaves(t)
	h := equity.NewDefault(ts)
	type placed struct {
		Entry
		at int
	}
	var byLen [equity.MaxLeave + 1][]placed
	for i := 0; i < set.Len(); i++ {
		w := set.Leave(i)
		byLen[len(w)] = append(byLen[len(w)], placed{Entry{w, h.LeaveValue(w)}, i})
	}
	for k := range byLen {
		slices.SortFunc(byLen[k], func(a, b placed) int {
			return cmp.Or(cmp.Compare(b.Value, a.Value), cmp.Compare(a.at, b.at))
		})
	}
	for _, n := range []int{1, 7, 200} {
		best, worst := Extremes(set, h, n)
		for k := 1; k <= equity.MaxLeave; k++ {
			es := byLen[k]
			m := min(n, len(es))
			if len(best[k]) != m || len(worst[k]) != m {
				t.Fatalf("n %d, length %d: %d best, %d worst, want %d", n, k, len(best[k]), len(worst[k]), m)
			}
			for i := 0; i < m; i++ {
				if !slices.Equal(best[k][i].Leave, es[i].Leave) || !slices.Equal(worst[k][i].Leave, es[len(es)-1-i].Leave) {
					t.Fatalf("n %d, length %d, place %d: best %v worst %v, want %v and %v", n, k, i,
						best[k][i], worst[k][i], es[i].Entry, es[len(es)-1-i].Entry)
				}
			}
		}
	}
}
