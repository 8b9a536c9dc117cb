package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/lexicon"
)

// otherTileSet writes a tile file with FISE's alphabet but other values and counts: A worth 5
// (FISE: 1) with 20 tiles (FISE: 12) and 8 E tiles (FISE: 12), 104 tiles in all.
func otherTileSet(t *testing.T) (string, *lexicon.TileSet) {
	t.Helper()
	b, err := os.ReadFile("../data/tiles/fise.csv")
	if err != nil {
		t.Fatal(err)
	}
	custom := strings.Replace(string(b), "\nA,12,1,true", "\nA,20,5,true", 1)
	custom = strings.Replace(custom, "\nE,12,1,true", "\nE,8,1,true", 1)
	path := filepath.Join(t.TempDir(), "five.csv")
	if err := os.WriteFile(path, []byte(custom), 0o644); err != nil {
		t.Fatal(err)
	}
	ts, err := lexicon.LoadTileSet(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ts.Tile("A")
	if ts.Points(a) != 5 || ts.Total() != 104 {
		t.Fatalf("the test's edit of fise.csv did not apply: A %d points, %d tiles", ts.Points(a), ts.Total())
	}
	return path, ts
}

// score and moves count with --tiles, not with built-in values: BOCA through the centre is
// (3+1+3+1)x2 = 16 with FISE, (3+1+3+5)x2 = 24 with A worth 5.
func TestEngineCommandsFollowTiles(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "BOCA", "CABO", "OCA", "BOA")
	path, _ := otherTileSet(t)
	const empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 ABCO/ 0/0 0"
	tests := []struct {
		tiles     []string
		play      string
		scoreWant int
		moves     map[string]int // "COORDS WORD" -> score in moves --all --by score
	}{
		{nil, "8F BOCA", 16, map[string]int{"8H BOCA": 16, "8E BOCA": 16, "H8 BOCA": 16, "8E CABO": 16}},
		{[]string{"--tiles", "fise"}, "8F BOCA", 16, map[string]int{"8H BOCA": 16, "8E BOCA": 16, "8E CABO": 16}},
		{[]string{"--tiles", path}, "8F BOCA", 24, map[string]int{"8H BOCA": 24, "8E BOCA": 24, "H8 BOCA": 24, "8E CABO": 24}},
		{[]string{"--tiles", path}, "8G OCA", 18, map[string]int{"8H OCA": 18, "8F BOA": 18}},
	}
	for _, tc := range tests {
		args := append([]string{"score", "--lexicon", lex, "--json", "--cgp", empty, "--play", tc.play}, tc.tiles...)
		out, errOut, code := runEngineCmd(t, nil, args...)
		var sc struct {
			Valid bool `json:"valid"`
			Score int  `json:"score"`
		}
		if code != 0 || json.Unmarshal([]byte(out), &sc) != nil || !sc.Valid || sc.Score != tc.scoreWant {
			t.Errorf("%v: exit %d, %s %s; want a valid play scoring %d", args, code, out, errOut, tc.scoreWant)
		}

		args = append([]string{"moves", "--lexicon", lex, "--json", "--all", "--by", "score", "--cgp", empty}, tc.tiles...)
		out, errOut, code = runEngineCmd(t, nil, args...)
		var mv movesJSON
		if code != 0 || json.Unmarshal([]byte(out), &mv) != nil {
			t.Fatalf("%v: exit %d, %s %s", args, code, out, errOut)
		}
		got := map[string]int{}
		for _, m := range mv.Moves {
			got[m.Coords+" "+m.Word] = m.Score
		}
		for k, want := range tc.moves {
			if s, ok := got[k]; !ok || s != want {
				t.Errorf("%v: %s scores %d (listed: %t), want %d", tc.tiles, k, s, ok, want)
			}
		}
	}
}

// selfplay deals from the --tiles set's bag and scores with its values: every saved game
// replays under that set (Replay checks each play's score against the set's values), and a
// game that ends with a player going out has used exactly the set's 104 tiles, up to 20 A's.
func TestSelfplayFollowsTiles(t *testing.T) {
	t.Parallel()
	path, ts := otherTileSet(t)
	dir := t.TempDir()
	_, errOut, code := runEngineCmd(t, nil, "selfplay", "--tiles", path, "--games", "3", "--seed", "2", "--workers", "1", "--save", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.gcg"))
	if len(files) != 3 {
		t.Fatalf("%d games saved, want 3", len(files))
	}
	a, _ := ts.Tile("A")
	e, _ := ts.Tile("E")
	wentOut, moreA := 0, false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := gcg.Read(strings.NewReader(string(b)), f, ts)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.Replay(ts, engine.StandardLayout(), -1)
		if err != nil {
			t.Errorf("%s does not replay under the set it was played with: %v", f, err)
			continue
		}
		count := map[lexicon.Tile]int{}
		total := 0
		for _, sq := range pos.Board.Squares {
			if sq != engine.Empty {
				total++
				if !sq.IsBlanked() {
					count[sq]++
				}
			}
		}
		for _, ev := range g.Events {
			if ev.Kind != gcg.EndRackPoints || ev.Score <= 0 {
				continue
			}
			// A player went out with the bag empty: the opponent's rack holds the rest.
			wentOut++
			for _, t := range ev.OtherRack {
				if t != lexicon.Blank {
					count[t]++
				}
			}
			total += len(ev.OtherRack)
			if total != ts.Total() {
				t.Errorf("%s: %d tiles on the board and the last rack, the set has %d", f, total, ts.Total())
			}
		}
		if count[a] > 20 || count[e] > 8 {
			t.Errorf("%s: %d A and %d E tiles, the set has 20 and 8", f, count[a], count[e])
		}
		moreA = moreA || count[a] > 12
	}
	if wentOut == 0 || !moreA {
		t.Errorf("%d games went out, more A tiles than FISE's 12 seen: %t", wentOut, moreA)
	}
}
