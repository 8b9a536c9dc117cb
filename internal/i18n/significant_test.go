package i18n

import "testing"

// Significant digits without an exponent, trailing zeros dropped, in the language's decimals.
func TestSignificant(t *testing.T) {
	t.Parallel()
	es, en := For(Spanish), For(English)
	for _, tc := range []struct {
		p    *Printer
		x    float64
		d    int
		want string
	}{
		{es, 0.00025734, 4, "0,0002573"},
		{en, 0.00025734, 4, "0.0002573"},
		{en, 0.000941, 4, "0.000941"},
		{en, 0, 4, "0"},
	} {
		if got := tc.p.Significant(tc.x, tc.d); got != tc.want {
			t.Errorf("Significant(%v, %d) = %q, want %q", tc.x, tc.d, got, tc.want)
		}
	}
}
