package cmd

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

type hooksOptions struct {
	Word string
}

// newHooksCmd makes `atril hooks`.
func newHooksCmd(g *Globals) *cobra.Command {
	opts := &hooksOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("hooks.use"),
		Short:   p.T("hooks.short"),
		Long:    p.T("hooks.long"),
		Example: p.T("hooks.example"),
		Args:    cobra.ExactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Word = args[0]
			return runHooks(g, opts)
		},
	}
	return c
}

type hookJSON struct {
	Hook string `json:"hook"`
	Word string `json:"word"`
}

// hooksJSON is a word with its hooks: what hooks --json prints, and the start of info --json.
type hooksJSON struct {
	Word  string     `json:"word"`
	Valid bool       `json:"valid"`
	Front []hookJSON `json:"front"`
	Back  []hookJSON `json:"back"`
}

// wordHooks looks the word and its hooks up, spelling each hooked word.
func wordHooks(lex *lexicon.Lexicon, word []lexicon.Tile) hooksJSON {
	ts := lex.Tiles
	h := lex.Hooks(word)
	out := hooksJSON{Word: ts.Display(word), Valid: lex.Contains(word), Front: []hookJSON{}, Back: []hookJSON{}}
	hooked := make([]lexicon.Tile, 0, len(word)+1)
	for _, t := range h.Front {
		hooked = append(append(hooked[:0], t), word...)
		out.Front = append(out.Front, hookJSON{ts.Label(t), ts.Display(hooked)})
	}
	for _, t := range h.Back {
		hooked = append(append(hooked[:0], word...), t)
		out.Back = append(out.Back, hookJSON{ts.Label(t), ts.Display(hooked)})
	}
	return out
}

func runHooks(g *Globals, opts *hooksOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	word, err := parseWordArg(ts, opts.Word)
	if err != nil {
		return err
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	out := wordHooks(lex, word)
	if g.JSON {
		return g.PrintJSON(out)
	}
	if !g.UI.TTY() {
		// A line a hook: "front C CALA", "back S ALAS".
		t := ui.NewTable(ui.Col{}, ui.Col{}, ui.Col{})
		for _, h := range out.Front {
			t.Row(g.P.T("hooks.front"), h.Hook, h.Word)
		}
		for _, h := range out.Back {
			t.Row(g.P.T("hooks.back"), h.Hook, h.Word)
		}
		if t.Len() == 0 {
			return nil
		}
		return g.Print(ui.NewDoc().Table(t))
	}
	return g.Print(hooksDoc(g.P, g.UI, out))
}

// hooksDoc shows the word between its front and back hooks, then each hooked word.
func hooksDoc(p *i18n.Printer, term *ui.Term, h hooksJSON) *ui.Doc {
	doc := ui.NewDoc().H1(p.T("hooks.title", "Word", h.Word))
	if !h.Valid {
		doc.Note(p.T("hooks.not_a_word", "Word", h.Word))
	}
	labels := func(hs []hookJSON) string {
		var ls []string
		for _, x := range hs {
			ls = append(ls, x.Hook)
		}
		if len(ls) == 0 {
			return "-"
		}
		return strings.Join(ls, " ")
	}
	doc.Pre(labels(h.Front) + "  " + term.Paint(ui.Accent, h.Word) + "  " + labels(h.Back))
	section := func(title string, hs []hookJSON) {
		doc.H2(title)
		if len(hs) == 0 {
			doc.P(p.T("hooks.none"))
			return
		}
		t := ui.NewTable(ui.Col{}, ui.Col{})
		for _, x := range hs {
			t.Cells(ui.Cell{Text: x.Hook, Style: ui.Accent}, ui.Cell{Text: x.Word})
		}
		doc.Table(t)
	}
	section(p.T("hooks.front_title"), h.Front)
	section(p.T("hooks.back_title"), h.Back)
	return doc
}
