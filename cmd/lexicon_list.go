package cmd

import (
	"fmt"

	"github.com/atril-scrabble/atril/lexicon/registry"
	"github.com/spf13/cobra"
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
	out, err := reg.Listing(list)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(map[string]any{"lexicons": out})
	}
	return g.Print(registry.ListDoc(p, out, g.UI.TTY()))
}
