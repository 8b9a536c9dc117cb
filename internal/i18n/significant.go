package i18n

import (
	"math"
	"strings"
)

// Significant writes x (0 < x < 1, say) with digits significant digits and no exponent, as the
// language writes decimals: 0,0002573.
func (p *Printer) Significant(x float64, digits int) string {
	if x <= 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return p.Float(x, 0)
	}
	decimals := min(max(digits-1-int(math.Floor(math.Log10(x))), 0), 15)
	s := p.Float(x, decimals)
	if decimals > 0 {
		s = strings.TrimRight(s, "0") // 0,000941, not 0,0009410
	}
	return s
}
