package puzzles

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/equity"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/studystore"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// Service serves puzzles from the store and records every try, hint and give-up the moment it
// is made, with the rating change of a puzzle's first attempt.
type Service struct {
	Store *studystore.Store
	Lex   *lexicon.Lexicon
	// Table is the leave table in use (no Leaves: the hand-set model). Known are the other
	// tables this atril has (leavetable.Known). A puzzle's answers are valued with the table
	// it was made with when it is one of these, else with Table (see Valuation).
	Table  equity.Table
	Known  []equity.Table
	Layout *engine.Layout // nil: the standard board
}

// Filter selects the puzzles served.
type Filter struct {
	Kind   Kind
	Tag    puzzletag.Tag
	Source Source
	Deck   *DeckFilter
}

// ErrNoPuzzle: no unseen puzzle matches.
var ErrNoPuzzle = errors.New("no puzzle")

func (s *Service) layout() *engine.Layout {
	if s.Layout == nil {
		return engine.StandardLayout()
	}
	return s.Layout
}

func (s *Service) query(f Filter) studystore.PuzzleQuery {
	q := studystore.PuzzleQuery{Lexicon: s.Lex.Name, Tiles: s.Lex.Tiles.Name, Kind: string(f.Kind), Tag: string(f.Tag),
		Source: string(f.Source), Unseen: true}
	if f.Deck != nil {
		q.DeckID = f.Deck.ID
	}
	return q
}

// PlayerRating is the player's puzzle rating (a new one before any attempt) and the number of
// rated attempts.
func (s *Service) PlayerRating(ctx context.Context) (Rating, int, error) {
	r, n, err := s.Store.PlayerRating(ctx, studystore.PuzzleRating(NewRating()))
	return Rating(r), n, err
}

// Next is the unseen puzzle under the lexicon and tile set, matching f, whose rating is
// nearest the player's. ErrNoPuzzle when there is none.
func (s *Service) Next(ctx context.Context, f Filter) (*Puzzle, error) {
	r, _, err := s.PlayerRatingFor(ctx, f.Kind)
	if err != nil {
		return nil, err
	}
	q := s.query(f)
	q.Near = r.Rating
	rec, err := s.Store.NextPuzzle(ctx, q)
	if errors.Is(err, studystore.ErrNoPuzzle) {
		return nil, ErrNoPuzzle
	}
	if err != nil {
		return nil, err
	}
	return s.served(rec)
}

// served reads a stored puzzle and sets how its answers are valued.
func (s *Service) served(rec studystore.PuzzleRecord) (*Puzzle, error) {
	pz, err := fromRecord(rec, s.Lex.Tiles, s.layout())
	if err != nil {
		return nil, err
	}
	s.value(pz)
	if pz.Kind.Exact() {
		pz.solve = s.exactSolver(pz)
	}
	return pz, nil
}

// Unseen counts the unseen puzzles matching f.
func (s *Service) Unseen(ctx context.Context, f Filter) (int, error) {
	return s.Store.CountPuzzles(ctx, s.query(f))
}

// Puzzle is puzzle id; it must be of the service's lexicon and tile set.
func (s *Service) Puzzle(ctx context.Context, id int64) (*Puzzle, error) {
	rec, err := s.Store.Puzzle(ctx, id)
	if errors.Is(err, studystore.ErrNoPuzzle) {
		return nil, i18n.E("puzzle.no_such_puzzle", "ID", id)
	}
	if err != nil {
		return nil, err
	}
	if rec.Lexicon != s.Lex.Name || rec.Tiles != s.Lex.Tiles.Name {
		return nil, i18n.E("puzzle.other_lexicon", "ID", id, "Lexicon", rec.Lexicon, "Tiles", rec.Tiles,
			"Current", s.Lex.Name, "CurrentTiles", s.Lex.Tiles.Name)
	}
	return s.served(rec)
}

// Outcome is a try or a give-up as saved.
type Outcome struct {
	Judgement *Judgement // nil for giving up
	// Rated: this was the puzzle's first attempt and moved both ratings.
	Rated                     bool
	PlayerBefore, PlayerAfter Rating
	PuzzleBefore, PuzzleAfter Rating
	Saved                     bool // false for a bare word that fits several answers (not a try)
}

func rate(solved bool) studystore.RateFunc {
	return func(player, puzzle studystore.PuzzleRating) (studystore.PuzzleRating, studystore.PuzzleRating) {
		p, z := Rate(Rating(player), Rating(puzzle), solved)
		return studystore.PuzzleRating(p), studystore.PuzzleRating(z)
	}
}

// Answer judges a typed answer and saves it (see Judge; input that is not a move is an error
// and saves nothing), valuing its leave as pz.Valued says. took is the time since the puzzle
// was shown; session is the solving session (0: none).
func (s *Service) Answer(ctx context.Context, pz *Puzzle, input string, took time.Duration, session int64) (*Outcome, error) {
	if pz.Valued.leaves == nil {
		s.value(pz)
	}
	j, err := Judge(pz, s.Lex, pz.Valued.leaves, input)
	if err != nil {
		return nil, err
	}
	out := &Outcome{Judgement: j}
	if !j.Try() {
		return out, nil
	}
	a, err := s.Store.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{SessionID: session, PuzzleID: pz.ID, Lexicon: s.Lex.Name,
		Action: studystore.ActionAnswer, Answer: j.Input, Correct: j.Correct, Took: took},
		studystore.PuzzleRating(NewRating()), rate(j.Correct))
	if err != nil {
		return nil, err
	}
	return out, s.fill(ctx, out, pz, a)
}

// GiveUp saves giving up (a loss when it is the first attempt).
func (s *Service) GiveUp(ctx context.Context, pz *Puzzle, took time.Duration, session int64) (*Outcome, error) {
	a, err := s.Store.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{SessionID: session, PuzzleID: pz.ID, Lexicon: s.Lex.Name,
		Action: studystore.ActionGiveUp, Took: took}, studystore.PuzzleRating(NewRating()), rate(false))
	if err != nil {
		return nil, err
	}
	out := &Outcome{}
	return out, s.fill(ctx, out, pz, a)
}

// Hint saves that hint n was shown and returns it in p's language.
func (s *Service) Hint(ctx context.Context, pz *Puzzle, p *i18n.Printer, n int, took time.Duration, session int64) (string, error) {
	_, err := s.Store.RecordPuzzleAttempt(ctx, studystore.PuzzleAttempt{SessionID: session, PuzzleID: pz.ID, Lexicon: s.Lex.Name,
		Action: studystore.ActionHint, Answer: "hint " + strconv.Itoa(n), Took: took}, studystore.PuzzleRating{}, nil)
	if err != nil {
		return "", err
	}
	return Hint(pz, p, n), nil
}

// fill sets the ratings: before and after a rated attempt, the current ones (unchanged)
// otherwise.
func (s *Service) fill(ctx context.Context, out *Outcome, pz *Puzzle, a studystore.PuzzleAttempt) error {
	out.Saved = true
	out.Rated = a.Rated
	if a.Rated {
		out.PlayerBefore, out.PlayerAfter = Rating(a.PlayerBefore), Rating(a.PlayerAfter)
		out.PuzzleBefore, out.PuzzleAfter = Rating(a.PuzzleBefore), Rating(a.PuzzleAfter)
		pz.Rating = out.PuzzleAfter
		return nil
	}
	r, _, err := s.PlayerRatingFor(ctx, pz.Kind)
	if err != nil {
		return err
	}
	rec, err := s.Store.Puzzle(ctx, pz.ID)
	if err != nil {
		return err
	}
	out.PlayerBefore, out.PlayerAfter = r, r
	out.PuzzleBefore, out.PuzzleAfter = Rating(rec.Rating), Rating(rec.Rating)
	return nil
}
