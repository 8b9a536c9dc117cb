package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/atril-scrabble/atril/lexicon"
)

// Position is a game position as a CGP string holds it (the format of macondo and Woogles):
//
//	ROWS RACK1/RACK2 SCORE1/SCORE2 ZEROTURNS [OPCODE ARGS; ...]
//
// ROWS are the 15 rows top to bottom separated by '/', a number for a run of empty squares,
// upper case for tiles, lower case for blanks, [CH] for a digraph tile ([ch] a blank one).
// RACK1 and SCORE1 belong to the player to move. A rack may be empty (unknown). ZEROTURNS is
// the number of consecutive scoreless turns before this position. Opcodes ("lex FILE2017;")
// are kept in order.
type Position struct {
	Board          *Board
	Tiles          *lexicon.TileSet
	Racks          [2][]lexicon.Tile // [0] is the player to move
	Scores         [2]int
	ScorelessTurns int
	Opcodes        []Opcode

	spelling Spelling // how the parsed string spelled digraphs
}

// Opcode is one "NAME ARGS;" of a CGP.
type Opcode struct {
	Name, Args string
}

// Opcode returns the arguments of the first opcode with the given name.
func (p *Position) Opcode(name string) (string, bool) {
	for _, op := range p.Opcodes {
		if op.Name == name {
			return op.Args, true
		}
	}
	return "", false
}

// SplitDigraphs lists the digraph tiles (CH, LL, RR) whose letters rack side holds as single
// tiles in a CGP read the macondo way (a bracket or an "ld" opcode in it: plain letters are
// single tiles). A rack typed "ACHLLNO" in such a CGP is A C H L L N O, which a player may not
// have meant, so commands point it out.
func (p *Position) SplitDigraphs(side int) []string {
	if p.spelling != Bracketed {
		return nil
	}
	var count [lexicon.MaxLetters + 1]int
	for _, t := range p.Racks[side] {
		if int(t) < len(count) {
			count[t]++
		}
	}
	var out []string
	for d := 1; d < p.Tiles.Size(); d++ {
		if !p.Tiles.IsDigraph(lexicon.Tile(d)) {
			continue
		}
		label := p.Tiles.Label(lexicon.Tile(d))
		for i := 1; i < len(label); i++ {
			a, okA := p.Tiles.Tile(label[:i])
			b, okB := p.Tiles.Tile(label[i:])
			if okA && okB && count[a] > 0 && count[b] > 0 && (a != b || count[a] > 1) {
				out = append(out, label)
				break
			}
		}
	}
	return out
}

// Lexicon is the "lex" opcode, "" if none.
func (p *Position) Lexicon() string {
	s, _ := p.Opcode("lex")
	return s
}

// SetOpcode sets (or adds) an opcode.
func (p *Position) SetOpcode(name, args string) {
	for i := range p.Opcodes {
		if p.Opcodes[i].Name == name {
			p.Opcodes[i].Args = args
			return
		}
	}
	p.Opcodes = append(p.Opcodes, Opcode{name, args})
}

// CGPError says what part of a CGP string is wrong.
type CGPError struct {
	CGP    string
	Field  string // "board row 3", "racks", ...
	Reason string
}

// cgpFormat says what a CGP string is, for error messages.
const cgpFormat = `ROWS RACK1/RACK2 SCORE1/SCORE2 ZEROTURNS [lex NAME;], 15 rows top to bottom separated by '/' with digits for empty squares, the player to move first, e.g. "15/15/15/15/15/15/15/7CASA4/15/15/15/15/15/15/15 AEIOU??/ 10/0 0 lex FILE2017;"`

func (e *CGPError) Error() string {
	if e.Field == "" { // the string as a whole is not a CGP
		return fmt.Sprintf("CGP: %s; expected a CGP position: %s", e.Reason, cgpFormat)
	}
	return fmt.Sprintf("CGP %s: %s (a CGP position is %s)", e.Field, e.Reason, cgpFormat)
}

// ParseCGP reads a CGP string under a tile set onto a board of the given layout and checks
// that it is possible: no more tiles of a kind than the set has. The CGP written back (CGP)
// brackets digraph tiles and any single letters that would read as one ([L]L), so that both
// macondo's reading and a player's read it the same.
func ParseCGP(s string, ts *lexicon.TileSet, layout *Layout) (*Position, error) {
	bad := func(field, format string, a ...any) error {
		return &CGPError{CGP: s, Field: field, Reason: fmt.Sprintf(format, a...)}
	}
	s = strings.TrimSpace(s)
	fields := strings.Fields(s)
	switch {
	case len(fields) == 0:
		return nil, bad("", "the position is empty")
	case len(fields) < 4:
		shown := s
		if len(shown) > 40 {
			shown = shown[:37] + "..."
		}
		return nil, bad("", "%q has %d of the 4 space-separated fields", shown, len(fields))
	}
	p := &Position{Board: NewBoard(layout), Tiles: ts}
	// Digraph spelling, checked against macondo and Woogles (domino14/macondo cgp/parse.go,
	// game.ToCGP; woogles-io/liwords pkg/cwgame ToCGP; domino14/word-golib tilemapping): their
	// Spanish letter distribution labels the digraph tiles "[CH]", "[LL]", "[RR]" and every
	// string is read by greedy match against those labels, so a plain letter is always one
	// tile there: a rack "LL" is two L tiles, "[LL]" the LL tile, "[ll]" a blank LL. macondo
	// reads a CGP under the distribution its "ld" opcode names (English without one), and
	// both write "ld spanish;" for Spanish (Woogles always; it also brackets the labels again:
	// "[[CH]]", read here as one tile). So a CGP with "ld", or with a bracket anywhere (macondo's
	// output when it did not know the distribution), is read their way. One with neither can
	// only have been typed by hand, and is read as players write: CH = the CH tile. (On a legal
	// board the two readings agree: no Spanish word has a C tile before an H tile, or two L or
	// R tiles; only racks differ, and commands point out a rack that may have been misread.)
	if strings.Contains(s, "[") || hasLdOpcode(s) {
		p.spelling = Bracketed
	}

	rows := strings.Split(fields[0], "/")
	if len(rows) != Dim {
		return nil, bad("board", "%d rows, expected %d separated by '/'", len(rows), Dim)
	}
	for r, row := range rows {
		if err := p.parseRow(r, row); err != nil {
			return nil, bad(fmt.Sprintf("board row %d", r+1), "%v", err)
		}
	}

	racks := strings.Split(fields[1], "/")
	if len(racks) != 2 {
		return nil, bad("racks", "%q has %d racks, expected 2 separated by '/' (either may be empty)", fields[1], len(racks))
	}
	for i, rk := range racks {
		t, err := p.spelling.Parse(ts, strings.ToUpper(rk), lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			return nil, bad(fmt.Sprintf("rack %d", i+1), "%v", err)
		}
		if len(t) > 7 {
			return nil, bad(fmt.Sprintf("rack %d", i+1), "%q has %d tiles, a rack holds at most 7", rk, len(t))
		}
		p.Racks[i] = t
	}

	scores := strings.Split(fields[2], "/")
	if len(scores) != 2 {
		return nil, bad("scores", "%q: expected two scores separated by '/'", fields[2])
	}
	for i, sc := range scores {
		n, err := strconv.Atoi(sc)
		if err != nil || n < -10000 || n > 10000 {
			return nil, bad("scores", "score %q is not a number", sc)
		}
		p.Scores[i] = n
	}

	n, err := strconv.Atoi(fields[3])
	if err != nil || n < 0 || n > 1000 {
		return nil, bad("scoreless turns", "%q is not a non-negative number", fields[3])
	}
	p.ScorelessTurns = n

	// Opcodes: everything after the fourth field, "NAME ARGS;" each.
	rest := strings.TrimSpace(s[fieldEnd(s, 4):])
	for _, op := range strings.Split(rest, ";") {
		op = strings.TrimSpace(op)
		if op == "" {
			continue
		}
		name, args, _ := strings.Cut(op, " ")
		p.Opcodes = append(p.Opcodes, Opcode{Name: name, Args: strings.TrimSpace(args)})
	}

	if err := p.checkCounts(); err != nil {
		return nil, bad("tiles", "%v", err)
	}
	return p, nil
}

// fieldEnd is the byte offset just after the n-th whitespace-separated field of s.
func fieldEnd(s string, n int) int {
	i := 0
	for f := 0; f < n; f++ {
		for i < len(s) && unicode.IsSpace(rune(s[i])) {
			i++
		}
		for i < len(s) && !unicode.IsSpace(rune(s[i])) {
			i++
		}
	}
	return i
}

func (p *Position) parseRow(r int, row string) error {
	col := 0
	put := func(t lexicon.Tile) error {
		if col >= Dim {
			return fmt.Errorf("%q has more than %d squares", row, Dim)
		}
		p.Board.Set(r, col, t)
		col++
		return nil
	}
	for i := 0; i < len(row); {
		ch := row[i]
		switch {
		case ch >= '0' && ch <= '9':
			j := i
			for j < len(row) && row[j] >= '0' && row[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(row[i:j])
			if err != nil || n == 0 || n > Dim {
				return fmt.Errorf("%q: %q is not a run of 1 to %d empty squares", row, row[i:j], Dim)
			}
			if col+n > Dim {
				return fmt.Errorf("%q has more than %d squares", row, Dim)
			}
			col += n
			i = j
		default:
			// A run of letters (or one bracketed tile): spelled as the lexicon reads it.
			j := i
			if ch == '[' {
				if j, _ = bracketEnd(row, i); j < 0 {
					return fmt.Errorf("%q: '[' without a closing ']'", row)
				}
			} else {
				for j < len(row) && row[j] != '[' && (row[j] < '0' || row[j] > '9') {
					j++
				}
			}
			tiles, err := p.spelling.Parse(p.Tiles, row[i:j], lexicon.ParseOptions{LowerIsBlank: true})
			if err != nil {
				return err
			}
			for _, t := range tiles {
				if err := put(t); err != nil {
					return err
				}
			}
			i = j
		}
	}
	if col != Dim {
		return fmt.Errorf("%q has %d squares, expected %d", row, col, Dim)
	}
	return nil
}

// checkCounts refuses a position with more tiles of a kind (board and racks together) than
// the set holds. Blanks on the board count as blanks.
func (p *Position) checkCounts() error {
	used := p.usedCounts()
	for t, n := range used {
		if n > p.Tiles.Letters()[t].Count {
			what := p.Tiles.Label(lexicon.Tile(t))
			if t == 0 {
				what = "blank (?)"
			}
			return fmt.Errorf("the board and racks hold %d %s tiles, the %s set has %d", n, what, p.Tiles.Name, p.Tiles.Letters()[t].Count)
		}
	}
	return nil
}

func (p *Position) usedCounts() []int {
	used := make([]int, p.Tiles.Size())
	for _, t := range p.Board.Squares {
		if t == Empty {
			continue
		}
		if t.IsBlanked() {
			used[0]++
		} else if int(t) < len(used) {
			used[t]++
		}
	}
	for _, rk := range p.Racks {
		for _, t := range rk {
			used[t]++
		}
	}
	return used
}

// Unseen counts, per tile kind (index = Tile, 0 the blank), the tiles neither on the board nor
// on a known rack: the bag plus any unknown rack.
func (p *Position) Unseen() []int {
	used := p.usedCounts()
	for t := range used {
		used[t] = max(0, p.Tiles.Letters()[t].Count-used[t])
	}
	return used
}

// UnseenTiles lists the unseen tiles in alphabet order, blanks last.
func (p *Position) UnseenTiles() []lexicon.Tile {
	var out []lexicon.Tile
	counts := p.Unseen()
	for t := 1; t < len(counts); t++ {
		for range counts[t] {
			out = append(out, lexicon.Tile(t))
		}
	}
	for range counts[0] {
		out = append(out, lexicon.Blank)
	}
	return out
}

// BagCount is how many tiles are in the bag: the unseen tiles less any unknown rack (assumed
// full, or what the unseen tiles allow).
func (p *Position) BagCount() int {
	n := 0
	for _, c := range p.Unseen() {
		n += c
	}
	for _, r := range p.Racks {
		if len(r) == 0 {
			n -= min(RackSize, n)
		}
	}
	return n
}

// CGP writes the position as a CGP string.
func (p *Position) CGP() string {
	board := BoardCGP(p.Board, p.Tiles)
	racks := [2][]lexicon.Tile{lexicon.Alphagram(p.Racks[0]), lexicon.Alphagram(p.Racks[1])}
	opcodes := p.Opcodes
	// Written as macondo and Woogles write Spanish (see ParseCGP): for the FISE set always with
	// "ld spanish;", without which macondo would read the position as English, and racks in
	// their spelling (plain letters single tiles, [CH] one tile). For another set, which
	// macondo has no name for, racks are in their spelling when a bracket says so and else as
	// players write, [L]L for two tiles that would read as one.
	hasLd := false
	for _, op := range opcodes {
		hasLd = hasLd || op.Name == "ld"
	}
	if !hasLd && p.Tiles.Name == lexicon.DefaultTileSetName {
		opcodes = append(append([]Opcode(nil), opcodes...), Opcode{"ld", "spanish"})
		hasLd = true
	}
	bracketed := hasLd || strings.Contains(board, "[")
	for _, r := range racks {
		for _, t := range r {
			bracketed = bracketed || p.Tiles.IsDigraph(t)
		}
	}
	rack := func(r []lexicon.Tile) string {
		if bracketed {
			return Bracketed.Format(p.Tiles, r)
		}
		return p.Tiles.Notation(r)
	}
	var sb strings.Builder
	sb.WriteString(board)
	sb.WriteString(" " + rack(racks[0]) + "/" + rack(racks[1]))
	fmt.Fprintf(&sb, " %d/%d %d", p.Scores[0], p.Scores[1], p.ScorelessTurns)
	for _, op := range opcodes {
		sb.WriteString(" " + op.Name)
		if op.Args != "" {
			sb.WriteString(" " + op.Args)
		}
		sb.WriteByte(';')
	}
	return sb.String()
}

// String is the CGP.
func (p *Position) String() string { return p.CGP() }

// BoardCGP writes the ROWS field of a CGP.
func BoardCGP(b *Board, ts *lexicon.TileSet) string {
	var sb strings.Builder
	for r := 0; r < Dim; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		empty := 0
		var run []lexicon.Tile
		flush := func() {
			if len(run) > 0 {
				sb.WriteString(ts.Notation(run))
				run = run[:0]
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
		}
		for c := 0; c < Dim; c++ {
			t := b.At(r, c)
			if t == Empty {
				if len(run) > 0 {
					flush()
				}
				empty++
				continue
			}
			if empty > 0 {
				flush()
			}
			run = append(run, t)
		}
		flush()
	}
	return sb.String()
}

// After is the position after the player to move makes move m (already checked; m.Score is
// its score): the board with the play, that player's rack without the tiles played (no draw:
// a position does not know the bag order) and the sides swapped, the opponent now to move.
// The scoreless-turn count grows on an exchange or pass and restarts on a play.
func (p *Position) After(m *Move) *Position {
	q := &Position{Board: p.Board.Clone(), Tiles: p.Tiles, Opcodes: append([]Opcode(nil), p.Opcodes...)}
	leave := append([]lexicon.Tile(nil), p.Racks[0]...)
	take := func(t lexicon.Tile) {
		if t.IsBlanked() {
			t = lexicon.Blank
		}
		for i, r := range leave {
			if r == t {
				leave = append(leave[:i], leave[i+1:]...)
				return
			}
		}
	}
	score := p.Scores[0]
	switch m.Kind {
	case Play:
		q.Board.Apply(m)
		for _, t := range m.Tiles[:m.Len] {
			if t != PlayedThrough {
				take(t)
			}
		}
		score += int(m.Score)
		q.ScorelessTurns = 0
	case Exchange:
		// The tiles drawn in exchange are not known here: the rack keeps the others.
		for _, t := range m.Tiles[:m.Len] {
			take(t)
		}
		q.ScorelessTurns = p.ScorelessTurns + 1
	default:
		q.ScorelessTurns = p.ScorelessTurns + 1
	}
	q.Racks = [2][]lexicon.Tile{append([]lexicon.Tile(nil), p.Racks[1]...), leave}
	q.Scores = [2]int{p.Scores[1], score}
	return q
}

// hasLdOpcode reports whether a CGP string has macondo's "ld" opcode (after the fourth field).
func hasLdOpcode(s string) bool {
	for _, op := range strings.Split(s[fieldEnd(s, 4):], ";") {
		if name, _, _ := strings.Cut(strings.TrimSpace(op), " "); name == "ld" {
			return true
		}
	}
	return false
}
