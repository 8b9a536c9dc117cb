package engine

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/lexicon"
)

func mustCGP(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParseCGP(s, lexicon.DefaultTileSet(), StandardLayout())
	if err != nil {
		t.Fatalf("ParseCGP(%q): %v", s, err)
	}
	return p
}

// rowsWith puts one row string at row r (0-based) of an otherwise empty board.
func rowsWith(rows map[int]string) string {
	out := make([]string, Dim)
	for i := range out {
		out[i] = "15"
		if s, ok := rows[i]; ok {
			out[i] = s
		}
	}
	return strings.Join(out, "/")
}

func TestParseCoords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in       string
		row, col int
		vertical bool
		err      string
	}{
		{"8H", 7, 7, false, ""},
		{"H8", 7, 7, true, ""},
		{"h8", 7, 7, true, ""},
		{"15O", 14, 14, false, ""},
		{"O15", 14, 14, true, ""},
		{"1A", 0, 0, false, ""},
		{"A1", 0, 0, true, ""},
		{"16A", 0, 0, false, "row number"},
		{"A0", 0, 0, false, "row number"},
		{"P1", 0, 0, false, "column letter"},
		{"8", 0, 0, false, "no column letter"},
		{"08H", 0, 0, false, "row number"},
		{"", 0, 0, false, "empty"},
		{"#8", 0, 0, false, "starts with"},
		{"8HH", 0, 0, false, "column letter"},
	}
	for _, tc := range tests {
		row, col, v, err := ParseCoords(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseCoords(%q) error = %v, want containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || row != tc.row || col != tc.col || v != tc.vertical {
			t.Errorf("ParseCoords(%q) = %d,%d,%v,%v; want %d,%d,%v", tc.in, row, col, v, err, tc.row, tc.col, tc.vertical)
		}
		m := Move{Row: int8(row), Col: int8(col), Vertical: v}
		if got := FormatCoords(&m); got != strings.ToUpper(tc.in) {
			t.Errorf("FormatCoords(ParseCoords(%q)) = %q", tc.in, got)
		}
	}
}

func TestParseMove(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	// CASA across on row 8 from H: C A S A at H8..K8.
	board := mustCGP(t, rowsWith(map[int]string{7: "7CASA4"})+" / 0/0 0").Board
	tests := []struct {
		in       string
		b        *Board
		kind     MoveKind
		coords   string
		notation string // FormatPlayedTiles with b, or the exchange tiles
		dots     string // FormatPlayedTiles without a board
		placed   int
		err      string
	}{
		{in: "8F BOCA", kind: Play, coords: "8F", notation: "BOCA", dots: "BOCA", placed: 4},
		{in: "H8 CA(SA)", kind: Play, coords: "H8", notation: "CA..", dots: "CA..", placed: 2},
		{in: "8H CA..", kind: Play, coords: "8H", notation: "CA..", dots: "CA..", placed: 2},
		{in: "8H (CASA)S", b: board, kind: Play, coords: "8H", notation: "(CASA)S", dots: "....S", placed: 1},
		{in: "8H ....S", b: board, kind: Play, coords: "8H", notation: "(CASA)S", dots: "....S", placed: 1},
		{in: "8D CHARRO", kind: Play, coords: "8D", notation: "[CH]A[RR]O", dots: "[CH]A[RR]O", placed: 4},
		{in: "8D [ch]a[RR]O", kind: Play, coords: "8D", notation: "[ch]a[RR]O", dots: "[ch]a[RR]O", placed: 4},
		{in: "8D [C]HARRO", kind: Play, coords: "8D", notation: "[C]HA[RR]O", dots: "[C]HA[RR]O", placed: 5},
		{in: "g8 ñu", kind: Play, coords: "G8", notation: "ñu", dots: "ñu", placed: 2},
		{in: "-", kind: Pass},
		{in: "pass", kind: Pass},
		{in: "-ABC?", kind: Exchange, notation: "ABC?"},
		{in: "exch ll?", kind: Exchange, notation: "[LL]?"},
		{in: "", err: "empty"},
		{in: "8H", err: "expected COORDS WORD"},
		{in: "Z9 CASA", err: "column letter"},
		{in: "8M CASA", err: "runs off the board"},
		{in: "8H CA(SA", err: "without a closing"},
		{in: "8H CA)SA", err: "without an opening"},
		{in: "8H CA()", err: "empty parentheses"},
		{in: "8H CAK", err: "K is not a letter"},
		{in: "8H CA?A", err: "not allowed"},
		{in: "-ABCDEFGH", err: "a rack holds 7"},
		{in: "exch", err: "exchange"},
	}
	for _, tc := range tests {
		m, err := ParseMove(tc.in, tc.b, ts)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseMove(%q) error = %v, want containing %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		if m.Kind != tc.kind {
			t.Errorf("ParseMove(%q).Kind = %v, want %v", tc.in, m.Kind, tc.kind)
			continue
		}
		switch m.Kind {
		case Play:
			if got := FormatCoords(&m); got != tc.coords {
				t.Errorf("%q: coords %q, want %q", tc.in, got, tc.coords)
			}
			if tc.b != nil {
				// With a board, parenthesised letters on occupied squares are kept as written;
				// the validator turns them into PlayedThrough. Compare after that.
				c := m
				for i := 0; i < int(c.Len); i++ {
					r, col := squareOf(&c, i)
					if !tc.b.IsEmpty(r, col) {
						c.Tiles[i] = PlayedThrough
					}
				}
				m = c
			}
			if got := FormatPlayedTiles(&m, nil, ts); got != tc.dots {
				t.Errorf("%q: played tiles %q, want %q", tc.in, got, tc.dots)
			}
			if tc.b != nil {
				if got := FormatPlayedTiles(&m, tc.b, ts); got != tc.notation {
					t.Errorf("%q: with board %q, want %q", tc.in, got, tc.notation)
				}
			}
			if int(m.Placed) != tc.placed {
				t.Errorf("%q: placed %d, want %d", tc.in, m.Placed, tc.placed)
			}
			// Formatting then parsing gives the same move.
			back, err := ParseMove(FormatMove(&m, nil, ts), nil, ts)
			if err != nil || back != m {
				t.Errorf("%q: round trip via %q gave %+v, %v", tc.in, FormatMove(&m, nil, ts), back, err)
			}
		case Exchange:
			if got := ts.Notation(m.Tiles[:m.Len]); got != tc.notation {
				t.Errorf("%q: exchange %q, want %q", tc.in, got, tc.notation)
			}
			if got := FormatMove(&m, nil, ts); got != "-"+tc.notation {
				t.Errorf("%q: formatted %q", tc.in, got)
			}
		}
	}
}

func squareOf(m *Move, i int) (int, int) {
	if m.Vertical {
		return int(m.Row) + i, int(m.Col)
	}
	return int(m.Row), int(m.Col) + i
}

func TestFormatWord(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	p := mustCGP(t, rowsWith(map[int]string{7: "7[ch]A[RR]O4"})+" / 0/0 0")
	m, err := ParseMove("8H ....S", p.Board, ts)
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatWord(&m, p.Board, ts); got != "CHARROS" {
		t.Errorf("FormatWord = %q, want CHARROS", got)
	}
	if got := FormatMove(&m, p.Board, ts); got != "8H ([ch]A[RR]O)S" {
		t.Errorf("FormatMove = %q", got)
	}
}

func FuzzParseMove(f *testing.F) {
	ts := lexicon.DefaultTileSet()
	board := StandardLayout()
	b := NewBoard(board)
	b.Set(7, 7, 3)
	for _, s := range []string{"8F BOCA", "H8 CA(SA)", "8H CA..", "-ABC", "-", "exch [ch]?", "15O ñ", "8H (", "A1 [", "8H )(", "pass"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, bb := range []*Board{nil, b} {
			m, err := ParseMove(s, bb, ts)
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("empty error for %q", s)
				}
				checkMessage(t, s, err)
				continue
			}
			if m.Kind == Play && (m.Len == 0 || int(m.Row)+boolInt(m.Vertical)*int(m.Len-1) >= Dim || int(m.Col)+boolInt(!m.Vertical)*int(m.Len-1) >= Dim) {
				t.Fatalf("%q: move off the board: %+v", s, m)
			}
			out := FormatMove(&m, bb, ts)
			if bb == nil {
				// What is written reads back to the same move.
				back, err := ParseMove(out, nil, ts)
				if err != nil || back != m {
					t.Fatalf("%q -> %q -> %+v, %v; want %+v", s, out, back, err, m)
				}
			}
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestBracketedSpelling(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	tests := []struct {
		in, greedy, bracketed string // how each spelling reads the input, written back greedily
	}{
		{"CHARRO", "[CH]A[RR]O", "[C]HA[R]RO"},
		{"[CH]A[RR]O", "[CH]A[RR]O", "[CH]A[RR]O"},
		{"QLL", "Q[LL]", "Q[L]L"},
		{"[ll]aMA", "[ll]aMA", "[ll]aMA"},
		{"ÑU", "ÑU", "ÑU"},
	}
	for _, tc := range tests {
		g, err := Greedy.Parse(ts, tc.in, lexicon.ParseOptions{LowerIsBlank: true})
		if err != nil || ts.Notation(g) != tc.greedy {
			t.Errorf("Greedy.Parse(%q) = %q, %v; want %q", tc.in, ts.Notation(g), err, tc.greedy)
		}
		b, err := Bracketed.Parse(ts, tc.in, lexicon.ParseOptions{LowerIsBlank: true})
		if err != nil || ts.Notation(b) != tc.bracketed {
			t.Errorf("Bracketed.Parse(%q) = %q, %v; want %q", tc.in, ts.Notation(b), err, tc.bracketed)
		}
		// Bracketed writes what it reads back.
		back, err := Bracketed.Parse(ts, Bracketed.Format(ts, b), lexicon.ParseOptions{LowerIsBlank: true})
		if err != nil || ts.Notation(back) != ts.Notation(b) {
			t.Errorf("Bracketed round trip of %q: %q", tc.in, Bracketed.Format(ts, b))
		}
	}
	if _, err := Bracketed.Parse(ts, "[CH", lexicon.ParseOptions{}); err == nil {
		t.Error("Bracketed.Parse accepted an open bracket")
	}
	m, err := Bracketed.ParseMove("8H QLL", nil, ts)
	if err != nil || m.Len != 3 {
		t.Errorf("Bracketed.ParseMove(8H QLL) = %d tiles, %v", m.Len, err)
	}
}
