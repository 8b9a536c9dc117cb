package engine

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Move notation, as players and GCG files write it:
//   - a play is COORDS WORD. COORDS name the first square of the whole word, played-through
//     tiles included: row then column ("8H") for an across play, column then row ("H8") for a
//     down play. WORD spells every square of the word: new tiles as letters (lower case for a
//     blank), tiles already on the board as '.' or inside parentheses: "8H CA..", "8H CA(SA)".
//     Digraph tiles are read greedily (CHARRO) or exactly ([CH], [ch] for a blank).
//   - an exchange is "-TILES" (GCG) or "exch TILES"/"cambio TILES"; '?' is a blank.
//   - a pass is "-" (GCG) or "pass"/"paso".

// FormatCoords writes a play's coordinates: "8H" across, "H8" down.
func FormatCoords(m *Move) string {
	return formatCoords(int(m.Row), int(m.Col), m.Vertical)
}

func formatCoords(row, col int, vertical bool) string {
	if vertical {
		return string(rune('A'+col)) + strconv.Itoa(row+1)
	}
	return strconv.Itoa(row+1) + string(rune('A'+col))
}

// ParseCoords reads "8H" (across) or "H8" (down); case is ignored.
func ParseCoords(s string) (row, col int, vertical bool, err error) {
	bad := func(why error) error {
		return i18n.E("move.coords", "Text", i18n.Quote(s), "Err", why, "Rows", Dim, "LastCol", string(rune('A'+Dim-1)))
	}
	u := strings.ToUpper(strings.TrimSpace(s))
	if u == "" {
		return 0, 0, false, bad(i18n.E("move.coords_empty"))
	}
	var letters, digits string
	switch {
	case u[0] >= 'A' && u[0] <= 'Z':
		vertical = true
		letters, digits = u[:1], u[1:]
	case u[0] >= '0' && u[0] <= '9':
		i := strings.IndexFunc(u, func(r rune) bool { return r < '0' || r > '9' })
		if i < 0 {
			return 0, 0, false, bad(i18n.E("move.coords_no_column", "LastCol", string(rune('A'+Dim-1))))
		}
		digits, letters = u[:i], u[i:]
	default:
		return 0, 0, false, bad(i18n.E("move.coords_starts", "Char", strconv.QuoteRune(rune(u[0]))))
	}
	if len(letters) != 1 || letters[0] < 'A' || letters[0] >= 'A'+Dim {
		return 0, 0, false, bad(i18n.E("move.coords_no_column", "LastCol", string(rune('A'+Dim-1))))
	}
	n, convErr := strconv.Atoi(digits)
	if convErr != nil || n < 1 || n > Dim || digits[0] == '0' {
		return 0, 0, false, bad(i18n.E("move.coords_no_row", "Rows", Dim))
	}
	return n - 1, int(letters[0] - 'A'), vertical, nil
}

// FullWord is the move's word with played-through squares filled from the board (which must
// be the board before the move).
func FullWord(m *Move, b *Board) []lexicon.Tile {
	w := make([]lexicon.Tile, m.Len)
	r, c := int(m.Row), int(m.Col)
	for i := range w {
		w[i] = m.Tiles[i]
		if w[i] == PlayedThrough && b != nil && r < Dim && c < Dim {
			w[i] = b.At(r, c)
		}
		r, c = next(r, c, m.Vertical)
	}
	return w
}

// FormatWord is a play's whole word in plain upper case, played-through tiles included
// (CASA): how `atril moves` shows words. b is the board before the move.
func FormatWord(m *Move, b *Board, ts *lexicon.TileSet) string {
	return ts.Word(FullWord(m, b))
}

// FormatPlayedTiles is the WORD part of the notation with played-through tiles in parentheses
// when b is given ("CA(SA)") and as '.' when b is nil ("CA.."), blanks in lower case, digraph
// tiles in brackets ([CH]) so that ParseMove reads it back exactly.
func FormatPlayedTiles(m *Move, b *Board, ts *lexicon.TileSet) string {
	return Greedy.FormatPlayedTiles(m, b, ts)
}

// FormatPlayedTiles is FormatPlayedTiles in this spelling.
func (sp Spelling) FormatPlayedTiles(m *Move, b *Board, ts *lexicon.TileSet) string {
	var sb strings.Builder
	r, c := int(m.Row), int(m.Col)
	for i := 0; i < int(m.Len); {
		if m.Tiles[i] == PlayedThrough {
			j := i
			rr, cc := r, c
			for j < int(m.Len) && m.Tiles[j] == PlayedThrough {
				j++
				rr, cc = next(rr, cc, m.Vertical)
			}
			if b == nil {
				sb.WriteString(strings.Repeat(".", j-i))
			} else {
				sb.WriteString("(" + sp.Format(ts, FullWord(m, b)[i:j]) + ")")
			}
			i, r, c = j, rr, cc
			continue
		}
		j := i
		rr, cc := r, c
		for j < int(m.Len) && m.Tiles[j] != PlayedThrough {
			j++
			rr, cc = next(rr, cc, m.Vertical)
		}
		sb.WriteString(sp.Format(ts, m.Tiles[i:j]))
		i, r, c = j, rr, cc
	}
	return sb.String()
}

// FormatMove writes a move in notation: "8H CA(SA)" (or "8H CA.." without a board), "-ABC"
// for an exchange, "-" for a pass.
func FormatMove(m *Move, b *Board, ts *lexicon.TileSet) string {
	return Greedy.FormatMove(m, b, ts)
}

// FormatMove is FormatMove in this spelling.
func (sp Spelling) FormatMove(m *Move, b *Board, ts *lexicon.TileSet) string {
	switch m.Kind {
	case Exchange:
		return "-" + sp.Format(ts, m.Tiles[:m.Len])
	case Pass:
		return "-"
	}
	return FormatCoords(m) + " " + sp.FormatPlayedTiles(m, b, ts)
}

func next(r, c int, vertical bool) (int, int) {
	if vertical {
		return r + 1, c
	}
	return r, c + 1
}

// ParseMove reads a move in notation. With a board, a parenthesised tile on an occupied
// square is kept as the letter written (the validator checks it matches the board) and one on
// an empty square becomes PlayedThrough (the validator reports it); '.' is always
// PlayedThrough. Without a board every parenthesised tile is PlayedThrough. Errors say what
// was expected; ParseMove never checks legality.
func ParseMove(s string, b *Board, ts *lexicon.TileSet) (Move, error) {
	return Greedy.ParseMove(s, b, ts)
}

// ParseMove is ParseMove in this spelling.
func (sp Spelling) ParseMove(s string, b *Board, ts *lexicon.TileSet) (Move, error) {
	var m Move
	in := strings.TrimSpace(s)
	fields := strings.Fields(in)
	if len(fields) == 0 {
		return m, i18n.E("move.empty", "Text", i18n.Quote(s))
	}
	lower0 := strings.ToLower(fields[0])
	switch {
	case len(fields) == 1 && (in == "-" || lower0 == "pass" || lower0 == "paso"):
		m.Kind = Pass
		return m, nil
	case lower0 == "exch" || lower0 == "exchange" || lower0 == "cambio" || lower0 == "change":
		if len(fields) != 2 {
			return m, i18n.E("move.exchange_form", "Text", i18n.Quote(s))
		}
		return parseExchange(s, fields[1], ts, sp)
	case len(fields) == 1 && strings.HasPrefix(in, "-"):
		return parseExchange(s, in[1:], ts, sp)
	}
	if len(fields) != 2 {
		return m, i18n.E("move.form", "Text", i18n.Quote(s))
	}
	row, col, vertical, err := ParseCoords(fields[0])
	if err != nil {
		return m, moveError(s, err)
	}
	m.Kind, m.Row, m.Col, m.Vertical = Play, int8(row), int8(col), vertical
	word := fields[1]
	var buf [Dim + 1]lexicon.Tile
	n := 0
	r, c := row, col
	put := func(t lexicon.Tile) error {
		if n >= Dim || r >= Dim || c >= Dim {
			return moveError(s, i18n.E("move.off_board"))
		}
		buf[n] = t
		n++
		r, c = next(r, c, vertical)
		return nil
	}
	// Split the word into runs: dots, parenthesised tiles and tiles written out.
	for i := 0; i < len(word); {
		switch word[i] {
		case '.':
			if err := put(PlayedThrough); err != nil {
				return m, err
			}
			i++
		case '(':
			end := strings.IndexByte(word[i:], ')')
			if end < 0 {
				return m, moveError(s, i18n.E("move.unclosed_paren"))
			}
			inner := word[i+1 : i+end]
			if inner == "" {
				return m, moveError(s, i18n.E("move.empty_parens"))
			}
			tiles, err := sp.Parse(ts, inner, lexicon.ParseOptions{LowerIsBlank: true})
			if err != nil {
				return m, moveError(s, err)
			}
			for _, t := range tiles {
				if b != nil && r < Dim && c < Dim && !b.IsEmpty(r, c) {
					// Keep what the player wrote; the validator compares it with the board.
					// A blank on the board is written as its plain letter.
					t = t.Letter()
				} else {
					t = PlayedThrough
				}
				if err := put(t); err != nil {
					return m, err
				}
			}
			i += end + 1
		case ')':
			return m, moveError(s, i18n.E("move.unopened_paren"))
		default:
			j := i
			for j < len(word) && word[j] != '.' && word[j] != '(' && word[j] != ')' {
				j++
			}
			tiles, err := sp.Parse(ts, word[i:j], lexicon.ParseOptions{LowerIsBlank: true})
			if err != nil {
				return m, moveError(s, err)
			}
			for _, t := range tiles {
				if err := put(t); err != nil {
					return m, err
				}
			}
			i = j
		}
	}
	copy(m.Tiles[:], buf[:n])
	m.Len = uint8(n)
	r, c = row, col
	for _, t := range m.Tiles[:n] {
		if t != PlayedThrough && (b == nil || b.IsEmpty(r, c)) {
			m.Placed++
		}
		r, c = next(r, c, vertical)
	}
	return m, nil
}

// moveError is a problem with the move written s.
func moveError(s string, err error) error {
	return i18n.E("move.error", "Text", i18n.Quote(s), "Err", err)
}

func parseExchange(s, tiles string, ts *lexicon.TileSet, sp Spelling) (Move, error) {
	m := Move{Kind: Exchange}
	if tiles == "" {
		return m, moveError(s, i18n.E("move.exchange_no_tiles"))
	}
	for _, r := range tiles {
		if unicode.IsLower(r) {
			// An exchange is of rack tiles: case means nothing.
			tiles = strings.ToUpper(tiles)
			break
		}
	}
	t, err := sp.Parse(ts, tiles, lexicon.ParseOptions{AllowBlank: true})
	if err != nil {
		return m, moveError(s, err)
	}
	if len(t) > RackSize {
		return m, moveError(s, i18n.E("move.exchange_too_many", "Count", len(t), "Max", RackSize))
	}
	m.Len = uint8(copy(m.Tiles[:], t))
	return m, nil
}

// Spelling says how notation spells digraph tiles.
type Spelling uint8

const (
	// Greedy reads letters as the longest tile they spell (CHARRO = CH A RR O), as players
	// write, and [CH] exactly; it writes [C]H where a C tile and an H tile would merge.
	Greedy Spelling = iota
	// Bracketed is how macondo and Woogles spell Spanish (their labels are "[CH]", "[LL]",
	// "[RR]"): only a bracketed tile is a digraph, every plain letter is its own tile ("LL" is
	// two L tiles).
	Bracketed
)

// Parse reads tiles in this spelling.
func (sp Spelling) Parse(ts *lexicon.TileSet, s string, opt lexicon.ParseOptions) ([]lexicon.Tile, error) {
	if sp == Greedy {
		return ts.Parse(s, opt)
	}
	var out []lexicon.Tile
	for i := 0; i < len(s); {
		j := i + 1
		tile := ""
		if s[i] == '[' {
			end, doubled := bracketEnd(s, i)
			if end < 0 {
				return nil, &lexicon.SpellError{Input: s, Pos: i, Reason: i18n.E("spell.unclosed_bracket"), NotLetters: true}
			}
			j, tile = end, s[i:end]
			if doubled {
				tile = s[i+1 : end-1] // Woogles's [[CH]]: its label [CH], bracketed again
			}
		} else {
			for j < len(s) && s[j]&0xC0 == 0x80 { // the rest of a UTF-8 rune
				j++
			}
			tile = s[i:j]
		}
		t, err := ts.Parse(tile, opt)
		if err != nil {
			return nil, err
		}
		if len(t) != 1 {
			return nil, &lexicon.SpellError{Input: s, Pos: i, Reason: i18n.E("spell.not_one_tile", "Text", i18n.Quote(s[i:j]))}
		}
		out = append(out, t[0])
		i = j
	}
	return out, nil
}

// bracketEnd is the end (just past the closing bracket) of the bracketed tile starting at
// s[i] == '[', -1 if it is not closed. Woogles's CGP export brackets its Spanish labels, which
// are already "[CH]", "[LL]", "[RR]", a second time: "[[CH]]" is one tile too (doubled).
func bracketEnd(s string, i int) (end int, doubled bool) {
	if strings.HasPrefix(s[i:], "[[") {
		if k := strings.Index(s[i:], "]]"); k >= 0 {
			return i + k + 2, true
		}
		return -1, false
	}
	k := strings.IndexByte(s[i:], ']')
	if k < 0 {
		return -1, false
	}
	return i + k + 1, false
}

// Format writes tiles in this spelling (lower case for blanks played as letters, '?' blanks).
func (sp Spelling) Format(ts *lexicon.TileSet, tiles []lexicon.Tile) string {
	if sp == Greedy {
		return ts.Notation(tiles)
	}
	var sb strings.Builder
	for _, t := range tiles {
		label := ts.Label(t)
		if t.IsBlanked() {
			label = strings.ToLower(label)
		}
		if ts.IsDigraph(t) {
			label = "[" + label + "]"
		}
		sb.WriteString(label)
	}
	return sb.String()
}
