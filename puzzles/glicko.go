package puzzles

import "math"

// Rating is a Glicko-2 rating: the player's or a puzzle's.
type Rating struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// Woogles' puzzle settings (a sound start, as the issue says): every rating starts at 1500 with
// a deviation of 350 and a volatility of 0.06, τ is 0.5, and the deviation is kept between 60
// (so a rating never freezes) and 350.
const (
	InitialRating     = 1500
	InitialDeviation  = 350
	InitialVolatility = 0.06
	Tau               = 0.5
	MinDeviation      = 60
	MaxDeviation      = 350
)

// NewRating is a rating nobody has played yet.
func NewRating() Rating {
	return Rating{Rating: InitialRating, Deviation: InitialDeviation, Volatility: InitialVolatility}
}

// glickoScale turns Glicko ratings into Glicko-2's scale and back.
const glickoScale = 173.7178

// Result is one game of a rating period: the opponent's rating before it and the score (1 won,
// 0 lost, 0.5 drawn).
type Result struct {
	Opponent Rating
	Score    float64
}

// Update is Glickman's Glicko-2 update of r after a rating period with these games ("Example of
// the Glicko-2 system", 2013, steps 1 to 8), with τ = Tau. With no games only the deviation
// grows. The deviation is not bounded here: see Bounded.
func Update(r Rating, games []Result) Rating {
	mu := (r.Rating - 1500) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(games) == 0 {
		r.Deviation = math.Sqrt(phi*phi+sigma*sigma) * glickoScale
		return r
	}
	// Steps 3 and 4: the estimated variance v and the improvement Δ.
	var vInv, sum float64
	for _, gm := range games {
		muJ := (gm.Opponent.Rating - 1500) / glickoScale
		phiJ := gm.Opponent.Deviation / glickoScale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (gm.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	const eps = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	newSigma := math.Exp(A / 2)
	// Steps 6 to 8: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + newSigma*newSigma)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	newMu := mu + newPhi*newPhi*sum
	return Rating{Rating: newMu*glickoScale + 1500, Deviation: newPhi * glickoScale, Volatility: newSigma}
}

// Bounded keeps the deviation between MinDeviation and MaxDeviation.
func (r Rating) Bounded() Rating {
	r.Deviation = math.Max(MinDeviation, math.Min(MaxDeviation, r.Deviation))
	return r
}

// Rate is one rated attempt: the player against the puzzle, each updated from both ratings as
// they were before (a rating period of one game each), deviations bounded. solved is the
// player's win.
func Rate(player, puzzle Rating, solved bool) (newPlayer, newPuzzle Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	newPlayer = Update(player, []Result{{Opponent: puzzle, Score: s}}).Bounded()
	newPuzzle = Update(puzzle, []Result{{Opponent: player, Score: 1 - s}}).Bounded()
	return newPlayer, newPuzzle
}
