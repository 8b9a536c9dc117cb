package play

import "testing"

// Who moves first: the player, atril, or drawn from the seed (both seats over some seeds);
// anything else refused naming it.
func TestFirstSeat(t *testing.T) {
	t.Parallel()
	for first, want := range map[string]int{"you": 0, "tú": 0, "yo": 0, "atril": 1} {
		if got, ok := FirstSeat(first, 1); !ok || got != want {
			t.Errorf("%s: %d %v", first, got, ok)
		}
	}
	seen := map[int]bool{}
	for seed := range uint64(16) {
		s, ok := FirstSeat("random", seed)
		if !ok {
			t.Fatal("random refused")
		}
		if again, _ := FirstSeat("azar", seed); again != s {
			t.Errorf("seed %d: random %d, azar %d", seed, s, again)
		}
		seen[s] = true
	}
	if !seen[0] || !seen[1] {
		t.Errorf("16 seeds drew seats %v", seen)
	}
	if _, ok := FirstSeat("whoever", 1); ok {
		t.Error("whoever accepted")
	}
}
