package ui

import (
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
)

// Col describes a table column.
type Col struct {
	Header string
	Right  bool // numbers: aligned right
	// Shrink lets a terminal that is too narrow cut this column's cells with an ellipsis (names,
	// descriptions, notes). Other columns (words, racks, moves, numbers) are never cut nor split.
	Shrink bool
	// Wrap lets a terminal that is too narrow fold this column's cells between words onto more
	// lines (a list of words, answers): no word is ever cut or split, and piped output keeps
	// each row on one line.
	Wrap bool
	// Drop lets a terminal too narrow for every column, even shrunk and folded, leave this
	// column out: the highest Drop goes first. 0: always shown. Piped output keeps every column.
	Drop int
}

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

// minShrunk is the narrowest a shrinkable column gets: a few letters and the ellipsis.
const minShrunk = 6

// table draws tb: on a terminal fitted to its width (shrinkable columns cut with "…"), with a
// bold header and a rule under it; piped, as plain aligned columns. A table whose columns have
// no headers is drawn without a header (a list of verdicts, say).
func (t *Term) table(tb *Table, m string) string {
	widths := tb.naturalWidths()
	if t.Mode != Pipe {
		for {
			n := len(tb.Cols)
			avail := t.Width - len(m) - len(gap)*(n-1)
			fit(widths, tb.Cols, tb.minWidths(), avail)
			drop := tb.nextDrop()
			if t.Width <= 0 || sum(widths) <= avail || drop < 0 {
				break
			}
			tb = tb.without(drop)
			widths = tb.naturalWidths()
		}
	}
	n := len(tb.Cols)
	var lines []string
	// A Wrap column narrower than its header folds the header too, onto more lines.
	heads := make([][]string, n)
	hasHeader, height := false, 1
	for i, c := range tb.Cols {
		heads[i] = []string{c.Header}
		if c.Wrap && xansi.StringWidth(c.Header) > widths[i] {
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
			header[i] = t.Paint(Bold, pad(cut(text, widths[i]), widths[i], c.Right))
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
		// A wrapped cell gives its row more lines; the other cells stay on the first.
		folded := make([][]string, n)
		height := 1
		for i, col := range tb.Cols {
			var c Cell
			if i < len(row) {
				c = row[i]
			}
			folded[i] = []string{c.Text}
			if col.Wrap && xansi.StringWidth(c.Text) > widths[i] {
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
				text = pad(cut(text, widths[i]), widths[i], tb.Cols[i].Right)
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

// minWidths is how narrow each column may become: a shrinkable column minShrunk (or its
// width), a wrapped one its longest word, any other its widest cell (left as it is).
func (tb *Table) minWidths() []int {
	out := make([]int, len(tb.Cols))
	for i, c := range tb.Cols {
		switch {
		case c.Shrink:
			out[i] = minShrunk
		case c.Wrap:
			// the longest word of the header or a cell: wrap breaks at spaces, not at a
			// no-break space (12,5 %)
			for _, w := range strings.Split(c.Header, " ") {
				out[i] = max(out[i], xansi.StringWidth(w))
			}
			for _, row := range tb.rows {
				if i < len(row) {
					for _, w := range strings.Split(row[i].Text, " ") {
						out[i] = max(out[i], xansi.StringWidth(w))
					}
				}
			}
		default:
			out[i] = -1
		}
	}
	return out
}

// fit narrows the shrinkable and wrapped columns, widest first, down to their minimum widths
// (mins; -1: never), until the widths fit avail or none can narrow more; what cannot is left as
// it is (the terminal wraps it).
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

// cut shortens s to w columns with an ellipsis.
func cut(s string, w int) string {
	if xansi.StringWidth(s) <= w {
		return s
	}
	return xansi.Truncate(s, w, "…")
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
