// Package num holds atril's small number helpers shared by every layer (the one rounding of
// figures written to JSON and reports). It is a leaf: it imports nothing of atril's, so that any
// package may use it.
package num

// Round2 rounds x to two decimals, halves away from zero, as results' JSON writes figures.
func Round2(x float64) float64 {
	if x < 0 {
		return -float64(int64(-x*100+0.5)) / 100
	}
	return float64(int64(x*100+0.5)) / 100
}
