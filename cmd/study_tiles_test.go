package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/drills"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// bagOfFive is a tile set of the FISE alphabet with other counts and values: a bag of A, C, O,
// R and S only (30 tiles, no blank), so that what the drills draw and rank must come from it.
const bagOfFive = `# test set: the FISE alphabet, a bag of five letters
?,0,0,false
A,8,2,true
B,0,3,false
C,2,7,false
CH,0,5,false
D,0,2,false
E,0,1,true
F,0,4,false
G,0,2,false
H,0,4,false
I,0,1,true
J,0,8,false
L,0,1,false
LL,0,8,false
M,0,3,false
N,0,1,false
Ñ,0,8,false
O,8,2,true
P,0,3,false
Q,0,5,false
R,6,1,false
RR,0,8,false
S,6,3,false
T,0,1,false
U,0,1,true
V,0,4,false
X,0,8,false
Y,0,4,false
Z,0,10,false
`

// --tiles reaches the study commands: the anagram drill's probability ranks, the build drill's
// racks and a deck filled by probability, reviewed under the same set, all follow the set's
// counts, not FISE's. (No study command shows points.)
func TestStudyFollowsTiles(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	set := filepath.Join(dir, "five.csv")
	os.WriteFile(set, []byte(bagOfFive), 0o644)
	ts, err := lexicon.LoadTileSet(set)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "atril.db")
	listing := func(tiles string, args ...string) drills.Listing {
		t.Helper()
		d, code := runDrillCmd(t, "", append([]string{"--lexicon", kwg, "--tiles", tiles, "--db", db, "drill"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: %d %s", args, code, d.err.String())
		}
		var l drills.Listing
		if err := json.Unmarshal(d.out.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		return l
	}
	questions := func(l drills.Listing) []string {
		var out []string
		for _, q := range l.Questions {
			out = append(out, q.Question)
		}
		return out
	}

	// Probability: the top racks of four tiles are those of the most probable words under the
	// set (only words of A, C, O, R, S have any), in rank order.
	lex, err := registry.Open(kwg, ts)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, w := range lex.TopByProbability(4, 3) {
		a := lexicon.Alphagram(w)
		if s := ts.Word(a); !slices.Contains(want, s) {
			want = append(want, s)
		}
	}
	five := listing(set, "anagram", "--length", "4", "--ranks", "1-3", "--count", "0", "--list", "--json", "--seed", "1")
	got := questions(five)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("top racks under the five-letter set: %v, want %v", got, want)
	}
	for _, r := range got {
		if strings.Trim(r, "ACORS") != "" {
			t.Errorf("top rack %s has a tile the set has none of", r)
		}
	}
	fise := questions(listing("fise", "anagram", "--length", "4", "--ranks", "1-3", "--count", "0", "--list", "--json", "--seed", "1"))
	slices.Sort(fise)
	if slices.Equal(fise, got) {
		t.Errorf("FISE's top racks are the same as the five-letter set's (%v): the test proves nothing", fise)
	}

	// Racks: every build rack is drawn from the set's bag.
	for _, r := range questions(listing(set, "build", "--rack", "5", "--min", "3", "--count", "10", "--list", "--json", "--seed", "2")) {
		if strings.Trim(r, "ACORS·") != "" { // two R tiles show as R·R
			t.Errorf("build rack %s has a tile outside the bag", r)
		}
	}

	// A deck of the two most probable words under the set, then reviewed under it.
	base := []string{"--lexicon", kwg, "--tiles", set, "--db", db}
	if s, code := study(t, day1, "", append(base, "deck", "add", "top", "--search", "length:4 top:2")...); code != 0 {
		t.Fatal(s.err.String())
	}
	l := listDue(t, day1, base)
	var cards []string
	for _, c := range l.Cards {
		cards = append(cards, c.Question)
	}
	var top []string
	for _, w := range lex.TopByProbability(4, 2) {
		top = append(top, ts.Notation(lexicon.Alphagram(w)))
	}
	if !slices.Equal(cards, slices.Compact(top)) {
		t.Errorf("deck under the set holds %v, want %v", cards, top)
	}
	// Reviewing them right, typing every word of each rack.
	var answers strings.Builder
	for _, c := range l.Cards {
		tiles, _ := ts.Parse(c.Question, lexicon.ParseOptions{})
		var ws []string
		for _, w := range lex.Anagrams(tiles) {
			ws = append(ws, ts.Word(w))
		}
		answers.WriteString(strings.Join(ws, " ") + "\n")
	}
	s, code := study(t, day1, answers.String(), append(base, "review", "--json")...)
	var sum drills.Summary
	if err := json.Unmarshal(s.out.Bytes(), &sum); code != 0 || err != nil || sum.Right != len(l.Cards) || sum.Wrong != 0 {
		t.Errorf("review under the set: exit %d, %+v %v; %s", code, sum, err, s.err.String())
	}
}
