package ui

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
)

// A text that fits is left alone; a wider one is folded: paragraphs joined and folded at the
// margin, an item's text under its own column; no line wider than asked.
func TestFoldLines(t *testing.T) {
	t.Parallel()
	text := "A paragraph that runs on well past the edge of a narrow terminal,\ncontinued on its next line.\n\n  --count N       how many words to show, at most, from the list given\n                  and the rest of the text"
	if got := FoldLines(text, 0); got != text {
		t.Errorf("width 0 changed the text")
	}
	if got := FoldLines(text, 200); got != text {
		t.Errorf("a text that fits was changed")
	}
	got := FoldLines(text, 40)
	for _, l := range strings.Split(got, "\n") {
		if xansi.StringWidth(l) > 40 {
			t.Errorf("line %q wider than 40", l)
		}
	}
	if !strings.Contains(got, "narrow terminal, continued") && !strings.Contains(got, "terminal,\ncontinued") {
		t.Errorf("paragraph not joined:\n%s", got)
	}
	if !strings.Contains(got, "\n                  ") || !strings.Contains(got, "  --count N       how") {
		t.Errorf("item not folded under its column:\n%s", got)
	}
}
