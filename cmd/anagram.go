package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type anagramOptions struct {
	Rack string
	Sub  bool
	Min  int
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &anagramOptions{}
		c := &cobra.Command{
			Use:   "anagram RACK",
			Short: "Find the words that use all the tiles of a rack, or some (--sub)",
			Long: `Find every word made of exactly the rack's tiles; with --sub, every word made of
some of them (at least --min tiles). A ? is a blank: on a terminal the letters blanks
stood for are shown in lower case (CASAs); piped or --json, words are plain upper case.

Racks are spelled like words: CH, LL, RR are read greedily as digraph tiles, [C][H] is a
C tile and an H tile, 1 2 3 are CH LL RR. A rack holds at most as many blanks as the tile
set has (2 in the FISE set) and at most 15 tiles; a letter may appear more often than the
set has it, since some words need that (CHUCHO: two CH, one of them a blank). Quote racks with ? or [ ] ("AEIRS??") so that
the shell does not read them as file patterns.

Exit codes: 0 success (also when no word is found); 2 bad input.`,
			Example: `  atril anagram "AEIRST?"
  atril anagram --sub --min 5 CHARROS
  atril anagram --json "[C][H]ICO"`,
			Args: cobra.ExactArgs(1),
			ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				opts.Rack = args[0]
				if c.Flags().Changed("min") {
					opts.Sub = true // a minimum length only means something for subanagrams
				}
				return runAnagram(g, opts)
			},
		}
		c.Flags().BoolVar(&opts.Sub, "sub", false, "also words that use only some of the tiles")
		c.Flags().IntVar(&opts.Min, "min", 2, "with --sub, the fewest tiles a word may have (implies --sub)")
		return c
	})
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
		return withCode(ExitError, fmt.Errorf("--min %d: expected a number of tiles, 1 or more", opts.Min))
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
		return g.PrintJSON(anagramJSON{Words: append([]string{}, plainWords(ts, words)...)})
	}
	if !g.io.OutTTY {
		_, err := fmt.Fprint(g.Out(), linesOf(plainWords(ts, words)))
		return err
	}
	return g.PrintMarkdown(anagramMarkdown(ts, rack, words, opts.Sub))
}

// linesOf is one item a line, the form scripts read.
func linesOf(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return strings.Join(items, "\n") + "\n"
}

// anagramMarkdown groups words by length, longest first.
func anagramMarkdown(ts *lexicon.TileSet, rack []lexicon.Tile, words [][]lexicon.Tile, sub bool) string {
	var sb strings.Builder
	kind := "Anagrams"
	if sub {
		kind = "Words"
	}
	fmt.Fprintf(&sb, "# %s of %s\n\n", kind, ts.Display(lexicon.Alphagram(rack)))
	if len(words) == 0 {
		sb.WriteString("No words.\n")
		return sb.String()
	}
	byLen := map[int][]string{}
	blanks := false
	for _, w := range words {
		byLen[len(w)] = append(byLen[len(w)], spellBlanks(ts, w))
		blanks = blanks || slices.ContainsFunc(w, lexicon.Tile.IsBlanked)
	}
	lengths := make([]int, 0, len(byLen))
	for n := range byLen {
		lengths = append(lengths, n)
	}
	slices.Sort(lengths)
	slices.Reverse(lengths)
	for _, n := range lengths {
		fmt.Fprintf(&sb, "**%d %s** (%d): %s\n\n", n, plural(n, "tile", "tiles"), len(byLen[n]), strings.Join(byLen[n], " "))
	}
	if blanks {
		sb.WriteString("_Lower case: the letter a blank stands for._\n")
	}
	return sb.String()
}
