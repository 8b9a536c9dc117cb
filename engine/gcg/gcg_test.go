package gcg

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

var update = flag.Bool("update", false, "rewrite golden files")

func readFile(t *testing.T, name string) *Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := Read(f, name, lexicon.DefaultTileSet())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestReadSpanish(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g := readFile(t, "spanish.gcg")
	if g.Players[0] != (Player{"ana", "Ana Pérez"}) || g.Players[1].Nick != "beto" || g.Lexicon != "FILE2017" || g.Title != "Prueba" {
		t.Errorf("header: %+v %q", g.Players, g.Lexicon)
	}
	kinds := []Kind{Play, Exchange, Play, Play, PhonyReturned, Pass, Play, ChallengeBonus, EndRackPoints, RackPenalty}
	if len(g.Events) != len(kinds) {
		t.Fatalf("%d events, want %d", len(g.Events), len(kinds))
	}
	for i, k := range kinds {
		if g.Events[i].Kind != k {
			t.Errorf("event %d (line %d): kind %d, want %d", i+1, g.Events[i].Line, g.Events[i].Kind, k)
		}
	}
	if g.Events[0].Note != "apertura" {
		t.Errorf("note %q", g.Events[0].Note)
	}
	ch := g.Events[2]
	if engine.FormatMove(&ch.Move, nil, ts) != "I5 [CH]A[RR]." || ch.Score != 23 || ts.Notation(ch.Rack) != "[CH]A[RR]?EIT" {
		t.Errorf("CHARRA event: %q %d %q", engine.FormatMove(&ch.Move, nil, ts), ch.Score, ts.Notation(ch.Rack))
	}
	if g.Events[4].Score != -16 || g.Events[9].Score != -3 || ts.Notation(g.Events[8].OtherRack) != "AEI" {
		t.Errorf("signed scores: %d %d", g.Events[4].Score, g.Events[9].Score)
	}
	if g.Events[1].Exchanged != 4 {
		t.Errorf("exchanged %d", g.Events[1].Exchanged)
	}
}

func TestWriteGolden(t *testing.T) {
	t.Parallel()
	g := readFile(t, "spanish.gcg")
	var buf bytes.Buffer
	if err := g.Write(&buf, lexicon.DefaultTileSet()); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "spanish.golden.gcg")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("written:\n%s\nwant:\n%s", buf.String(), want)
	}
	// What is written reads back to the same events.
	g2, err := Read(bytes.NewReader(buf.Bytes()), "written", lexicon.DefaultTileSet())
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Events {
		a, b := g.Events[i], g2.Events[i]
		a.Line, b.Line = 0, 0
		if a.Kind != b.Kind || a.Move != b.Move || a.Score != b.Score || a.Cumulative != b.Cumulative || a.Note != b.Note {
			t.Errorf("event %d changed: %+v -> %+v", i+1, a, b)
		}
	}
}

func TestReplay(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g := readFile(t, "spanish.gcg")
	tests := []struct {
		turns int
		cgp   string
	}{
		{0, "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCEIO?/AEIRSTU 0/0 0 lex FILE2017; ld spanish;"},
		{1, "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEIRSTU/A[CH]EI[RR]T? 0/16 0 lex FILE2017; ld spanish;"},
		{3, "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCA6/15/15/15/15/15/15/15 ABEIRSX/EIT? 0/39 0 lex FILE2017; ld spanish;"},
		// The phony BOCAX on the board, not yet withdrawn: ana is to move (she challenges) and
		// beto's X is on the board, not on his rack as well.
		{4, "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCAX5/15/15/15/15/15/15/15 EIT?/ABEIRS 39/16 0 lex FILE2017; ld spanish;"},
		// The phony BOCAX is withdrawn: the board is as before it, still ana's turn.
		{5, "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCA6/15/15/15/15/15/15/15 EIT?/ABEIRSX 39/0 1 lex FILE2017; ld spanish;"},
		// The end: the last turn was beto's, so ana would be next.
		{-1, "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCAS5/15/15/15/15/15/15/15 / 41/12 0 lex FILE2017; ld spanish;"},
	}
	for _, tc := range tests {
		p, err := g.Replay(ts, engine.StandardLayout(), tc.turns)
		if err != nil {
			t.Fatalf("turn %d: %v", tc.turns, err)
		}
		if got := p.CGP(); got != tc.cgp {
			t.Errorf("turn %d:\n got %s\nwant %s", tc.turns, got, tc.cgp)
		}
	}
}

func TestReadErrors(t *testing.T) {
	t.Parallel()
	head := "#player1 a A\n#player2 b B\n"
	tests := []struct{ in, err string }{
		{">a: ABC 8H ABC +5 5\n", "x:1: a move before both"},
		{head + ">c: ABC 8H ABC +5 5\n", "x:3: player \"c\""},
		{head + ">a: ABC 8H ABC +5 x\n", "x:3: total \"x\""},
		{head + ">a: ABC 8H ABC 5 5\n", "x:3: score \"5\""},
		{head + ">a: ABC 8Z ABC +5 5\n", "x:3: move \"8Z ABC\""},
		{head + ">a: AKC 8H ABC +5 5\n", "x:3: rack \"AKC\""},
		{head + ">a: ABC -9 +0 5\n", "exchange of 9 tiles"},
		{head + "hello\n", "x:3: expected a #pragma"},
		{head + ">a ABC\n", "expected >NICK:"},
		{"#player1 a A\n", "x: no #player2 line; expected a GCG game: \"#player1 NICK Name\""},
		{"#lexicon FILE2017\n", "x: no #player1 and #player2 lines; expected a GCG game"},
		// Used to say "x:0: no #player1 and #player2 lines (line \"\")".
		{"", "x: no game in it; expected a GCG game: \"#player1 NICK Name\" and \"#player2 NICK Name\" lines, then one \">NICK: RACK MOVE +SCORE TOTAL\" line a turn"},
		{head + ">a: ABC 8H\n", "x:3: total \"8H\" (the last field) is not a number; expected RACK MOVE +SCORE TOTAL"},
		{"#player1 a A\n#player2 a B\n", "both players"},
		{"#character-encoding EBCDIC\n", "x:1: character encoding"},
		{head + ">a: ABC 8H ABC DEF +5 5\n", "too many fields"},
		{head + ">a: ABC XYZ +5 5\n", "not a move"},
	}
	for _, tc := range tests {
		_, err := Read(strings.NewReader(tc.in), "x", lexicon.DefaultTileSet())
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Read(%q) error = %v, want containing %q", tc.in, err, tc.err)
		}
	}
}

func TestReplayErrors(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	head := "#player1 a A\n#player2 b B\n"
	tests := []struct{ in, err string }{
		{head + ">a: BOCA 8F BOCA +15 15\n", "x:3: 8F BOCA scores 16 under the fise tile set, the file says 15"},
		{head + ">a: BOCA 8F BOCA +16 16\n>b: X 8F X +8 8\n", "x:4: 8F X: F8 already holds B"},
		{head + ">a: X -- -5 0\n", "x:3: a play withdrawn"},
		// End-of-game rack points are checked like move scores: AEI is worth 3, won once
		// (FILE) or twice (NASPA, Woogles), lost once.
		{head + ">a: BOCA 8F BOCA +16 16\n>a: (AEI) +4 20\n", "x:4: the rack AEI is worth 3 under the fise tile set, so going out wins 3 (or 6 where the rules double it); the file says 4"},
		{head + ">a: BOCA 8F BOCA +16 16\n>b: AEIZ (AEIZ) -3 -3\n", "x:4: the rack AEIZ is worth 13 under the fise tile set, so its player loses 13; the file says -3"},
	}
	for _, tc := range tests {
		g, err := Read(strings.NewReader(tc.in), "x", ts)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Replay(ts, engine.StandardLayout(), -1)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("Replay(%q) error = %v, want containing %q", tc.in, err, tc.err)
		}
	}
}

func FuzzRead(f *testing.F) {
	ts := lexicon.DefaultTileSet()
	seed, _ := os.ReadFile(filepath.Join("testdata", "spanish.gcg"))
	f.Add(string(seed))
	f.Add("#player1 a A\n#player2 b B\n>a: ABC 8H ABC +5 5\n>b: - +0 0\n>a: (AB) +3 8\n")
	f.Add("#player1 a A\n#player2 b B\n>a: ? (challenge) +5 5\n>b: (time) -10 -10\n")
	missing := regexp.MustCompile(`\[\[[a-z_]+(\.[a-z_]+)+\]\]`)
	check := func(t *testing.T, what string) {
		if what == "" || missing.MatchString(what) {
			t.Fatalf("message %q", what)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Read(strings.NewReader(s), "fuzz", ts)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			check(t, i18n.For(i18n.Spanish).Err(err))
			return
		}
		// Who is to move, the racks and the events read in both languages, after any number
		// of events.
		for n := 0; n <= g.Turns(); n++ {
			if p := g.ToMove(n); p != 0 && p != 1 {
				t.Fatalf("after %d events: player %d to move", n, p)
			}
			_, _ = g.Rack(0, n), g.Rack(1, n)
			if n > 0 {
				for _, l := range i18n.Langs {
					check(t, g.Describe(i18n.For(l), n-1, ts, nil))
				}
			}
		}
		if _, err := g.Replay(ts, engine.StandardLayout(), -1); err != nil {
			check(t, i18n.For(i18n.Spanish).Err(err))
		}
		var buf bytes.Buffer
		if err := g.Write(&buf, ts); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(bytes.NewReader(buf.Bytes()), "written", ts); err != nil {
			t.Fatalf("written file does not read back: %v\n%s", err, buf.String())
		}
	})
}

func TestSpellings(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	// Typed by hand, no brackets anywhere: read as players write (CH, RR are digraph tiles).
	hand := "#player1 a A\n#player2 b B\n>a: CHARROS 8D CHARRO +30 30\n"
	g, err := Read(strings.NewReader(hand), "hand.gcg", ts)
	if err != nil {
		t.Fatal(err)
	}
	if g.Spelling != engine.Greedy || g.Events[0].Move.Len != 4 || len(g.Events[0].Rack) != 5 {
		t.Errorf("hand-typed: spelling %d, %d tiles, rack %d", g.Spelling, g.Events[0].Move.Len, len(g.Events[0].Rack))
	}
	// Woogles style: brackets for digraphs, so LL in a rack is two L tiles.
	woogles := "#player1 a A\n#player2 b B\n>a: [CH]A[RR]OLL 8D [CH]A[RR]O +30 30\n"
	g, err = Read(strings.NewReader(woogles), "woogles.gcg", ts)
	if err != nil {
		t.Fatal(err)
	}
	if g.Spelling != engine.Bracketed || g.Events[0].Move.Len != 4 || len(g.Events[0].Rack) != 6 {
		t.Errorf("woogles: spelling %d, %d tiles, rack %d", g.Spelling, g.Events[0].Move.Len, len(g.Events[0].Rack))
	}
	// macondo's header names the distribution: no bracket in the moves (no digraph played),
	// yet "LL" in a rack is two L tiles, as macondo reads its own file.
	macondo := "#character-encoding UTF-8\n#player1 a A\n#player2 b B\n#tile-distribution spanish\n>a: AELLOS 8D OLLAS +12 12\n"
	if m, err := Read(strings.NewReader(macondo), "macondo.gcg", ts); err != nil || m.Spelling != engine.Bracketed || len(m.Events[0].Rack) != 6 || m.Events[0].Move.Len != 5 {
		t.Errorf("macondo header: %v, %+v", err, m)
	}
	var buf bytes.Buffer
	if err := g.Write(&buf, ts); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#tile [CH] [ch]\n#tile [LL] [ll]\n#tile [RR] [rr]\n", ">a: [CH]A[RR]OLL 8D [CH]A[RR]O +30 30\n"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("written file lacks %q:\n%s", want, buf.String())
		}
	}
}

func TestReplayWithdrawnKeepsScorelessRun(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	in := "#player1 a A\n#player2 b B\n>a: ABC - +0 0\n>b: XYZ 8H XYZ +44 44\n>b: XYZ -- -44 0\n>a: ABC - +0 0\n"
	g, err := Read(strings.NewReader(in), "x", ts)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Replay(ts, engine.StandardLayout(), -1)
	if err != nil {
		t.Fatal(err)
	}
	if p.ScorelessTurns != 3 || p.Board.Tiles != 0 {
		t.Errorf("scoreless %d tiles %d; want 3 and 0", p.ScorelessTurns, p.Board.Tiles)
	}
}

func TestErrorQuotesOnlyTheStartOfALongLine(t *testing.T) {
	t.Parallel()
	e := &Error{File: "x.gcg", Line: 2, Text: strings.Repeat("é", 500), Reason: i18n.E("gcg.not_a_line")}
	msg := e.Error()
	if !strings.HasPrefix(msg, "x.gcg:2: expected a #pragma") || len([]rune(msg)) > 160 {
		t.Errorf("message %d runes: %q", len([]rune(msg)), msg)
	}
}

// End-of-game points that match the rack's value, once or twice, replay.
func TestReplayRackPoints(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	head := "#player1 a A\n#player2 b B\n>a: BOCA 8F BOCA +16 16\n"
	for _, tail := range []string{">a: (AEIZ) +13 29\n", ">a: (AEIZ) +26 42\n", ">b: AEIZ (AEIZ) -13 -13\n"} {
		g, err := Read(strings.NewReader(head+tail), "x", ts)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Replay(ts, engine.StandardLayout(), -1); err != nil {
			t.Errorf("%q: %v", tail, err)
		}
	}
}

// Who is to move, and each rack, after every number of events of the test game: a play then
// withdrawn or then given a challenge bonus leaves the opponent to move.
func TestToMoveAndRacks(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	g := readFile(t, "spanish.gcg")
	// ana, beto, ana, beto (plays BOCAX), beto (--), ana (passes), beto (BOCAS), ana (bonus),
	// beto (out), ana (penalty).
	want := []int{0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0}
	for n := 0; n <= g.Turns(); n++ {
		if got := g.ToMove(n); got != want[n] {
			t.Errorf("after %d events: player %d to move, want %d", n, got, want[n])
		}
	}
	if got := ts.Notation(g.Rack(1, 4)); got != "ABEIRS" {
		t.Errorf("beto's rack after playing the phony X: %q, want ABEIRS (the X is on the board)", got)
	}
	if got := ts.Notation(g.Rack(1, 5)); got != "ABEIRSX" {
		t.Errorf("beto's rack after the withdrawal: %q, want ABEIRSX", got)
	}
}

// A line longer than MaxLine names the file and the line, not bufio's "token too long".
func TestReadLongLine(t *testing.T) {
	t.Parallel()
	in := "#player1 a A\n#player2 b B\n#note " + strings.Repeat("x", MaxLine+10) + "\n"
	_, err := Read(strings.NewReader(in), "long.gcg", lexicon.DefaultTileSet())
	if err == nil || !strings.HasPrefix(err.Error(), "long.gcg:3: the line is longer than 64 KB") || strings.Contains(err.Error(), "token too long") {
		t.Errorf("error %v", err)
	}
	es := i18n.For(i18n.Spanish).Err(err)
	if !strings.HasPrefix(es, "long.gcg:3: la línea pasa de 64 KB") {
		t.Errorf("in Spanish: %q", es)
	}
	// A file that never ends (no newline, like /dev/zero) stops at the first line too.
	_, err = Read(io.LimitReader(zeros{}, 1<<30), "/dev/zero", lexicon.DefaultTileSet())
	if err == nil || !strings.HasPrefix(err.Error(), "/dev/zero:1: the line is longer") {
		t.Errorf("endless line: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(b []byte) (int, error) { clear(b); return len(b), nil }
