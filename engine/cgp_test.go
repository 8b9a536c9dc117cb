package engine

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

func TestParseCGP(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	s := rowsWith(map[int]string{
		6: "7C7",
		7: "5[CH]A[rr]O1[LL]4",
		8: "7s7",
	}) + " AEI/ 25/12 3 lex FILE2017; ld spanish;"
	p := mustCGP(t, s)
	if got := ts.Label(p.Board.At(7, 5)); got != "CH" {
		t.Errorf("8F = %s, want CH", got)
	}
	if rr := p.Board.At(7, 7); !rr.IsBlanked() || ts.Label(rr) != "RR" {
		t.Errorf("8H = %v, want a blank RR", rr)
	}
	if got := ts.Label(p.Board.At(7, 10)); got != "LL" {
		t.Errorf("8K = %s, want LL", got)
	}
	if !p.Board.At(8, 7).IsBlanked() {
		t.Errorf("9H should be a blank S")
	}
	if p.Board.Tiles != 7 {
		t.Errorf("board tiles = %d, want 7", p.Board.Tiles)
	}
	if ts.Notation(p.Racks[0]) != "AEI" || len(p.Racks[1]) != 0 {
		t.Errorf("racks = %q / %q", ts.Notation(p.Racks[0]), ts.Notation(p.Racks[1]))
	}
	if p.Scores != [2]int{25, 12} || p.ScorelessTurns != 3 {
		t.Errorf("scores %v zero turns %d", p.Scores, p.ScorelessTurns)
	}
	if p.Lexicon() != "FILE2017" {
		t.Errorf("lex = %q", p.Lexicon())
	}
	if ld, ok := p.Opcode("ld"); !ok || ld != "spanish" {
		t.Errorf("ld = %q, %v", ld, ok)
	}
	if u := p.Unseen(); u[lexicon.Blank] != 0 || len(p.UnseenTiles()) != 100-7-3 {
		t.Errorf("unseen blanks %d, unseen tiles %d; want 0 and 90", u[lexicon.Blank], len(p.UnseenTiles()))
	}
}

func TestParseCGPRefusesImpossible(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	tests := []struct {
		cgp, err string
	}{
		{rowsWith(map[int]string{7: "7ZZ6"}) + " / 0/0 0", "2 Z tiles, the fise set has 1"},
		{rowsWith(map[int]string{7: "7ab6"}) + " ?/ 0/0 0", "3 blank (?) tiles"},
		{rowsWith(map[int]string{7: "7[CH]7"}) + " [CH]/ 0/0 0", "2 CH tiles"},
		{"15/15 / 0/0 0", "2 rows, expected 15"},
		{rowsWith(nil) + " ABCDEFGH/ 0/0 0", "at most 7"},
		{rowsWith(nil) + " A 0/0 0", "expected 2"},
		{rowsWith(nil) + " / 0 0", "two scores"},
		{rowsWith(nil) + " / x/0 0", "not a number"},
		{rowsWith(nil) + " / 0/0 -1", "non-negative"},
		{rowsWith(nil) + " /", "has 2 of the 4 space-separated fields; expected a CGP position: ROWS RACK1/RACK2"},
		{rowsWith(map[int]string{3: "16"}), "has 1 of the 4"},
		// Used to say "CGP : 0 space-separated fields": now what a CGP is, with an example.
		{"", "CGP: the position is empty; expected a CGP position: ROWS RACK1/RACK2 SCORE1/SCORE2 ZEROTURNS"},
		{" \t ", "the position is empty; expected a CGP position"},
		{"CASA", `CGP: "CASA" has 1 of the 4 space-separated fields; expected a CGP position: ROWS`},
		{rowsWith(map[int]string{3: "16"}) + " / 0/0 0", "board row 4"},
		{rowsWith(map[int]string{3: "14"}) + " / 0/0 0", "14 squares"},
		{rowsWith(map[int]string{3: "14AB"}) + " / 0/0 0", "more than 15"},
		{rowsWith(map[int]string{3: "0A14"}) + " / 0/0 0", "not a run"},
		{rowsWith(map[int]string{3: "K14"}) + " / 0/0 0", "K is not a letter"},
		{rowsWith(map[int]string{3: "[CH14"}) + " / 0/0 0", "without a closing"},
		{rowsWith(map[int]string{3: "[XY]14"}) + " / 0/0 0", "[XY] is not a tile"},
		{rowsWith(nil) + " K/ 0/0 0", "rack 1"},
	}
	for _, tc := range tests {
		_, err := ParseCGP(tc.cgp, ts, StandardLayout())
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseCGP(%q) error = %v, want containing %q", tc.cgp, err, tc.err)
		}
	}
}

func TestCGPRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		// Written for the FISE set with macondo's "ld spanish;", which it needs to read Spanish.
		rowsWith(nil) + " / 0/0 0 ld spanish;",
		rowsWith(nil) + " A[CH]EIO?/[LL]Ñ[RR]XZ 0/0 0 ld spanish;",
		rowsWith(map[int]string{7: "5[CH]A[rr]O1[LL]4", 8: "7s7", 14: "[C]HAZ11"}) + " AEI/BC 25/12 3 lex FILE2017; ld spanish;",
		rowsWith(map[int]string{0: "ABCDEFGHIJLMNOP"}) + " / -5/0 0 gid x1; tmr 1/2; ld spanish;",
	} {
		p := mustCGP(t, s)
		if got := p.CGP(); got != s {
			t.Errorf("round trip:\n got %q\nwant %q", got, s)
		}
	}
}

func TestUnseen(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	p := mustCGP(t, rowsWith(map[int]string{7: "7CAsA4"})+" AAEZ?/ 0/0 0")
	u := p.Unseen()
	a, _ := ts.Tile("A")
	z, _ := ts.Tile("Z")
	if u[a] != 12-4 || u[z] != 0 || u[lexicon.Blank] != 0 {
		t.Errorf("unseen A=%d Z=%d ?=%d", u[a], u[z], u[lexicon.Blank])
	}
	total := 0
	for _, n := range u {
		total += n
	}
	if total != 100-4-5 || len(p.UnseenTiles()) != total {
		t.Errorf("unseen total %d (list %d), want 91", total, len(p.UnseenTiles()))
	}
	if p.BagCount() != 91-7 {
		t.Errorf("bag = %d, want 84 (opponent's unknown rack holds 7)", p.BagCount())
	}
}

func TestHiddenBag(t *testing.T) {
	t.Parallel()
	// Both racks known: the opponent's rack leaves the bag for the player to move.
	p := mustCGP(t, rowsWith(map[int]string{7: "7CAsA4"})+" AAEZ?/BCD 0/0 0")
	if got := p.BagCount(); got != 91-3 {
		t.Errorf("BagCount = %d, want 88", got)
	}
	if got := p.HiddenBag(); got != 91-7 {
		t.Errorf("HiddenBag = %d, want 84", got)
	}
	if h := p.Hidden(); len(h.Racks[1]) != 0 || len(p.Racks[1]) != 3 {
		t.Errorf("Hidden racks %v, original %v", h.Racks, p.Racks)
	}
	// An empty rack to move is not an unknown one: a single rack leaves the bag.
	e := mustCGP(t, rowsWith(nil)+" / 0/0 0")
	if got := e.HiddenBag(); got != 100-7 {
		t.Errorf("HiddenBag of empty racks = %d, want 93", got)
	}
}

func FuzzParseCGP(f *testing.F) {
	ts := lexicon.DefaultTileSet()
	layout := StandardLayout()
	f.Add(rowsWith(nil) + " AEIO?[CH]/ 0/0 0")
	f.Add(rowsWith(map[int]string{7: "5[CH]A[rr]O1[LL]4", 8: "7s7"}) + " AEI/BC 25/12 3 lex FILE2017;")
	f.Add("15/15 / 0/0 0")
	f.Add(rowsWith(map[int]string{7: "99999999999999999999"}) + " / 0/0 0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseCGP(s, ts, layout)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			checkMessage(t, s, err)
			return
		}
		for _, n := range p.Notes() {
			checkMessage(t, s, n)
		}
		// Whatever parsed writes back to a CGP that parses to the same position.
		out := p.CGP()
		q, err := ParseCGP(out, ts, layout)
		if err != nil {
			t.Fatalf("re-parse of %q (from %q): %v", out, s, err)
		}
		if q.Board.Squares != p.Board.Squares || q.CGP() != out {
			t.Fatalf("round trip changed %q to %q", out, q.CGP())
		}
	})
}

func TestCGPSpelling(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	// macondo/Woogles: brackets present, so the rack LL is two L tiles.
	p := mustCGP(t, rowsWith(map[int]string{7: "7[CH]E6"})+" ALL/ 0/0 0")
	if len(p.Racks[0]) != 3 || ts.Notation(p.Racks[0]) != "A[L]L" {
		t.Errorf("bracketed CGP rack = %q (%d tiles), want A, L, L", ts.Notation(p.Racks[0]), len(p.Racks[0]))
	}
	// Typed by hand, no brackets: LL is the LL tile, CH on the board the CH tile.
	p = mustCGP(t, rowsWith(map[int]string{7: "7CHE6"})+" ALL/ 0/0 0")
	if len(p.Racks[0]) != 2 || ts.Label(p.Board.At(7, 7)) != "CH" {
		t.Errorf("hand CGP rack = %q, 8H = %s", ts.Notation(p.Racks[0]), ts.Label(p.Board.At(7, 7)))
	}
	// What atril writes reads back the same, and as macondo reads it: plain letters in racks
	// once a bracket or "ld" says so.
	for _, tc := range []struct{ in, out string }{
		{rowsWith(nil) + " A[L]L/ 0/0 0", rowsWith(nil) + " ALL/ 0/0 0 ld spanish;"},
		{rowsWith(nil) + " ALL/ 0/0 0 ld spanish;", rowsWith(nil) + " ALL/ 0/0 0 ld spanish;"},
		{rowsWith(nil) + " A[LL]/ 0/0 0", rowsWith(nil) + " A[LL]/ 0/0 0 ld spanish;"},
		{rowsWith(nil) + " [C]H[LL]/ 0/0 0", rowsWith(nil) + " CH[LL]/ 0/0 0 ld spanish;"},
		{rowsWith(map[int]string{7: "7[CH]E6"}) + " ALL/ 0/0 0", rowsWith(map[int]string{7: "7[CH]E6"}) + " ALL/ 0/0 0 ld spanish;"},
		// Typed by hand (no bracket, no ld): LL is the LL tile, written [LL] for macondo.
		{rowsWith(nil) + " ALL/ 0/0 0", rowsWith(nil) + " A[LL]/ 0/0 0 ld spanish;"},
		// Woogles's export brackets its labels again: [[CH]] is the CH tile, [[ll]] a blank LL.
		{rowsWith(map[int]string{7: "7[[CH]]E6"}) + " AL[[LL]]/[[RR]] 0/0 0 lex FILE2017; ld spanish;",
			rowsWith(map[int]string{7: "7[CH]E6"}) + " AL[LL]/[RR] 0/0 0 lex FILE2017; ld spanish;"},
		{rowsWith(map[int]string{7: "6[[ll]]A7"}) + " / 0/0 0 ld spanish;", rowsWith(map[int]string{7: "6[ll]A7"}) + " / 0/0 0 ld spanish;"},
	} {
		q := mustCGP(t, tc.in)
		if got := q.CGP(); got != tc.out {
			t.Errorf("CGP(%q) = %q, want %q", tc.in, got, tc.out)
		}
		r := mustCGP(t, q.CGP())
		if ts.Notation(r.Racks[0]) != ts.Notation(q.Racks[0]) {
			t.Errorf("%q read back as %q", q.CGP(), ts.Notation(r.Racks[0]))
		}
	}
}

func TestSplitDigraphs(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	const board = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15"
	tests := []struct {
		cgp  string
		want [2][]string
	}{
		// A bracket elsewhere: plain letters are single tiles.
		{board + " ACHLLNO/RR[CH] 0/0 0", [2][]string{{"CH", "LL"}, {"RR"}}},
		{board + " ACHLNO/R[RR] 0/0 0", [2][]string{{"CH"}, nil}},
		{board + " AC[LL]NO/HL 0/0 0", [2][]string{nil, nil}},
		{board + " ACHLLNO/ 0/0 0 ld spanish;", [2][]string{{"CH", "LL"}, nil}},
		// Typed as players write: CH and LL are the digraph tiles, nothing split.
		{board + " ACHLLNO/RR 0/0 0", [2][]string{nil, nil}},
		{board + " A[C]H/ 0/0 0", [2][]string{{"CH"}, nil}},
	}
	for _, tc := range tests {
		p, err := ParseCGP(tc.cgp, ts, StandardLayout())
		if err != nil {
			t.Fatalf("%s: %v", tc.cgp, err)
		}
		for side := 0; side < 2; side++ {
			if got := p.SplitDigraphs(side); !slices.Equal(got, tc.want[side]) {
				t.Errorf("%s rack %d: %v, want %v", tc.cgp, side+1, got, tc.want[side])
			}
		}
	}
}

// What a CGP says after its four fields must be opcodes ending in ';': trailing text without
// one is refused with what was expected, in English and in Spanish.
func TestCGPTrailingText(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	for _, tc := range []struct{ cgp, err string }{
		{rowsWith(nil) + " / 0/0 0 lex FILE2017", `CGP opcodes: "lex FILE2017" does not end with ';'`},
		{rowsWith(nil) + " / 0/0 0 lex FILE2017; ld spanish", `"ld spanish" does not end with ';'`},
		{rowsWith(nil) + " AEI/ 0/0 0 extra", `"extra" does not end with ';'`},
	} {
		_, err := ParseCGP(tc.cgp, ts, StandardLayout())
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseCGP(%q) error = %v, want containing %q", tc.cgp, err, tc.err)
		}
		if es := i18n.For(i18n.Spanish).Err(err); !strings.Contains(es, "no termina en ';'") {
			t.Errorf("in Spanish: %q", es)
		}
	}
}

// What was read but may not have been meant is in Notes: a negative score, an ld naming
// another language, a rack that reads two ways (by hand, with brackets, with ld).
func TestCGPNotes(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	tests := []struct {
		cgp  string
		want []string // one substring per note, in order
	}{
		{rowsWith(nil) + " AEI/ 0/0 0", nil},
		{rowsWith(nil) + " AEI/ 0/0 0 ld spanish;", nil},
		{rowsWith(nil) + " AEI/ -5/0 0", []string{"player 1's score is -5: under FILE rules"}},
		{rowsWith(nil) + " AEI/ 0/0 0 ld english;", []string{`names the letter distribution "english"; it was read with the fise tile set`}},
		{rowsWith(nil) + " AEI/ 0/0 0 ld FISE;", nil},
		// Typed by hand: CH and LL are read as digraph tiles, and the note says how to write
		// single tiles; a digraph written 1 2 3 was not read from letters.
		{rowsWith(nil) + " ACHLLNO/ 0/0 0", []string{"the rack was read as the tiles A CH LL N O, with CH, LL as digraph tiles: a CGP without brackets is read as players write (write [C][H], [L][L] for single tiles)"}},
		{rowsWith(nil) + " A1O/ 0/0 0", nil},
		{rowsWith(nil) + " AEI/RRO 0/0 0", []string{"the rack was read as the tiles O RR"}},
		// Read the macondo way because of a bracket, or because of ld: the note says which.
		{rowsWith(nil) + " ACHO/[RR] 0/0 0", []string{"the rack A[C]HO has C+H as single tiles, not CH: this CGP brackets digraph tiles, so its plain letters are single tiles (write [CH] for the digraph tiles)"}},
		{rowsWith(nil) + " ACHO/ 0/0 0 ld spanish;", []string{"this CGP names a letter distribution (ld spanish;), so its plain letters are single tiles, as macondo reads them"}},
		// ld english: the distribution note, and the rack note says ld is why, not brackets.
		{rowsWith(nil) + " ACHO/ 0/0 0 ld english;", []string{`"english"`, "(ld english;)"}},
	}
	for _, tc := range tests {
		p := mustCGP(t, tc.cgp)
		notes := p.Notes()
		if len(notes) != len(tc.want) {
			t.Errorf("%s: notes %v, want %d", tc.cgp, notes, len(tc.want))
			continue
		}
		for i, n := range notes {
			if !strings.Contains(n.Error(), tc.want[i]) {
				t.Errorf("%s: note %q, want containing %q", tc.cgp, n, tc.want[i])
			}
			if strings.Contains(tc.cgp, "english") && strings.Contains(n.Error(), "brackets") {
				t.Errorf("%s: note %q says the CGP brackets digraphs", tc.cgp, n)
			}
			if es := i18n.For(i18n.Spanish).Err(n); strings.Contains(es, "[[") || es == n.Error() {
				t.Errorf("%s: note in Spanish %q", tc.cgp, es)
			}
		}
	}
	// A board letter the set lacks under ld english: the error says which distribution.
	_, err := ParseCGP(rowsWith(map[int]string{7: "7KIWI4"})+" / 0/0 0 ld english;", ts, StandardLayout())
	if err == nil || !strings.Contains(err.Error(), `the position names the letter distribution "english"; atril reads it with the fise tile set`) {
		t.Errorf("K under ld english: %v", err)
	}
}

// StandardLayout is parsed once: every call shares it.
func TestStandardLayoutOnce(t *testing.T) {
	t.Parallel()
	if a, b := StandardLayout(), StandardLayout(); a != b {
		t.Error("StandardLayout parsed twice")
	}
	if l := StandardLayout(); l.StartRow != 7 || l.StartCol != 7 || l.Premium(0, 0) != TripleWord {
		t.Errorf("layout %+v", l)
	}
}

// missingMessage is how the catalogue shows a message it lacks: [[area.key]].
var missingMessage = regexp.MustCompile(`\[\[[a-z_]+(\.[a-z_]+)+\]\]`)

// checkMessage fails when an error or note reads as a missing message in either language.
func checkMessage(t *testing.T, input string, err error) {
	t.Helper()
	for _, l := range i18n.Langs {
		if msg := i18n.For(l).Err(err); msg == "" || missingMessage.MatchString(msg) {
			t.Fatalf("%q: message in %s: %q", input, l, msg)
		}
	}
}
