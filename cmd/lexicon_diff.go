package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type lexiconDiffOptions struct {
	A, B    string
	Added   bool
	Removed bool
}

// newLexiconDiffCmd makes `atril lexicon diff`.
func newLexiconDiffCmd(g *Globals) *cobra.Command {
	opts := &lexiconDiffOptions{}
	p := g.P
	c := &cobra.Command{
		Use:               p.T("lexicon.diff.use"),
		Short:             p.T("lexicon.diff.short"),
		Long:              p.T("lexicon.diff.long"),
		Example:           p.T("lexicon.diff.example"),
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: completeLexiconNames(g),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.A, opts.B = args[0], args[1]
			return runLexiconDiff(g, opts)
		},
	}
	c.Flags().BoolVar(&opts.Added, "added", false, p.T("lexicon.diff.flag.added"))
	c.Flags().BoolVar(&opts.Removed, "removed", false, p.T("lexicon.diff.flag.removed"))
	c.MarkFlagsMutuallyExclusive("added", "removed")
	return c
}

func runLexiconDiff(g *Globals, opts *lexiconDiffOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	a, err := g.openLexicon(opts.A, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	b, err := g.openLexicon(opts.B, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	d, err := lexicon.Diff(a, b)
	if err != nil {
		return withCode(ExitError, err)
	}
	res := d.Report(a.Name, b.Name, ts)
	switch {
	case g.JSON:
		return g.PrintJSON(res.Only(opts.Added, opts.Removed))
	case opts.Added || opts.Removed || !g.UI.TTY():
		return res.WriteList(g.Out(), g.P, opts.Added, opts.Removed)
	}
	return g.Print(res.Doc(g.P))
}
