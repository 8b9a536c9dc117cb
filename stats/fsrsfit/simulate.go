package fsrsfit

import (
	"math"
	"math/rand/v2"

	"github.com/atril-scrabble/atril/internal/srs"
)

// Simulation is a review log drawn from a player whose memory follows FSRS-6 with known
// weights: for tests (can the optimizer find them again?) and benchmarks.
type Simulation struct {
	Weights []float64 // the player's true weights
	Cards   int
	// Reviews per card at most (the first review and same-day relearning steps included), up
	// to 255.
	ReviewsPerCard int
	Days           int // cards are first seen over this many days
	Seed           uint64
}

// Run draws the log. Each card is first rated Again 20%, Hard 10%, Good 55%, Easy 15% of the
// time; a first Again or Hard and every lapse are followed by a same-day step rated Good. Each
// later review comes after go-fsrs's interval for 90% retention times a factor between 0.5 and 3
// (log-uniform: players review early and, more often, late); it is
// recalled with the probability the true weights predict, and then rated Hard 15%, Good 75%,
// Easy 10% of the time.
func (sim Simulation) Run() ([]Review, error) {
	mem, err := srs.NewMemory(sim.Weights)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(sim.Seed, sim.Seed^0x2545f4914f6cdd1d))
	days := max(sim.Days, 1)
	out := make([]Review, 0, sim.Cards*sim.ReviewsPerCard)
	for c := 0; c < sim.Cards; c++ {
		day := rng.IntN(days)
		k := 0
		add := func(delta, rating int) {
			out = append(out, Review{Card: int64(c), Order: (int64(day)*int64(sim.Cards)+int64(c))*256 + int64(k), DeltaT: delta, Rating: rating})
			k++
		}
		var first int
		switch x := rng.Float64(); {
		case x < 0.20:
			first = 1
		case x < 0.30:
			first = 2
		case x < 0.85:
			first = 3
		default:
			first = 4
		}
		add(-1, first)
		s, d, ivl := mem.Next(0, 0, 0, srs.Rating(first), 0.9)
		if first <= 2 && k < sim.ReviewsPerCard {
			add(0, 3)
			s, d, ivl = mem.Next(s, d, 0, srs.Good, 0.9)
		}
		for k < sim.ReviewsPerCard {
			delta := max(1, int(math.Round(ivl*math.Exp(math.Log(0.5)+math.Log(6)*rng.Float64()))))
			day += delta
			p := mem.Recall(float64(delta), s)
			rating := 1
			if rng.Float64() < p {
				switch x := rng.Float64(); {
				case x < 0.15:
					rating = 2
				case x < 0.90:
					rating = 3
				default:
					rating = 4
				}
			}
			add(delta, rating)
			s, d, ivl = mem.Next(s, d, delta, srs.Rating(rating), 0.9)
			if rating == 1 && k < sim.ReviewsPerCard {
				add(0, 3)
				s, d, ivl = mem.Next(s, d, 0, srs.Good, 0.9)
			}
		}
	}
	return out, nil
}
