package cmd

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

type lexiconDiffOptions struct {
	A, B    string
	Added   bool
	Removed bool
}

// newLexiconDiffCmd makes `atril lexicon diff`.
func newLexiconDiffCmd(g *Globals) *cobra.Command {
	opts := &lexiconDiffOptions{}
	p := g.P
	c := &cobra.Command{
		Use:               p.T("lexicon.diff.use"),
		Short:             p.T("lexicon.diff.short"),
		Long:              p.T("lexicon.diff.long"),
		Example:           p.T("lexicon.diff.example"),
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: completeLexiconNames(g),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.A, opts.B = args[0], args[1]
			return runLexiconDiff(g, opts)
		},
	}
	c.Flags().BoolVar(&opts.Added, "added", false, p.T("lexicon.diff.flag.added"))
	c.Flags().BoolVar(&opts.Removed, "removed", false, p.T("lexicon.diff.flag.removed"))
	c.MarkFlagsMutuallyExclusive("added", "removed")
	return c
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
	a, err := g.openLexicon(opts.A, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	b, err := g.openLexicon(opts.B, ts)
	if err != nil {
		return withCode(ExitError, err)
	}
	d, err := lexicon.Diff(a, b)
	if err != nil {
		return withCode(ExitError, err)
	}
	onlyA, onlyB := d.OnlyA, d.OnlyB
	res := lexiconDiffJSON{A: a.Name, B: b.Name, OnlyACount: len(onlyA), OnlyBCount: len(onlyB), Common: d.Common, OnlyA: plainWords(ts, onlyA), OnlyB: plainWords(ts, onlyB)}
	p := g.P
	switch {
	case g.JSON:
		if opts.Added {
			res.OnlyA = nil
		}
		if opts.Removed {
			res.OnlyB = nil
		}
		return g.PrintJSON(res)
	case opts.Added || opts.Removed || !g.UI.TTY():
		// A word list `lexicon add` reads back: the headers are comments.
		w := bufio.NewWriter(g.Out())
		if !opts.Added {
			if !opts.Removed {
				fmt.Fprintln(w, "# "+p.T("lexicon.diff.only_in", "Name", res.A, "Words", p.N("count.words", res.OnlyACount)))
			}
			for _, s := range res.OnlyA {
				fmt.Fprintln(w, s)
			}
		}
		if !opts.Removed {
			if !opts.Added {
				fmt.Fprintln(w, "# "+p.T("lexicon.diff.only_in", "Name", res.B, "Words", p.N("count.words", res.OnlyBCount)))
			}
			for _, s := range res.OnlyB {
				fmt.Fprintln(w, s)
			}
		}
		return w.Flush()
	}
	return g.Print(diffDoc(p, res, onlyA, onlyB))
}

// diffShownWords is how many words of each list the terminal summary shows.
const diffShownWords = 60

// diffDoc sums a difference up: counts, counts by length, the first words of each list.
func diffDoc(p *i18n.Printer, res lexiconDiffJSON, onlyA, onlyB [][]lexicon.Tile) *ui.Doc {
	doc := ui.NewDoc().H1(res.A + " → " + res.B)
	doc.KV(
		[2]string{p.T("lexicon.diff.only_in_name", "Name", res.A), p.N("count.words", res.OnlyACount)},
		[2]string{p.T("lexicon.diff.only_in_name", "Name", res.B), p.N("count.words", res.OnlyBCount)},
		[2]string{p.T("lexicon.diff.in_both"), p.N("count.words", res.Common)},
	)
	if res.OnlyACount+res.OnlyBCount == 0 {
		return doc.P(p.T("lexicon.diff.same"))
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
	t := ui.NewTable(
		ui.Col{Header: p.T("lexicon.diff.col.tiles"), Right: true},
		ui.Col{Header: p.T("lexicon.diff.only_in_name", "Name", res.A), Right: true},
		ui.Col{Header: p.T("lexicon.diff.only_in_name", "Name", res.B), Right: true},
	)
	for n := 1; n <= maxLen; n++ {
		if countA[n]+countB[n] > 0 {
			t.Row(p.Int(n), p.Int(countA[n]), p.Int(countB[n]))
		}
	}
	doc.Table(t)
	list := func(name string, words []string) {
		if len(words) == 0 {
			return
		}
		doc.H2(p.T("lexicon.diff.only_in_name", "Name", name))
		shown := words[:min(len(words), diffShownWords)]
		text := strings.Join(shown, " ")
		if len(words) > len(shown) {
			text += " " + p.N("lexicon.diff.more", len(words)-len(shown))
		}
		doc.P(text)
	}
	list(res.A, res.OnlyA)
	list(res.B, res.OnlyB)
	return doc.Note(p.T("lexicon.diff.pipe_note"))
}
