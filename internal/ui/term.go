// Package ui is the one place that decides how atril's output looks: whether it is coloured,
// how wide it may be, and how reports, tables and progress are drawn. Commands and the packages
// that present results build a Doc (headings, paragraphs, lists, tables, preformatted text) and
// print it on a Term, which draws it one of three ways:
//
//   - Rich: a terminal with colour. Prose goes through glamour; tables are drawn here, fitted
//     to the terminal's width.
//   - Plain: a terminal without colour (NO_COLOR, TERM=dumb): the same layout, no colour, no
//     Markdown markers.
//   - Pipe: not a terminal: plain text for scripts and files, tables as aligned columns, no
//     width limit and nothing truncated.
//
// Text reaching ui is already in the reader's language (package i18n); ui only lays it out.
//
// It imports nothing of atril's.
package ui

import (
	"io"
	"strconv"
	"strings"
)

// Mode is how output is drawn.
type Mode uint8

const (
	Pipe  Mode = iota // not a terminal: plain text, aligned columns, nothing truncated
	Plain             // a terminal without colour: the rendered layout, no colour
	Rich              // a terminal with colour
)

// DefaultWidth is the width assumed for a terminal whose size cannot be read.
const DefaultWidth = 80

// MinWidth is the narrowest layout drawn; narrower terminals get this and wrap.
const MinWidth = 40

// Term is an output stream and how to draw on it.
type Term struct {
	W     io.Writer
	Mode  Mode
	Width int // columns of a terminal; 0 when piped (no limit)
	// Dropped is the note under a table that names the columns a narrow terminal left out, in
	// the reader's language (nil: no note).
	Dropped func(headers []string) string
	// Markup marks painted text for Doc.HTML (the web interface) instead of colouring it.
	Markup bool
}

// NewTerm decides how to draw on w: tty says whether it is a terminal, size is the terminal's
// width as the system reports it (0 if unknown). $COLUMNS, when a number, wins over size, as it
// does for other programs. NO_COLOR (any non-empty value, as no-color.org asks) and TERM=dumb
// turn colour off but keep the layout.
func NewTerm(w io.Writer, tty bool, size int, getenv func(string) string) *Term {
	if !tty {
		return &Term{W: w, Mode: Pipe}
	}
	width := size
	if c, err := strconv.Atoi(strings.TrimSpace(getenv("COLUMNS"))); err == nil && c > 0 {
		width = c
	}
	if width <= 0 {
		width = DefaultWidth
	}
	width = max(width, MinWidth)
	mode := Rich
	if getenv("NO_COLOR") != "" || getenv("TERM") == "dumb" {
		mode = Plain
	}
	return &Term{W: w, Mode: mode, Width: width}
}

// Color reports whether colour is drawn.
func (t *Term) Color() bool { return t.Mode == Rich }

// TTY reports whether the output is a terminal.
func (t *Term) TTY() bool { return t.Mode != Pipe }

// Style is a role a piece of text plays; the terminal picks its colour.
type Style uint8

const (
	Normal Style = iota
	Bold
	Dim
	Good   // right, valid
	Bad    // wrong, not valid
	Warn   // attention
	Accent // the thing asked about: a rack, a word to find
	Title
	// Board squares: plain, double/triple letter, double/triple word, a tile, a tile just played.
	SquarePlain
	SquareDL
	SquareTL
	SquareDW
	SquareTW
	SquareTile
	SquareNew
	SquareBlank // a blank played as a letter
)

var styleCodes = map[Style]string{
	Bold:        "1",
	Dim:         "2",
	Good:        "32",
	Bad:         "31",
	Warn:        "33",
	Accent:      "1;36",
	Title:       "1;38;5;39",
	SquarePlain: "38;5;250;48;5;22",
	SquareDL:    "30;48;5;117",
	SquareTL:    "97;48;5;25",
	SquareDW:    "30;48;5;217",
	SquareTW:    "97;48;5;160",
	SquareTile:  "30;48;5;230",
	SquareNew:   "30;48;5;222",
	SquareBlank: "1;31;48;5;230",
}

// Paint is s in style st when the terminal draws colour, s unchanged otherwise.
func (t *Term) Paint(st Style, s string) string {
	if t.Markup && s != "" && st != Normal {
		return markStart + string(rune(markBase+int(st))) + s + markEnd
	}
	code, ok := styleCodes[st]
	if !ok || !t.Color() || s == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}
