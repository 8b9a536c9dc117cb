// Package interval holds atril's confidence intervals: Wilson's for proportions (the one
// interval for a rate in atril) and the normal quantiles. It owns these formulas and nothing
// else; it is a leaf: it imports nothing of atril's, so that any package may use it.
package interval

import "math"

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson is the 95% Wilson score interval of a proportion: k successes in n trials (k may be
// fractional, as when a tie counts half). Unlike p ± z·se it stays inside 0..1 and is honest about
// small n: 0 of 0 gives 0..1. The one interval for proportions in atril.
func Wilson(k, n float64) (low, high float64) {
	return WilsonZ(k, n, Z95)
}

// WilsonZ is Wilson at z standard deviations.
func WilsonZ(k, n, z float64) (low, high float64) {
	if !(n > 0) {
		return 0, 1
	}
	p := k / n
	z2 := z * z
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// Z is the two-sided standard normal quantile of a confidence level conf in [0, 1): Z(0.95) is
// Z95. A stopping rule "99% sure" compares a difference with Z(0.99) standard errors.
func Z(conf float64) float64 { return math.Sqrt2 * math.Erfinv(conf) }
