package cmd

import (
	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

type anagramOptions struct {
	Rack string
	Sub  bool
	Min  int
}

// newAnagramCmd makes `atril anagram`.
func newAnagramCmd(g *Globals) *cobra.Command { return newAnagramCmdWith(g, nil) }

// newAnagramCmdWith is newAnagramCmd with runF, when not nil, standing in for the run (gh's seam).
func newAnagramCmdWith(g *Globals, runF func(*anagramOptions) error) *cobra.Command {
	opts := &anagramOptions{}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("anagram.use"),
		Short:   p.T("anagram.short"),
		Long:    p.T("anagram.long"),
		Example: p.T("anagram.example"),
		Args:    cobra.ExactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Rack = args[0]
			if c.Flags().Changed("min") {
				opts.Sub = true // a minimum length only means something for subanagrams
			}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runAnagram(g, opts)
		},
	}
	c.Flags().BoolVar(&opts.Sub, "sub", false, p.T("anagram.flag.sub"))
	c.Flags().IntVar(&opts.Min, "min", 2, p.T("anagram.flag.min"))
	return c
}

type anagramJSON struct {
	Words []string `json:"words"`
}

func runAnagram(g *Globals, opts *anagramOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	rack, err := parseRackArg(ts, opts.Rack)
	if err != nil {
		return err
	}
	if opts.Min < 1 {
		return withCode(ExitError, i18n.E("anagram.bad_min", "Min", opts.Min))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	var words [][]lexicon.Tile
	if opts.Sub {
		words = lex.Subanagrams(rack, opts.Min)
	} else {
		words = lex.Anagrams(rack)
	}
	if g.JSON {
		return g.PrintJSON(anagramJSON{Words: append([]string{}, ts.DisplayWords(words)...)})
	}
	if !g.UI.TTY() {
		return g.printLines(ts.DisplayWords(words))
	}
	return g.Print(lexicon.AnagramDoc(g.P, ts, rack, words, opts.Sub))
}
