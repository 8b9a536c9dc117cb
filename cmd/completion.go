package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// newCompletionCmd makes `atril completion`.
func newCompletionCmd(g *Globals) *cobra.Command {
	var noDesc bool
	c := &cobra.Command{
		Use:       "completion bash|zsh|fish|powershell",
		Short:     g.P.T("completion.short"),
		Long:      g.P.T("completion.long"),
		Args:      cobra.ExactArgs(1),
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
		RunE: func(c *cobra.Command, args []string) error {
			root, out := c.Root(), g.Out()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, !noDesc)
			case "zsh":
				if noDesc {
					return root.GenZshCompletionNoDesc(out)
				}
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, !noDesc)
			case "powershell":
				if noDesc {
					return root.GenPowerShellCompletion(out)
				}
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return withCode(ExitError, i18n.E("completion.shell", "Shell", args[0]))
		},
	}
	c.Flags().BoolVar(&noDesc, "no-descriptions", false, g.P.T("completion.no_descriptions"))
	return c
}
