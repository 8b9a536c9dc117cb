package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

func init() {
	registerLexicon(func(g *Globals) *cobra.Command {
		return &cobra.Command{
			Use:   "list",
			Short: "List the lexicons: the embedded one and those you added; * marks the default",
			Long: `List every lexicon: the embedded FISE2-LIBRE and those added with 'atril lexicon add'.
The default (used when --lexicon is not given) is marked with *; choose it with
'atril lexicon use NAME'. A lexicon whose files in the data directory are damaged is
left out with a warning on stderr naming the file (add it again with --force).`,
			Example: `  atril lexicon list
  atril lexicon list --json`,
			Args: cobra.NoArgs,
			RunE: func(*cobra.Command, []string) error { return runLexiconList(g) },
		}
	})
}

type lexiconListJSON struct {
	lexicon.Info
	Default bool `json:"default"`
}

func runLexiconList(g *Globals) error {
	reg := g.lexiconRegistry()
	list, bad, err := reg.List()
	if err != nil {
		return withCode(ExitError, err)
	}
	for _, err := range bad {
		fmt.Fprintf(g.io.Err, "atril: warning: %v\n", err)
	}
	chosen, err := reg.Chosen()
	if err != nil {
		return withCode(ExitError, err)
	}
	if chosen == "" {
		chosen = lexicon.DefaultName
	}
	out := make([]lexiconListJSON, len(list))
	for i, info := range list {
		out[i] = lexiconListJSON{Info: info, Default: strings.EqualFold(info.Name, chosen)}
	}
	if g.JSON {
		return g.PrintJSON(map[string]any{"lexicons": out})
	}
	if !g.io.OutTTY {
		for _, l := range out {
			mark := " "
			if l.Default {
				mark = "*"
			}
			fmt.Fprintf(g.Out(), "%s %s\t%d\t%s\n", mark, l.Name, l.Words, l.Description)
		}
		return nil
	}
	var md strings.Builder
	md.WriteString("| | Lexicon | Words | Description |\n|---|---|--:|---|\n")
	for _, l := range out {
		mark := ""
		if l.Default {
			mark = "*"
		}
		desc := l.Description
		if l.Embedded {
			desc = "(embedded) " + desc
		}
		fmt.Fprintf(&md, "| %s | %s | %d | %s |\n", mark, l.Name, l.Words, mdCell(desc))
	}
	md.WriteString("\n`*` default — change it with `atril lexicon use NAME`.\n")
	return g.PrintMarkdown(md.String())
}

// mdCell keeps text inside a markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
