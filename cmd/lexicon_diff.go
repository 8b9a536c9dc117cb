package cmd

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type lexiconDiffOptions struct {
	A, B    string
	Added   bool
	Removed bool
}

func init() {
	registerLexicon(func(g *Globals) *cobra.Command {
		opts := &lexiconDiffOptions{}
		c := &cobra.Command{
			Use:   "diff A B",
			Short: "The words only in lexicon A and only in B, with counts",
			Long: `Compare two lexicons (names or .kwg paths): the words only in A and the words only in
B, with counts. With A the old list and B the new one, these are the words removed
and added — what players drill when FILE publishes a new list.

Piped, it prints the two lists, each after a '#' header line with its count (the
output is itself a word list 'atril lexicon add' reads, the headers being comments);
--added prints only the words of B not in A, --removed only those of A not in B,
without headers. On a terminal it prints a summary: counts by length and the first
words of each list.`,
			Example: `  atril lexicon diff FISE2-LIBRE FILE2017
  atril lexicon diff FILE2017 FILE2024 --added > nuevas.txt
  atril lexicon diff --json viejo.kwg nuevo.kwg`,
			Args:              cobra.ExactArgs(2),
			ValidArgsFunction: completeLexiconNames(g),
			RunE: func(_ *cobra.Command, args []string) error {
				opts.A, opts.B = args[0], args[1]
				return runLexiconDiff(g, opts)
			},
		}
		c.Flags().BoolVar(&opts.Added, "added", false, "print only the words of B that are not in A")
		c.Flags().BoolVar(&opts.Removed, "removed", false, "print only the words of A that are not in B")
		c.MarkFlagsMutuallyExclusive("added", "removed")
		return c
	})
}

type lexiconDiffJSON struct {
	A          string   `json:"a"`
	B          string   `json:"b"`
	OnlyACount int      `json:"only_a_count"`
	OnlyBCount int      `json:"only_b_count"`
	Common     int      `json:"common"`
	OnlyA      []string `json:"only_a"`
	OnlyB      []string `json:"only_b"`
}

func runLexiconDiff(g *Globals, opts *lexiconDiffOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	reg := g.lexiconRegistry()
	a, err := reg.Open(opts.A, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	b, err := reg.Open(opts.B, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	d, err := lexicon.Diff(a, b)
	if err != nil {
		return withCode(ExitError, err)
	}
	onlyA, onlyB := d.OnlyA, d.OnlyB
	res := lexiconDiffJSON{A: a.Name, B: b.Name, OnlyACount: len(onlyA), OnlyBCount: len(onlyB), Common: d.Common, OnlyA: plainWords(ts, onlyA), OnlyB: plainWords(ts, onlyB)}
	switch {
	case g.JSON:
		if opts.Added {
			res.OnlyA = nil
		}
		if opts.Removed {
			res.OnlyB = nil
		}
		return g.PrintJSON(res)
	case opts.Added || opts.Removed || !g.io.OutTTY:
		w := bufio.NewWriter(g.Out())
		if !opts.Added {
			if !opts.Removed {
				fmt.Fprintf(w, "# only in %s: %d %s\n", res.A, res.OnlyACount, plural(res.OnlyACount, "word", "words"))
			}
			for _, s := range res.OnlyA {
				fmt.Fprintln(w, s)
			}
		}
		if !opts.Removed {
			if !opts.Added {
				fmt.Fprintf(w, "# only in %s: %d %s\n", res.B, res.OnlyBCount, plural(res.OnlyBCount, "word", "words"))
			}
			for _, s := range res.OnlyB {
				fmt.Fprintln(w, s)
			}
		}
		return w.Flush()
	}
	return g.PrintMarkdown(diffMarkdown(res, onlyA, onlyB))
}

// diffMarkdownWords is how many words of each list the terminal summary shows.
const diffMarkdownWords = 60

func diffMarkdown(res lexiconDiffJSON, onlyA, onlyB [][]lexicon.Tile) string {
	var md strings.Builder
	fmt.Fprintf(&md, "# %s → %s\n\n", res.A, res.B)
	words := func(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "word", "words")) }
	fmt.Fprintf(&md, "- Only in %s: %s\n- Only in %s: %s\n- In both: %s\n\n", res.A, words(res.OnlyACount), res.B, words(res.OnlyBCount), words(res.Common))
	if res.OnlyACount+res.OnlyBCount == 0 {
		md.WriteString("The two lexicons have the same words.\n")
		return md.String()
	}
	countA, countB := map[int]int{}, map[int]int{}
	maxLen := 0
	for _, w := range onlyA {
		countA[len(w)]++
		maxLen = max(maxLen, len(w))
	}
	for _, w := range onlyB {
		countB[len(w)]++
		maxLen = max(maxLen, len(w))
	}
	fmt.Fprintf(&md, "| Tiles | Only in %s | Only in %s |\n|--:|--:|--:|\n", mdCell(res.A), mdCell(res.B))
	for n := 1; n <= maxLen; n++ {
		if countA[n]+countB[n] > 0 {
			fmt.Fprintf(&md, "| %d | %d | %d |\n", n, countA[n], countB[n])
		}
	}
	list := func(name string, words []string) {
		if len(words) == 0 {
			return
		}
		fmt.Fprintf(&md, "\n## Only in %s\n\n", name)
		shown := words[:min(len(words), diffMarkdownWords)]
		md.WriteString(strings.Join(shown, " "))
		if len(words) > len(shown) {
			fmt.Fprintf(&md, " … and %d more", len(words)-len(shown))
		}
		md.WriteString("\n")
	}
	list(res.A, res.OnlyA)
	list(res.B, res.OnlyB)
	md.WriteString("\nPipe the output (or use --json, --added, --removed) for the full lists.\n")
	return md.String()
}
