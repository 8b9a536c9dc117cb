package ui

import (
	"slices"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// FoldLines reflows a text laid out in lines (a command's help) to width columns (0: none) when
// a line of it is wider: the texts are laid out for about 90 columns, and a narrower terminal
// would otherwise cut words wherever its edge falls. Paragraphs (lines at the margin) are joined and folded; an indented
// item ("  patrón:P        la palabra...") folds its text under its own column, taking in the
// lines that continue it.
func FoldLines(text string, width int) string {
	if width <= 0 || !slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return xansi.StringWidth(l) > width }) {
		return text
	}
	type block struct {
		head, body string // an item's key column (with its indent) and its text; a paragraph's text
		item       bool
	}
	var blocks []block
	for _, l := range strings.Split(text, "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		last := len(blocks) - 1
		switch {
		case strings.TrimSpace(l) == "":
			blocks = append(blocks, block{})
		case indent == 0 && last >= 0 && !blocks[last].item && blocks[last].body != "":
			blocks[last].body += " " + l
		case indent == 0:
			blocks = append(blocks, block{body: l})
		case last >= 0 && blocks[last].item && indent == xansi.StringWidth(blocks[last].head) && indent > 0:
			blocks[last].body += " " + strings.TrimSpace(l)
		default:
			head := l[:indent]
			rest := l[indent:]
			if i := strings.Index(rest, "  "); i > 0 {
				j := i + len(rest[i:]) - len(strings.TrimLeft(rest[i:], " "))
				head, rest = l[:indent+j], rest[j:]
			}
			blocks = append(blocks, block{head: head, body: rest, item: true})
		}
	}
	var out []string
	for _, b := range blocks {
		hang := xansi.StringWidth(b.head)
		if width-hang < 20 {
			hang = 0
		}
		body := (&Term{Mode: Plain, Width: width - hang}).Fold("", b.body)
		pad := strings.Repeat(" ", hang)
		if hang == 0 && b.head != "" {
			body = (&Term{Mode: Plain, Width: width}).Fold("", b.head+b.body)
			out = append(out, body)
			continue
		}
		out = append(out, b.head+strings.ReplaceAll(body, "\n", "\n"+pad))
	}
	return strings.Join(out, "\n")
}
