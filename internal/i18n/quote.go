package i18n

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// QuoteMax is how many characters of a user's text a message quotes at most.
const QuoteMax = 80

// Quote is how a message shows text the user gave (a line of a file, an answer, a field): in
// double quotes with Go's escapes (so a control character or a stray byte is seen, not
// obeyed), at most QuoteMax characters of it and "…" after a longer one, so that a runaway
// line does not bury the reason.
func Quote(s string) string {
	cut, more := clip(s, QuoteMax)
	q := strconv.Quote(cut)
	if more {
		q = q[:len(q)-1] + "…\""
	}
	return q
}

// EscapeMax is how many characters of a name Escape shows at most: more than a name may have.
const EscapeMax = 120

// Escape is s as a name is shown (a deck's): as it is when it is plain text, with control
// characters and invalid bytes escaped as Quote writes them otherwise, and clipped with "…"
// after EscapeMax characters.
func Escape(s string) string {
	cut, more := clip(s, EscapeMax)
	if strings.IndexFunc(cut, func(r rune) bool { return r == utf8.RuneError || unicode.IsControl(r) }) >= 0 {
		q := strconv.Quote(cut)
		cut = q[1 : len(q)-1]
	}
	if more {
		cut += "…"
	}
	return cut
}

// clip is s's first max characters, and whether there were more.
func clip(s string, max int) (string, bool) {
	n := 0
	for i := range s {
		if n == max {
			return s[:i], true
		}
		n++
	}
	return s, false
}
