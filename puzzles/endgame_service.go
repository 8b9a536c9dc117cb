package puzzles

import (
	"context"
	"time"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/endgame"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/internal/studystore"
)

// AnswerSolveTime bounds the search that values a typed play an exact puzzle does not list
// (a play below the answer; the answers and the plays that matter are stored): past it the
// player is told a bound.
const AnswerSolveTime = 20 * time.Second

// exactSolver is what Service uses to value such a play: an exact solve of that one first play.
func (s *Service) exactSolver(pz *Puzzle) func(m engine.Move) (*ExactPlay, error) {
	lex, layout := s.Lex, s.layout()
	return func(m engine.Move) (*ExactPlay, error) {
		ctx, cancel := context.WithTimeout(context.Background(), AnswerSolveTime)
		defer cancel()
		cfg := endgame.Config{Lexicon: lex, Layout: layout, TableBytes: 64 << 20}
		if pz.Kind == KindPreEndgame {
			res, err := endgame.PreEndgame(ctx, cfg, pz.Position, endgame.PegOptions{Only: []engine.Move{m}})
			if err != nil || len(res.Plays) != 1 || !res.Complete {
				return nil, nil // not valued: judged below the answer
			}
			p := res.Plays[0]
			return &ExactPlay{Value: num.Round2(p.Value), Win: p.Win}, nil
		}
		sv, err := endgame.New(cfg)
		if err != nil {
			return nil, err
		}
		res, err := sv.Solve(ctx, pz.Position, endgame.Options{Only: []engine.Move{m}})
		if err != nil {
			return nil, nil
		}
		ep := &ExactPlay{Value: float64(res.Best.Value), AtMost: res.Best.Bound != endgame.Exact || !res.Proven}
		if !ep.AtMost {
			ep.Line, ep.End = line(lex.Tiles, pz.Position.Board, res.Best.Line)
		}
		return ep, nil
	}
}

// RatingKind is the player's rating a puzzle of kind k moves: one for the equity puzzles
// (bingo and best play, as before), one for each exact kind.
func RatingKind(k Kind) string { return studystore.PuzzleRatingKindOf(string(k)) }

// PlayerRatingFor is the player's rating of kind k's puzzles ("" the bingo and best-play one)
// and its rated attempts.
func (s *Service) PlayerRatingFor(ctx context.Context, k Kind) (Rating, int, error) {
	r, n, err := s.Store.PlayerRatingOf(ctx, RatingKind(k), studystore.PuzzleRating(NewRating()))
	return Rating(r), n, err
}
