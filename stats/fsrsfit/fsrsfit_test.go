package fsrsfit

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/srs"
)

// randomWeights draws parameters inside their ranges, away from the edges (and with initial
// stabilities of at least 0.1, where go-fsrs and fsrs-rs agree).
func randomWeights(rng *rand.Rand) []float64 {
	w := make([]float64, NumWeights)
	for i, r := range paramRange {
		lo, hi := r[0], r[1]
		if i < 4 {
			lo, hi = 0.1, 20
		}
		w[i] = lo + (hi-lo)*(0.05+0.9*rng.Float64())
	}
	return w
}

// randomCard is a card's reviews: ratings 1-4 and gaps of 0 (same day) to 60 days.
func randomCard(rng *rand.Rand, n int) ([]int8, []int32) {
	rating := make([]int8, n)
	delta := make([]int32, n)
	for k := range n {
		rating[k] = int8(1 + rng.IntN(4))
		if k > 0 {
			if rng.IntN(4) > 0 {
				delta[k] = int32(1 + rng.IntN(60))
			}
		}
	}
	return rating, delta
}

// The optimizer's forward pass gives the states and recall go-fsrs gives, for random weights and
// random histories.
func TestForwardMatchesGoFSRS(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		w := randomWeights(rng)
		mem, err := srs.NewMemory(w)
		if err != nil {
			t.Fatal(err)
		}
		w = mem.Weights() // as go-fsrs clips them
		m := newModel(w)
		rating, delta := randomCard(rng, 2+rng.IntN(15))
		cache := make([]stepCache, len(rating))
		s, d := m.forward(rating, delta, cache)
		var gs, gd float64
		for k := range rating {
			if k > 0 {
				want := mem.Recall(float64(delta[k]), gs)
				if math.Abs(cache[k].rec-want) > 1e-12 {
					t.Fatalf("trial %d review %d: recall %.15f, go-fsrs %.15f", trial, k, cache[k].rec, want)
				}
			}
			gs, gd, _ = mem.Next(gs, gd, int(delta[k]), srs.Rating(rating[k]), 0.9)
		}
		if math.Abs(s-gs) > 1e-9*math.Max(1, gs) || math.Abs(d-gd) > 1e-9 {
			t.Fatalf("trial %d: S %.12f D %.12f, go-fsrs S %.12f D %.12f (ratings %v, days %v)", trial, s, d, gs, gd, rating, delta)
		}
	}
}

// The gradient of a card's loss is the loss's slope, by central differences, for every weight.
func TestGradient(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 60; trial++ {
		w := randomWeights(rng)
		rating, delta := randomCard(rng, 3+rng.IntN(12))
		weight := make([]float64, len(rating))
		for k := 1; k < len(rating); k++ {
			if delta[k] > 0 {
				weight[k] = 0.25 + rng.Float64()
			}
		}
		cache := make([]stepCache, len(rating))
		loss := func(w []float64) float64 {
			var g [NumWeights]float64
			return newModel(w).cardLossGrad(rating, delta, weight, cache, &g)
		}
		var g [NumWeights]float64
		newModel(w).cardLossGrad(rating, delta, weight, cache, &g)
		for i := range w {
			h := 1e-6 * math.Max(1, math.Abs(w[i]))
			up, down := append([]float64(nil), w...), append([]float64(nil), w...)
			up[i] += h
			down[i] -= h
			num := (loss(up) - loss(down)) / (2 * h)
			if math.Abs(num-g[i]) > 1e-4*math.Max(1, math.Abs(num)) {
				// A kink (a clamp or a branch switching between up and down) is no error.
				mid := (loss(up) + loss(down) - 2*loss(w)) / (h * h)
				if math.Abs(mid) < 1e3 {
					t.Errorf("trial %d weight %d: gradient %.8f, finite difference %.8f (ratings %v days %v)", trial, i, g[i], num, rating, delta)
				}
			}
		}
	}
}

// AUC, log loss and the bins, worked by hand.
func TestMeasure(t *testing.T) {
	t.Parallel()
	// Predictions 0.9 0.8 0.6 0.4 for outcomes yes yes no yes: of the 3×1 pairs (recalled,
	// forgotten), 0.9 > 0.6 and 0.8 > 0.6 are right, 0.4 < 0.6 wrong: AUC 2/3.
	pred := []float64{0.9, 0.8, 0.6, 0.4}
	labels := []bool{true, true, false, true}
	bins := []binKey{{1, 1, 0}, {1, 1, 0}, {2, 1, 0}, {2, 1, 0}}
	m := measure(pred, labels, bins)
	if math.Abs(m.AUC-2.0/3) > 1e-12 {
		t.Errorf("AUC %.6f, want 0.666667", m.AUC)
	}
	wantLoss := -(math.Log(0.9) + math.Log(0.8) + math.Log(0.4) + math.Log(0.4)) / 4
	if math.Abs(m.LogLoss-wantLoss) > 1e-12 {
		t.Errorf("log loss %.6f, want %.6f", m.LogLoss, wantLoss)
	}
	// Bin 1: mean prediction 0.85, recalled 1 → 0.15² ; bin 2: 0.5 against 0.5 → 0. Each of 2
	// reviews: √((0.0225·2 + 0)/4) = 0.106066.
	if math.Abs(m.RMSEBins-0.1060660) > 1e-6 {
		t.Errorf("rmse_bins %.7f, want 0.1060660", m.RMSEBins)
	}
	// Ties count half: all predictions equal is a coin.
	if a := auc([]float64{0.5, 0.5, 0.5}, []bool{true, false, true}); a != 0.5 {
		t.Errorf("tied AUC %v", a)
	}
	if a := auc([]float64{0.5, 0.7}, []bool{true, true}); !math.IsNaN(a) {
		t.Errorf("AUC with no forgotten review: %v, want NaN", a)
	}
	if b, err := m.MarshalJSON(); err != nil || !strings.Contains(string(b), `"auc":0.6666`) {
		t.Errorf("JSON %s %v", b, err)
	}
	if b, _ := (Metrics{AUC: math.NaN()}).MarshalJSON(); !strings.Contains(string(b), `"auc":null`) {
		t.Errorf("NaN AUC in JSON: %s", b)
	}
}

// fsrs-rs's r_matrix_index, by hand: an interval of 5 days is in the 3.62^1 bin,
// round(2.48·3.62·100) = 898; the third long-term review (length 3+1 = 4: 1.89^2) is bin
// round(1.99·3.5721) = 7; one lapse before: round(1.65) = 2.
func TestBin(t *testing.T) {
	t.Parallel()
	l, err := NewLog([]Review{
		{Card: 1, Order: 1, Rating: 3}, {Card: 1, Order: 2, DeltaT: 2, Rating: 1}, {Card: 1, Order: 3, DeltaT: 0, Rating: 3},
		{Card: 1, Order: 4, DeltaT: 3, Rating: 3}, {Card: 1, Order: 5, DeltaT: 5, Rating: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	items := l.Items()
	if len(items) != 3 {
		t.Fatalf("%d items, want 3 (the same-day review is no item)", len(items))
	}
	if b := l.bin(items[2]); b != (binKey{898, 7, 2}) {
		t.Errorf("bin %v, want [898 7 2]", b)
	}
	if b := l.bin(items[0]); b != (binKey{248, 4, 0}) { // 2 days: 3.62^0; length 2: round(1.99·1.89)
		t.Errorf("first item bin %v", b)
	}
}

func TestReadRevlog(t *testing.T) {
	t.Parallel()
	good := "card_id,review_th,delta_t,rating,state\n7,1,-1,3,0\n7,2,3,1,2\n\n8,3,-1,4,0\n7,4,0,3,3\n"
	rs, err := ReadRevlog(strings.NewReader(good), "log.csv")
	if err != nil || len(rs) != 4 || rs[1] != (Review{Card: 7, Order: 2, DeltaT: 3, Rating: 1}) {
		t.Fatalf("%+v %v", rs, err)
	}
	l, err := NewLog(rs)
	if err != nil || l.Cards() != 2 || l.Reviews() != 4 || len(l.Items()) != 1 {
		t.Errorf("log: %v cards %v", l, err)
	}
	for _, c := range []struct{ in, want string }{
		{"card_id,delta_t,rating\n1,2,3\n", "log.csv:1: no column review_th"},
		{"card_id,review_th,delta_t,rating\n1,1,-1,5\n", "log.csv:2: rating 5"},
		{"card_id,review_th,delta_t,rating\n1,1,x,3\n", `log.csv:2: delta_t "x"`},
		{"card_id,review_th,delta_t,rating\n1,1,-1,3\n1,2,-4,3\n", "log.csv:3: delta_t -4"},
		{"card_id,review_th,delta_t,rating\n1,1\n", "log.csv:2: 2 fields"},
		{"", "log.csv: empty"},
	} {
		_, err := ReadRevlog(strings.NewReader(c.in), "log.csv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
}

// With fewer than 8 predictions the fit gives the defaults; with a few dozen, the initial
// stabilities only.
func TestFitTooFew(t *testing.T) {
	t.Parallel()
	sim := Simulation{Weights: Defaults(), Cards: 3, ReviewsPerCard: 3, Days: 5, Seed: 1}
	rs, _ := sim.Run()
	l, _ := NewLog(rs)
	res, err := Fit(context.Background(), l, l.Items(), Config{}, nil)
	if err != nil || res.Outcome != Defaulted || !equal(res.Weights, Defaults()) {
		t.Errorf("%d items: %+v %v", len(l.Items()), res, err)
	}
	// Two reviews a card: the second is each card's first long-term review, which sets the
	// initial stabilities and nothing else.
	sim = Simulation{Weights: Defaults(), Cards: 300, ReviewsPerCard: 2, Days: 5, Seed: 1}
	rs, _ = sim.Run()
	l, _ = NewLog(rs)
	res, err = Fit(context.Background(), l, l.Items(), Config{}, nil)
	if err != nil || res.Outcome != Initialized || equal(res.Weights[:4], Defaults()[:4]) || !equal(res.Weights[4:], Defaults()[4:]) {
		t.Errorf("only first long-term reviews: %+v %v", res, err)
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestSmoothAndFill(t *testing.T) {
	t.Parallel()
	// Out of order (Hard above Good): the rarer takes the other's value.
	s, err := smoothAndFill(map[int]float64{1: 0.5, 2: 3, 3: 2, 4: 9}, map[int]int{1: 10, 2: 5, 3: 50, 4: 10})
	if err != nil || s != [4]float64{0.5, 2, 2, 9} {
		t.Errorf("%v %v", s, err)
	}
	// One rating seen: the defaults scaled to it.
	s, _ = smoothAndFill(map[int]float64{3: 2 * Defaults()[2]}, map[int]int{3: 9})
	for i := range 4 {
		if math.Abs(s[i]-2*Defaults()[i]) > 1e-12 {
			t.Errorf("scaled defaults: %v", s)
		}
	}
	// Good and Easy seen: Again and Hard filled in below them.
	s, _ = smoothAndFill(map[int]float64{3: 3, 4: 10}, map[int]int{3: 9, 4: 9})
	if !(s[0] < s[1] && s[1] < s[2] && s[2] == 3 && s[3] == 10) {
		t.Errorf("filled: %v", s)
	}
	if _, err := smoothAndFill(map[int]float64{}, map[int]int{}); err == nil {
		t.Error("nothing to fill from: no error")
	}
}

// trueWeights is a player unlike the defaults: remembers new cards longer, forgets faster
// after a lapse, a flatter forgetting curve.
var trueWeights = []float64{
	0.6, 1.8, 4.0, 12.0, 6.0, 0.7, 2.2, 0.02, 1.5, 0.12, 1.0, 1.9, 0.08, 0.35, 1.2, 0.5, 2.2,
	0.4, 0.2, 0.1, 0.3,
}

// The optimizer finds the weights a log was simulated with: it predicts reviews it did not see as
// well as the true weights do (within 0.002 of their log loss) and better than the defaults; run
// longer, the weights the log determines well come back close (the decay w20 less so: these
// reviews come near their due dates, where the curve's shape matters little).
func TestRecoversSimulatedWeights(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("fits 70,000 reviews")
	}
	sim := Simulation{Weights: trueWeights, Cards: 6000, ReviewsPerCard: 12, Days: 365, Seed: 7}
	rs, err := sim.Run()
	if err != nil {
		t.Fatal(err)
	}
	l, err := NewLog(rs)
	if err != nil {
		t.Fatal(err)
	}
	train, test := Split(l.Items(), 0.2)
	truth, _ := l.Evaluate(test, trueWeights)
	def, _ := l.Evaluate(test, Defaults())
	for _, epochs := range []int{0, 40} {
		res, err := Fit(context.Background(), l, train, Config{Epochs: epochs}, nil)
		if err != nil || res.Outcome != Optimized {
			t.Fatalf("%+v %v", res, err)
		}
		fitted, _ := l.Evaluate(test, res.Weights)
		label := fmt.Sprintf("%d epochs", epochs)
		if epochs == 0 {
			label = "fsrs-rs's settings"
		}
		t.Logf("%s: held-out log loss fitted %.5f, true %.5f, defaults %.5f (rmse_bins %.4f %.4f %.4f)",
			label, fitted.LogLoss, truth.LogLoss, def.LogLoss, fitted.RMSEBins, truth.RMSEBins, def.RMSEBins)
		t.Logf("fitted %v", rounded(res.Weights))
		if fitted.LogLoss > truth.LogLoss+0.002 {
			t.Errorf("%s: fitted log loss %.5f, true weights %.5f", label, fitted.LogLoss, truth.LogLoss)
		}
		if fitted.LogLoss >= def.LogLoss-0.003 {
			t.Errorf("%s: fitted log loss %.5f not better than the defaults' %.5f", label, fitted.LogLoss, def.LogLoss)
		}
		if epochs == 0 {
			continue
		}
		// Well determined by this log: the initial stabilities (Good and Easy are common first
		// ratings), the growth after a success (w8, w9), and the decay.
		for _, c := range []struct {
			i   int
			tol float64 // relative
		}{{0, 0.3}, {2, 0.1}, {3, 0.15}, {8, 0.15}, {9, 0.3}, {20, 0.4}} {
			if got, want := res.Weights[c.i], trueWeights[c.i]; math.Abs(got-want) > c.tol*want {
				t.Errorf("w%d = %.3f, true %.3f (±%.0f%%)", c.i, got, want, 100*c.tol)
			}
		}
	}
}

func rounded(w []float64) []float64 {
	out := make([]float64, len(w))
	for i, v := range w {
		out[i] = math.Round(v*1000) / 1000
	}
	return out
}
