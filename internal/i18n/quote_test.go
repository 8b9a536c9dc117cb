package i18n

import (
	"strings"
	"testing"
)

func TestQuoteClipsAndEscapes(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Ñ", 200_000)
	for _, c := range []struct{ in, quote, escape string }{
		{"CASA", `"CASA"`, "CASA"},
		{"a\nb\x1b[31m", `"a\nb\x1b[31m"`, `a\nb\x1b[31m`},
		{"\xff", `"\xff"`, `\xff`},
		{long, `"` + strings.Repeat("Ñ", QuoteMax) + `…"`, strings.Repeat("Ñ", EscapeMax) + "…"},
		{strings.Repeat("x", QuoteMax), `"` + strings.Repeat("x", QuoteMax) + `"`, strings.Repeat("x", QuoteMax)},
	} {
		if got := Quote(c.in); got != c.quote {
			t.Errorf("Quote(%.20q…) = %.100s, want %.100s", c.in, got, c.quote)
		}
		if got := Escape(c.in); got != c.escape {
			t.Errorf("Escape(%.20q…) = %.100s, want %.100s", c.in, got, c.escape)
		}
	}
}
