package cmd

import (
	"github.com/spf13/cobra"
)

type infoOptions struct {
	Word string
}

// newInfoCmd makes `atril info`.
func newInfoCmd(g *Globals) *cobra.Command {
	opts := &infoOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("info.use"),
		Short:   p.T("info.short"),
		Long:    p.T("info.long"),
		Example: p.T("info.example"),
		Args:    cobra.ExactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Word = args[0]
			return runInfo(g, opts)
		},
	}
	return c
}

func runInfo(g *Globals, opts *infoOptions) error {
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
	info := g.morphology(lex).WordInfo(lex, ts, word)
	if g.JSON {
		return g.PrintJSON(info)
	}
	return g.Print(info.Doc(g.P, g.UI))
}
