package puzzles

import (
	"context"
)

// Session serves puzzles (Run) in a solving session it records in the store with the runner's
// filter; the session is ended whatever Run returns, after a cancelled ctx too.
func (r *Runner) Session(ctx context.Context) (*RunSummary, error) {
	session, err := r.Service.StartSession(ctx, r.Filter)
	if err != nil {
		return nil, err
	}
	sum, runErr := r.Run(ctx, session)
	endErr := r.Service.Store.EndSession(context.WithoutCancel(ctx), session)
	if runErr != nil {
		return sum, runErr
	}
	return sum, endErr
}

// UnplayableError: an answer is a move the rules refuse on the puzzle's board with its rack
// (Judgement.Unplayable). It is not an attempt: nothing was saved.
type UnplayableError struct{ Err error }

func (e *UnplayableError) Error() string { return e.Err.Error() }
func (e *UnplayableError) Unwrap() error { return e.Err }

// AnswerOnce judges move as an answer to puzzle id outside any session (a script's one
// answer) and saves it: the puzzle and the saved try's outcome. A move the rules refuse is an
// *UnplayableError, a bare word that fits several places the judgement's AmbiguousError; neither
// is saved.
func (s *Service) AnswerOnce(ctx context.Context, id int64, move string) (*Puzzle, *Outcome, error) {
	pz, err := s.Puzzle(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	out, err := s.Answer(ctx, pz, move, 0, 0)
	if err != nil {
		return pz, nil, err
	}
	if err := out.Judgement.Unplayable(); err != nil {
		return pz, nil, &UnplayableError{Err: err}
	}
	if !out.Saved {
		return pz, nil, out.Judgement.AmbiguousError()
	}
	return pz, out, nil
}
