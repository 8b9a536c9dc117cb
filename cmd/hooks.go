package cmd

import (
	"github.com/spf13/cobra"

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
	out := lexicon.WordHooks(lex, word)
	if g.JSON {
		return g.PrintJSON(out)
	}
	if !g.UI.TTY() {
		if len(out.Front)+len(out.Back) == 0 {
			return nil
		}
		return g.Print(out.LinesDoc(g.P))
	}
	return g.Print(out.Doc(g.P, g.UI))
}
