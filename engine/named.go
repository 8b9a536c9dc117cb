package engine

import (
	"slices"

	"github.com/atril-scrabble/atril/lexicon"
)

// PlayRefusal says why a move named for the side to move was refused.
type PlayRefusal uint8

const (
	PlayUnreadable PlayRefusal = iota // not in the notation (Err says why)
	PlayNotAllowed                    // a pass or an exchange where the caller takes none (Move.Kind)
	PlayIllegal                       // a play that is not legal here (Err: its first problem)
)

// PlayError is a move named for the side to move (Play, as written) that was refused.
type PlayError struct {
	Play string
	Why  PlayRefusal
	Move Move // as read (PlayNotAllowed, PlayIllegal)
	Err  error
}

func (e *PlayError) Error() string {
	if e.Err != nil {
		return e.Play + ": " + e.Err.Error()
	}
	return e.Play
}

func (e *PlayError) Unwrap() error { return e.Err }

// NamedMoves reads moves named for the side to move of pos (its first rack): plays, checked
// legal with words and returned as the validator made them (blanks assigned, scored), and
// the passes or exchanges of the kinds allowed. The first move refused gives a *PlayError.
func NamedMoves(names []string, pos *Position, ts *lexicon.TileSet, words WordList, allowed ...MoveKind) ([]Move, error) {
	var out []Move
	for _, s := range names {
		m, err := ParseMove(s, pos.Board, ts)
		if err != nil {
			return nil, &PlayError{Play: s, Why: PlayUnreadable, Err: err}
		}
		if m.Kind != Play && !slices.Contains(allowed, m.Kind) {
			return nil, &PlayError{Play: s, Why: PlayNotAllowed, Move: m}
		}
		if m.Kind == Play {
			v := Check(pos.Board, &m, ts, words, pos.Racks[0])
			if !v.Legal {
				return nil, &PlayError{Play: s, Why: PlayIllegal, Move: m, Err: v.Problems[0].Reason}
			}
			m = v.Move
		}
		out = append(out, m)
	}
	return out, nil
}
