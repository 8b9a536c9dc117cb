package puzzles

import (
	"context"
	"slices"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/engine/sim"
	"github.com/atril-scrabble/atril/internal/num"
	"github.com/atril-scrabble/atril/puzzles/puzzletag"
)

// What generation does with a best-play puzzle whose simulated winner is not its static answer.
const (
	DisagreeDrop = "drop" // leave the puzzle out
	DisagreeKeep = "keep" // keep it with the simulated winner as the answer
)

// Defaults of VerifyOptions.
const (
	DefaultSimCandidates = 5
	DefaultSimIterations = 400
	DefaultSimStopZ      = 2.58 // 99%, one candidate at a time
)

// VerifyOptions say how best-play puzzles are checked by simulation.
type VerifyOptions struct {
	Candidates int     // the top plays by static equity simulated (0: DefaultSimCandidates)
	Iterations int     // at most (0: DefaultSimIterations)
	Plies      int     // 0: sim.DefaultPlies
	StopZ      float64 // 0: DefaultSimStopZ
	Disagree   string  // DisagreeKeep (default) or DisagreeDrop
}

func (o VerifyOptions) withDefaults() VerifyOptions {
	if o.Candidates <= 0 {
		o.Candidates = DefaultSimCandidates
	}
	if o.Iterations <= 0 {
		o.Iterations = DefaultSimIterations
	}
	if o.Plies <= 0 {
		o.Plies = sim.DefaultPlies
	}
	if o.StopZ <= 0 {
		o.StopZ = DefaultSimStopZ
	}
	if o.Disagree == "" {
		o.Disagree = DisagreeKeep
	}
	return o
}

// SimConfig is the simulator configuration verification uses (one worker: generation runs
// one simulator per core).
func (o VerifyOptions) SimConfig() sim.Config {
	o = o.withDefaults()
	return sim.Config{Plies: o.Plies, MaxIterations: o.Iterations, StopZ: o.StopZ, Workers: 1}
}

// Verify simulates a best-play puzzle's top candidates (an.Top) on s and records the figures.
// When the simulated winner is the static answer the puzzle is confirmed; when it is not, the
// puzzle is dropped (keep false) under DisagreeDrop, or the winner becomes its answer under
// DisagreeKeep (the static answer is recorded, the tags follow the new answer). Either way the
// plays the simulation could not tell from its winner are accepted too. Bingo puzzles are not
// simulated (keep is true).
func (a *Analyzer) Verify(ctx context.Context, s *sim.Simulator, an *Analysis, o VerifyOptions, seed uint64) (keep bool, err error) {
	pz := an.Puzzle
	if pz == nil || pz.Kind != KindBest {
		return true, nil
	}
	o = o.withDefaults()
	cands := an.Top[:min(o.Candidates, len(an.Top))]
	if len(cands) < 2 {
		pz.Sim = &Verification{Outcome: Confirmed, Plies: s.Config().Plies}
		return true, nil
	}
	s.SetSeed(seed)
	res, err := s.Run(ctx, pz.Position, cands)
	if err != nil {
		return false, err
	}
	v := &Verification{Plies: s.Config().Plies, Iterations: res.Iterations}
	ts := a.lex.Tiles
	for i := range res.Candidates {
		c := &res.Candidates[i]
		v.Plays = append(v.Plays, SimPlay{
			Move: engine.FormatMove(&c.Move, pz.Position.Board, ts), Key: playKey(&c.Move), Static: num.Round2(c.Static),
			Equity: num.Round2(c.Equity.Mean), EquitySE: num.Round2(c.Equity.StdErr), Win: round4(c.Win.Mean), WinSE: round4(c.Win.StdErr),
			Iterations: c.Iterations, Dropped: c.Dropped,
		})
	}
	pz.Sim = v
	winner := res.Winner()
	// The plays accepted as right are those Accept takes: by their simulated equity, the
	// others (the static near-equals) by their static equity.
	accepted := func() []Play {
		plays := append(append([]Play(nil), pz.Accepted...), pz.Top...)
		for _, c := range res.Candidates {
			plays = append(plays, a.play(pz.Position.Board, &c.Move, an.Top[0].Equity))
		}
		return pz.acceptedAmong(plays)
	}
	if playKey(&winner.Move) == pz.Answers[0].Key && winner.Move.Score == int32(pz.Answers[0].Score) {
		v.Outcome = Confirmed
		pz.Accepted = accepted()
		return true, nil
	}
	if o.Disagree == DisagreeDrop {
		return false, nil
	}
	v.Outcome = Replaced
	v.Static = pz.Answers[0].Move
	pz.Answers = []Play{a.play(pz.Position.Board, &winner.Move, an.Top[0].Equity)}
	pz.Accepted = accepted()
	// Tags from the new answer; EQUITY from the simulated lead.
	a.tagBest(pz, &winner.Move, an.Top[0].Equity, an.scores)
	pz.Tags = slices.DeleteFunc(pz.Tags, func(t puzzletag.Tag) bool { return t == puzzletag.Equity })
	if len(res.Candidates) > 1 && winner.Equity.Mean-res.Candidates[1].Equity.Mean >= a.opts.Margin {
		pz.Tags = append([]puzzletag.Tag{puzzletag.Equity}, pz.Tags...)
	}
	return true, nil
}

func round4(x float64) float64 { return num.Round2(x*100) / 100 }
