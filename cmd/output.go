package cmd

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"
)

// Color reports whether to colour output: stdout is a terminal and NO_COLOR is unset.
func (g *Globals) Color() bool {
	return g.io.OutTTY && g.io.Getenv("NO_COLOR") == "" && g.io.Getenv("TERM") != "dumb"
}

// Out is where results go.
func (g *Globals) Out() io.Writer { return g.io.Out }

// PrintJSON writes v as indented JSON.
func (g *Globals) PrintJSON(v any) error {
	enc := json.NewEncoder(g.io.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// PrintMarkdown renders md with glamour on a terminal (colour unless NO_COLOR) and writes it
// as it is when piped, the way glow does.
func (g *Globals) PrintMarkdown(md string) error {
	if !g.io.OutTTY {
		_, err := io.WriteString(g.io.Out, md)
		return err
	}
	style := styles.NoTTYStyleConfig
	opts := []glamour.TermRendererOption{glamour.WithWordWrap(100)}
	if g.Color() {
		opts = append(opts, glamour.WithStandardStyle(styles.DarkStyle))
	} else {
		opts = append(opts, glamour.WithStyles(style))
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
