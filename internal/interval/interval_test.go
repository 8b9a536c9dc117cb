package interval

import (
	"math"
	"testing"
)

func TestWilsonProportions(t *testing.T) {
	t.Parallel()
	// Wilson's formula worked by hand: 50/100 -> [0.4038, 0.5962]; 0/10 -> [0, 0.2775];
	// a fractional count (ties counted half): 2.5/5 is the same interval as 50% of 5.
	tests := []struct{ k, n, lo, hi float64 }{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{2.5, 5, 0.1704, 0.8296},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-4 || math.Abs(hi-tc.hi) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = [%.4f, %.4f], want [%.4f, %.4f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// Z is the two-sided quantile: 95% is Z95, 99% about 2.5758, 0 is 0.
func TestZ(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ conf, z float64 }{{0.95, Z95}, {0.99, 2.5758293035489}, {0, 0}, {0.6827, 1.0000}} {
		if z := Z(tc.conf); math.Abs(z-tc.z) > 1e-4 {
			t.Errorf("Z(%v) = %v, want %v", tc.conf, z, tc.z)
		}
	}
}
