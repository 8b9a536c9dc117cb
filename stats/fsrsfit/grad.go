package fsrsfit

import "math"

// The optimizer's forward pass through FSRS-6's memory model, with the gradient of the loss by
// reverse-mode differentiation along each card's reviews. The formulas are FSRS-6's as go-fsrs
// and fsrs-rs implement them (TestForwardMatchesGoFSRS holds them to go-fsrs, TestGradient to
// finite differences); only their derivatives are written out here.

const (
	sMin    = 0.001
	sMax    = 36500.0
	dMin    = 1.0
	dMax    = 10.0
	probMin = 1e-7
	probMax = 1 - 1e-7
)

// model holds the parameters and what depends on them alone.
type model struct {
	w        [NumWeights]float64
	factor   float64 // 0.9^(-1/w20) - 1: R(S, S) = 0.9
	dFactor  float64 // d factor / d w20
	expW8    float64
	floorDiv float64 // e^(w17·w18): a lapse leaves at most S / this
	easyD    float64 // initial difficulty of an Easy first review (mean reversion's target)
	exp3w5   float64
}

func newModel(w []float64) *model {
	m := &model{}
	copy(m.w[:], w)
	w20 := m.w[20]
	m.factor = math.Pow(0.9, -1/w20) - 1
	m.dFactor = (m.factor + 1) * math.Log(0.9) / (w20 * w20)
	m.expW8 = math.Exp(m.w[8])
	m.floorDiv = math.Exp(m.w[17] * m.w[18])
	m.exp3w5 = math.Exp(3 * m.w[5])
	m.easyD = m.w[4] - m.exp3w5 + 1
	return m
}

// step branches.
const (
	brInit = iota
	brShort
	brFail
	brFloor
	brSuccess
)

// stepCache keeps what the backward pass needs of one review's transition.
type stepCache struct {
	s, d   float64 // state before the review (clamped)
	t      float64 // days since the previous review
	r      float64 // rating
	u      float64 // 1 + factor·t/s
	rec    float64 // retrievability at the review
	branch uint8
	sOK    bool    // the new stability was inside [sMin, sMax] (its gradient passes)
	dOK    bool    // the new difficulty was inside [dMin, dMax]
	newS   float64 // new stability before clamping
	a, b   float64 // branch values: success K·S and C·(Q+1); failure (S+1)^w13; short: sinc floored
	d1     float64 // difficulty after the rating's change, before mean reversion
}

func clamp(x, lo, hi float64) float64 { return math.Min(math.Max(x, lo), hi) }

// forward runs one card's reviews from scratch, filling cache (len ≥ len(rating)), and returns
// the final state. cache[k].rec is the predicted recall of review k (k ≥ 1).
func (m *model) forward(rating []int8, delta []int32, cache []stepCache) (s, d float64) {
	w := &m.w
	for k := range rating {
		c := &cache[k]
		r := float64(rating[k])
		c.r = r
		if k == 0 {
			c.branch = brInit
			raw := w[rating[k]-1]
			c.newS = raw
			c.sOK = raw >= sMin && raw <= sMax
			s = clamp(raw, sMin, sMax)
			d0 := w[4] - math.Exp(w[5]*(r-1)) + 1
			c.dOK = d0 >= dMin && d0 <= dMax
			d = clamp(d0, dMin, dMax)
			continue
		}
		c.s, c.d = s, d
		t := float64(delta[k])
		c.t = t
		c.u = 1 + m.factor*t/s
		c.rec = math.Pow(c.u, -w[20])
		var ns float64
		switch {
		case t == 0:
			c.branch = brShort
			sinc := math.Exp(w[17]*(r-3+w[18])) * math.Pow(s, -w[19])
			c.b = 0
			if r >= 2 && sinc < 1 {
				sinc = 1
				c.b = 1 // floored: no gradient but through s
			}
			ns = s * sinc
		case r == 1:
			a := math.Pow(s+1, w[13])
			fail := w[11] * math.Pow(d, -w[12]) * (a - 1) * math.Exp(w[14]*(1-c.rec))
			floor := s / m.floorDiv
			if fail < floor {
				c.branch = brFail
				c.a = a
				ns = fail
			} else {
				c.branch = brFloor
				ns = floor
			}
		default:
			c.branch = brSuccess
			bonus := 1.0
			switch r {
			case 2:
				bonus = w[15]
			case 4:
				bonus = w[16]
			}
			e := math.Exp(w[10] * (1 - c.rec))
			cc := s * m.expW8 * (11 - d) * math.Pow(s, -w[9]) * bonus // C: new = s + C·(e-1)
			c.a = cc * (e - 1)                                        // S·K
			c.b = cc * e
			ns = s + c.a
		}
		c.newS = ns
		c.sOK = ns >= sMin && ns <= sMax
		// Difficulty.
		c.d1 = d - w[6]*(r-3)*(10-d)/9
		d2 := w[7]*m.easyD + (1-w[7])*c.d1
		c.dOK = d2 >= dMin && d2 <= dMax
		s = clamp(ns, sMin, sMax)
		d = clamp(d2, dMin, dMax)
	}
	return s, d
}

// cardLossGrad adds one card's weighted cross-entropy to the loss and its gradient to g.
// weight[k] > 0 marks review k as a prediction (never k = 0).
func (m *model) cardLossGrad(rating []int8, delta []int32, weight []float64, cache []stepCache, g *[NumWeights]float64) float64 {
	n := len(rating)
	m.forward(rating, delta, cache[:n])
	w := &m.w
	loss := 0.0
	var gs, gd float64 // adjoints of the state after review k
	for k := n - 1; k >= 0; k-- {
		c := &cache[k]
		if c.branch == brInit {
			if c.sOK {
				g[rating[k]-1] += gs
			}
			if c.dOK {
				g[4] += gd
				g[5] -= gd * math.Exp(w[5]*(c.r-1)) * (c.r - 1)
			}
			break
		}
		// Loss at this review (it predicts with the state before it).
		gRec := 0.0
		if wt := weight[k]; wt > 0 {
			y := 0.0
			if c.r > 1 {
				y = 1
			}
			p := clamp(c.rec, probMin, probMax)
			loss -= wt * (y*math.Log(p) + (1-y)*math.Log(1-p))
			if c.rec > probMin && c.rec < probMax {
				gRec = -wt * (y/p - (1-y)/(1-p))
			}
		}
		// Through the new stability.
		var gsPrev, gdPrev float64
		if c.sOK && gs != 0 {
			s, d, r := c.s, c.d, c.r
			switch c.branch {
			case brShort:
				if c.b == 1 {
					gsPrev += gs
				} else {
					ns := c.newS
					gsPrev += gs * (1 - w[19]) * ns / s
					g[17] += gs * ns * (r - 3 + w[18])
					g[18] += gs * ns * w[17]
					g[19] -= gs * ns * math.Log(s)
				}
			case brFail:
				fail := c.newS
				e := math.Exp(w[14] * (1 - c.rec))
				dp := math.Pow(d, -w[12])
				g[11] += gs * fail / w[11]
				g[12] -= gs * fail * math.Log(d)
				gdPrev -= gs * w[12] * fail / d
				g[13] += gs * w[11] * dp * e * c.a * math.Log(s+1)
				gsPrev += gs * w[11] * dp * e * w[13] * c.a / (s + 1)
				gRec -= gs * w[14] * fail
				g[14] += gs * fail * (1 - c.rec)
			case brFloor:
				ns := c.newS
				gsPrev += gs / m.floorDiv
				g[17] -= gs * w[18] * ns
				g[18] -= gs * w[17] * ns
			case brSuccess:
				sk := c.a // S·K
				gsPrev += gs * (1 + (1-w[9])*sk/s)
				gdPrev -= gs * sk / (11 - d)
				gRec -= gs * w[10] * c.b
				g[10] += gs * (1 - c.rec) * c.b
				g[8] += gs * sk
				g[9] -= gs * sk * math.Log(s)
				switch r {
				case 2:
					g[15] += gs * sk / w[15]
				case 4:
					g[16] += gs * sk / w[16]
				}
			}
		}
		// Through the new difficulty.
		if c.dOK && gd != 0 {
			r, d := c.r, c.d
			gd1 := gd * (1 - w[7])
			g[7] += gd * (m.easyD - c.d1)
			g[4] += gd * w[7]
			g[5] -= gd * w[7] * 3 * m.exp3w5
			gdPrev += gd1 * (1 + w[6]*(r-3)/9)
			g[6] -= gd1 * (r - 3) * (10 - d) / 9
		}
		// Through the retrievability to the old stability and the decay.
		if gRec != 0 {
			s, t, u, rec := c.s, c.t, c.u, c.rec
			gsPrev += gRec * w[20] * rec * m.factor * t / (u * s * s)
			g[20] += gRec * rec * (-math.Log(u) - w[20]/u*(t/s)*m.dFactor)
		}
		gs, gd = gsPrev, gdPrev
	}
	return loss
}
