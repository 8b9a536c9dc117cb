package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type infoOptions struct {
	Word string
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &infoOptions{}
		c := &cobra.Command{
			Use:   "info WORD",
			Short: "Show a word's tiles, alphagram, points, probability, anagrams and hooks",
			Long: `Show what a player wants to know about a word: whether it is valid, its tiles (CHICO
is the 4 tiles CH I C O), its alphagram, its face value under --tiles, its probability
and the rank of that probability among the lexicon's words of the same length, its
anagrams and its hooks.

Probability is Zyzzyva's: the ways to draw the word's tiles from a full bag, blanks
standing in for any tile, over the ways to draw that many tiles. Rank 1 is the most
probable word of its length; equal probabilities rank in alphabet order. A word that is
not in the lexicon has no rank: "rank: none" piped, "rank": null with --json.

Exit codes: 0 success (also for a word that is not valid: it says so); 2 bad input.`,
			Example: `  atril info CHICO
  atril info --json ZAS
  atril info --tiles mycopy.csv CASA`,
			Args: cobra.ExactArgs(1),
			ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				opts.Word = args[0]
				return runInfo(g, opts)
			},
		}
		return c
	})
}

type infoJSON struct {
	hooksJSON              // word, valid, front and back hooks
	Tiles         []string `json:"tiles"`
	Length        int      `json:"length"`
	Alphagram     string   `json:"alphagram"`
	Points        int      `json:"points"`
	Combinations  uint64   `json:"combinations"`
	Probability   float64  `json:"probability"`
	Rank          *int     `json:"rank"`            // null when the word is not in the lexicon: no rank
	WordsOfLength int      `json:"words_of_length"` // what the rank is out of
	Anagrams      []string `json:"anagrams"`        // the other words with the same tiles
}

func runInfo(g *Globals, opts *infoOptions) error {
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
	info := infoJSON{
		hooksJSON:    wordHooks(lex, word),
		Tiles:        tileLabels(ts, word),
		Length:       len(word),
		Alphagram:    ts.Display(lexicon.Alphagram(word)),
		Points:       ts.WordPoints(word),
		Combinations: ts.Combinations(word),
		Probability:  ts.Probability(word),
		Anagrams:     []string{},
	}
	rank, of := lex.Rank(word)
	if rank > 0 {
		info.Rank = &rank
	}
	info.WordsOfLength = of
	for _, a := range lex.Anagrams(word) {
		if s := ts.Display(a); s != info.Word {
			info.Anagrams = append(info.Anagrams, s)
		}
	}
	if g.JSON {
		return g.PrintJSON(info)
	}
	if !g.io.OutTTY {
		_, err := fmt.Fprint(g.Out(), infoPlain(info))
		return err
	}
	return g.PrintMarkdown(infoMarkdown(info))
}

func hookList(hs []hookJSON, withWords bool) string {
	var out []string
	for _, h := range hs {
		if withWords {
			out = append(out, h.Hook+" ("+h.Word+")")
		} else {
			out = append(out, h.Hook)
		}
	}
	return strings.Join(out, " ")
}

func rankText(info infoJSON) string {
	if info.Rank == nil {
		return fmt.Sprintf("not ranked (not a word; %s)", wordsOfLength(info))
	}
	return fmt.Sprintf("%d of %s", *info.Rank, wordsOfLength(info))
}

// wordsOfLength is "15 words of 4 tiles", "1 word of 2 tiles".
func wordsOfLength(info infoJSON) string {
	return fmt.Sprintf("%d %s of %d %s", info.WordsOfLength, plural(info.WordsOfLength, "word", "words"), info.Length, plural(info.Length, "tile", "tiles"))
}

func probabilityText(info infoJSON) string {
	if info.Combinations == 0 {
		return "0 (the bag cannot hold these tiles)"
	}
	return fmt.Sprintf("%.4g (%d %s; 1 in %.0f)", info.Probability, info.Combinations, plural(int(min(info.Combinations, 2)), "combination", "combinations"), 1/info.Probability)
}

// infoPlain is "key: value" lines for scripts that do not want JSON.
func infoPlain(info infoJSON) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "word: %s\n", info.Word)
	fmt.Fprintf(&sb, "valid: %t\n", info.Valid)
	fmt.Fprintf(&sb, "tiles: %s\n", strings.Join(info.Tiles, " "))
	fmt.Fprintf(&sb, "length: %d\n", info.Length)
	fmt.Fprintf(&sb, "alphagram: %s\n", info.Alphagram)
	fmt.Fprintf(&sb, "points: %d\n", info.Points)
	fmt.Fprintf(&sb, "combinations: %d\n", info.Combinations)
	fmt.Fprintf(&sb, "probability: %.6g\n", info.Probability)
	if info.Rank == nil {
		sb.WriteString("rank: none\n")
	} else {
		fmt.Fprintf(&sb, "rank: %d\n", *info.Rank)
	}
	fmt.Fprintf(&sb, "words of length: %d\n", info.WordsOfLength)
	fmt.Fprintf(&sb, "anagrams: %s\n", strings.Join(info.Anagrams, " "))
	fmt.Fprintf(&sb, "front hooks: %s\n", hookList(info.Front, false))
	fmt.Fprintf(&sb, "back hooks: %s\n", hookList(info.Back, false))
	return sb.String()
}

func infoMarkdown(info infoJSON) string {
	var sb strings.Builder
	verdict := "valid"
	if !info.Valid {
		verdict = "**not valid**"
	}
	fmt.Fprintf(&sb, "# %s\n\n%s\n\n", info.Word, verdict)
	row := func(k, v string) { fmt.Fprintf(&sb, "- **%s**: %s\n", k, v) }
	row("Tiles", fmt.Sprintf("%s (%d)", strings.Join(info.Tiles, " "), info.Length))
	row("Alphagram", info.Alphagram)
	row("Points", fmt.Sprint(info.Points))
	row("Probability", probabilityText(info))
	row("Rank", rankText(info))
	row("Anagrams", orDash(strings.Join(info.Anagrams, " ")))
	row("Front hooks", orDash(hookList(info.Front, true)))
	row("Back hooks", orDash(hookList(info.Back, true)))
	return sb.String()
}
