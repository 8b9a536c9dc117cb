package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// newLexiconListCmd makes `atril lexicon list`.
func newLexiconListCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:     p.T("lexicon.list.use"),
		Short:   p.T("lexicon.list.short"),
		Long:    p.T("lexicon.list.long"),
		Example: p.T("lexicon.list.example"),
		Args:    cobra.NoArgs,
		RunE:    func(*cobra.Command, []string) error { return runLexiconList(g) },
	}
}

type lexiconListJSON struct {
	lexicon.Info
	Default bool `json:"default"`
}

func runLexiconList(g *Globals) error {
	reg := g.lexiconRegistry()
	list, bad, err := reg.List()
	if err != nil {
		return withCode(ExitError, err)
	}
	p := g.P
	for _, err := range bad {
		fmt.Fprintln(g.io.Err, "atril: "+p.T("lexicon.list.warning", "Err", lexiconAdvice(err)))
	}
	chosen, err := reg.Chosen()
	if err != nil {
		return withCode(ExitError, err)
	}
	if chosen == "" {
		chosen = lexicon.DefaultName
	}
	out := make([]lexiconListJSON, len(list))
	for i, info := range list {
		out[i] = lexiconListJSON{Info: info, Default: lexicon.SameName(info.Name, chosen)}
	}
	if g.JSON {
		return g.PrintJSON(map[string]any{"lexicons": out})
	}
	t := ui.NewTable(
		ui.Col{},
		ui.Col{Header: p.T("lexicon.list.col.name")},
		ui.Col{Header: p.T("lexicon.list.col.words"), Right: true},
		ui.Col{Header: p.T("lexicon.list.col.about"), Shrink: true},
	)
	for _, l := range out {
		mark := ""
		if l.Default {
			mark = "*"
		}
		desc := lexiconDescription(p, l.Info)
		if l.Embedded {
			desc = p.T("lexicon.list.embedded", "Description", desc)
		}
		t.Cells(ui.Cell{Text: mark, Style: ui.Accent}, ui.Cell{Text: l.Name, Style: ui.Bold}, ui.Cell{Text: p.Int(l.Words)}, ui.Cell{Text: desc})
	}
	doc := ui.NewDoc().Table(t)
	if g.UI.TTY() {
		doc.Note(p.T("lexicon.list.note"))
	}
	return g.Print(doc)
}
