package cmd

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"

	"github.com/atril-scrabble/atril/internal/ui"
)

// Color reports whether stdout is drawn in colour (see ui.NewTerm: a terminal, NO_COLOR unset,
// TERM not dumb).
func (g *Globals) Color() bool { return g.UI.Color() }

// Out is where results go.
func (g *Globals) Out() io.Writer { return g.io.Out }

// PrintJSON writes v as indented JSON.
func (g *Globals) PrintJSON(v any) error {
	enc := json.NewEncoder(g.io.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Print draws a report on stdout: rendered on a terminal, plain text when piped (package ui).
func (g *Globals) Print(d *ui.Doc) error { return g.UI.Print(d) }

// Say writes one line of text on stdout, folded between words to a terminal's width.
func (g *Globals) Say(text string) error {
	if g.UI != nil {
		text = g.UI.Fold("", text)
	}
	_, err := fmt.Fprintln(g.io.Out, text)
	return err
}

// PrintMarkdown renders md with glamour on a terminal and writes it as it is when piped.
//
// Deprecated: build a ui.Doc and call Print, which draws tables to the terminal's width and
// plain text when piped. Kept until every command is moved over.
func (g *Globals) PrintMarkdown(md string) error {
	if !g.io.OutTTY {
		_, err := io.WriteString(g.io.Out, md)
		return err
	}
	opts := []glamour.TermRendererOption{glamour.WithWordWrap(g.UI.Width)}
	if g.Color() {
		opts = append(opts, glamour.WithStandardStyle(styles.DarkStyle))
	} else {
		opts = append(opts, glamour.WithStyles(styles.NoTTYStyleConfig))
	}
	r, err := glamour.NewTermRenderer(opts...)
	if err != nil {
		return err
	}
	out, err := r.Render(md)
	if err != nil {
		return err
	}
	_, err = fmt.Fprint(g.io.Out, out)
	return err
}
