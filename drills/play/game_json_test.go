package play

import "testing"

// Who moves first: the player, atril, or drawn from the seed (both seats over some seeds);
// anything else refused naming it.
func TestFirstSeat(t *testing.T) {
	t.Parallel()
	for first, want := range map[string]int{"you": 0, "tú": 0, "yo": 0, "atril": 1} {
		if got, err := FirstSeat(first, 1); err != nil || got != want {
			t.Errorf("%s: %d %v", first, got, err)
		}
	}
	seen := map[int]bool{}
	for seed := range uint64(16) {
		s, err := FirstSeat("random", seed)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := FirstSeat("azar", seed); again != s {
			t.Errorf("seed %d: random %d, azar %d", seed, s, again)
		}
		seen[s] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("16 seeds drew seats %v", seen)
	}
	if _, err := FirstSeat("whoever", 1); err == nil {
		t.Error("whoever accepted")
	}
}
