package ui

import (
	"html"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// A report drawn as HTML, for the web interface (internal/web): the same Doc the terminal
// shows, so that a page says exactly what the command says. Text painted through a Term with
// Markup set carries its style as private-use marks, which HTML turns into <span class="s-...">;
// everything else is escaped, so no text in a report can become markup.

const (
	markStart = "\uE000"
	markEnd   = "\uE001"
	markBase  = 0xE100 // the style's rune: markBase + Style
)

// styleClasses are the CSS classes of painted text.
var styleClasses = map[Style]string{
	Bold: "s-bold", Dim: "s-dim", Good: "s-good", Bad: "s-bad", Warn: "s-warn", Accent: "s-accent", Title: "s-title",
}

// HTMLOptions change how Doc.HTML draws.
type HTMLOptions struct {
	// Pre draws a Pre block (a board) as HTML of its own; ok false draws it as <pre> text.
	Pre func(text string) (htmlText string, ok bool)
}

// HTML is the report as HTML: headings, paragraphs, notes, lists, name/value lists, tables and
// preformatted blocks, every text escaped.
func (d *Doc) HTML(o HTMLOptions) string {
	var sb strings.Builder
	for _, b := range d.blocks {
		switch b.kind {
		case h1:
			sb.WriteString("<h1>" + Inline(b.text) + "</h1>\n")
		case h2:
			sb.WriteString("<h2>" + Inline(b.text) + "</h2>\n")
		case para:
			sb.WriteString("<p>" + inlineLines(b.text) + "</p>\n")
		case note:
			sb.WriteString(`<p class="note">` + inlineLines(b.text) + "</p>\n")
		case list:
			sb.WriteString("<ul>")
			for _, it := range b.items {
				sb.WriteString("<li>" + inlineLines(it) + "</li>")
			}
			sb.WriteString("</ul>\n")
		case kv:
			sb.WriteString(`<dl class="kv">`)
			for _, p := range b.pairs {
				sb.WriteString("<div><dt>" + Inline(p[0]) + "</dt><dd>" + inlineLines(p[1]) + "</dd></div>")
			}
			sb.WriteString("</dl>\n")
		case table:
			tableHTML(&sb, b.table)
		case pre:
			if o.Pre != nil {
				if h, ok := o.Pre(b.text); ok {
					sb.WriteString(h + "\n")
					continue
				}
			}
			sb.WriteString("<pre>" + Inline(b.text) + "</pre>\n")
		}
	}
	return sb.String()
}

func tableHTML(sb *strings.Builder, tb *Table) {
	class := func(c Col) string {
		var cs []string
		if c.Right {
			cs = append(cs, "num")
		}
		if c.Drop > 0 {
			cs = append(cs, "drop")
		}
		if len(cs) == 0 {
			return ""
		}
		return ` class="` + strings.Join(cs, " ") + `"`
	}
	sb.WriteString(`<div class="table"><table>`)
	hasHeader := false
	for _, c := range tb.Cols {
		hasHeader = hasHeader || c.Header != ""
	}
	if hasHeader {
		sb.WriteString("<thead><tr>")
		for _, c := range tb.Cols {
			sb.WriteString("<th" + class(c) + ">" + Inline(c.Header) + "</th>")
		}
		sb.WriteString("</tr></thead>")
	}
	sb.WriteString("<tbody>")
	for i, row := range tb.rows {
		if tb.bold[i] {
			sb.WriteString(`<tr class="strong">`)
		} else {
			sb.WriteString("<tr>")
		}
		for k, c := range tb.Cols {
			text := ""
			if k < len(row) {
				text = Inline(row[k].Text)
				if cl := styleClasses[row[k].Style]; cl != "" {
					text = `<span class="` + cl + `">` + text + "</span>"
				}
			}
			sb.WriteString("<td" + class(c) + ">" + text + "</td>")
		}
		sb.WriteString("</tr>")
	}
	sb.WriteString("</tbody></table></div>\n")
}

// inlineLines is Inline with line breaks kept.
func inlineLines(s string) string {
	return strings.ReplaceAll(Inline(s), "\n", "<br>")
}

// Inline is one text as HTML: escaped, its painted parts (Term.Markup) in spans of their
// style's class, terminal escapes dropped.
func Inline(s string) string {
	s = xansi.Strip(s)
	if !strings.Contains(s, markStart) && !strings.Contains(s, markEnd) {
		return html.EscapeString(s)
	}
	var sb strings.Builder
	open := 0
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case string(r) == markStart:
			cl := ""
			if i+1 < len(rs) && rs[i+1] >= markBase && rs[i+1] < markBase+0x100 {
				cl = styleClasses[Style(rs[i+1]-markBase)]
				i++
			}
			if cl == "" {
				cl = "s-plain"
			}
			sb.WriteString(`<span class="` + cl + `">`)
			open++
		case string(r) == markEnd:
			if open > 0 {
				sb.WriteString("</span>")
				open--
			}
		default:
			sb.WriteString(html.EscapeString(string(r)))
		}
	}
	sb.WriteString(strings.Repeat("</span>", open))
	return sb.String()
}

// PlainText is a text painted through a Term with Markup, without its marks.
func PlainText(s string) string {
	if !strings.Contains(s, markStart) && !strings.Contains(s, markEnd) {
		return s
	}
	var sb strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch {
		case string(rs[i]) == markStart:
			if i+1 < len(rs) && rs[i+1] >= markBase && rs[i+1] < markBase+0x100 {
				i++
			}
		case string(rs[i]) == markEnd:
		default:
			sb.WriteRune(rs[i])
		}
	}
	return sb.String()
}
