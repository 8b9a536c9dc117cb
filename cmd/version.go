package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/about"
)

// newVersionCmd makes `atril version`.
func newVersionCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:   p.T("version.use"),
		Short: p.T("version.short"),
		Long:  p.T("version.long"),
		Args:  cobra.NoArgs,
		RunE:  func(c *cobra.Command, args []string) error { return runVersion(g) },
	}
}

// addVersionFlag gives the root command --version, which prints what `atril version` does;
// without it the root command shows its help, as it would without a Run.
func addVersionFlag(root *cobra.Command, g *Globals) {
	root.Flags().Bool("version", false, g.P.T("version.flag"))
	root.RunE = func(c *cobra.Command, args []string) error {
		if v, _ := c.Flags().GetBool("version"); v {
			return runVersion(g)
		}
		return c.Help()
	}
}

func runVersion(g *Globals) error {
	v := about.Build()
	if g.JSON {
		return g.PrintJSON(v)
	}
	return g.Print(v.Doc(g.P))
}
