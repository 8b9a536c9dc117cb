package ui

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// Col describes a table column.
//
// On a terminal too narrow for a table, nothing in it is ever cut: headers fold between words,
// Wrap (and Shrink) columns fold their cells between words, Drop columns are left out (a note
// under the table names them), and a table that still does not fit is drawn as a list, a
// block of "header: value" lines for each row under the row's first cell (its label). Piped
// output keeps every column, each row on one line.
type Col struct {
	Header string
	Right  bool // numbers: aligned right
	// Wrap lets a terminal that is too narrow fold this column's cells between words onto more
	// lines (a list of words, answers, names, notes, a trend in words): no word is ever cut or
	// split. Other columns (words, racks, moves, numbers) keep each cell on one line.
	Wrap bool
	// Shrink is Wrap, the name free-text columns (names, descriptions, notes) were given when
	// a narrow terminal cut them with "…"; nothing is cut now.
	Shrink bool
	// Drop lets a terminal too narrow for every column, even folded, leave this column out:
	// the highest Drop goes first. 0: always shown. Piped output keeps every column.
	Drop int
}

// folds reports whether the column's cells fold between words.
func (c Col) folds() bool { return c.Wrap || c.Shrink }

// Cell is a table cell with a style.
type Cell struct {
	Text  string
	Style Style
}

// Table is rows of cells under column headers.
type Table struct {
	Cols []Col
	rows [][]Cell
	bold []bool
}

// NewTable starts a table with these columns.
func NewTable(cols ...Col) *Table { return &Table{Cols: cols} }

// Row adds a row of plain cells; missing cells are empty.
func (t *Table) Row(cells ...string) *Table {
	row := make([]Cell, len(cells))
	for i, c := range cells {
		row[i] = Cell{Text: c}
	}
	return t.Cells(row...)
}

// Cells adds a row of styled cells.
func (t *Table) Cells(cells ...Cell) *Table {
	t.rows = append(t.rows, cells)
	t.bold = append(t.bold, false)
	return t
}

// Strong makes the last row stand out (a total).
func (t *Table) Strong() *Table {
	if n := len(t.bold); n > 0 {
		t.bold[n-1] = true
	}
	return t
}

// Len is the number of rows.
func (t *Table) Len() int { return len(t.rows) }

const gap = "  "

// comfortable is the width a folding column keeps while droppable columns can go instead.
const comfortable = 16

// table draws tb: on a terminal fitted to its width (see Col), with a bold header and a rule
// under it; piped, as plain aligned columns. A table whose columns have no headers is drawn
// without a header (a list of verdicts, say).
func (t *Term) table(tb *Table, m string) string {
	if t.Mode == Pipe || t.Width <= 0 {
		return t.drawTable(tb, tb.naturalWidths(), m)
	}
	// First leave out droppable columns rather than fold a column narrower than comfort; then
	// fold down to the longest words; then draw a list.
	for _, comfort := range []int{comfortable, 0} {
		tb := tb
		var dropped []string
		for {
			n := len(tb.Cols)
			avail := t.Width - len(m) - len(gap)*(n-1)
			widths := tb.naturalWidths()
			mins := tb.minWidths()
			for i, c := range tb.Cols {
				if c.folds() {
					mins[i] = max(mins[i], min(widths[i], comfort))
				}
			}
			fit(widths, tb.Cols, mins, avail)
			if sum(widths) <= avail {
				out := t.drawTable(tb, widths, m)
				if len(dropped) > 0 && t.Dropped != nil {
					note := wrap(t.Dropped(dropped), t.Width-len(m))
					out += "\n" + m + t.Paint(Dim, strings.ReplaceAll(note, "\n", "\n"+m))
				}
				return out
			}
			drop := tb.nextDrop()
			if drop < 0 {
				break
			}
			dropped = append([]string{tb.Cols[drop].Header}, dropped...)
			tb = tb.without(drop)
		}
	}
	return t.tableList(tb, m)
}

// drawTable lays tb out in columns of these widths.
func (t *Term) drawTable(tb *Table, widths []int, m string) string {
	n := len(tb.Cols)
	var lines []string
	// A column narrower than its header folds the header, onto more lines.
	heads := make([][]string, n)
	hasHeader, height := false, 1
	for i, c := range tb.Cols {
		heads[i] = []string{c.Header}
		if t.Mode != Pipe && xansi.StringWidth(c.Header) > widths[i] {
			heads[i] = strings.Split(wrap(c.Header, widths[i]), "\n")
		}
		height = max(height, len(heads[i]))
		hasHeader = hasHeader || c.Header != ""
	}
	for k := 0; hasHeader && k < height; k++ {
		header := make([]string, n)
		for i, c := range tb.Cols {
			text := ""
			if k < len(heads[i]) {
				text = heads[i][k]
			}
			if i < n-1 || c.Right { // no padding after the last column (painted, it would stay)
				text = pad(text, widths[i], c.Right)
			}
			header[i] = t.Paint(Bold, text)
		}
		lines = append(lines, m+strings.TrimRight(strings.Join(header, gap), " "))
	}
	if hasHeader && t.Mode != Pipe {
		rule := make([]string, n)
		for i := range tb.Cols {
			rule[i] = strings.Repeat("─", widths[i])
		}
		lines = append(lines, m+t.Paint(Dim, strings.Join(rule, gap)))
	}
	for r, row := range tb.rows {
		// A folded cell gives its row more lines; the other cells stay on the first.
		folded := make([][]string, n)
		height := 1
		for i, col := range tb.Cols {
			var c Cell
			if i < len(row) {
				c = row[i]
			}
			folded[i] = []string{c.Text}
			if t.Mode != Pipe && col.folds() && xansi.StringWidth(c.Text) > widths[i] {
				folded[i] = strings.Split(wrap(c.Text, widths[i]), "\n")
			}
			height = max(height, len(folded[i]))
		}
		for k := range height {
			cells := make([]string, n)
			for i := range tb.Cols {
				var c Cell
				if i < len(row) {
					c = row[i]
				}
				text := ""
				if k < len(folded[i]) {
					text = folded[i][k]
				}
				if i < n-1 || tb.Cols[i].Right {
					text = pad(text, widths[i], tb.Cols[i].Right)
				}
				st := c.Style
				if tb.bold[r] && st == Normal {
					st = Bold
				}
				cells[i] = t.Paint(st, text)
			}
			lines = append(lines, m+strings.TrimRight(strings.Join(cells, gap), " "))
		}
	}
	return strings.Join(lines, "\n")
}

// tableList draws a table too wide for the terminal as a list: each row's first cell (its
// label) on a line, then a "header: value" line for each other cell, values folded between
// words under themselves; a blank line between rows.
func (t *Term) tableList(tb *Table, m string) string {
	const indent = "  "
	w := 0
	for _, c := range tb.Cols[1:] {
		w = max(w, xansi.StringWidth(c.Header))
	}
	var blocks []string
	for r, row := range tb.rows {
		cell := func(i int) Cell {
			if i < len(row) {
				return row[i]
			}
			return Cell{}
		}
		style := func(c Cell) Style {
			if tb.bold[r] && c.Style == Normal {
				return Bold
			}
			return c.Style
		}
		first := cell(0)
		lines := []string{m + t.Paint(Bold, first.Text)}
		if first.Style != Normal {
			lines[0] = m + t.Paint(first.Style, first.Text)
		}
		for i := 1; i < len(tb.Cols); i++ {
			c := cell(i)
			if c.Text == "" {
				continue
			}
			name := ""
			lead := m + indent
			if w > 0 {
				name = tb.Cols[i].Header + ":" + strings.Repeat(" ", w-xansi.StringWidth(tb.Cols[i].Header)+1)
				lead += t.Paint(Dim, name)
			}
			width := t.Width - len(m) - len(indent) - xansi.StringWidth(name)
			value := wrap(c.Text, max(width, 10))
			under := "\n" + m + indent + strings.Repeat(" ", xansi.StringWidth(name))
			lines = append(lines, lead+t.Paint(style(c), strings.ReplaceAll(value, "\n", under)))
		}
		blocks = append(blocks, strings.Join(lines, "\n"))
	}
	return strings.Join(blocks, "\n\n")
}

// naturalWidths is each column's widest cell or header.
func (tb *Table) naturalWidths() []int {
	widths := make([]int, len(tb.Cols))
	for i, c := range tb.Cols {
		widths[i] = xansi.StringWidth(c.Header)
	}
	for _, row := range tb.rows {
		for i := 0; i < len(widths) && i < len(row); i++ {
			widths[i] = max(widths[i], xansi.StringWidth(row[i].Text))
		}
	}
	return widths
}

// nextDrop is the column a narrow terminal leaves out next (the highest Drop, the rightmost of
// equals), -1 for none.
func (tb *Table) nextDrop() int {
	at, best := -1, 0
	for i, c := range tb.Cols {
		if c.Drop > 0 && c.Drop >= best {
			at, best = i, c.Drop
		}
	}
	return at
}

// without is tb without column i.
func (tb *Table) without(i int) *Table {
	out := &Table{Cols: append(append([]Col{}, tb.Cols[:i]...), tb.Cols[i+1:]...), bold: tb.bold}
	for _, row := range tb.rows {
		if i < len(row) {
			row = append(append([]Cell{}, row[:i]...), row[i+1:]...)
		}
		out.rows = append(out.rows, row)
	}
	return out
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// minWidths is how narrow each column may become: its header folds between words, so its
// longest word; a folding column's longest word in any cell; any other its widest cell.
func (tb *Table) minWidths() []int {
	out := make([]int, len(tb.Cols))
	for i, c := range tb.Cols {
		// wrap breaks at spaces, not at a no-break space (12,5 %)
		for _, w := range strings.Split(c.Header, " ") {
			out[i] = max(out[i], xansi.StringWidth(w))
		}
		for _, row := range tb.rows {
			if i >= len(row) {
				continue
			}
			if !c.folds() {
				out[i] = max(out[i], xansi.StringWidth(row[i].Text))
				continue
			}
			for _, w := range strings.Split(row[i].Text, " ") {
				out[i] = max(out[i], xansi.StringWidth(w))
			}
		}
	}
	return out
}

// fit narrows the columns, widest first, down to their minimum widths (mins), until the
// widths fit avail or none can narrow more.
func fit(widths []int, cols []Col, mins []int, avail int) {
	total := 0
	for _, w := range widths {
		total += w
	}
	for total > avail {
		widest := -1
		for i := range cols {
			if mins[i] >= 0 && widths[i] > mins[i] && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return
		}
		widths[widest]--
		total--
	}
}

func pad(s string, w int, right bool) string {
	space := w - xansi.StringWidth(s)
	if space <= 0 {
		return s
	}
	if right {
		return strings.Repeat(" ", space) + s
	}
	return s + strings.Repeat(" ", space)
}
