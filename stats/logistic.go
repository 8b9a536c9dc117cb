package stats

import (
	"errors"
	"math"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// Logit is a logistic regression fitted by maximum likelihood.
type Logit struct {
	// Coef are the coefficients, the intercept first, then one per feature column; SE their
	// standard errors (from the inverse of the Fisher information at the optimum).
	Coef   []float64
	SE     []float64
	LogLik float64 // log-likelihood at the optimum
	N      int     // rows fitted
}

// ErrNoFit is returned when a logistic regression cannot be fitted: too few rows, a feature
// that never varies, or every answer the same.
var ErrNoFit = errors.New("stats: the model cannot be fitted to these answers")

// FitLogit fits P(y = 1 | x) = 1 / (1 + e^-(b0 + b·x)) to n rows of p features (x holds them
// row by row: x[i*p+j]) and outcomes y (0 or 1), by Newton's method in gonum/optimize on the
// negative log-likelihood with its gradient and Hessian.
func FitLogit(x []float64, p int, y []float64) (Logit, error) {
	n := len(y)
	if p < 0 || len(x) != n*p || n <= p+1 {
		return Logit{}, ErrNoFit
	}
	k := p + 1
	// Newton steps are scale-free, but the line search and the convergence test are not:
	// fit on centred and scaled columns, then map back.
	mean := make([]float64, p)
	sd := make([]float64, p)
	for i := range n {
		for j := range p {
			mean[j] += x[i*p+j]
		}
	}
	for j := range p {
		mean[j] /= float64(n)
	}
	for i := range n {
		for j := range p {
			d := x[i*p+j] - mean[j]
			sd[j] += d * d
		}
	}
	for j := range p {
		sd[j] = math.Sqrt(sd[j] / float64(n))
		if !(sd[j] > 0) {
			return Logit{}, ErrNoFit
		}
	}
	z := make([]float64, n*p)
	for i := range n {
		for j := range p {
			z[i*p+j] = (x[i*p+j] - mean[j]) / sd[j]
		}
	}
	ll := newLogLik(z, p, y)
	problem := optimize.Problem{
		Func: func(b []float64) float64 { return ll.eval(b, nil, nil) },
		Grad: func(g, b []float64) { ll.eval(b, g, nil) },
		Hess: func(h *mat.SymDense, b []float64) { ll.eval(b, nil, h) },
	}
	res, err := optimize.Minimize(problem, make([]float64, k), &optimize.Settings{
		GradientThreshold: 1e-9 * float64(n), MajorIterations: 200,
	}, &optimize.Newton{})
	if err != nil && res == nil {
		return Logit{}, ErrNoFit
	}
	bz := res.X
	for _, v := range bz {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 50 {
			return Logit{}, ErrNoFit // separated: the likelihood has no maximum
		}
	}
	// Back to the original scale.
	coef := make([]float64, k)
	coef[0] = bz[0]
	for j := range p {
		coef[j+1] = bz[j+1] / sd[j]
		coef[0] -= bz[j+1] * mean[j] / sd[j]
	}
	// Standard errors: the inverse Fisher information X'WX, in the original scale.
	raw := newLogLik(x, p, y)
	info := mat.NewSymDense(k, nil)
	nll := raw.eval(coef, nil, info)
	var cov mat.Dense
	if err := cov.Inverse(info); err != nil {
		return Logit{}, ErrNoFit
	}
	se := make([]float64, k)
	for j := range k {
		v := cov.At(j, j)
		if !(v > 0) {
			return Logit{}, ErrNoFit
		}
		se[j] = math.Sqrt(v)
	}
	return Logit{Coef: coef, SE: se, LogLik: -nll, N: n}, nil
}

// logLik evaluates the negative log-likelihood of a logistic model over rows split among the
// cores.
type logLik struct {
	x     []float64
	p     int
	y     []float64
	parts int
}

func newLogLik(x []float64, p int, y []float64) *logLik {
	parts := runtime.GOMAXPROCS(0)
	if len(y) < 20_000 {
		parts = 1
	}
	return &logLik{x: x, p: p, y: y, parts: parts}
}

// eval returns the negative log-likelihood at b and, when asked, its gradient and Hessian.
func (l *logLik) eval(b []float64, grad []float64, hess *mat.SymDense) float64 {
	k := l.p + 1
	type partial struct {
		f float64
		g []float64
		h []float64
	}
	parts := make([]partial, l.parts)
	n := len(l.y)
	var wg sync.WaitGroup
	for w := range l.parts {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			pt := &parts[w]
			if grad != nil {
				pt.g = make([]float64, k)
			}
			if hess != nil {
				pt.h = make([]float64, k*k)
			}
			row := make([]float64, k)
			row[0] = 1
			for i := w * n / l.parts; i < (w+1)*n/l.parts; i++ {
				copy(row[1:], l.x[i*l.p:(i+1)*l.p])
				eta := 0.0
				for j, v := range row {
					eta += b[j] * v
				}
				// log(1 + e^eta) - y·eta, computed without overflow.
				var lse float64
				if eta > 0 {
					lse = eta + math.Log1p(math.Exp(-eta))
				} else {
					lse = math.Log1p(math.Exp(eta))
				}
				pt.f += lse - l.y[i]*eta
				if grad == nil && hess == nil {
					continue
				}
				prob := 1 / (1 + math.Exp(-eta))
				if pt.g != nil {
					r := prob - l.y[i]
					for j, v := range row {
						pt.g[j] += r * v
					}
				}
				if pt.h != nil {
					wt := prob * (1 - prob)
					for a := range k {
						for c := a; c < k; c++ {
							pt.h[a*k+c] += wt * row[a] * row[c]
						}
					}
				}
			}
		}(w)
	}
	wg.Wait()
	f := 0.0
	for _, pt := range parts {
		f += pt.f
	}
	for j := range grad {
		grad[j] = 0
		for _, pt := range parts {
			grad[j] += pt.g[j]
		}
	}
	if hess != nil {
		for a := range k {
			for c := a; c < k; c++ {
				s := 0.0
				for _, pt := range parts {
					s += pt.h[a*k+c]
				}
				hess.SetSym(a, c, s)
			}
		}
	}
	return f
}
