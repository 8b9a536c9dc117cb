package puzzles

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the Glicko-2 system": a
// 1500/200/0.06 player beats a 1400/30 player and loses to 1550/100 and 1700/300, τ = 0.5, and
// ends at 1464.06, RD 151.52, volatility 0.05999.
func TestGlickmanExample(t *testing.T) {
	t.Parallel()
	r := Update(Rating{1500, 200, 0.06}, []Result{
		{Rating{1400, 30, 0.06}, 1},
		{Rating{1550, 100, 0.06}, 0},
		{Rating{1700, 300, 0.06}, 0},
	})
	if math.Abs(r.Rating-1464.05) > 0.01 || math.Abs(r.Deviation-151.52) > 0.01 || math.Abs(r.Volatility-0.05999) > 0.00001 {
		t.Errorf("got %.4f / %.4f / %.6f, want 1464.05 / 151.52 / 0.05999", r.Rating, r.Deviation, r.Volatility)
	}
	t.Logf("%.4f / %.4f / %.6f", r.Rating, r.Deviation, r.Volatility)
}

func TestRate(t *testing.T) {
	t.Parallel()
	p, z := NewRating(), NewRating()
	p1, z1 := Rate(p, z, true)
	if p1.Rating <= p.Rating || z1.Rating >= z.Rating {
		t.Errorf("solving: player %v → %v, puzzle %v → %v", p.Rating, p1.Rating, z.Rating, z1.Rating)
	}
	// Equal ratings and deviations: the two move by the same amount.
	if math.Abs((p1.Rating-1500)+(z1.Rating-1500)) > 1e-9 {
		t.Errorf("asymmetric: %v %v", p1.Rating, z1.Rating)
	}
	p2, z2 := Rate(p, z, false)
	if p2.Rating >= p.Rating || z2.Rating <= z.Rating {
		t.Errorf("failing: player %v → %v, puzzle %v → %v", p.Rating, p2.Rating, z.Rating, z2.Rating)
	}
	// Deviations stay in 60..350: many games shrink it to the floor, and it never rises above 350.
	r := NewRating()
	for i := 0; i < 500; i++ {
		r, _ = Rate(r, Rating{1500, 60, 0.06}, i%2 == 0)
	}
	if r.Deviation < MinDeviation || r.Deviation > MinDeviation+5 {
		t.Errorf("after 500 games the deviation is %.2f, want it at or just above the floor %d", r.Deviation, MinDeviation)
	}
	if u := Update(Rating{1500, 40, 0.06}, []Result{{Rating{1500, 60, 0.06}, 1}}).Bounded(); u.Deviation != MinDeviation {
		t.Errorf("a deviation of 40 came out at %.2f, want the floor %d", u.Deviation, MinDeviation)
	}
	if u := Update(Rating{1500, 350, 0.06}, nil).Bounded(); u.Deviation != MaxDeviation {
		t.Errorf("an idle period took the deviation to %.2f, want the ceiling %d", u.Deviation, MaxDeviation)
	}
	// A strong player beating an easy puzzle gains little; losing to it costs much.
	strong := Rating{2000, 80, 0.06}
	easy := Rating{1300, 80, 0.06}
	w, _ := Rate(strong, easy, true)
	l, _ := Rate(strong, easy, false)
	if !(w.Rating-2000 < 5 && 2000-l.Rating > 20) {
		t.Errorf("strong beats easy: %+.1f; loses: %+.1f", w.Rating-2000, l.Rating-2000)
	}
}
