package puzzles

import "math"

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
func Accept(pz *Puzzle, play, answer Play) Grade {
	same := play.Key == answer.Key && play.Score == answer.Score
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
	g.Below = round2(g.Answer - g.Value)
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
