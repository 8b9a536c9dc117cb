package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type hooksOptions struct {
	Word string
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &hooksOptions{}
		c := &cobra.Command{
			Use:   "hooks WORD",
			Short: "Show the tiles that hook before or after a word, and the words they make",
			Long: `Show the front hooks (a tile before the word) and back hooks (a tile after it) of a
word, with the words they make. Digraph tiles are hooks too: CH before ICO makes CHICO,
while a C tile and an H tile are two tiles and hook nothing together. The word itself
need not be valid.

Piped, each hook is a line "front TILE WORD" or "back TILE WORD".

Exit codes: 0 success; 2 bad input.`,
			Example: `  atril hooks ALA
  atril hooks --json AMA`,
			Args: cobra.ExactArgs(1),
			ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				opts.Word = args[0]
				return runHooks(g, opts)
			},
		}
		return c
	})
}

type hookJSON struct {
	Hook string `json:"hook"`
	Word string `json:"word"`
}

// hooksJSON is a word with its hooks: what hooks --json prints, and the start of info --json.
type hooksJSON struct {
	Word  string     `json:"word"`
	Valid bool       `json:"valid"`
	Front []hookJSON `json:"front"`
	Back  []hookJSON `json:"back"`
}

// wordHooks looks the word and its hooks up, spelling each hooked word.
func wordHooks(lex *lexicon.Lexicon, word []lexicon.Tile) hooksJSON {
	ts := lex.Tiles
	h := lex.Hooks(word)
	out := hooksJSON{Word: ts.Display(word), Valid: lex.Contains(word), Front: []hookJSON{}, Back: []hookJSON{}}
	hooked := make([]lexicon.Tile, 0, len(word)+1)
	for _, t := range h.Front {
		hooked = append(append(hooked[:0], t), word...)
		out.Front = append(out.Front, hookJSON{ts.Label(t), ts.Display(hooked)})
	}
	for _, t := range h.Back {
		hooked = append(append(hooked[:0], word...), t)
		out.Back = append(out.Back, hookJSON{ts.Label(t), ts.Display(hooked)})
	}
	return out
}

func runHooks(g *Globals, opts *hooksOptions) error {
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
	out := wordHooks(lex, word)
	if g.JSON {
		return g.PrintJSON(out)
	}
	if !g.io.OutTTY {
		var sb strings.Builder
		for _, h := range out.Front {
			fmt.Fprintf(&sb, "front %s %s\n", h.Hook, h.Word)
		}
		for _, h := range out.Back {
			fmt.Fprintf(&sb, "back %s %s\n", h.Hook, h.Word)
		}
		_, err := fmt.Fprint(g.Out(), sb.String())
		return err
	}
	return g.PrintMarkdown(hooksMarkdown(out))
}

func hooksMarkdown(h hooksJSON) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# Hooks of %s\n\n", h.Word)
	if !h.Valid {
		fmt.Fprintf(&sb, "_%s is not itself a word._\n\n", h.Word)
	}
	labels := func(hs []hookJSON) string {
		var ls []string
		for _, x := range hs {
			ls = append(ls, x.Hook)
		}
		return strings.Join(ls, " ")
	}
	fmt.Fprintf(&sb, "`%s` **%s** `%s`\n\n", orDash(labels(h.Front)), h.Word, orDash(labels(h.Back)))
	list := func(title string, hs []hookJSON) {
		fmt.Fprintf(&sb, "## %s\n\n", title)
		if len(hs) == 0 {
			sb.WriteString("None.\n\n")
			return
		}
		for _, x := range hs {
			fmt.Fprintf(&sb, "- **%s** %s\n", x.Hook, x.Word)
		}
		sb.WriteString("\n")
	}
	list("Front hooks", h.Front)
	list("Back hooks", h.Back)
	return sb.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
