package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

func init() {
	registerLexicon(func(g *Globals) *cobra.Command {
		return &cobra.Command{
			Use:   "use NAME",
			Short: "Make NAME the default lexicon from now on",
			Long: `Make NAME (the embedded FISE2-LIBRE or a lexicon added with 'atril lexicon add') the
lexicon every command uses when --lexicon is not given. The choice is kept in
config.json in your data directory.`,
			Example: `  atril lexicon use FILE2017
  atril lexicon use fise2-libre   # back to the embedded default`,
			Args:              cobra.ExactArgs(1),
			ValidArgsFunction: completeLexiconNames(g),
			RunE: func(_ *cobra.Command, args []string) error {
				info, err := g.lexiconRegistry().Use(args[0])
				if err != nil {
					return withCode(ExitError, err)
				}
				if g.JSON {
					return g.PrintJSON(map[string]any{"default": info.Name, "words": info.Words})
				}
				_, err = fmt.Fprintf(g.Out(), "Default lexicon: %s (%d %s)\n", info.Name, info.Words, plural(info.Words, "word", "words"))
				return err
			},
		}
	})
}
