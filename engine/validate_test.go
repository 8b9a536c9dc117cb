package engine

import (
	"strconv"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

// wordSet is a tiny lexicon for rule tests: words spelled as ts.Word writes them.
type wordSet struct {
	ts    *lexicon.TileSet
	words map[string]bool
}

func newWordSet(words ...string) wordSet {
	ws := wordSet{lexicon.DefaultTileSet(), map[string]bool{}}
	for _, w := range words {
		ws.words[w] = true
	}
	return ws
}

func (w wordSet) Contains(t []lexicon.Tile) bool { return w.words[w.ts.Word(t)] }

var testWords = newWordSet("BOCA", "CASA", "CASAS", "CASADO", "ACASADOS", "PCASASO", "AS", "CA",
	"CHARRO", "CHARROS", "ACHAQUES", "AMASA", "ES", "SE", "OS", "SO", "LA", "AL", "CASAL")

func TestCheckScores(t *testing.T) {
	t.Parallel()
	casa := rowsWith(map[int]string{7: "7CASA4"}) // CASA on H8-K8
	tests := []struct {
		name, cgp, play, rack string
		score                 int
		words                 string // "WORD:score ..." in order: main word first
		bingo                 bool
		whole                 string // the verdict's move, formatted with the board
		arith                 string // the first word's arithmetic, if given
	}{
		// Art. 16: the centre doubles the first word.
		{"first word doubled", "", "8F BOCA", "", 16, "BOCA:16", false, "8F BOCA", ""},
		{"first word with a letter premium", "", "8D CASAS", "", 20, "CASAS:20", false, "8D CASAS", "C3x2 A1 S1 A1 S1 = 10, x2 = 20"},
		// Art. 10.1: a blank is worth 0 but takes the word premium.
		{"blank on the centre", "", "8H bOCA", "", 10, "BOCA:10", false, "8H bOCA", "b0 O1 C3 A1 = 5, x2 = 10"},
		// Art. 11: digraphs are single tiles with their own values.
		{"digraph tiles", "", "8G CHARRO", "", 30, "CHARRO:30", false, "8G [CH]A[RR]O", ""},
		// Art. 19: 50 after doubling.
		{"bingo after multiplying", "", "8H ACHAQUES", "", 82, "ACHAQUES:32", true, "8H A[CH]AQUES", ""},
		// Art. 15: two double-word squares multiply by 4.
		{"double double", rowsWith(map[int]string{4: "5CASAS5"}), "5E P(CASAS)O", "", 44, "PCASASO:44", false, "5E P(CASAS)O", ""},
		// Art. 15: two triple-word squares multiply by 9.
		{"triple triple", rowsWith(map[int]string{0: "1CASADO8"}), "1A A(CASADO)S", "", 99, "ACASADOS:99", false, "1A A(CASADO)S", ""},
		// Art. 17: premiums only for tiles placed now (C on H8, the centre, counts plain).
		{"premiums used once", casa, "8H (CASA)S", "", 8, "CASAS:8", false, "8H (CASA)S", "C3 A1 S1 A1 S1x2 = 8"},
		// Art. 18: a tile shared by two words counts in each, with its premium.
		{"shared tile in both words", casa, "9H AS", "", 10, "AS:3 CA:4 AS:3", false, "9H AS", ""},
		// The play's tiles alone: the board tiles at its ends belong to the word.
		{"word extended over board tiles", casa, "8L S", "", 8, "CASAS:8", false, "8H (CASA)S", ""},
		{"written letters on board squares", casa, "8H CASAS", "", 8, "CASAS:8", false, "8H (CASA)S", ""},
		{"one tile down", casa, "H8 (C)A", "", 4, "CA:4", false, "H8 (C)A", ""},
		// One tile is written across when it forms an across word, else down.
		{"one tile given down, across word", casa, "L8 S", "", 8, "CASAS:8", false, "8H (CASA)S", ""},
		{"one tile given across, down word", casa, "9H A", "AS", 4, "CA:4", false, "H8 (C)A", ""},
		{"one tile given across, blank assumed", casa, "9H A", "S?", 3, "CA:3", false, "H8 (C)a", ""},
		// A rack without the letter but with a blank: the blank goes where it costs least.
		{"blank assumed", "", "8F BOCA", "BOC?", 14, "BOCA:14", false, "8F BOCa", ""},
		{"blank on the cheapest square", "", "8H AMASA", "AAMS?", 14, "AMASA:14", false, "8H aMASA", ""},
		{"blank by case", "", "8H AMASa", "AAMS?", 12, "AMASA:12", false, "8H AMASa", ""},
	}
	ts := lexicon.DefaultTileSet()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows := tc.cgp
			if rows == "" {
				rows = rowsWith(nil)
			}
			p := mustCGP(t, rows+" / 0/0 0")
			m, err := ParseMove(tc.play, p.Board, ts)
			if err != nil {
				t.Fatal(err)
			}
			var rack []lexicon.Tile
			if tc.rack != "" {
				rack, _ = ts.ParseRack(tc.rack)
			}
			v := Check(p.Board, &m, ts, testWords, rack)
			if !v.Legal {
				t.Fatalf("illegal: %+v", v.Problems)
			}
			if v.Score != tc.score || int(v.Move.Score) != tc.score {
				t.Errorf("score %d (move %d), want %d", v.Score, v.Move.Score, tc.score)
			}
			var ws []string
			for _, w := range v.Words {
				ws = append(ws, ts.Word(w.Tiles)+":"+strconv.Itoa(w.Score))
			}
			if got := strings.Join(ws, " "); got != tc.words {
				t.Errorf("words %q, want %q", got, tc.words)
			}
			if tc.arith != "" && v.Words[0].Arithmetic(ts) != tc.arith {
				t.Errorf("arithmetic %q, want %q", v.Words[0].Arithmetic(ts), tc.arith)
			}
			if v.Bingo != tc.bingo {
				t.Errorf("bingo %v", v.Bingo)
			}
			if got := FormatMove(&v.Move, p.Board, ts); got != tc.whole {
				t.Errorf("move %q, want %q", got, tc.whole)
			}
		})
	}
}

func TestCheckIllegal(t *testing.T) {
	t.Parallel()
	casa := rowsWith(map[int]string{7: "7CASA4"})
	tests := []struct {
		name, cgp, play, rack string
		kinds                 []ProblemKind
		msg                   string
	}{
		{"off the centre", "", "7F BOCA", "", []ProblemKind{ProblemOffCentre}, "centre square H8"},
		{"one tile first", "", "8H (C)", "", nil, ""}, // parse gives PlayedThrough on empty square
		{"not a word", "", "8H ABCD", "", []ProblemKind{ProblemNotAWord}, "ABCD is not a valid word"},
		{"cross-word not a word", casa, "9H AX", "", []ProblemKind{ProblemNotAWord, ProblemNotAWord}, "AX is not"},
		{"not connected", casa, "1A CASA", "", []ProblemKind{ProblemNotConnected}, "touches no tile"},
		{"not on the rack", "", "8F BOCA", "BOCE", []ProblemKind{ProblemNotOnRack}, "A is not on the rack"},
		{"no blank left", "", "8F BOca", "BOCA", []ProblemKind{ProblemNotOnRack, ProblemNotOnRack}, "no blank left"},
		{"board mismatch", casa, "8H (CASO)S", "", []ProblemKind{ProblemBoardMismatch}, "K8 already holds A"},
		{"nothing through", casa, "8G .CASA", "", []ProblemKind{ProblemNothingThrough}, "G8 is empty"},
		{"too many tiles", "", "8A ABCDEFGH", "", []ProblemKind{ProblemTooManyTiles, ProblemNotAWord}, "8 tiles placed"},
		{"exchange", "", "-ABC", "", []ProblemKind{ProblemNotAPlay}, "not a tile placement"},
	}
	ts := lexicon.DefaultTileSet()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows := tc.cgp
			if rows == "" {
				rows = rowsWith(nil)
			}
			p := mustCGP(t, rows+" / 0/0 0")
			m, err := ParseMove(tc.play, p.Board, ts)
			if err != nil {
				t.Fatal(err)
			}
			var rack []lexicon.Tile
			if tc.rack != "" {
				rack, _ = ts.ParseRack(tc.rack)
			}
			v := Check(p.Board, &m, ts, testWords, rack)
			if v.Legal {
				t.Fatalf("legal, want illegal: %+v", v)
			}
			if tc.kinds == nil {
				return
			}
			var kinds []ProblemKind
			var msgs []string
			for _, pr := range v.Problems {
				kinds = append(kinds, pr.Kind)
				msgs = append(msgs, pr.Reason.Error())
			}
			if strings.Join(kindStrings(kinds), ",") != strings.Join(kindStrings(tc.kinds), ",") {
				t.Errorf("problems %v, want %v (%q)", kinds, tc.kinds, msgs)
			}
			if !strings.Contains(strings.Join(msgs, "; "), tc.msg) {
				t.Errorf("messages %q, want one containing %q", msgs, tc.msg)
			}
		})
	}
}

func kindStrings(k []ProblemKind) []string {
	out := make([]string, len(k))
	for i := range k {
		out[i] = string(k[i])
	}
	return out
}

// FuzzCheck: any move string on a real position: never a panic, and a legal verdict is
// consistent (words valid, score = words + bonus, the canonical move checks the same).
func FuzzCheck(f *testing.F) {
	ts := lexicon.DefaultTileSet()
	p, err := ParseCGP(rowsWith(map[int]string{6: "7C7", 7: "5[CH]A[rr]O6", 8: "7s7"})+" ASE/ 0/0 0", ts, StandardLayout())
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"9H AS", "8L S", "H6 (C)A(SA)", "1A CASA", "8E CASA", "H1 ABCDEFGHIJ", "O1 ZZ"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, withRack bool) {
		m, err := ParseMove(s, p.Board, ts)
		if err != nil {
			return
		}
		var rack []lexicon.Tile
		if withRack {
			rack = p.Racks[0]
		}
		v := Check(p.Board, &m, ts, testWords, rack)
		for _, n := range v.Notes {
			checkMessage(t, s, n)
		}
		if !v.Legal {
			if len(v.Problems) == 0 {
				t.Fatalf("%q: illegal without a reason", s)
			}
			for _, pr := range v.Problems {
				checkMessage(t, s, pr.Reason)
			}
			return
		}
		sum := 0
		for _, w := range v.Words {
			if !w.Valid || w.Score != w.LetterSum*w.WordMul {
				t.Fatalf("%q: word %+v", s, w)
			}
			sum += w.Score
		}
		if v.Bingo {
			sum += BingoBonus
		}
		if sum != v.Score || int(v.Move.Score) != v.Score {
			t.Fatalf("%q: score %d, words and bonus %d", s, v.Score, sum)
		}
		again := Check(p.Board, &v.Move, ts, testWords, rack)
		if !again.Legal || again.Score != v.Score || again.Move != v.Move {
			t.Fatalf("%q: canonical %s checks as %+v", s, FormatMove(&v.Move, p.Board, ts), again)
		}
	})
}

// Position.Check: a rack the position gives is checked, an empty rack field is not known.
func TestPositionCheck(t *testing.T) {
	t.Parallel()
	board := rowsWith(map[int]string{7: "7CASA4"})
	for _, tc := range []struct {
		rack  string
		play  string
		legal bool
	}{
		{"SABOC?A", "9H AS", true},
		{"BOCEIOU", "9H AS", false}, // no A or S on the rack, nor a blank
		{"", "9H AS", true},         // the rack not known
		{"", "9H XX", false},        // not a word, whatever the rack
	} {
		pos := mustCGP(t, board+" "+tc.rack+"/ 0/0 0")
		m, err := ParseMove(tc.play, pos.Board, pos.Tiles)
		if err != nil {
			t.Fatal(err)
		}
		v := pos.Check(&m, testWords)
		if v.Legal != tc.legal || (v.Legal && v.Move.Score != 10) {
			t.Errorf("rack %q, %s: legal %v, score %d; want legal %v", tc.rack, tc.play, v.Legal, v.Move.Score, tc.legal)
		}
	}
}
