package cmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

func init() {
	registerLexicon(func(g *Globals) *cobra.Command {
		return &cobra.Command{
			Use:   "info [NAME|PATH.kwg]",
			Short: "Describe a lexicon: words, counts by length, source, alphabet",
			Long: `Describe a lexicon (the default when NAME is not given): its description, where it was
compiled from, its alphabet, how many words it has in all and of each length in tiles,
and how many lines of its source list were skipped.`,
			Example: `  atril lexicon info
  atril lexicon info FILE2017
  atril lexicon info --json FISE2-LIBRE
  atril lexicon info ~/descargas/FILE2017.kwg`,
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
	})
}

type lexiconInfoJSON struct {
	lexicon.Info
	Default bool           `json:"default"`
	Lengths map[string]int `json:"lengths"` // tiles -> words
}

func runLexiconInfo(g *Globals, name string) error {
	reg := g.lexiconRegistry()
	info, graph, err := reg.Load(name)
	if err != nil {
		return withCode(ExitError, err)
	}
	chosen, err := reg.Chosen()
	if err != nil {
		return withCode(ExitError, err)
	}
	if chosen == "" {
		chosen = lexicon.DefaultName
	}
	counts := lexicon.CountByLength(graph)
	out := lexiconInfoJSON{Info: info, Default: strings.EqualFold(info.Name, chosen) && !strings.HasSuffix(strings.ToLower(name), ".kwg"), Lengths: map[string]int{}}
	out.Words = 0
	for n, c := range counts {
		if c > 0 {
			out.Lengths[strconv.Itoa(n)] = c
			out.Words += c
		}
	}
	if g.JSON {
		return g.PrintJSON(out)
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\n", out.Name)
	if out.Description != "" {
		md.WriteString(out.Description + "\n\n")
	}
	fmt.Fprintf(&md, "- Words: %d\n", out.Words)
	if out.Default {
		md.WriteString("- Default lexicon (used when --lexicon is not given)\n")
	}
	if out.Embedded {
		md.WriteString("- Embedded in atril\n")
	}
	if out.Source != "" {
		fmt.Fprintf(&md, "- Source: %s\n", out.Source)
	}
	if out.Skipped > 0 {
		fmt.Fprintf(&md, "- Source lines skipped: %d\n", out.Skipped)
	}
	if !out.Added.IsZero() {
		fmt.Fprintf(&md, "- Added: %s\n", out.Added.Format(time.DateTime+" MST"))
	}
	fmt.Fprintf(&md, "- Alphabet: %s\n\n| Tiles | Words |\n|--:|--:|\n", strings.Join(out.Alphabet, " "))
	for n, c := range counts {
		if c > 0 {
			fmt.Fprintf(&md, "| %d | %d |\n", n, c)
		}
	}
	return g.PrintMarkdown(md.String())
}
