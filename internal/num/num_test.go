package num

import "testing"

func TestRound2(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want float64 }{
		{0, 0}, {2.345, 2.35}, {-2.345, -2.35}, {1.004, 1}, {-1.006, -1.01}, {12.5, 12.5}, {0.125, 0.13},
	} {
		if got := Round2(c.in); got != c.want {
			t.Errorf("Round2(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
