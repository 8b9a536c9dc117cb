package ui

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/ansi"
	"github.com/charmbracelet/glamour/styles"
	xansi "github.com/charmbracelet/x/ansi"
)

// Doc is a report: blocks drawn one after another with a blank line between them.
type Doc struct {
	blocks []block
}

type blockKind uint8

const (
	h1 blockKind = iota
	h2
	para
	note
	list
	table
	pre
	kv
)

type block struct {
	kind  blockKind
	text  string
	items []string
	pairs [][2]string
	table *Table
}

// NewDoc starts an empty report.
func NewDoc() *Doc { return &Doc{} }

// H1 is the report's title.
func (d *Doc) H1(text string) *Doc { return d.add(block{kind: h1, text: text}) }

// H2 is a section heading.
func (d *Doc) H2(text string) *Doc { return d.add(block{kind: h2, text: text}) }

// P is a paragraph of plain text (no Markdown: it is shown as written), wrapped between words
// to a terminal's width.
func (d *Doc) P(text string) *Doc { return d.add(block{kind: para, text: text}) }

// Note is a paragraph of secondary text (legends, hints), dimmed on a colour terminal.
func (d *Doc) Note(text string) *Doc { return d.add(block{kind: note, text: text}) }

// List is a bulleted list.
func (d *Doc) List(items ...string) *Doc {
	if len(items) == 0 {
		return d
	}
	return d.add(block{kind: list, items: items})
}

// KV is a list of name and value pairs, the names aligned: "Words  636.624".
func (d *Doc) KV(pairs ...[2]string) *Doc {
	if len(pairs) == 0 {
		return d
	}
	return d.add(block{kind: kv, pairs: pairs})
}

// Table adds a table.
func (d *Doc) Table(t *Table) *Doc { return d.add(block{kind: table, table: t}) }

// Pre is text drawn exactly as given, line by line (a board, a diagram); it may hold colour
// that Term.Paint made.
func (d *Doc) Pre(text string) *Doc {
	return d.add(block{kind: pre, text: strings.TrimRight(text, "\n")})
}

// Empty reports whether the report has nothing to show.
func (d *Doc) Empty() bool { return len(d.blocks) == 0 }

func (d *Doc) add(b block) *Doc {
	d.blocks = append(d.blocks, b)
	return d
}

// margin is the left margin of a terminal layout, as glamour's.
const margin = "  "

// Print draws the report.
func (t *Term) Print(d *Doc) error {
	_, err := fmt.Fprint(t.W, t.Render(d))
	return err
}

// Render is the report as Print draws it.
func (t *Term) Render(d *Doc) string {
	var out []string
	for i := 0; i < len(d.blocks); i++ {
		b := d.blocks[i]
		if t.Mode == Rich && b.kind <= list {
			// A run of prose goes through glamour at once.
			j := i
			for j < len(d.blocks) && d.blocks[j].kind <= list {
				j++
			}
			out = append(out, t.glamour(d.blocks[i:j]))
			i = j - 1
			continue
		}
		out = append(out, t.block(b))
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n\n") + "\n"
}

// block draws one block in Plain or Pipe mode (and the blocks glamour does not draw in Rich).
func (t *Term) block(b block) string {
	m := margin
	if t.Mode == Pipe {
		m = ""
	}
	switch b.kind {
	case h1, h2:
		if t.Mode == Pipe {
			return b.text
		}
		rule := "═"
		if b.kind == h2 {
			rule = "─"
		}
		// A heading wider than the terminal folds between words, the rule under its widest line.
		lines := strings.Split(wrap(b.text, t.Width-2*len(margin)), "\n")
		w := 0
		for i, l := range lines {
			w = max(w, xansi.StringWidth(l))
			lines[i] = m + t.Paint(Title, l)
		}
		return strings.Join(lines, "\n") + "\n" + m + t.Paint(Dim, strings.Repeat(rule, w))
	case para, note:
		text := b.text
		if t.Mode != Pipe {
			text = wrap(text, t.Width-2*len(margin))
		}
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			if b.kind == note {
				l = t.Paint(Dim, l)
			}
			lines[i] = m + l
		}
		return strings.Join(lines, "\n")
	case list:
		bullet := "• "
		if t.Mode == Pipe {
			bullet = "- "
		}
		var lines []string
		for _, it := range b.items {
			text := it
			if t.Mode != Pipe {
				text = wrap(text, t.Width-2*len(margin)-len(bullet))
			}
			for k, l := range strings.Split(text, "\n") {
				if k == 0 {
					lines = append(lines, m+bullet+l)
				} else {
					lines = append(lines, m+strings.Repeat(" ", xansi.StringWidth(bullet))+l)
				}
			}
		}
		return strings.Join(lines, "\n")
	case kv:
		w := 0
		for _, p := range b.pairs {
			w = max(w, xansi.StringWidth(p[0]))
		}
		// On a terminal a long value wraps between words, under itself.
		avail := 0
		if t.Mode != Pipe {
			avail = t.Width - len(m) - w - 2
		}
		var lines []string
		for _, p := range b.pairs {
			name := p[0] + strings.Repeat(" ", w-xansi.StringWidth(p[0]))
			value := p[1]
			if avail >= 20 {
				value = strings.ReplaceAll(wrap(value, avail), "\n", "\n"+m+strings.Repeat(" ", w+2))
			}
			lines = append(lines, m+t.Paint(Bold, name)+"  "+value)
		}
		return strings.Join(lines, "\n")
	case table:
		return t.table(b.table, m)
	case pre:
		if m == "" {
			return b.text
		}
		return m + strings.ReplaceAll(b.text, "\n", "\n"+m)
	}
	return ""
}

// style is glamour's dark style without Markdown markers in headings: a reader sees a heading,
// not "## ".
var style = sync.OnceValue(func() ansi.StyleConfig {
	s := styles.DarkStyleConfig
	for _, h := range []*ansi.StyleBlock{&s.H2, &s.H3, &s.H4, &s.H5, &s.H6} {
		h.Prefix = ""
	}
	return s
})

var trailingPad = regexp.MustCompile(`(\x1b\[[0-9;]*m| )+$`)

// glamour draws prose blocks with glamour, word-wrapped to the terminal.
func (t *Term) glamour(blocks []block) string {
	var md strings.Builder
	for i, b := range blocks {
		if i > 0 {
			md.WriteString("\n\n")
		}
		switch b.kind {
		case h1:
			md.WriteString("# " + Escape(b.text))
		case h2:
			md.WriteString("## " + Escape(b.text))
		case para:
			md.WriteString(Escape(b.text))
		case note:
			md.WriteString("*" + Escape(b.text) + "*")
		case list:
			for k, it := range b.items {
				if k > 0 {
					md.WriteString("\n")
				}
				md.WriteString("- " + Escape(it))
			}
		}
	}
	r, rerr := glamour.NewTermRenderer(glamour.WithStyles(style()), glamour.WithWordWrap(t.Width))
	if rerr == nil {
		if out, rerr := r.Render(md.String()); rerr == nil {
			lines := strings.Split(strings.Trim(out, "\n"), "\n")
			// glamour pads every line to the width; trailing padding only gets in the way.
			for i, l := range lines {
				lines[i] = trailingPad.ReplaceAllString(l, "\x1b[0m")
			}
			return strings.Trim(strings.Join(lines, "\n"), "\n")
		}
	}
	// glamour failing is not a reason to lose the report.
	plain := *t
	plain.Mode = Plain
	var out []string
	for _, b := range blocks {
		out = append(out, plain.block(b))
	}
	return strings.Join(out, "\n\n")
}

// markdownSpecial are the characters Markdown could read as markup.
var markdownSpecial = regexp.MustCompile("([\\\\`*_\\[\\]{}<>#+\\-!|])")

// Escape makes plain text safe to give to a Markdown renderer: it is shown as written. The
// one Markdown escaper in atril.
func Escape(text string) string {
	text = markdownSpecial.ReplaceAllString(text, `\$1`)
	// glamour's strikethrough does not honour \~; a character reference does.
	text = strings.ReplaceAll(text, "~", "&#126;")
	// "1. " at the start of a line would become a numbered list.
	return regexp.MustCompile(`(?m)^(\s*\d+)\.`).ReplaceAllString(text, `$1\.`)
}
