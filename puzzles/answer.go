package puzzles

import (
	"strings"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/analysis"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/num"
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
	// Grade is how a legal play compares with the answer (see Accept); nil otherwise.
	Grade *Grade
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
		switch {
		case len(fits) == 0 && !rackMakes(rack, w):
			// Tiles the rack does not hold: a slip, as "8H ZZZZZZZ" is (see Try).
			j.Play = &Play{Word: word}
			j.Problems = []engine.Problem{{Kind: engine.ProblemNotOnRack, Reason: i18n.E("puzzle.not_on_rack")}}
		case len(fits) == 0:
			j.Play = &Play{Word: word} // no bingo here, a word or not
		case len(fits) == 1:
			j.Correct, j.Legal = true, true
			j.Matched = &fits[0]
			j.Play = &fits[0]
			j.Grade = &Grade{Accepted: true, Figure: FigureBingo}
		default:
			j.Ambiguous = fits
		}
		return j, nil
	}
	m, err := engine.ParseMove(in, board, ts)
	if err != nil {
		return nil, i18n.Wrap(err, "puzzle.bad_move", "Input", in)
	}
	p, problems := value(pz, lex, leaves, m)
	j.Play = &p
	if len(problems) > 0 {
		j.Problems = problems
		return j, nil
	}
	j.Legal = true
	if len(pz.Answers) == 0 {
		return j, nil
	}
	if pz.Kind.Exact() {
		if m.Kind == engine.Play {
			m = engine.Check(board, &m, ts, lex, rack).Move
		}
		return j, judgeExact(pz, j, m)
	}
	// The answer valued as the play was, with the same leave table.
	answer := pz.Answers[0]
	if am, err := engine.ParseMove(answer.Move, board, ts); err == nil && pz.Kind == KindBest {
		if ap, probs := value(pz, lex, leaves, am); len(probs) == 0 && ap.Key == answer.Key {
			answer.Equity = ap.Equity
		}
	}
	g := Accept(pz, p, answer)
	j.Grade = &g
	if !g.Accepted {
		return j, nil
	}
	j.Correct = true
	j.Matched = &pz.Answers[0]
	for _, list := range [][]Play{pz.Answers, pz.Top, pz.Accepted} {
		for i := range list {
			if list[i].Key == p.Key && list[i].Score == p.Score {
				j.Matched = &list[i]
				return j, nil
			}
		}
	}
	j.Matched = &p
	return j, nil
}

// value is move m as a puzzle writes it, with its score and static equity (leaves valuing the
// tiles kept), or why it cannot be played on the puzzle's board with its rack. The first play
// of a game may be written down or across: its key is then the one the puzzle knows it by.
func value(pz *Puzzle, lex *lexicon.Lexicon, leaves equity.Leaves, m engine.Move) (Play, []engine.Problem) {
	ts := lex.Tiles
	board := pz.Position.Board
	rack := pz.Position.Racks[0]
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
			p := Play{Move: engine.FormatMove(&m, board, ts), Score: v.Score, Key: playKey(&m)}
			if m.Len > 0 {
				p.Coords, p.Word = engine.FormatCoords(&m), engine.FormatWord(&m, board, ts)
			}
			return p, v.Problems
		}
		leave, _ = analysis.LeaveAfter(rack, &m)
	case engine.Exchange:
		var ok bool
		if leave, ok = analysis.LeaveAfter(rack, &m); !ok {
			return Play{Move: engine.FormatMove(&m, board, ts), Key: playKey(&m)},
				[]engine.Problem{{Kind: engine.ProblemNotOnRack, Reason: i18n.E("puzzle.not_on_rack")}}
		}
	case engine.Pass:
		leave = rack
	}
	eq := float64(m.Score)
	if len(leave) > 0 {
		eq += leaves.LeaveValue(leave)
	}
	m.Equity = eq
	p := Play{Move: engine.FormatMove(&m, board, ts), Score: int(m.Score), Equity: num.Round2(eq), Loss: num.Round2(best - eq),
		Leave: ts.Notation(lexicon.Alphagram(leave)), Key: playKey(&m)}
	if m.Kind == engine.Play {
		p.Coords, p.Word, p.Tiles = engine.FormatCoords(&m), engine.FormatWord(&m, board, ts), int(m.Placed)
		if board.Tiles == 0 && !pz.knows(p.Key) {
			if k := transposedKey(&m); pz.knows(k) {
				p.Key = k
			}
		}
	}
	return p, nil
}

// knows reports whether key is one of the puzzle's plays (answers, top, accepted, simulated).
func (pz *Puzzle) knows(key string) bool {
	for _, list := range [][]Play{pz.Answers, pz.Top, pz.Accepted} {
		for i := range list {
			if list[i].Key == key {
				return true
			}
		}
	}
	if pz.Sim != nil {
		for _, s := range pz.Sim.Plays {
			if s.Key == key {
				return true
			}
		}
	}
	return false
}

// rackMakes reports whether a word typed alone could be a play of the whole rack: the rack
// supplies as many of its tiles as a bingo takes from it (all of the rack, or all of a shorter
// word), blanks standing for any letter; the rest may be on the board.
func rackMakes(rack, word []lexicon.Tile) bool {
	var have [lexicon.MaxLetters + 1]int
	blanks := 0
	for _, t := range rack {
		if t == lexicon.Blank {
			blanks++
		} else {
			have[t.Letter()]++
		}
	}
	supplied := 0
	for _, t := range word {
		switch l := t.Letter(); {
		case !t.IsBlanked() && have[l] > 0:
			have[l]--
			supplied++
		case blanks > 0:
			blanks--
			supplied++
		}
	}
	return supplied >= min(len(word), len(rack))
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

// judgeExact grades a legal play of an exact puzzle, valuing it first (pz.solve) when the
// puzzle does not list it.
func judgeExact(pz *Puzzle, j *Judgement, m engine.Move) error {
	if pz.Exact == nil || len(pz.Answers) == 0 {
		return nil
	}
	p := *j.Play
	// A play not listed, or listed with a bound that does not rule it out, is solved.
	known := pz.Exact.find(p)
	unsure := known == nil || known.AtMost && known.Value >= pz.Exact.Value
	if unsure && pz.solve != nil && (m.Kind == engine.Play || pz.Kind == KindEndgame) {
		m.Score = int32(p.Score)
		ep, err := pz.solve(m)
		if err != nil {
			return err
		}
		if ep != nil {
			ep.Play = p
			if known != nil {
				ep.Play = known.Play
				*known = *ep
			} else {
				pz.Exact.Plays = append(pz.Exact.Plays, *ep)
			}
		}
	}
	g := Accept(pz, p, pz.Answers[0])
	j.Grade = &g
	if g.Accepted {
		j.Correct = true
		j.Matched = &pz.Answers[0]
		for i := range pz.Answers {
			if pz.Answers[i].Key == p.Key && pz.Answers[i].Score == p.Score {
				j.Matched = &pz.Answers[i]
			}
		}
	}
	return nil
}
