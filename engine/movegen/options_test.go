package movegen

import "testing"

func TestSideToMove(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		bag, exch int
		empty     bool
	}{
		{bag: 0, exch: 0, empty: true},
		{bag: 1, exch: 1},
		{bag: 6, exch: 6},
		{bag: 7, exch: 7},
		{bag: 86, exch: 7},
		{bag: -1, exch: 0, empty: true},
	} {
		o := SideToMove(tc.bag, nil)
		if o.Exchanges != tc.exch || o.BagEmpty != tc.empty || !o.Pass || o.By != ByEquity {
			t.Errorf("SideToMove(%d) = %+v, want %d exchanges, bag empty %v, pass, by equity", tc.bag, o, tc.exch, tc.empty)
		}
	}
}
