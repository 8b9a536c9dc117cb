package bench

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/lexicon"
)

// fakeCPU is a clock that moves 1 ms each time it is read: every run of a figure lasts one
// pass, so atril's figures are known in advance.
func fakeCPU() func() time.Duration {
	var t time.Duration
	return func() time.Duration { t += time.Millisecond; return t }
}

func builtin(t *testing.T, lex *lexicon.Lexicon, n int, seed uint64) []*engine.Position {
	t.Helper()
	ps, err := Builtin(lex, nil, n, seed)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestRunDefaultLexicon measures every figure with the real engine on the shipped lexicon.
func TestRunDefaultLexicon(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := builtin(t, lex, 3, 1)
	var calls []int
	rep, err := Run(context.Background(), Config{Lexicon: lex, Positions: ps, Runs: 2, Seconds: 0.002, Seed: 1,
		Progress: func(done, total int) {
			if total != 8 {
				t.Errorf("progress total %d, want 2 runs x 4 figures", total)
			}
			calls = append(calls, done)
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 8 || calls[7] != 8 {
		t.Errorf("progress calls %v", calls)
	}
	if len(rep.Results) != len(Figures) || rep.Positions != 3 || rep.Lexicon != lex.Name {
		t.Fatalf("report %+v", rep)
	}
	for i, r := range rep.Results {
		if r.Figure != Figures[i] || r.Unit != r.Figure.Unit() {
			t.Errorf("result %d is %s (%s)", i, r.Figure, r.Unit)
		}
		a := r.Atril
		if len(a.Runs) != 2 || !(a.Min > 0) || a.Min > a.Median || a.Median > a.Max || math.IsInf(a.Max, 0) {
			t.Errorf("%s: %+v", r.Figure, a)
		}
		if len(r.Others) != 0 {
			t.Errorf("%s: comparisons without drivers: %+v", r.Figure, r.Others)
		}
	}
}

// TestBuiltinDeterministic: the same seed gives the same positions, midgame, the rack to move
// only; another seed others.
func TestBuiltinDeterministic(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	a, b, c := builtin(t, lex, 5, 7), builtin(t, lex, 5, 7), builtin(t, lex, 5, 8)
	if len(a) != 5 {
		t.Fatalf("%d positions", len(a))
	}
	same := true
	for i := range a {
		if a[i].CGP() != b[i].CGP() {
			t.Errorf("position %d differs between two runs with seed 7:\n%s\n%s", i, a[i].CGP(), b[i].CGP())
		}
		same = same && a[i].CGP() == c[i].CGP()
		if len(a[i].Racks[0]) == 0 || len(a[i].Racks[1]) != 0 || a[i].BagCount() == 0 || strings.HasPrefix(a[i].CGP(), "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ") {
			t.Errorf("position %d is not a midgame position seen by the player to move: %s", i, a[i].CGP())
		}
	}
	if same {
		t.Error("seeds 7 and 8 give the same positions")
	}
}

// TestPositionsFileRoundTrip: written positions read back the same, with the lexicon named.
func TestPositionsFileRoundTrip(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := builtin(t, lex, 4, 2)
	var buf bytes.Buffer
	if err := WritePositions(&buf, ps, lex.Name); err != nil {
		t.Fatal(err)
	}
	text := "# a comment\n\n" + buf.String()
	back, err := ReadPositions(strings.NewReader(text), "p.cgp", lex.Tiles, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(ps) {
		t.Fatalf("%d positions back, want %d", len(back), len(ps))
	}
	for i := range ps {
		if a, b := strings.Fields(back[i].CGP())[:2], strings.Fields(ps[i].CGP())[:2]; a[0] != b[0] || a[1] != b[1] {
			t.Errorf("position %d: %s back as %s", i, ps[i].CGP(), back[i].CGP())
		}
		if name, ok := back[i].Opcode("lex"); !ok || strings.TrimSpace(name) != lex.Name {
			t.Errorf("position %d names lexicon %q, want %q", i, name, lex.Name)
		}
	}
}

func TestReadPositionsErrors(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	good := builtin(t, lex, 1, 1)[0].CGP()
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "# nothing\n\n", "p.cgp: no positions"},
		{"garbage", good + "\nnot a position\n", "p.cgp:2:"},
		{"no rack", strings.Replace(good, " "+rackField(good)+" ", " / ", 1) + "\n", "p.cgp:1: the player to move has no rack"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPositions(strings.NewReader(tc.text), "p.cgp", lex.Tiles, engine.StandardLayout())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to say %q", err, tc.want)
			}
		})
	}
	if _, err := ReadPositionsFile(filepath.Join(t.TempDir(), "none.cgp"), lex.Tiles, engine.StandardLayout()); err == nil || !strings.Contains(err.Error(), "none.cgp") {
		t.Errorf("missing file: %v", err)
	}
}

// rackField is a CGP's racks field ("ABC/").
func rackField(cgp string) string { return strings.Fields(cgp)[1] }

// writeDriver writes an executable shell script into a temporary directory.
func writeDriver(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "driver")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRunWithDriver: the driver is called with the protocol's arguments, its numbers are
// parsed, and the ratios are atril's figure over its, round by round.
func TestRunWithDriver(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := builtin(t, lex, 2, 1)
	dir := t.TempDir()
	posFile := filepath.Join(dir, "p.cgp")
	log := filepath.Join(dir, "calls")
	drv := writeDriver(t, `echo "$1 $2 $3" >> `+log+`
echo "# warming up"
case $1 in
  topeq) echo "topeq 250" ;;
  all) echo; echo "all 1e3" ;;
  sim) echo "sim unsupported" ;;
esac
`)
	rep, err := Run(context.Background(), Config{Lexicon: lex, Positions: ps, PositionsFile: posFile,
		Figures: []Figure{TopEquity, AllMoves, Sim}, Runs: 3, Seconds: 0.001, CPU: fakeCPU(),
		Drivers: []Driver{{Name: "fake", Path: drv}}})
	if err != nil {
		t.Fatal(err)
	}
	// One pass a run, 1 ms of fake CPU time: 1000 µs over 2 positions.
	for i, want := range []float64{500.0 / 250, 500.0 / 1000} {
		r := rep.Results[i]
		if r.Atril.Median != 500 {
			t.Errorf("%s: atril %v µs, want 500 (one pass of 1 ms over 2 positions)", r.Figure, r.Atril.Median)
		}
		o := r.Others[0]
		if !o.Supported || o.Engine != "fake" || o.Driver != drv || len(o.Stats.Runs) != 3 || o.Ratio.Median != want || o.Ratio.Min != want {
			t.Errorf("%s: comparison %+v (stats %+v ratio %+v), want ratio %v", r.Figure, o, o.Stats, o.Ratio, want)
		}
	}
	if o := rep.Results[2].Others[0]; o.Supported || o.Stats != nil || o.Ratio != nil {
		t.Errorf("sim: an unsupported figure has figures: %+v", o)
	}
	calls, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	// Asked once about sim: after "unsupported" it is not asked again.
	want := strings.Repeat("topeq 0.001 "+posFile+"\nall 0.001 "+posFile+"\n", 3)
	want = strings.Replace(want, "all 0.001 "+posFile+"\n", "all 0.001 "+posFile+"\nsim 0.001 "+posFile+"\n", 1)
	if string(calls) != want {
		t.Errorf("driver calls:\n%s\nwant:\n%s", calls, want)
	}
}

// TestBadDrivers: a driver that fails, says nothing or says something else is an error naming
// it (and the line), never a figure.
func TestBadDrivers(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := builtin(t, lex, 1, 1)
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"exit", "echo 'topeq 3'\necho 'cannot load lexicon' >&2\nexit 3\n", []string{"exited with status 3", "cannot load lexicon"}},
		{"garbage", "echo '# ok'\necho 'topeq fast'\n", []string{"output line 2", `"topeq fast"`, `expected "topeq NUMBER"`}},
		{"other figure", "echo 'all 12'\n", []string{"output line 1", `"all 12"`}},
		{"negative", "echo 'topeq -1'\n", []string{"output line 1"}},
		{"twice", "echo 'topeq 1'\necho 'topeq 2'\n", []string{"output line 2"}},
		{"silent", "echo '# nothing'\n", []string{`printed no "topeq" line`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			drv := writeDriver(t, tc.body)
			_, err := Run(context.Background(), Config{Lexicon: lex, Positions: ps, PositionsFile: "p.cgp", Figures: []Figure{TopEquity},
				Runs: 1, Seconds: 0.001, CPU: fakeCPU(), Drivers: []Driver{{Name: "MAGPIE", Path: drv}}})
			if err == nil {
				t.Fatal("no error")
			}
			var ie *i18n.Error
			if !errors.As(err, &ie) {
				t.Errorf("error %v is not a catalogue error", err)
			}
			for _, w := range append(tc.want, "MAGPIE driver "+drv) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
	missing := filepath.Join(t.TempDir(), "no-such-driver")
	_, _, err := RunDriver(context.Background(), Driver{Name: "macondo", Path: missing}, Sim, 1, "p.cgp")
	if err == nil || !strings.Contains(err.Error(), "macondo driver "+missing) {
		t.Errorf("missing driver: %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := builtin(t, lex, 1, 1)
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Positions: ps, Runs: 1, Seconds: 1}, "needs a lexicon"},
		{Config{Lexicon: lex, Positions: ps, Runs: 0, Seconds: 1}, "0 runs: expected 1 to"},
		{Config{Lexicon: lex, Positions: ps, Runs: 1, Seconds: 0}, "0 s a run"},
		{Config{Lexicon: lex, Runs: 1, Seconds: 1}, "no positions"},
		{Config{Lexicon: lex, Positions: ps, Runs: 1, Seconds: 1, Drivers: []Driver{{Name: "x", Path: "x"}}}, "as a file"},
	} {
		if _, err := Run(context.Background(), tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	if _, err := ParseFigure("fast"); err == nil || !strings.Contains(err.Error(), `"fast"`) {
		t.Errorf("ParseFigure: %v", err)
	}
}

// TestEndgameFigure: the built-in endgames are endgames (bag empty, both racks, at most
// EndgameTiles tiles), the same set from the same seed, and the endgame figure times them.
func TestEndgameFigure(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps, err := BuiltinEndgames(lex, nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := BuiltinEndgames(lex, nil, 2, 3)
	if len(ps) != 2 || len(Endgames(ps)) != 2 || ps[0].CGP() != again[0].CGP() || ps[1].CGP() != again[1].CGP() {
		t.Fatalf("%d endgames, %d of them endgames; same from the same seed: %t", len(ps), len(Endgames(ps)), ps[0].CGP() == again[0].CGP())
	}
	for _, p := range ps {
		if n := len(p.Racks[0]) + len(p.Racks[1]); n > EndgameTiles {
			t.Errorf("%d tiles on the racks: %s", n, p.CGP())
		}
	}
	rep, err := Run(context.Background(), Config{Lexicon: lex, Positions: ps, Endgames: ps, Figures: []Figure{Endgame}, Runs: 1, Seconds: 0.001})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[0]; r.Figure != Endgame || r.Unit != "cpu_ms_per_position" || !r.LowerIsBetter || r.Atril.Median <= 0 {
		t.Errorf("result %+v", r)
	}
	if _, err := Run(context.Background(), Config{Lexicon: lex, Positions: ps, Figures: []Figure{Endgame}, Runs: 1, Seconds: 0.001}); err == nil {
		t.Error("no error without endgames")
	}
}
