package ui

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// Fold breaks text between words so that each line, after indent, fits the terminal's width;
// lines after the first start with indent too (a list of answers under its label). A word is
// never split, even one wider than the terminal; piped text is left on one line.
func (t *Term) Fold(indent, text string) string {
	if t.Mode == Pipe || t.Width <= 0 {
		return text
	}
	avail := t.Width - xansi.StringWidth(indent)
	if avail < 10 || xansi.StringWidth(text) <= avail {
		return text
	}
	return strings.ReplaceAll(wrap(text, avail), "\n", "\n"+indent)
}
