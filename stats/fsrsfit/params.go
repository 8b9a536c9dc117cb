package fsrsfit

import (
	"math"

	"github.com/atril-scrabble/atril/internal/srs"
)

// NumWeights is how many parameters FSRS-6 has.
const NumWeights = 21

// Defaults are FSRS-6's default parameters (go-fsrs's).
func Defaults() []float64 { return srs.DefaultWeights() }

// paramSpread is each parameter's published spread across users (fsrs-rs PARAMS_STDDEV): the
// L2 pull towards the starting parameters divides by its square, so that a parameter that
// varies a lot between players is free to move.
var paramSpread = [NumWeights]float64{
	6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
	1.03, 0.31, 0.32, 0.14, 0.27,
}

// initSMax bounds the initial stabilities w0..w3 (days).
const initSMax = 100.0

// paramRange is each parameter's allowed range (fsrs-rs's clipper, one relearning step, short-term
// memory on).
var paramRange = [NumWeights][2]float64{
	{sMin, initSMax}, {sMin, initSMax}, {sMin, initSMax}, {sMin, initSMax},
	{dMin, dMax},
	{0.001, 4}, {0.001, 4},
	{0.001, 0.75},
	{0, 4.5},
	{0, 0.8},
	{0.001, 3.5},
	{0.001, 5},
	{0.001, 0.25},
	{0.001, 0.9},
	{0, 4},
	{0, 1},
	{1, 6},
	{0, 2}, {0, 2},
	{0.01, 0.8},
	{0.1, 0.8},
}

// clip clamps every parameter into its range (NaN becomes the default).
func clip(w []float64) {
	def := Defaults()
	for i := range w {
		if math.IsNaN(w[i]) {
			w[i] = def[i]
		}
		w[i] = clamp(w[i], paramRange[i][0], paramRange[i][1])
	}
}
