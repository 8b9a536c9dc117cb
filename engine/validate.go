package engine

import (
	"fmt"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// The validator checks a play against the rules (FILE Reglamento de Juego, arts. 6, 8-20) and
// scores it. It is written square by square, straight from the rule texts, to be the oracle
// that the fast move generator is tested against; it is not meant to be fast.

// WordList is what the validator asks of a lexicon (lexicon.Lexicon and lexicon.KWG have it).
type WordList interface {
	Contains(word []lexicon.Tile) bool
}

// RackSize is the number of tiles on a full rack; playing all of them earns the bingo bonus.
const RackSize = 7

// BingoBonus is the premium for playing all seven tiles (art. 19), added after multiplying.
const BingoBonus = 50

// ProblemKind names why a play is illegal.
type ProblemKind string

const (
	ProblemNotAPlay       ProblemKind = "not_a_play"        // an exchange or pass was given
	ProblemOffBoard       ProblemKind = "off_board"         // the word runs off the board
	ProblemNoTiles        ProblemKind = "no_tiles"          // no tile is placed
	ProblemTooManyTiles   ProblemKind = "too_many_tiles"    // more than 7 tiles
	ProblemBoardMismatch  ProblemKind = "board_mismatch"    // a written tile differs from the board
	ProblemNothingThrough ProblemKind = "nothing_through"   // played through an empty square
	ProblemNotConnected   ProblemKind = "not_connected"     // touches no tile on the board
	ProblemOffCentre      ProblemKind = "off_centre"        // first play misses the centre square
	ProblemFirstOneTile   ProblemKind = "first_play_1_tile" // first play of a single tile
	ProblemNotAWord       ProblemKind = "not_a_word"        // a word formed is not in the lexicon
	ProblemNotOnRack      ProblemKind = "not_on_rack"       // a tile is not on the given rack
	ProblemNoWord         ProblemKind = "no_word"           // no word of two or more letters formed
	ProblemUnknownTile    ProblemKind = "unknown_tile"      // a tile outside the tile set
)

// Problem is one reason a play is illegal: its kind (a stable identifier, for scripts) and the
// reason in words a player understands, in the reader's language (a catalogue error: show it
// with i18n.Printer.Err; Error() is the English text).
type Problem struct {
	Kind   ProblemKind
	Reason error
}

// WordScore is one word a play forms and what it scores.
type WordScore struct {
	Tiles              []lexicon.Tile // the whole word, blanks with BlankBit
	Row, Col           int            // first square
	Vertical           bool
	Main               bool // along the play (the others are cross-words)
	Score              int
	Valid              bool  // in the lexicon (true when no lexicon was given)
	LetterSum, WordMul int   // the score is LetterSum * WordMul
	LetterMuls         []int // each tile's letter premium (1 for tiles already on the board)
}

// Arithmetic spells out how the word scores, the way players check it: "B3 O1 C3 A1x2 = 10,
// x2 = 20" (a blank is 0; premiums only for new tiles).
func (w *WordScore) Arithmetic(ts *lexicon.TileSet) string {
	var sb strings.Builder
	for i, t := range w.Tiles {
		if i > 0 {
			sb.WriteByte(' ')
		}
		label := ts.Label(t)
		if t.IsBlanked() {
			label = strings.ToLower(label)
		}
		fmt.Fprintf(&sb, "%s%d", label, ts.Points(t))
		if i < len(w.LetterMuls) && w.LetterMuls[i] > 1 {
			fmt.Fprintf(&sb, "x%d", w.LetterMuls[i])
		}
	}
	fmt.Fprintf(&sb, " = %d", w.LetterSum)
	if w.WordMul > 1 {
		fmt.Fprintf(&sb, ", x%d = %d", w.WordMul, w.Score)
	}
	return sb.String()
}

// Verdict is the validator's answer.
type Verdict struct {
	Legal    bool
	Move     Move // the play as the engine writes it: whole word, PlayedThrough, Placed, Score
	Score    int  // words plus bingo bonus, also when the play is illegal (for reference)
	Words    []WordScore
	Bingo    bool
	Problems []Problem
	// Notes are remarks that do not make the play illegal (a blank assumed), catalogue errors
	// like Problem.Reason.
	Notes []error
}

// Check validates and scores a play on board b. ts gives tile values; words (nil: no word
// check) judges words; rack (nil: not checked) is the player's rack, '?' blanks included: an
// upper-case tile not on the rack is taken as a blank when the rack has one (placed where it
// costs the fewest points), as a player who forgot to mark the blank meant. The move may name
// played-through tiles either as PlayedThrough or as the letters on the board, and may leave
// out board tiles at its ends: the verdict's Move is the whole word.
func Check(b *Board, m *Move, ts *lexicon.TileSet, words WordList, rack []lexicon.Tile) Verdict {
	var v Verdict
	problem := func(k ProblemKind, id string, kv ...any) {
		v.Problems = append(v.Problems, Problem{k, i18n.E(id, kv...)})
	}
	if m.Kind != Play {
		problem(ProblemNotAPlay, "rules.not_a_play")
		return v
	}
	if m.Len == 0 {
		problem(ProblemNoTiles, "rules.no_tiles")
		return v
	}
	dr, dc := 0, 1
	if m.Vertical {
		dr, dc = 1, 0
	}
	r0, c0 := int(m.Row), int(m.Col)
	rEnd, cEnd := r0+dr*(int(m.Len)-1), c0+dc*(int(m.Len)-1)
	if r0 < 0 || c0 < 0 || rEnd >= Dim || cEnd >= Dim {
		problem(ProblemOffBoard, "rules.off_board", "Squares", int(m.Len), "From", formatCoords(r0, c0, m.Vertical))
		return v
	}

	// The placed tiles, square by square, after reading played-through tiles off the board.
	var placed [Dim * Dim]lexicon.Tile
	var isNew [Dim * Dim]bool
	nNew := 0
	for i := 0; i < int(m.Len); i++ {
		r, c := r0+dr*i, c0+dc*i
		t, onBoard := m.Tiles[i], b.At(r, c)
		switch {
		case onBoard != Empty && t != PlayedThrough && t.Letter() != onBoard.Letter():
			problem(ProblemBoardMismatch, "rules.board_mismatch", "Square", SquareName(r, c), "OnBoard", ts.Label(onBoard), "Played", ts.Label(t))
		case onBoard == Empty && t == PlayedThrough:
			problem(ProblemNothingThrough, "rules.nothing_through", "Square", SquareName(r, c))
		case onBoard == Empty:
			if int(t.Letter()) >= ts.Size() {
				problem(ProblemUnknownTile, "rules.unknown_tile", "Tile", int(t), "Set", ts.Name)
				return v
			}
			placed[r*Dim+c] = t
			isNew[r*Dim+c] = true
			nNew++
		}
	}
	if len(v.Problems) > 0 {
		return v
	}
	if nNew == 0 {
		problem(ProblemNoTiles, "rules.no_new_tile")
		return v
	}
	if nNew > RackSize {
		problem(ProblemTooManyTiles, "rules.too_many_tiles", "Count", nNew, "Max", RackSize)
	}

	// Rack: which tiles come from it; upper-case letters missing from it become blanks.
	if rack != nil {
		v.assignRack(b, &placed, &isNew, ts, rack, m.Vertical, problem)
	}

	// The whole word along the play: extend over board tiles at both ends.
	at := func(r, c int) lexicon.Tile {
		if r < 0 || c < 0 || r >= Dim || c >= Dim {
			return Empty
		}
		if isNew[r*Dim+c] {
			return placed[r*Dim+c]
		}
		return b.At(r, c)
	}
	for at(r0-dr, c0-dc) != Empty {
		r0, c0 = r0-dr, c0-dc
	}
	for at(rEnd+dr, cEnd+dc) != Empty {
		rEnd, cEnd = rEnd+dr, cEnd+dc
	}
	n := (rEnd-r0)*dr + (cEnd-c0)*dc + 1
	if nNew == 1 {
		// One tile: written across when it forms an across word, else down (as the move
		// generator writes it), whatever direction it was given in.
		var r, c int
		for sq := range isNew {
			if isNew[sq] {
				r, c = sq/Dim, sq%Dim
			}
		}
		across := at(r, c-1) != Empty || at(r, c+1) != Empty
		down := at(r-1, c) != Empty || at(r+1, c) != Empty
		if (m.Vertical && across) || (!m.Vertical && !across && down) {
			one := Move{Kind: Play, Row: int8(r), Col: int8(c), Vertical: !m.Vertical, Len: 1}
			one.Tiles[0] = placed[r*Dim+c]
			// A blank chosen for it above is now explicit; keep the note saying so.
			v2 := Check(b, &one, ts, words, rack)
			v2.Notes = append(v.Notes, v2.Notes...)
			return v2
		}
	}
	v.Move = Move{Kind: Play, Row: int8(r0), Col: int8(c0), Vertical: m.Vertical, Len: uint8(n), Placed: uint8(nNew)}
	for i := 0; i < n; i++ {
		r, c := r0+dr*i, c0+dc*i
		if isNew[r*Dim+c] {
			v.Move.Tiles[i] = placed[r*Dim+c]
		}
	}

	// Placement: first play on the centre with two or more tiles; later plays connected.
	layout := b.Layout
	if b.Tiles == 0 {
		if !isNew[layout.StartRow*Dim+layout.StartCol] {
			problem(ProblemOffCentre, "rules.off_centre", "Square", SquareName(layout.StartRow, layout.StartCol))
		}
		if nNew < 2 {
			problem(ProblemFirstOneTile, "rules.first_one_tile")
		}
	} else {
		connected := n > int(nNew) // plays through a board tile
		for i := 0; i < n && !connected; i++ {
			r, c := r0+dr*i, c0+dc*i
			connected = at(r-dc, c-dr) != Empty || at(r+dc, c+dr) != Empty
		}
		if !connected {
			problem(ProblemNotConnected, "rules.not_connected")
		}
	}

	// Words: the main word, then a cross-word through each new tile that has neighbours.
	if n >= 2 {
		v.Words = append(v.Words, scoreWord(r0, c0, m.Vertical, true, at, &isNew, layout, ts))
	}
	for i := 0; i < n; i++ {
		r, c := r0+dr*i, c0+dc*i
		if !isNew[r*Dim+c] {
			continue
		}
		// Perpendicular: step (dc, dr).
		sr, sc := r, c
		for at(sr-dc, sc-dr) != Empty {
			sr, sc = sr-dc, sc-dr
		}
		er, ec := r, c
		for at(er+dc, ec+dr) != Empty {
			er, ec = er+dc, ec+dr
		}
		if sr == er && sc == ec {
			continue
		}
		v.Words = append(v.Words, scoreWord(sr, sc, !m.Vertical, false, at, &isNew, layout, ts))
	}
	if len(v.Words) == 0 {
		problem(ProblemNoWord, "rules.no_word")
	}
	for i := range v.Words {
		w := &v.Words[i]
		w.Valid = words == nil || words.Contains(w.Tiles)
		if !w.Valid {
			problem(ProblemNotAWord, "rules.not_a_word", "Word", ts.Word(w.Tiles))
		}
		v.Score += w.Score
	}
	if nNew == RackSize {
		v.Bingo = true
		v.Score += BingoBonus
	}
	v.Move.Score = int32(v.Score)
	v.Legal = len(v.Problems) == 0
	return v
}

// scoreWord scores the word starting at (r, c): letter premiums of new tiles first, then
// their word premiums (arts. 13-17); a blank is 0 but takes the word premium.
func scoreWord(r, c int, vertical, main bool, at func(r, c int) lexicon.Tile, isNew *[Dim * Dim]bool, layout *Layout, ts *lexicon.TileSet) WordScore {
	dr, dc := 0, 1
	if vertical {
		dr, dc = 1, 0
	}
	w := WordScore{Row: r, Col: c, Vertical: vertical, Main: main, WordMul: 1}
	for ; r < Dim && c < Dim; r, c = r+dr, c+dc {
		t := at(r, c)
		if t == Empty {
			break
		}
		w.Tiles = append(w.Tiles, t)
		pts := ts.Points(t)
		lm := 1
		if isNew[r*Dim+c] {
			p := layout.Premium(r, c)
			lm = p.LetterMultiplier()
			pts *= lm
			w.WordMul *= p.WordMultiplier()
		}
		w.LetterMuls = append(w.LetterMuls, lm)
		w.LetterSum += pts
	}
	w.Score = w.LetterSum * w.WordMul
	return w
}

// assignRack takes the placed tiles from the rack. Upper-case letters the rack lacks are
// played by its blanks, on the squares where a tile's points count least, which is the
// choice that scores most (each tile adds points × a factor fixed by the squares).
func (v *Verdict) assignRack(b *Board, placed *[Dim * Dim]lexicon.Tile, isNew *[Dim * Dim]bool, ts *lexicon.TileSet, rack []lexicon.Tile, vertical bool, problem func(ProblemKind, string, ...any)) {
	have := make([]int, ts.Size())
	for _, t := range rack {
		if int(t) < len(have) {
			have[t]++
		}
	}
	// Blanked letters need blanks; plain letters need themselves.
	var missing []int // squares whose plain letter the rack lacks
	for sq := range placed {
		if !isNew[sq] {
			continue
		}
		t := placed[sq]
		if t.IsBlanked() {
			have[0]--
			if have[0] < 0 {
				problem(ProblemNotOnRack, "rules.no_blank_left", "Letter", strings.ToLower(ts.Label(t)))
			}
			continue
		}
		have[t]--
		if have[t] < 0 {
			missing = append(missing, sq)
		}
	}
	if len(missing) == 0 {
		return
	}
	// Among all squares holding a letter the rack is short of, the blanks go where the letter
	// is worth least.
	short := map[lexicon.Tile]int{}
	for _, sq := range missing {
		short[placed[sq]]++
	}
	for letter, n := range short {
		var squares []int
		for sq := range placed {
			if isNew[sq] && placed[sq] == letter {
				squares = append(squares, sq)
			}
		}
		factor := func(sq int) int { return tileFactor(b, isNew, sq, vertical) }
		// Sort ascending by factor (few squares: insertion sort).
		for i := 1; i < len(squares); i++ {
			for j := i; j > 0 && factor(squares[j]) < factor(squares[j-1]); j-- {
				squares[j], squares[j-1] = squares[j-1], squares[j]
			}
		}
		for k := 0; k < n; k++ {
			sq := squares[k]
			if have[0] <= 0 {
				problem(ProblemNotOnRack, "rules.not_on_rack", "Tile", ts.Label(letter), "Rack", ts.Notation(lexicon.Alphagram(rack)))
				break
			}
			have[0]--
			placed[sq] |= lexicon.BlankBit
			v.Notes = append(v.Notes, i18n.E("rules.blank_assumed", "Tile", ts.Label(letter), "Square", SquareName(sq/Dim, sq%Dim)))
		}
	}
}

// tileFactor is what a tile's points are multiplied by in a play's total when placed on sq:
// its letter premium times the word premiums of the words through it.
func tileFactor(b *Board, isNew *[Dim * Dim]bool, sq int, vertical bool) int {
	r, c := sq/Dim, sq%Dim
	occupied := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < Dim && c < Dim && (isNew[r*Dim+c] || b.At(r, c) != Empty)
	}
	wordMul := func(dr, dc int) int {
		if !occupied(r-dr, c-dc) && !occupied(r+dr, c+dc) {
			return 0 // no word this way
		}
		m := 1
		for rr, cc := r, c; occupied(rr, cc); rr, cc = rr-dr, cc-dc {
			if isNew[rr*Dim+cc] {
				m *= b.Layout.Premium(rr, cc).WordMultiplier()
			}
		}
		for rr, cc := r+dr, c+dc; occupied(rr, cc); rr, cc = rr+dr, cc+dc {
			if isNew[rr*Dim+cc] {
				m *= b.Layout.Premium(rr, cc).WordMultiplier()
			}
		}
		return m
	}
	lm := b.Layout.Premium(r, c).LetterMultiplier()
	return lm * (wordMul(0, 1) + wordMul(1, 0))
}

// Check checks m (Check) as a play of p's player to move, on p's board with p's tiles: against
// their rack when p gives it, an empty rack field being a rack not known (not checked).
func (p *Position) Check(m *Move, words WordList) Verdict {
	rack := p.Racks[0]
	if len(rack) == 0 {
		rack = nil
	}
	return Check(p.Board, m, p.Tiles, words, rack)
}
