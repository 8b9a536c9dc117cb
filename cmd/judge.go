package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type judgeOptions struct {
	Words     []string
	Challenge bool
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &judgeOptions{}
		c := &cobra.Command{
			Use:   "judge WORD...",
			Short: "Say whether words are valid in the lexicon",
			Long: `Judge each word against the lexicon (--lexicon; the embedded default otherwise).

Words are spelled as players write them: CHARRO (digraphs read greedily as the CH, LL
and RR tiles), [CH] for a digraph tile, [C][H] for a C tile and an H tile (never CH),
1 2 3 for CH LL RR; accents are dropped. Words are printed in plain upper case.
Quote words with [ ] so that the shell leaves them alone.

--challenge answers as a tournament judge must when several words are challenged
together (FILE rules, art. 39): only "jugada válida" or "jugada no válida", never
which word failed.

Exit codes: 0 every word valid; 1 some word not valid; 2 bad input.`,
			Example: `  atril judge CASA
  atril judge CHICO "[C][H]ICO"
  atril judge --challenge CASA CASAS XYZ
  atril judge --json QUE HU`,
			Args: cobra.MinimumNArgs(1),
			ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				opts.Words = args
				return runJudge(g, opts)
			},
		}
		c.Flags().BoolVar(&opts.Challenge, "challenge", false, `answer only "jugada válida" or "jugada no válida" for all the words together`)
		return c
	})
}

type judgeWordJSON struct {
	Word  string `json:"word"`
	Valid bool   `json:"valid"`
}

type judgeJSON struct {
	Valid bool            `json:"valid"`
	Words []judgeWordJSON `json:"words,omitempty"`
}

func runJudge(g *Globals, opts *judgeOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	// Spellings first: a typo is bad input (exit 2), not an invalid word, and the lexicon need
	// not load to report it.
	words := make([]judgeWordJSON, len(opts.Words))
	tiles := make([][]lexicon.Tile, len(opts.Words))
	for i, s := range opts.Words {
		w, err := parseWordArg(ts, s)
		if err != nil {
			return err
		}
		words[i].Word, tiles[i] = ts.Display(w), w
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	all := true
	for i := range words {
		words[i].Valid = lex.Contains(tiles[i])
		all = all && words[i].Valid
	}
	switch {
	case g.JSON && opts.Challenge:
		err = g.PrintJSON(judgeJSON{Valid: all})
	case g.JSON:
		err = g.PrintJSON(judgeJSON{Valid: all, Words: words})
	case opts.Challenge:
		verdict := g.paint(ansiGreen+ansiBold, "jugada válida")
		if !all {
			verdict = g.paint(ansiRed+ansiBold, "jugada no válida")
		}
		_, err = fmt.Fprintln(g.Out(), verdict)
	default:
		width := 0
		for _, w := range words {
			width = max(width, len([]rune(w.Word)))
		}
		var sb strings.Builder
		for _, w := range words {
			pad := strings.Repeat(" ", width-len([]rune(w.Word)))
			if w.Valid {
				fmt.Fprintf(&sb, "%s%s  %s\n", w.Word, pad, g.paint(ansiGreen, "valid"))
			} else {
				fmt.Fprintf(&sb, "%s%s  %s\n", w.Word, pad, g.paint(ansiRed, "not valid"))
			}
		}
		_, err = fmt.Fprint(g.Out(), sb.String())
	}
	if err != nil {
		return err
	}
	if !all {
		return withCode(ExitNo, errSilentNo)
	}
	return nil
}
