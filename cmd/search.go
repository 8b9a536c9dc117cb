package cmd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

type searchOptions struct {
	Query string
	// Each condition flag is the search term of the same name: the flags and the text form go
	// through one parser (lexicon.Search.Set).
	Terms map[string]*string
	Top   int
}

// searchFlagKeys are the condition flags, in the order they are applied.
var searchFlagKeys = []struct{ key, usage string }{
	{"pattern", "pattern: ? any tile, * any run, [AEIOU] a set, [^AEIOU] not in the set"},
	{"anagram", "uses exactly these tiles (? a blank)"},
	{"sub", "uses some of these tiles (? a blank)"},
	{"length", "tiles: N, N-M, N- or -M"},
	{"contains", "holds these tiles, in any order"},
	{"prefix", "begins with these tiles"},
	{"suffix", "ends with these tiles"},
	{"digraph", "yes (a CH, LL or RR tile), no, or a digraph tile: CH"},
	{"vowels", "vowel tiles: N or a range"},
	{"points", "face value: N or a range"},
	{"rank", "probability rank among words of the same length: N or a range"},
	{"order", "alpha, prob, length, points or alphagram; -KEY reverses"},
}

func init() {
	register(func(g *Globals) *cobra.Command {
		opts := &searchOptions{Terms: map[string]*string{}}
		c := &cobra.Command{
			Use:   "search [QUERY]",
			Short: "Search the lexicon with combinable conditions (pattern, rack, length, probability...)",
			Long: `Search the lexicon the way Zyzzyva does: every condition must hold. Give the conditions
as a query text (the same text decks use: atril deck add NAME --search "...") or as flags;
the flags are the same terms, so --length 7 --top 1000 is "length:7 top:1000".

` + lexicon.SearchHelp + `

` + lexicon.PatternHelp + `

Piped, the words come one a line in plain upper case; --json gives word, alphagram,
probability and rank.

Exit codes: 0 success (also when nothing matches); 2 bad input (the message names the
term and what was expected).`,
			Example: `  atril search "length:7 top:1000"
  atril search "pattern:CA* vowels:3-4 digraph:yes"
  atril search --pattern "*[CHLL]?" --length 4-5 --order prob
  atril search "sub:CHARROS? length:6-" --json
  atril search --anagram "AEIRST?" --order points`,
			Args: cobra.ArbitraryArgs,
			ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return nil, cobra.ShellCompDirectiveNoFileComp
			},
			RunE: func(c *cobra.Command, args []string) error {
				if len(args) > 0 && opts.Query != "" {
					return withCode(ExitError, fmt.Errorf("give the query either as arguments or as --query, not both"))
				}
				if len(args) > 0 {
					opts.Query = strings.Join(args, " ")
				}
				if !c.Flags().Changed("top") {
					opts.Top = 0
				}
				for _, f := range searchFlagKeys {
					if !c.Flags().Changed(f.key) {
						delete(opts.Terms, f.key)
					}
				}
				return runSearch(g, opts)
			},
		}
		c.Flags().StringVarP(&opts.Query, "query", "q", "", `the search as text, e.g. "length:7 top:1000"`)
		for _, f := range searchFlagKeys {
			opts.Terms[f.key] = c.Flags().String(f.key, "", f.usage)
		}
		c.Flags().IntVar(&opts.Top, "top", 0, "only the N most probable words that meet the other conditions")
		_ = c.RegisterFlagCompletionFunc("order", cobra.FixedCompletions(
			[]string{"alpha", "prob", "length", "points", "alphagram", "-alpha", "-prob", "-length", "-points", "-alphagram"},
			cobra.ShellCompDirectiveNoFileComp))
		_ = c.RegisterFlagCompletionFunc("digraph", cobra.FixedCompletions(
			[]string{"yes", "no", "CH", "LL", "RR"}, cobra.ShellCompDirectiveNoFileComp))
		return c
	})
}

// buildSearch turns the query text and the flags into one Search through the one grammar.
func buildSearch(ts *lexicon.TileSet, opts *searchOptions) (lexicon.Search, error) {
	q, err := lexicon.ParseSearch(opts.Query, ts)
	if err != nil {
		return lexicon.Search{}, err
	}
	for _, f := range searchFlagKeys {
		if v, ok := opts.Terms[f.key]; ok {
			if err := q.Set(f.key, *v, ts); err != nil {
				return lexicon.Search{}, fmt.Errorf("--%s: %w", f.key, err)
			}
		}
	}
	if opts.Top != 0 {
		if err := q.Set("top", strconv.Itoa(opts.Top), ts); err != nil {
			return lexicon.Search{}, fmt.Errorf("--top: %w", err)
		}
	}
	if q.IsEmpty() {
		return lexicon.Search{}, fmt.Errorf(`a search needs at least one condition, e.g. atril search "length:7 top:100" (see atril search --help)`)
	}
	return q, nil
}

type searchResultJSON struct {
	Word        string  `json:"word"`
	Alphagram   string  `json:"alphagram"`
	Probability float64 `json:"probability"`
	Rank        int     `json:"rank"`
}

type searchJSON struct {
	Results []searchResultJSON `json:"results"`
}

func runSearch(g *Globals, opts *searchOptions) error {
	ts, err := g.TileSet()
	if err != nil {
		return err
	}
	q, err := buildSearch(ts, opts)
	if err != nil {
		return withCode(ExitError, err)
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	results, err := lex.Search(q)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		out := searchJSON{Results: make([]searchResultJSON, len(results))}
		for i, r := range results {
			out.Results[i] = searchResultJSON{ts.Display(r.Word), ts.Display(r.Alphagram), r.Probability, r.Rank}
		}
		return g.PrintJSON(out)
	}
	if !g.io.OutTTY {
		var sb strings.Builder
		for _, r := range results {
			sb.WriteString(ts.Display(r.Word))
			sb.WriteByte('\n')
		}
		_, err := fmt.Fprint(g.Out(), sb.String())
		return err
	}
	if len(results) > searchMarkdownMax {
		_, err := fmt.Fprint(g.Out(), searchText(g, ts, q, results))
		return err
	}
	return g.PrintMarkdown(searchMarkdown(ts, q, results))
}

// searchMarkdownMax is the most rows rendered as a table; longer lists print as aligned text,
// which a terminal shows at once.
const searchMarkdownMax = 200

func searchTitle(q lexicon.Search, n int) string {
	word := "words"
	if n == 1 {
		word = "word"
	}
	return fmt.Sprintf("%d %s: %s", n, word, q.String())
}

func searchRow(ts *lexicon.TileSet, i int, r lexicon.Result) []string {
	return []string{
		strconv.Itoa(i + 1), spellBlanks(ts, r.Word), ts.Display(r.Alphagram), strconv.Itoa(len(r.Word)),
		strconv.Itoa(r.Points), strconv.Itoa(r.Rank), fmt.Sprintf("%.3g", r.Probability),
	}
}

var searchHeader = []string{"#", "Word", "Alphagram", "Tiles", "Points", "Rank", "Probability"}

func searchMarkdown(ts *lexicon.TileSet, q lexicon.Search, results []lexicon.Result) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n\n", searchTitle(q, len(results)))
	if len(results) == 0 {
		sb.WriteString("No words match.\n")
		return sb.String()
	}
	sb.WriteString("| " + strings.Join(searchHeader, " | ") + " |\n")
	sb.WriteString("|" + strings.Repeat("---|", len(searchHeader)) + "\n")
	for i, r := range results {
		sb.WriteString("| " + strings.Join(searchRow(ts, i, r), " | ") + " |\n")
	}
	sb.WriteString("\n_Rank: probability rank among words of the same length. Lower case: a blank._\n")
	return sb.String()
}

// searchText is an aligned table without glamour, for long result lists on a terminal.
func searchText(g *Globals, ts *lexicon.TileSet, q lexicon.Search, results []lexicon.Result) string {
	rows := [][]string{searchHeader}
	for i, r := range results {
		rows = append(rows, searchRow(ts, i, r))
	}
	width := make([]int, len(searchHeader))
	for _, row := range rows {
		for j, cell := range row {
			width[j] = max(width[j], len([]rune(cell)))
		}
	}
	var sb strings.Builder
	sb.WriteString(g.paint(ansiBold, searchTitle(q, len(results))) + "\n\n")
	for i, row := range rows {
		var line strings.Builder
		for j, cell := range row {
			if j > 0 {
				line.WriteString("  ")
			}
			line.WriteString(cell + strings.Repeat(" ", width[j]-len([]rune(cell))))
		}
		text := strings.TrimRight(line.String(), " ")
		if i == 0 {
			text = g.paint(ansiBold, text)
		}
		sb.WriteString(text + "\n")
	}
	return sb.String()
}
