package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/num"
)

// toyEndgame is a hand-made endgame on a lexicon of three words, with a tile set of exactly its
// tiles (so the bag is empty): AS against E, AL on the board; ALAS goes out for 4 + twice E = 6
// (engine/endgame's TestToyEndgames works it out).
func toyEndgame(t *testing.T) (lexPath, tilesPath, cgp string) {
	t.Helper()
	lexPath = engineTestLexicon(t, "AL", "ALA", "ALAS", "EL")
	return lexPath, toyTiles(t, map[string]string{"A": "2", "L": "1", "S": "1", "E": "1"}),
		"15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AS/E 10/20 0"
}

// toyTiles writes a tile set with the FISE set's letters and points and the counts keep gives
// (0 for the others).
func toyTiles(t *testing.T, keep map[string]string) string {
	t.Helper()
	src, err := os.ReadFile("../data/tiles/fise.csv")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		f := strings.Split(l, ",")
		if strings.HasPrefix(l, "#") || len(f) != 4 {
			lines = append(lines, l)
			continue
		}
		f[1] = "0"
		if n, ok := keep[f[0]]; ok {
			f[1] = n
		}
		lines = append(lines, strings.Join(f, ","))
	}
	path := filepath.Join(t.TempDir(), "toy.csv")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEndgameCommand: atril endgame solves a position: --json has exactly the documented keys,
// the value, the line and every first play's exact value; the text names the best play and the
// final spread, in English and Spanish; --play restricts the first plays.
func TestEndgameCommand(t *testing.T) {
	t.Parallel()
	lexPath, tilesPath, cgp := toyEndgame(t)
	out, errOut, code := runEngineCmd(t, nil, "endgame", "--lexicon", lexPath, "--tiles", tilesPath, "--cgp", cgp, "--json", "--threads", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"best", "nodes", "plays", "proven", "pv", "seconds", "value"}; !reflect.DeepEqual(keys, want) {
		t.Fatalf("keys %v, want %v", keys, want)
	}
	var res endgameJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Value != 6 || !res.Proven || res.Best != "8H (AL)AS" || !reflect.DeepEqual(res.PV, []string{"8H (AL)AS"}) || res.Nodes == 0 {
		t.Errorf("solve: %+v", res)
	}
	if len(res.Plays) < 3 || res.Plays[0].Play != "8H (AL)AS" || res.Plays[0].Value != 6 || !res.Plays[0].Proven {
		t.Errorf("plays: %+v", res.Plays)
	}
	for _, p := range res.Plays[1:] {
		if p.Value >= 6 {
			t.Errorf("%s valued %d, not below the best", p.Play, p.Value)
		}
	}
	// Text, both languages: the best play and the final spread (10 - 20 + 6 = -4).
	for lang, want := range map[string][]string{"en": {"Best play: 8H (AL)AS, worth +6: final spread -4.", "You go out"},
		"es": {"Mejor jugada: 8H (AL)AS, vale +6: margen final -4.", "Cierras"}} {
		out, errOut, code := runEngineCmd(t, nil, "endgame", "--lang", lang, "--lexicon", lexPath, "--tiles", tilesPath, "--cgp", cgp)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", lang, code, errOut)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, out)
			}
		}
	}
	// --play: only the pass is solved.
	out, errOut, code = runEngineCmd(t, nil, "endgame", "--lexicon", lexPath, "--tiles", tilesPath, "--cgp", cgp, "--json", "--play", "-")
	if code != 0 {
		t.Fatalf("--play -: exit %d: %s", code, errOut)
	}
	res = endgameJSON{}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	// Passing lets EL out at I7: 3 + twice AS = -7.
	if len(res.Plays) != 1 || res.Best != "-" || res.Value != -7 {
		t.Errorf("--play -: %+v", res)
	}
}

// TestEndgameCommandErrors: bad input is refused with exit 2 and a message that says what was
// expected.
func TestEndgameCommandErrors(t *testing.T) {
	t.Parallel()
	lexPath, tilesPath, cgp := toyEndgame(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"endgame"}, "--cgp CGP or --gcg FILE"},
		{[]string{"endgame", "--cgp", cgp, "--turn", "3"}, "--turn goes with --gcg"},
		{[]string{"endgame", "--cgp", cgp, "--plies", "-1"}, "--plies -1"},
		{[]string{"endgame", "--cgp", cgp, "--table-mb", "0"}, "--table-mb 0"},
		{[]string{"endgame", "--cgp", cgp, "--play", "8J SA"}, "--play 8J SA: not a legal play"},
		{[]string{"endgame", "--cgp", emptyRows + " AS/ 0/0 0"}, "the bag still holds"},
		{[]string{"peg", "--cgp", cgp}, "one tile in the bag"},
		{[]string{"selfplay", "--endgame", "maybe"}, "expected static or exact"},
	} {
		args := append([]string{"--lexicon", lexPath}, tc.args...)
		if !strings.Contains(strings.Join(tc.args, " "), emptyRows) && tc.args[0] != "selfplay" {
			args = append(args, "--tiles", tilesPath)
		}
		_, errOut, code := runEngineCmd(t, nil, args...)
		if code != ExitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestPegCommand: atril peg on a hand-made pre-endgame (AL on the board, AELS to move, EEQUASSL
// unseen): every play is solved for each tile the bag may hold, the draws' counts add up to the
// eight unseen tiles, the figures follow from the draws and the plays come best first.
func TestPegCommand(t *testing.T) {
	t.Parallel()
	lexPath := engineTestLexicon(t, "AL", "ALA", "ALAS", "ALE", "ALES", "SAL", "SALE", "QUE")
	tiles := toyTiles(t, map[string]string{"A": "3", "L": "3", "E": "3", "S": "3", "Q": "1", "U": "1"})
	out, errOut, code := runEngineCmd(t, nil, "peg", "--lexicon", lexPath, "--tiles", tiles, "--json", "--threads", "2", "--candidates", "0",
		"--cgp", "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AELS/ 10/12 0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res pegJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Unseen != "AEELQSSU" || !res.Complete || len(res.Plays) < 3 {
		t.Fatalf("unseen %q, complete %t, %d plays", res.Unseen, res.Complete, len(res.Plays))
	}
	for i, p := range res.Plays {
		n, sum, win := 0, 0, 0.0
		for _, d := range p.Draws {
			n += d.Count
			sum += d.Count * d.Value
			if f := -2 + d.Value; f > 0 {
				win += float64(d.Count)
			} else if f == 0 {
				win += float64(d.Count) / 2
			}
		}
		if n != 8 || p.Value != num.Round2(float64(sum)/8) || p.Win != num.Round2(100*win/8)/100 || !p.Proven {
			t.Errorf("%s: %d tiles, value %.2f (draws give %.2f), win %.2f (draws give %.2f)", p.Play, n, p.Value, float64(sum)/8, p.Win, win/8)
		}
		if i > 0 && (p.Win > res.Plays[i-1].Win || p.Win == res.Plays[i-1].Win && p.Value > res.Plays[i-1].Value) {
			t.Errorf("%s ranks below a worse play", p.Play)
		}
	}
}

// TestSelfPlayExactEndgames: self-play with --endgame exact gives the same games from a seed
// whatever the number of workers.
func TestSelfPlayExactEndgames(t *testing.T) {
	t.Parallel()
	run := func(workers string) selfplayJSON {
		out, errOut, code := runEngineCmd(t, nil, "selfplay", "--games", "2", "--seed", "5", "--players", "equity,equity",
			"--endgame", "exact", "--endgame-plies", "2", "--workers", workers, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var r selfplayJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := run("1"), run("2")
	if a.GamesFinished != 2 || !reflect.DeepEqual(a.Summary, b.Summary) {
		t.Errorf("1 worker %+v, 2 workers %+v", a.Summary, b.Summary)
	}
}
