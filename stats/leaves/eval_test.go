package leaves

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/engine/game"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// A player against itself in mirrored pairs wins exactly one game of each pair: 50%, a spread of
// 0, and the interval around 50%.
func TestEvalSymmetry(t *testing.T) {
	t.Parallel()
	lex := tinyLexicon(t)
	for _, spec := range []string{Handset, None} {
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
	h, _ := LoadPlayer(Handset, lex.Tiles)
	n, _ := LoadPlayer(None, lex.Tiles)
	var calls int
	r, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: h, B: n, Pairs: 100, Seed: 3, Progress: func(Progress) { calls++ }})
	if err != nil {
		t.Fatal(err)
	}
	if r.AWinRate <= 0.5 || r.SpreadMean <= 0 || r.SpreadLow >= r.SpreadMean || r.ABingosPerGame <= 0 || calls == 0 {
		t.Errorf("handset against none: %+v (%d progress calls)", r, calls)
	}
	s, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: n, B: h, Pairs: 100, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if s.AWins != r.BWins || s.BWins != r.AWins || s.SpreadMean != -r.SpreadMean || s.A != None || s.B != Handset {
		t.Errorf("swapped: %+v\nagainst %+v", s, r)
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
	p, _ := LoadPlayer(Handset, lex.Tiles)
	if _, err := Eval(context.Background(), EvalOptions{Lexicon: lex, A: p, B: p, Pairs: 0}); err == nil {
		t.Error("0 pairs: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Eval(ctx, EvalOptions{Lexicon: lex, A: p, B: p, Pairs: 5}); err == nil {
		t.Error("cancelled: no error")
	}
}

// SPECs: the names, a KLV2 path for the tile set, and refusals that say what was expected.
func TestTableSpecs(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	if l, err := Table(None, ts); l != nil || err != nil {
		t.Errorf("none: %v %v", l, err)
	}
	if l, err := Table(Handset, ts); err != nil {
		t.Error(err)
	} else if _, ok := l.(*equity.Default); !ok {
		t.Errorf("handset is %T", l)
	}
	p, err := LoadPlayer(None, ts)
	if err != nil || p.Strategy != game.ByScore || p.Leaves != nil {
		t.Errorf("player none: %+v %v", p, err)
	}
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		t.Fatal(err)
	}
	values := make([]float32, set.Len())
	s, _ := ts.Tile("S")
	values[set.Index([]lexicon.Tile{s})] = 9
	dir := t.TempDir()
	path := filepath.Join(dir, "t.klv2")
	var buf bytes.Buffer
	if err := set.WriteKLV(&buf, values); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, buf.Bytes(), 0o644)
	l, err := Table(path, ts)
	if err != nil || l.LeaveValue([]lexicon.Tile{s}) != 9 {
		t.Errorf("%s: %v", path, err)
	}
	other := filepath.Join(dir, "other.klv2")
	buf.Reset()
	equity.WriteKLV(&buf, []equity.Leave{{Tiles: []lexicon.Tile{1}, Value: 1}, {Tiles: []lexicon.Tile{2}, Value: 2}})
	os.WriteFile(other, buf.Bytes(), 0o644)
	for spec, want := range map[string]string{
		other:                            "another alphabet",
		filepath.Join(dir, "none.klv2"):  "none.klv2",
		"":                               "expected builtin, handset, none",
		filepath.Join(dir, "none.klv2x"): "no such file",
	} {
		if _, err := Table(spec, ts); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error with %q", spec, err, want)
		}
	}
}

// The builtin SPEC is the embedded table, for the FISE set only.
func TestBuiltinTable(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	l, err := Table(Builtin, ts)
	if err != nil {
		t.Fatal(err)
	}
	k, ok := l.(*equity.KLV)
	if !ok || k.Len() != 1_170_590 {
		t.Fatalf("builtin: %T", l)
	}
	q, _ := ts.Tile("Q")
	if v := l.LeaveValue([]lexicon.Tile{q}); v >= 0 {
		t.Errorf("Q alone worth %.2f in the built-in table", v)
	}
	other, err := lexicon.ParseTileSet("abc", "abc.csv", strings.NewReader("?,2,0,false\nA,50,1,true\nB,48,2,false\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Table(Builtin, other); err == nil || !strings.Contains(err.Error(), "is for the fise tile set") {
		t.Errorf("builtin for another alphabet: %v", err)
	}
}

// Extremes: the hand-set model's best leave of one tile is the blank and its worst the Q; each
// list is sorted and as long as asked.
func TestExtremes(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	set, err := equity.NewLeaveSet(ts, equity.MaxLeave)
	if err != nil {
		t.Fatal(err)
	}
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
