package puzzles

import (
	"math"

	"github.com/atril-scrabble/atril/internal/num"
)

// Figure names the value that decides whether a play is as good as a puzzle's answer.
type Figure string

const (
	// FigureSim: the simulated equity, where the puzzle was checked by simulation and both the
	// play and the answer were among the plays simulated.
	FigureSim Figure = "simulated"
	// FigureStatic: static equity (the score plus the value of the tiles kept).
	FigureStatic Figure = "static"
	// FigureBingo: a find-the-bingo puzzle, where every bingo placement is an answer.
	FigureBingo Figure = "bingo"
	// FigureExact: an endgame puzzle, the exact spread from here to the end of the game.
	FigureExact Figure = "exact"
	// FigurePreEndgame: a pre-endgame puzzle, the chance of winning over every draw, then the
	// expected spread.
	FigurePreEndgame Figure = "preendgame"
)

// Grade is how a legal play compares with a puzzle's answer under Accept.
type Grade struct {
	Accepted bool   `json:"accepted"`
	Figure   Figure `json:"figure"`
	// Value and Answer are the play's and the answer's value by Figure; Below is Answer − Value
	// (0 or less: as good or better). Tolerance is the puzzle's. All 0 for a bingo puzzle.
	Value     float64 `json:"value"`
	Answer    float64 `json:"answer"`
	Below     float64 `json:"below"`
	Tolerance float64 `json:"tolerance"`
	// Exact puzzles: AtMost says Value is a bound (the play is worth at most that), Known false
	// that the play's value is not known (it is below the answer: not among the plays
	// valued); Win and AnswerWin are a pre-endgame's chances of winning.
	AtMost    bool    `json:"at_most,omitempty"`
	Known     bool    `json:"known,omitempty"`
	Win       float64 `json:"win,omitempty"`
	AnswerWin float64 `json:"answer_win,omitempty"`
}

// Tolerance is how far below the answer's value a play of puzzle pz may be and still be
// right: the --accept the puzzle was made with, DefaultAccept for puzzles made before atril
// recorded it.
func (pz *Puzzle) Tolerance() float64 {
	if pz.Accept != nil {
		return max(0, *pz.Accept)
	}
	return DefaultAccept
}

// Accept is atril's one rule for whether a legal play is a right answer to puzzle pz; every
// front end (atril puzzle, puzzle answer, their JSON, a web page) gets it through Judge, and
// the solution lists the plays it accepts (AcceptedPlays). answer is pz's answer valued as
// play was (with the same leave table).
//
//   - Find the bingo: every placement of all seven tiles is right, nothing else.
//   - Best play: the answer, and any play whose value is at least the answer's minus the
//     puzzle's tolerance (Tolerance: 1 point unless made with another --accept). The value is
//     the simulated equity when the puzzle was checked by simulation and both plays were
//     simulated, else static equity, the same figure for both. So an equal value is always
//     right, and a play worse by more than the tolerance never is, whatever else the
//     simulation kept in the running.
//   - Endgame: every first play whose exact value (the spread from here to the end of the
//     game against the best defence) equals the optimum; nothing else, whatever it scores.
//   - Pre-endgame: every tile play with the best chance of winning over the draws (a tie
//     counting half) and an expected spread at most the puzzle's tolerance below the best's
//     (1 point unless made with another --peg-accept). Passing and exchanging are not valued.
func Accept(pz *Puzzle, play, answer Play) Grade {
	same := play.Key == answer.Key && play.Score == answer.Score
	if pz.Kind.Exact() {
		return acceptExact(pz, play)
	}
	if pz.Kind == KindBingo {
		g := Grade{Figure: FigureBingo}
		for _, a := range pz.Answers {
			if a.Key == play.Key && a.Score == play.Score {
				g.Accepted = true
			}
		}
		return g
	}
	g := Grade{Figure: FigureStatic, Value: play.Equity, Answer: answer.Equity, Tolerance: pz.Tolerance()}
	if v, ok := pz.simEquity(play.Key); ok {
		if a, ok := pz.simEquity(answer.Key); ok {
			g.Figure, g.Value, g.Answer = FigureSim, v, a
		}
	}
	// Figures are kept to the hundredth: compare them so, lest 39.9 and 39.9 differ by a
	// rounding error.
	g.Below = num.Round2(g.Answer - g.Value)
	g.Accepted = same || g.Below <= g.Tolerance+1e-9
	if same {
		g.Below = 0
	}
	return g
}

// simEquity is the simulated equity of the play with key, when the puzzle's simulation has it.
func (pz *Puzzle) simEquity(key string) (float64, bool) {
	if pz.Sim == nil {
		return 0, false
	}
	for _, s := range pz.Sim.Plays {
		if s.Key == key && !math.IsNaN(s.Equity) {
			return s.Equity, true
		}
	}
	return 0, false
}

// AcceptedPlays are the plays among the engine's top and the simulated ones, other than the
// answers, that Accept takes as right, by the puzzle's own figures.
func (pz *Puzzle) AcceptedPlays() []Play {
	return pz.acceptedAmong(append(append([]Play(nil), pz.Top...), pz.Accepted...))
}

// acceptedAmong are the plays of plays, other than the answer, that Accept takes as right.
func (pz *Puzzle) acceptedAmong(plays []Play) []Play {
	if pz.Kind.Exact() && len(pz.Answers) > 0 {
		return pz.Answers[1:] // every play Accept takes is an answer
	}
	if pz.Kind != KindBest || len(pz.Answers) == 0 {
		return nil
	}
	ans := pz.Answers[0]
	var out []Play
	seen := map[string]bool{ans.Key: true}
	for _, pl := range plays {
		if seen[pl.Key] {
			continue
		}
		seen[pl.Key] = true
		if Accept(pz, pl, ans).Accepted {
			out = append(out, pl)
		}
	}
	return out
}

// acceptExact is Accept for an endgame or pre-endgame puzzle, by the values the puzzle stores
// (and those Judge added by solving a play it did not list).
func acceptExact(pz *Puzzle, play Play) Grade {
	ed := pz.Exact
	g := Grade{Figure: FigureExact}
	if pz.Kind == KindPreEndgame {
		g.Figure = FigurePreEndgame
	}
	if ed == nil {
		return g
	}
	g.Answer, g.AnswerWin, g.Tolerance = ed.Value, ed.Win, ed.Accept
	ep := ed.find(play)
	if ep == nil {
		// Not among the plays valued: an endgame play worth less than the optimum (the plays
		// not listed are), a pre-endgame pass or exchange.
		return g
	}
	g.Known = true
	g.Value, g.Win, g.AtMost = ep.Value, ep.Win, ep.AtMost
	g.Below = num.Round2(g.Answer - g.Value)
	if pz.Kind == KindPreEndgame {
		g.Accepted = pegRight(ep.Win, ep.Value, ed.Win, ed.Value, ed.Accept)
	} else {
		g.Accepted = !ep.AtMost && ep.Value == ed.Value
	}
	return g
}

// find is the valued play that play is.
func (ed *ExactData) find(play Play) *ExactPlay {
	for i := range ed.Plays {
		if p := &ed.Plays[i]; p.Key == play.Key && p.Score == play.Score {
			return p
		}
	}
	return nil
}
