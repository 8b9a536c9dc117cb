package puzzles

import (
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Judgement is what a typed answer is worth.
type Judgement struct {
	Input string
	// Correct: the play is an answer, or a play accepted as right.
	Correct bool
	// Ambiguous lists the answers a bare word fits when it fits more than one: the player must
	// say where (this is not a try).
	Ambiguous []Play
	// Play is the play typed, as puzzles write it, with its equity and loss when it is legal.
	Play *Play
	// Legal is false for a play the rules refuse (Problems says why); a try only when all that
	// is wrong is a word not in the lexicon (see Try).
	Legal    bool
	Problems []engine.Problem
	// Matched is the answer (or accepted play) it is.
	Matched *Play
}

// Try reports whether the judgement counts as an attempt: a bare word that fits several
// placements does not, nor a play that cannot be made.
func (j *Judgement) Try() bool {
	if len(j.Ambiguous) > 0 {
		return false
	}
	// A play that cannot be made on this board with this rack (a taken square, a tile not on
	// the rack, off the board, unconnected) is a slip of the keyboard, which a board under the
	// mouse would not even let through: said, not counted. A phony placed as the rules allow
	// is a wrong answer.
	for _, pr := range j.Problems {
		if pr.Kind != engine.ProblemNotAWord {
			return false
		}
	}
	return true
}

// Unplayable is the error of a play that cannot be made (see Try), nil for any other.
func (j *Judgement) Unplayable() error {
	if len(j.Ambiguous) > 0 || j.Try() {
		return nil
	}
	return i18n.E("puzzle.not_playable", "Play", j.Input, "Why", j.Problems[0].Reason)
}

// Judge reads a typed answer: a move in the notation players type ("8H CASA", "H8 CA(SA)",
// board tiles as '.' or in parentheses, blanks in lower case, "-ABC" or "cambio ABC" to
// exchange) or, for a bingo puzzle, the word alone when it fits one placement. The first play
// of a game may be written down or across, and a one-tile play in either direction. Input that
// is not a move is an error (not a try).
func Judge(pz *Puzzle, lex *lexicon.Lexicon, leaves equity.Leaves, input string) (*Judgement, error) {
	ts := lex.Tiles
	if leaves == nil {
		leaves = equity.NewDefault(ts)
	}
	in := strings.TrimSpace(input)
	j := &Judgement{Input: in}
	if in == "" {
		return nil, i18n.E("puzzle.empty_answer")
	}
	board := pz.Position.Board
	rack := pz.Position.Racks[0]
	if strings.ToLower(in) == in {
		// No capital at all: lower case cannot be telling blanks apart (a blank the player
		// means is found by the validator, where it costs the fewest points).
		in = strings.ToUpper(in)
	}
	fields := strings.Fields(in)
	if pz.Kind == KindBingo && len(fields) == 1 && !strings.HasPrefix(in, "-") && !isMoveWord(fields[0]) {
		w, err := ts.ParseWord(in)
		if err != nil || len(w) == 0 {
			return nil, i18n.Wrap(err, "puzzle.bad_word", "Input", in)
		}
		word := ts.Word(w)
		var fits []Play
		for _, a := range pz.Answers {
			if a.Word == word {
				fits = append(fits, a)
			}
		}
		switch len(fits) {
		case 0:
			j.Play = &Play{Word: word} // no bingo here, a word or not
		case 1:
			j.Correct, j.Legal = true, true
			j.Matched = &fits[0]
			j.Play = &fits[0]
		default:
			j.Ambiguous = fits
		}
		return j, nil
	}
	m, err := engine.ParseMove(in, board, ts)
	if err != nil {
		return nil, i18n.Wrap(err, "puzzle.bad_move", "Input", in)
	}
	best := 0.0
	if len(pz.Top) > 0 {
		best = pz.Top[0].Equity
	}
	var leave []lexicon.Tile
	switch m.Kind {
	case engine.Play:
		v := engine.Check(board, &m, ts, lex, rack)
		m = v.Move
		if !v.Legal {
			j.Problems = v.Problems
			j.Play = &Play{Move: engine.FormatMove(&m, board, ts), Score: v.Score, Key: playKey(&m)}
			if m.Len > 0 {
				j.Play.Coords, j.Play.Word = engine.FormatCoords(&m), engine.FormatWord(&m, board, ts)
			}
			return j, nil
		}
		leave, _ = analysis.LeaveAfter(rack, &m)
	case engine.Exchange:
		var ok bool
		if leave, ok = analysis.LeaveAfter(rack, &m); !ok {
			j.Problems = []engine.Problem{{Kind: engine.ProblemNotOnRack, Reason: i18n.E("puzzle.not_on_rack")}}
			j.Play = &Play{Move: engine.FormatMove(&m, board, ts), Key: playKey(&m)}
			return j, nil
		}
	case engine.Pass:
		leave = rack
	}
	j.Legal = true
	eq := float64(m.Score)
	if len(leave) > 0 {
		eq += leaves.LeaveValue(leave)
	}
	m.Equity = eq
	p := Play{Move: engine.FormatMove(&m, board, ts), Score: int(m.Score), Equity: round2(eq), Loss: round2(best - eq),
		Leave: ts.Notation(lexicon.Alphagram(leave)), Key: playKey(&m)}
	if m.Kind == engine.Play {
		p.Coords, p.Word, p.Tiles = engine.FormatCoords(&m), engine.FormatWord(&m, board, ts), int(m.Placed)
	}
	j.Play = &p
	keys := []string{p.Key}
	if board.Tiles == 0 && m.Kind == engine.Play {
		keys = append(keys, transposedKey(&m))
	}
	for _, list := range [][]Play{pz.Answers, pz.Accepted} {
		for i := range list {
			if slices.Contains(keys, list[i].Key) && list[i].Score == p.Score {
				j.Correct = true
				j.Matched = &list[i]
				return j, nil
			}
		}
	}
	return j, nil
}

// isMoveWord reports whether a lone field reads as a move rather than a word: a pass
// ("pass", "paso").
func isMoveWord(s string) bool {
	switch strings.ToLower(s) {
	case "pass", "paso":
		return true
	}
	return false
}

// Hints are given in this order, after a wrong try: the answer's score, its number of tiles
// (or that it is a bingo), its row or column.
const Hints = 3

// Hint is hint n (1 to Hints) of a puzzle, in the printer's language.
func Hint(pz *Puzzle, p *i18n.Printer, n int) string {
	if len(pz.Answers) == 0 {
		return ""
	}
	a := pz.Answers[0]
	switch n {
	case 1:
		if pz.Kind == KindBingo && len(pz.Answers) > 1 {
			return p.T("puzzle.hint.score_bingos", "Score", a.Score, "Count", len(pz.Answers))
		}
		return p.T("puzzle.hint.score", "Score", a.Score)
	case 2:
		switch {
		case a.Coords == "" && a.Move == "-":
			return p.T("puzzle.hint.pass")
		case a.Coords == "":
			return p.N("puzzle.hint.exchange", strings.Count(a.Key, "."))
		case pz.Kind == KindBingo:
			return p.T("puzzle.hint.bingo_length", "Length", wordTiles(pz, a))
		case a.Bingo():
			return p.T("puzzle.hint.is_bingo")
		}
		return p.N("puzzle.hint.tiles", a.Tiles)
	default:
		if a.Coords == "" {
			return p.T("puzzle.hint.keep", "Leave", a.Leave)
		}
		if a.Coords[0] >= '0' && a.Coords[0] <= '9' {
			return p.T("puzzle.hint.row", "Row", a.Coords[:len(a.Coords)-1])
		}
		return p.T("puzzle.hint.column", "Column", a.Coords[:1])
	}
}

// wordTiles is the number of tiles of an answer's whole word.
func wordTiles(pz *Puzzle, a Play) int {
	m, err := engine.ParseMove(a.Move, nil, pz.Position.Tiles)
	if err != nil {
		return a.Tiles
	}
	return int(m.Len)
}
