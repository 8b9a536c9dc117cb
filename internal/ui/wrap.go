package ui

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// wrap breaks text at spaces so that each line is at most width columns wide (escape codes take
// none). It breaks only at spaces: a word wider than width stands alone on its line, and words
// with a hyphen (fallos-anagramas, 7-8, six-scoreless) are never cut at it, as the x/ansi word
// wrapper does. Lines already in text are kept, and so are runs of spaces inside a line.
func wrap(text string, width int) string {
	if width <= 0 {
		return text
	}
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		cur, curW, fresh := "", 0, false
		for j, word := range strings.Split(line, " ") {
			w := xansi.StringWidth(word)
			switch {
			case j == 0:
				cur, curW = word, w
			case fresh && word == "":
				// the spaces where the line was broken
			case fresh:
				cur, curW, fresh = word, w, false
			case curW+1+w <= width || curW == 0:
				cur += " " + word
				curW += 1 + w
			default:
				b.WriteString(strings.TrimRight(cur, " "))
				b.WriteByte('\n')
				cur, curW, fresh = word, w, word == ""
			}
		}
		b.WriteString(cur)
	}
	return b.String()
}
