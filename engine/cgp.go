package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/atril-scrabble/atril/internal/i18n"
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

	spelling Spelling   // how the parsed string spelled digraphs
	reading  cgpReading // why it was read in that spelling
	rawRacks [2]string  // the racks as written, for notes on how they were read
	notes    []error    // what ParseCGP read but may not have been meant
}

// cgpReading is why a CGP string was read in its spelling.
type cgpReading uint8

const (
	readByHand   cgpReading = iota // no bracket, no "ld": as players write (CH is the CH tile)
	readBrackets                   // a bracketed tile somewhere: macondo's way
	readLd                         // an "ld" opcode: macondo's way
)

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

func (p *Position) hasOpcode(name string) bool {
	_, ok := p.Opcode(name)
	return ok
}

// Notes are remarks on how ParseCGP read the position that a player should see, in the
// reader's language (catalogue errors: show them with i18n.Printer.Err): a negative score, an
// "ld" naming a letter distribution other than the tile set, and each known rack that could be
// read two ways (see RackNote). Nil for a position that was not parsed.
func (p *Position) Notes() []error {
	out := append([]error(nil), p.notes...)
	for side := 0; side < 2; side++ {
		if n := p.RackNote(side); n != nil {
			out = append(out, n)
		}
	}
	return out
}

// RackNote says how rack side was read when it could have been meant otherwise, nil when it
// could not. In a CGP read the macondo way (a bracket or an "ld" in it) plain letters are
// single tiles, so "ACHLLNO" is A C H L L N O: the note names the letters that would make a
// digraph tile (SplitDigraphs) and why the CGP was read so. In a CGP typed by hand (neither)
// letters are read as players write, so "ACHLLNO" is A CH LL N O: the note names the digraph
// tiles read from plain letters and how to write single tiles instead.
func (p *Position) RackNote(side int) error {
	rack := p.Tiles.Notation(lexicon.Alphagram(p.Racks[side]))
	if p.spelling == Bracketed {
		split := p.SplitDigraphs(side)
		if len(split) == 0 {
			return nil
		}
		var single, bracketed []string
		for _, d := range split {
			single = append(single, strings.Join(strings.Split(d, ""), "+"))
			bracketed = append(bracketed, "["+d+"]")
		}
		why := i18n.E("cgp.note.why_brackets")
		if p.reading == readLd {
			ld, _ := p.Opcode("ld")
			why = i18n.E("cgp.note.why_ld", "Ld", ld)
		}
		return i18n.E("cgp.note.split_digraphs", "Rack", rack, "Single", strings.Join(single, ", "),
			"Digraphs", strings.Join(split, ", "), "Bracketed", strings.Join(bracketed, ", "), "Why", why)
	}
	var read, singles []string
	raw := strings.ToUpper(p.rawRacks[side])
	for _, t := range lexicon.Alphagram(p.Racks[side]) {
		if !p.Tiles.IsDigraph(t) {
			continue
		}
		label := p.Tiles.Label(t)
		if !strings.Contains(raw, label) || slices.Contains(read, label) {
			continue // written another way (1 2 3), or already named
		}
		read = append(read, label)
		var b strings.Builder
		for _, l := range strings.Split(label, "") {
			b.WriteString("[" + l + "]")
		}
		singles = append(singles, b.String())
	}
	if len(read) == 0 {
		return nil
	}
	tiles := make([]string, 0, len(p.Racks[side]))
	for _, t := range lexicon.Alphagram(p.Racks[side]) {
		tiles = append(tiles, p.Tiles.Label(t))
	}
	return i18n.E("cgp.note.read_digraphs", "Rack", strings.Join(tiles, " "), "Digraphs", strings.Join(read, ", "), "Singles", strings.Join(singles, ", "))
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

// cgpError is a CGP problem: where in the string (a field, a board row) and what is wrong, with
// what a CGP position is, in the reader's language.
func cgpError(where, reason error) error {
	return i18n.E("cgp.error", "Where", where, "Err", reason, "Format", i18n.E("cgp.format"))
}

// MaxScore bounds the scores a CGP may give (no game comes near; a larger number is a typo).
const MaxScore = 10000

// ParseCGP reads a CGP string under a tile set onto a board of the given layout and checks
// that it is possible: no more tiles of a kind than the set has. The CGP written back (CGP)
// brackets digraph tiles and any single letters that would read as one ([L]L), so that both
// macondo's reading and a player's read it the same. What was read but may not have been meant
// (a negative score, a letter distribution other than the tile set, a rack that reads two ways)
// is in Notes.
func ParseCGP(s string, ts *lexicon.TileSet, layout *Layout) (*Position, error) {
	s = strings.TrimSpace(s)
	fields := strings.Fields(s)
	switch {
	case len(fields) == 0:
		return nil, i18n.E("cgp.empty", "Format", i18n.E("cgp.format"))
	case len(fields) < 4:
		shown := s
		if r := []rune(shown); len(r) > 40 {
			shown = string(r[:37]) + "..."
		}
		return nil, i18n.E("cgp.few_fields", "Text", i18n.Quote(shown), "Count", len(fields), "Format", i18n.E("cgp.format"))
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
	// R tiles; only racks differ, and Notes point out a rack that may have been misread.)
	opcodes, err := parseOpcodes(s[fieldEnd(s, 4):])
	if err != nil {
		return nil, err
	}
	p.Opcodes = opcodes
	switch {
	case strings.Contains(s, "["):
		p.spelling, p.reading = Bracketed, readBrackets
	case p.hasOpcode("ld"):
		p.spelling, p.reading = Bracketed, readLd
	}
	// An "ld" naming another language: the board may hold letters the set lacks, and then the
	// error says why.
	ld, _ := p.Opcode("ld")
	otherLd := p.hasOpcode("ld") && !ldMatches(ld, ts)
	bad := func(where, reason error) error {
		if otherLd {
			return i18n.E("cgp.error_ld", "Where", where, "Err", reason, "Ld", ld, "Set", ts.Name)
		}
		return cgpError(where, reason)
	}

	rows := strings.Split(fields[0], "/")
	if len(rows) != Dim {
		return nil, bad(i18n.E("cgp.where.board"), i18n.E("cgp.rows", "Rows", len(rows), "Want", Dim))
	}
	for r, row := range rows {
		if err := p.parseRow(r, row); err != nil {
			return nil, bad(i18n.E("cgp.where.row", "Row", r+1), err)
		}
	}

	racks := strings.Split(fields[1], "/")
	if len(racks) != 2 {
		return nil, bad(i18n.E("cgp.where.racks"), i18n.E("cgp.rack_count", "Text", i18n.Quote(fields[1]), "Count", len(racks)))
	}
	for i, rk := range racks {
		t, err := p.spelling.Parse(ts, strings.ToUpper(rk), lexicon.ParseOptions{AllowBlank: true})
		if err != nil {
			return nil, bad(i18n.E("cgp.where.rack", "Rack", i+1), err)
		}
		if len(t) > RackSize {
			return nil, bad(i18n.E("cgp.where.rack", "Rack", i+1), i18n.E("cgp.rack_too_long", "Text", i18n.Quote(rk), "Count", len(t), "Max", RackSize))
		}
		p.Racks[i] = t
		p.rawRacks[i] = rk
	}

	scores := strings.Split(fields[2], "/")
	if len(scores) != 2 {
		return nil, bad(i18n.E("cgp.where.scores"), i18n.E("cgp.score_count", "Text", i18n.Quote(fields[2])))
	}
	for i, sc := range scores {
		n, err := strconv.Atoi(sc)
		if err != nil || n < -MaxScore || n > MaxScore {
			return nil, bad(i18n.E("cgp.where.scores"), i18n.E("cgp.score", "Text", i18n.Quote(sc), "Max", i18n.Int(MaxScore)))
		}
		p.Scores[i] = n
		if n < 0 {
			// Possible under other rules (a challenge penalty), never mid-game under FILE's.
			p.notes = append(p.notes, i18n.E("cgp.note.negative_score", "Player", i+1, "Score", n))
		}
	}

	n, err := strconv.Atoi(fields[3])
	if err != nil || n < 0 || n > 1000 {
		return nil, bad(i18n.E("cgp.where.zero_turns"), i18n.E("cgp.zero_turns", "Text", i18n.Quote(fields[3])))
	}
	p.ScorelessTurns = n

	if err := p.checkCounts(); err != nil {
		return nil, bad(i18n.E("cgp.where.tiles"), err)
	}
	if otherLd {
		p.notes = append(p.notes, i18n.E("cgp.note.other_ld", "Ld", ld, "Set", ts.Name))
	}
	return p, nil
}

// parseOpcodes reads what follows the four fields: "NAME ARGS;" each. Text after the last ';'
// is refused: "lex FILE2017" without its ';' or a stray word would otherwise be taken for an
// opcode and written back as one.
func parseOpcodes(rest string) ([]Opcode, error) {
	var out []Opcode
	parts := strings.Split(rest, ";")
	for i, op := range parts {
		op = strings.TrimSpace(op)
		if op == "" {
			continue
		}
		if i == len(parts)-1 {
			shown := op
			if r := []rune(shown); len(r) > 40 {
				shown = string(r[:37]) + "..."
			}
			return nil, cgpError(i18n.E("cgp.where.opcodes"), i18n.E("cgp.opcode_unterminated", "Text", i18n.Quote(shown)))
		}
		name, args, _ := strings.Cut(op, " ")
		out = append(out, Opcode{Name: name, Args: strings.TrimSpace(args)})
	}
	return out, nil
}

// DistributionMatches reports whether a letter distribution's name (a CGP's "ld", a GCG's
// "#tile-distribution") names the tile set: macondo's "spanish" is the FISE set; any set
// answers to its own name.
func DistributionMatches(ld string, ts *lexicon.TileSet) bool { return ldMatches(ld, ts) }

// ldMatches reports whether an "ld" opcode names the tile set: macondo's "spanish" is the FISE
// set; any set answers to its own name.
func ldMatches(ld string, ts *lexicon.TileSet) bool {
	return strings.EqualFold(ld, ts.Name) || strings.EqualFold(ld, "spanish") && ts.Name == lexicon.DefaultTileSetName
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
			return i18n.E("cgp.row_too_long", "Text", i18n.Quote(row), "Want", Dim)
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
				return i18n.E("cgp.bad_run", "Text", i18n.Quote(row), "Run", i18n.Quote(row[i:j]), "Want", Dim)
			}
			if col+n > Dim {
				return i18n.E("cgp.row_too_long", "Text", i18n.Quote(row), "Want", Dim)
			}
			col += n
			i = j
		default:
			// A run of letters (or one bracketed tile): spelled as the lexicon reads it.
			j := i
			if ch == '[' {
				if j, _ = bracketEnd(row, i); j < 0 {
					return i18n.E("cgp.unclosed_bracket", "Text", i18n.Quote(row))
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
		return i18n.E("cgp.row_short", "Text", i18n.Quote(row), "Squares", col, "Want", Dim)
	}
	return nil
}

// checkCounts refuses a position with more tiles of a kind (board and racks together) than
// the set holds. Blanks on the board count as blanks.
func (p *Position) checkCounts() error {
	used := p.usedCounts()
	for t, n := range used {
		if n > p.Tiles.Letters()[t].Count {
			if t == 0 {
				return i18n.E("cgp.too_many_blanks", "Count", n, "Set", p.Tiles.Name, "Has", p.Tiles.Letters()[t].Count)
			}
			return i18n.E("cgp.too_many", "Count", n, "Tile", p.Tiles.Label(lexicon.Tile(t)), "Set", p.Tiles.Name, "Has", p.Tiles.Letters()[t].Count)
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

// Hidden is the position as the player to move sees it: the opponent's rack unknown, its
// tiles among the unseen ones (BagCount then leaves a rack of them out of the bag).
func (p *Position) Hidden() *Position {
	h := *p
	h.Racks[1] = nil
	return &h
}

// HiddenBag is how many tiles are in the bag as the player to move sees it: the tiles unseen
// by them less a full rack for the opponent (or as many as there are). Unlike Hidden's
// BagCount, an empty rack of the player to move is not taken for an unknown one.
func (p *Position) HiddenBag() int {
	return max(0, len(p.Hidden().UnseenTiles())-RackSize)
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
