package cmd

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

type searchOptions struct {
	Query string
	// Each condition flag is the search term of the same name: the flags and the text form go
	// through one parser (lexicon.Search.Set).
	Terms map[string]*string
	Top   int
	By    string // "word" (default) or "alphagram": one row, and top counting, per alphagram
}

// searchFlagKeys are the condition flags, in the order they are applied.
var searchFlagKeys = []string{"pattern", "anagram", "sub", "length", "contains", "prefix", "suffix", "digraph", "vowels", "points", "rank", "order"}

// searchFlagUsage is a condition flag's help text.
func searchFlagUsage(p *i18n.Printer, key string) string {
	switch key {
	case "pattern":
		return p.T("search.flag.pattern")
	case "anagram":
		return p.T("search.flag.anagram")
	case "sub":
		return p.T("search.flag.sub")
	case "length":
		return p.T("search.flag.length")
	case "contains":
		return p.T("search.flag.contains")
	case "prefix":
		return p.T("search.flag.prefix")
	case "suffix":
		return p.T("search.flag.suffix")
	case "digraph":
		return p.T("search.flag.digraph")
	case "vowels":
		return p.T("search.flag.vowels")
	case "points":
		return p.T("search.flag.points")
	case "rank":
		return p.T("search.flag.rank")
	}
	return p.T("search.flag.order")
}

// newSearchCmd makes `atril search`.
func newSearchCmd(g *Globals) *cobra.Command { return newSearchCmdWith(g, nil) }

// newSearchCmdWith is newSearchCmd with runF, when not nil, standing in for the run (gh's seam).
func newSearchCmdWith(g *Globals, runF func(*searchOptions) error) *cobra.Command {
	opts := &searchOptions{Terms: map[string]*string{}}
	p := g.P
	c := &cobra.Command{
		Use:     p.T("search.use"),
		Short:   p.T("search.short"),
		Long:    p.T("search.long"),
		Example: p.T("search.example"),
		Args:    cobra.ArbitraryArgs,
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) > 0 && opts.Query != "" {
				return withCode(ExitError, i18n.E("search.query_twice"))
			}
			if len(args) > 0 {
				opts.Query = strings.Join(args, " ")
			}
			if !c.Flags().Changed("top") {
				opts.Top = 0
			}
			for _, key := range searchFlagKeys {
				if !c.Flags().Changed(key) {
					delete(opts.Terms, key)
				}
			}
			if runF != nil {
				return runF(opts) // flag tests: the options parsed, nothing run
			}
			return runSearch(g, opts)
		},
	}
	c.Flags().StringVarP(&opts.Query, "query", "q", "", p.T("search.flag.query"))
	for _, key := range searchFlagKeys {
		opts.Terms[key] = c.Flags().String(key, "", searchFlagUsage(p, key))
	}
	c.Flags().IntVar(&opts.Top, "top", 0, p.T("search.flag.top"))
	c.Flags().StringVar(&opts.By, "by", "word", p.T("search.flag.by"))
	_ = c.RegisterFlagCompletionFunc("by", cobra.FixedCompletions([]string{"word", "alphagram"}, cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("order", cobra.FixedCompletions(
		[]string{"alpha", "prob", "length", "points", "alphagram", "-alpha", "-prob", "-length", "-points", "-alphagram"},
		cobra.ShellCompDirectiveNoFileComp))
	_ = c.RegisterFlagCompletionFunc("digraph", cobra.FixedCompletions(
		[]string{"yes", "no", "CH", "LL", "RR"}, cobra.ShellCompDirectiveNoFileComp))
	return c
}

// buildSearch turns the query text and the flags into one Search through the one grammar; a
// flag's error names the flag.
func buildSearch(ts *lexicon.TileSet, opts *searchOptions) (lexicon.Search, error) {
	q, err := lexicon.ParseSearch(opts.Query, ts)
	if err != nil {
		return lexicon.Search{}, err
	}
	for _, key := range searchFlagKeys {
		if v, ok := opts.Terms[key]; ok {
			if err := q.Set(key, *v, ts); err != nil {
				return lexicon.Search{}, i18n.Wrap(err, "search.in_flag", "Flag", "--"+key)
			}
		}
	}
	if opts.Top != 0 {
		if err := q.Set("top", strconv.Itoa(opts.Top), ts); err != nil {
			return lexicon.Search{}, i18n.Wrap(err, "search.in_flag", "Flag", "--top")
		}
	}
	if q.IsEmpty() {
		return lexicon.Search{}, i18n.E("search.empty")
	}
	return q, nil
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
	byAlphagram, ok := lexicon.ParseSearchBy(opts.By)
	if !ok {
		return withCode(ExitError, i18n.E("search.bad_by", "Value", opts.By))
	}
	lex, err := g.Lex()
	if err != nil {
		return err
	}
	list, err := lex.SearchListing(q, byAlphagram)
	if err != nil {
		return withCode(ExitError, err)
	}
	if g.JSON {
		return g.PrintJSON(list.JSON())
	}
	if !g.UI.TTY() {
		return g.printLines(list.Lines())
	}
	return g.Print(list.Doc(g.P))
}
