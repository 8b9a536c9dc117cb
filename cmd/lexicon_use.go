package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/ui"
)

// newLexiconUseCmd makes `atril lexicon use`.
func newLexiconUseCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:               p.T("lexicon.use_cmd.use"),
		Short:             p.T("lexicon.use_cmd.short"),
		Long:              p.T("lexicon.use_cmd.long"),
		Example:           p.T("lexicon.use_cmd.example"),
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeLexiconNames(g),
		RunE: func(_ *cobra.Command, args []string) error {
			info, err := g.lexiconRegistry().Use(args[0])
			if err != nil {
				return withCode(ExitError, lexiconAdvice(err))
			}
			if g.JSON {
				return g.PrintJSON(map[string]any{"default": info.Name, "words": info.Words})
			}
			return g.Print(ui.NewDoc().P(p.T("lexicon.use_cmd.done", "Name", info.Name, "Words", p.N("count.words", info.Words))))
		},
	}
}
