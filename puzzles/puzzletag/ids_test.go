package puzzletag

import "testing"

// Every tag's identifier, in All's order, read back by Parse as that tag.
func TestIDs(t *testing.T) {
	t.Parallel()
	ids := IDs()
	if len(ids) != len(All) || ids[0] != "ONLY_BINGO" {
		t.Fatalf("%v", ids)
	}
	for i, id := range ids {
		if got, ok := Parse(id); !ok || got != All[i] {
			t.Errorf("%s: %v %v, want %v", id, got, ok, All[i])
		}
	}
}
