package stats

import (
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Slope is the slope of a weighted least-squares line with its standard error and 95%
// confidence interval (Student's t with n-2 degrees of freedom).
type Slope struct {
	Slope     float64 `json:"slope"`
	Intercept float64 `json:"intercept"`
	SE        float64 `json:"se"`
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Points    int     `json:"points"`
}

// WLSSlope fits y = a + b·x by weighted least squares (weights w, nil for equal weights, taken
// as inverse variances up to one common factor, which the residuals estimate) and returns b with
// its interval. ok is false with fewer than three points with weight, or when x does not vary.
func WLSSlope(x, y, w []float64) (s Slope, ok bool) {
	n, sw := 0, 0.0
	for i := range x {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		if wi > 0 {
			n++
			sw += wi
		}
	}
	if n < 3 {
		return Slope{Points: n}, false
	}
	a, b := stat.LinearRegression(x, y, w, false)
	xm := stat.Mean(x, w)
	var sxx, sse float64
	for i := range x {
		wi := 1.0
		if w != nil {
			wi = w[i]
		}
		d := x[i] - xm
		sxx += wi * d * d
		r := y[i] - a - b*x[i]
		sse += wi * r * r
	}
	if !(sxx > 0) {
		return Slope{Points: n}, false
	}
	se := math.Sqrt(sse / float64(n-2) / sxx)
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 2)}.Quantile(0.975)
	return Slope{Slope: b, Intercept: a, SE: se, Low: b - t*se, High: b + t*se, Points: n}, true
}
