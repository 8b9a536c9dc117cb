package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/lexicon"
)

const showCGP = "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCa6/15/15/15/15/15/15/15 AEILRS?/ 39/16 0 lex FILE2017;"

func TestShowGolden(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		args   []string
		golden string
	}{
		{"cgp", []string{"show", "--cgp", showCGP}, "show/cgp.txt"},
		{"gcg turn 3", []string{"show", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "3"}, "show/gcg_turn3.txt"},
		{"gcg end", []string{"show", "--gcg", "../engine/gcg/testdata/spanish.gcg"}, "show/gcg_end.txt"},
		// In Spanish, a phony on the board before it is withdrawn.
		{"gcg turn 4 es", []string{"show", "--lang", "es", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "4"}, "show/gcg_turn4.es.txt"},
		{"cgp es", []string{"show", "--lang", "es", "--cgp", showCGP}, "show/cgp.es.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := runEngineCmd(t, nil, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if strings.Contains(out, "\x1b[") {
				t.Error("escape codes when piped")
			}
			checkGolden(t, tc.golden, out)
		})
	}
}

func TestShowColour(t *testing.T) {
	t.Parallel()
	run := func(env map[string]string) string {
		var out, errb bytes.Buffer
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, OutTTY: true,
			Now: func() time.Time { return time.Unix(0, 0) }, Getenv: func(k string) string { return env[k] }}
		if code := Run(io, []string{"show", "--cgp", showCGP}); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String()
	}
	if c := run(nil); !strings.Contains(c, "\x1b[97;48;5;160m = ") || !strings.Contains(c, "\x1b[1;31;48;5;230m a ") {
		t.Errorf("terminal output lacks the triple-word colour or the blank's colour:\n%q", c)
	}
	if c := run(map[string]string{"NO_COLOR": "1"}); strings.Contains(c, "\x1b[") {
		t.Error("NO_COLOR output has escape codes")
	}
}

func TestShowJSON(t *testing.T) {
	t.Parallel()
	out, _, code := runEngineCmd(t, nil, "show", "--json", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "1")
	if code != 0 {
		t.Fatal(out)
	}
	var got showJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Players != [2]string{"beto", "ana"} || got.Scores != [2]int{0, 16} || got.Rows[7] != "5BOCA6" || got.Bag != 100-4-7-7 || got.LastEvent != "ana played 8F BOCA for 16" {
		t.Errorf("%+v", got)
	}
	// The unseen tiles read back as the same tiles: four L tiles and the LL tile, not LL LL LL.
	ts := lexicon.DefaultTileSet()
	unseen, err := ts.Parse(got.Unseen, lexicon.ParseOptions{AllowBlank: true})
	if err != nil {
		t.Fatalf("unseen %q: %v", got.Unseen, err)
	}
	l, _ := ts.Tile("L")
	ll, _ := ts.Tile("LL")
	if n := len(unseen); n != got.Bag || strings.Count(ts.Notation(unseen), "L") != 6 || slices.Index(unseen, ll) < 0 || slices.Index(unseen, l) < 0 {
		t.Errorf("unseen %q reads as %d tiles %s", got.Unseen, n, ts.Notation(unseen))
	}
}

func TestShowBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"show"}, "exactly one of"},
		{[]string{"show", "--cgp", showCGP, "--gcg", "x.gcg"}, "exactly one of"},
		{[]string{"show", "--cgp", "15/15 / 0/0 0"}, "2 rows"},
		{[]string{"show", "--gcg", "no-such-file.gcg"}, "no such file"},
		{[]string{"show", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "99"}, "--turn 99: expected 0 to 10 (../engine/gcg/testdata/spanish.gcg has 10 events)"},
		{[]string{"show", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "-1"}, "--turn -1: expected 0"},
		{[]string{"show", "--gcg", "../engine/gcg/testdata/spanish.gcg", "--turn", "-2"}, "expected 0"},
		{[]string{"show", "--cgp", showCGP, "--turn", "2"}, "--turn goes with --gcg"},
	}
	for _, tc := range tests {
		_, errOut, code := runEngineCmd(t, nil, tc.args...)
		if code != ExitError || !strings.Contains(errOut, tc.err) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.err)
		}
	}
}

// A play on the board that is then withdrawn ("--") is not also on its player's rack, and the
// unseen tiles count it once: with a one-tile phony S, the old count was one short.
func TestShowWithdrawnPlay(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "phony.gcg")
	game := "#player1 ana Ana\n#player2 beto Beto\n" +
		">ana: ABCO?EI 8F BOCA +16 16\n" +
		">beto: AEIRSTU 8F ....S +9 9\n" +
		">beto: AEIRSTU -- -9 0\n" +
		">ana: EI? - +0 16\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runEngineCmd(t, nil, "show", "--json", "--gcg", path, "--turn", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got showJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// Five tiles on the board, AEIRTU on beto's rack (the S is on the board), EI? on ana's:
	// 100-5-6-3 = 86 unseen, all in the bag. ana is to move: she challenges.
	if got.Players != [2]string{"ana", "beto"} || got.Racks != [2]string{"EI?", "AEIRTU"} || got.Bag != 86 || got.Scores != [2]int{16, 9} {
		t.Errorf("after the phony: %+v", got)
	}
	if unseen, err := lexicon.DefaultTileSet().Parse(got.Unseen, lexicon.ParseOptions{AllowBlank: true}); err != nil || len(unseen) != 86 {
		t.Errorf("unseen %q: %d tiles (%v), want 86", got.Unseen, len(unseen), err)
	}
	human, _, _ := runEngineCmd(t, nil, "show", "--lang", "es", "--gcg", path, "--turn", "2")
	for _, want := range []string{"Bolsa: 86 fichas.", "Por salir (86):", "Tras el evento 2 de 4: beto jugó 8F (BOCA)S por 9.", ">  ana "} {
		if !strings.Contains(human, want) {
			t.Errorf("Spanish output lacks %q:\n%s", want, human)
		}
	}
	// Withdrawn: the board is as before, the S back on the rack, ana still to move.
	out, _, _ = runEngineCmd(t, nil, "show", "--json", "--gcg", path, "--turn", "3")
	got = showJSON{}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Players != [2]string{"ana", "beto"} || got.Racks != [2]string{"EI?", "AEIRSTU"} || got.Bag != 86 || got.Rows[7] != "5BOCA6" {
		t.Errorf("after the withdrawal: %+v", got)
	}
}

// A GCG whose end-of-game points do not match the rack is refused with the file and line.
func TestShowGCGErrorsNameTheLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "end.gcg")
	game := "#player1 ana Ana\n#player2 beto Beto\n>ana: ABCO?EI 8F BOCA +16 16\n>ana: (AEI) +30 46\n"
	if err := os.WriteFile(path, []byte(game), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runEngineCmd(t, nil, "show", "--gcg", path)
	if code != ExitError || !strings.Contains(errOut, path+":4: the rack AEI is worth 3") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	_, errOut, _ = runEngineCmd(t, nil, "show", "--lang", "es", "--gcg", path)
	if !strings.Contains(errOut, path+":4: el atril AEI vale 3") {
		t.Errorf("in Spanish: %q", errOut)
	}
}
