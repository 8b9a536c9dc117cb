package cmd

import (
	"github.com/spf13/cobra"
)

// newLexiconInfoCmd makes `atril lexicon info`.
func newLexiconInfoCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:               p.T("lexicon.info.use"),
		Short:             p.T("lexicon.info.short"),
		Long:              p.T("lexicon.info.long"),
		Example:           p.T("lexicon.info.example"),
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: completeLexiconNames(g),
		RunE: func(_ *cobra.Command, args []string) error {
			name := ""
			if len(args) == 1 {
				name = args[0]
			}
			return runLexiconInfo(g, name)
		},
	}
}

func runLexiconInfo(g *Globals, name string) error {
	reg := g.lexiconRegistry()
	info, graph, err := reg.Load(name)
	if err != nil {
		return withCode(ExitError, lexiconAdvice(err))
	}
	out, err := reg.InfoReport(name, info, graph)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	return g.Print(out.Doc(g.P))
}
