package gcg

import (
	"strconv"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// Source is where a position to study is read from: a CGP, or a game record's file at a turn.
type Source struct {
	CGP  string
	File string // a GCG file
	Turn int    // the record's events replayed; < 0: all of them
}

// SourceProblem says what is wrong with a Source.
type SourceProblem uint8

const (
	SourceMissing     SourceProblem = iota // neither a CGP nor a file, or both
	SourceTurnWithCGP                      // a turn, which only a record has, with a CGP
	SourceTurnRange                        // a turn beyond the record's events (Max)
	SourceBadCGP                           // a CGP that could not be read (Err)
)

// SourceError is a Source refused: Problem says why, Turn and Max (the record's events) for
// SourceTurnRange.
type SourceError struct {
	Problem   SourceProblem
	Turn, Max int
	File      string
	Err       error
}

func (e *SourceError) Error() string {
	switch {
	case e.Err != nil:
		return e.Err.Error()
	case e.Problem == SourceTurnRange:
		return e.File + ": no turn " + strconv.Itoa(e.Turn)
	}
	return "no position"
}

func (e *SourceError) Unwrap() error { return e.Err }

// Position reads the source's position on layout: the CGP's, or the record's after Turn
// events (its end when Turn < 0). A Source refused gives a *SourceError; a record that cannot
// be read or replayed, its own error.
func (s Source) Position(ts *lexicon.TileSet, layout *engine.Layout) (*engine.Position, error) {
	if (s.CGP == "") == (s.File == "") {
		return nil, &SourceError{Problem: SourceMissing}
	}
	if s.CGP != "" {
		if s.Turn >= 0 {
			return nil, &SourceError{Problem: SourceTurnWithCGP, Turn: s.Turn}
		}
		pos, err := engine.ParseCGP(s.CGP, ts, layout)
		if err != nil {
			return nil, &SourceError{Problem: SourceBadCGP, Err: err}
		}
		return pos, nil
	}
	g, err := ReadFile(s.File, ts)
	if err != nil {
		return nil, err
	}
	if s.Turn > g.Turns() {
		return nil, &SourceError{Problem: SourceTurnRange, Turn: s.Turn, Max: g.Turns(), File: s.File}
	}
	return g.Replay(ts, layout, s.Turn)
}
