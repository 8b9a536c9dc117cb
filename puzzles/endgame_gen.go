package puzzles

import (
	"context"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/movegen"
	"github.com/atril-scrabble/atril/internal/num"
)

// Generation of endgame and pre-endgame puzzles: self-play games go on to the end (the equity
// player's moves), every position with one tile in the bag or none being a candidate; game
// records give their turns with one tile in the bag or none; a CGP its one position.

// wantsExact reports whether the run makes endgame or pre-endgame puzzles.
func (o *GenOptions) wantsExact() bool {
	return slices.ContainsFunc(o.Kinds, Kind.Exact)
}

// wantsEquity reports whether the run makes bingo or best-play puzzles.
func (o *GenOptions) wantsEquity() bool {
	return slices.ContainsFunc(o.Kinds, func(k Kind) bool { return !k.Exact() })
}

// wantsExactAt reports whether a position with bag tiles in the bag is a candidate.
func (o *GenOptions) wantsExactAt(bag int) bool {
	return bag == 0 && slices.Contains(o.Kinds, KindEndgame) || bag == 1 && slices.Contains(o.Kinds, KindPreEndgame)
}

// exactTurn is a self-play turn once equity puzzles are not made: the puzzle of the position
// when it makes one, and the equity player's move.
func (w *genWorker) exactTurn(ctx context.Context, pos *engine.Position, j *job, r *jobResult) (*Puzzle, engine.Move, error) {
	best := w.staticBest(pos)
	if !w.plan.Options.wantsExactAt(pos.BagCount()) {
		return nil, best, nil
	}
	pz, err := w.exactPuzzle(ctx, pos, j, r)
	return pz, best, err
}

// staticBest is the equity player's move (the opponent's rack unknown to it).
func (w *genWorker) staticBest(pos *engine.Position) engine.Move {
	hidden := *pos
	hidden.Racks[1] = nil
	bag := max(0, len(hidden.UnseenTiles())-engine.RackSize)
	opts := movegen.Options{By: movegen.ByEquity, Leaves: w.plan.leaves, Top: 1, Pass: true, BagEmpty: bag == 0}
	if bag > 0 {
		opts.Exchanges = min(engine.RackSize, bag)
	}
	w.ex.gen.SetBoard(pos.Board)
	moves := w.ex.gen.Generate(pos.Racks[0], opts)
	if len(moves) == 0 {
		return engine.Move{Kind: engine.Pass}
	}
	return moves[0]
}

// exactPuzzle is the endgame or pre-endgame puzzle of a position (by the tiles in its bag),
// filtered as the run says; nil when it makes none.
func (w *genWorker) exactPuzzle(ctx context.Context, pos *engine.Position, j *job, r *jobResult) (*Puzzle, error) {
	o := &w.plan.Options
	bag := pos.BagCount()
	if !o.wantsExactAt(bag) {
		return nil, nil
	}
	r.positions++
	var pz *Puzzle
	var err error
	if bag == 0 {
		pz, err = w.ex.endgame(ctx, pos)
	} else {
		pz, err = w.ex.preendgame(ctx, pos)
	}
	if err != nil || pz == nil {
		return nil, err
	}
	pz.Position.SetOpcode("lex", w.plan.lex.Name)
	pz.Source, pz.SourceRef, pz.Player = j.source, j.ref, j.player
	if j.played != nil {
		// A player's own mistakes: the move made must not be right.
		p := exactPlay(w.plan.lex.Tiles, pz.Position.Board, pz.Position.Racks[0], &j.played.move)
		if Accept(pz, p, pz.Answers[0]).Accepted {
			return nil, nil
		}
		if ep := pz.Exact.find(p); ep != nil {
			p.Loss = num.Round2(pz.Exact.Value - ep.Value)
		}
		pz.Played = &p
	}
	if !w.keep(pz, w.plan.lex.Tiles) {
		r.filtered++
		return nil, nil
	}
	return pz, nil
}
