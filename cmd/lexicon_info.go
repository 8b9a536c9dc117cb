package cmd

import (
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// newLexiconInfoCmd makes `atril lexicon info`.
func newLexiconInfoCmd(g *Globals) *cobra.Command {
	p := g.P
	return &cobra.Command{
		Use:               p.T("lexicon.info.use"),
		Short:             p.T("lexicon.info.short"),
		Long:              p.T("lexicon.info.long"),
		Example:           p.T("lexicon.info.example"),
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
		return withCode(ExitError, lexiconAdvice(err))
	}
	chosen, err := reg.Chosen()
	if err != nil {
		return withCode(ExitError, err)
	}
	if chosen == "" {
		chosen = lexicon.DefaultName
	}
	byPath := strings.HasSuffix(strings.ToLower(name), ".kwg")
	counts := lexicon.CountByLength(graph)
	out := lexiconInfoJSON{Info: info, Default: lexicon.SameName(info.Name, chosen) && !byPath, Lengths: map[string]int{}}
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
	p := g.P
	doc := ui.NewDoc().H1(out.Name)
	switch {
	case byPath:
		doc.P(p.T("lexicon.info.path_description"))
	case out.Description != "":
		doc.P(lexiconDescription(p, out.Info))
	}
	yes := p.T("lexicon.info.yes")
	pairs := [][2]string{{p.T("lexicon.info.words"), p.Int(out.Words)}}
	if out.Default {
		pairs = append(pairs, [2]string{p.T("lexicon.info.default"), yes})
	}
	if out.Embedded {
		pairs = append(pairs, [2]string{p.T("lexicon.info.embedded"), yes})
	}
	if out.Source != "" {
		pairs = append(pairs, [2]string{p.T("lexicon.info.source"), lexiconSource(p, out.Info)})
	}
	if out.Skipped > 0 {
		pairs = append(pairs, [2]string{p.T("lexicon.info.skipped"), p.Int(out.Skipped)})
	}
	if !out.Added.IsZero() {
		pairs = append(pairs, [2]string{p.T("lexicon.info.added"), out.Added.Format(time.DateTime + " MST")})
	}
	pairs = append(pairs, [2]string{p.T("lexicon.info.alphabet"), strings.Join(out.Alphabet, " ")})
	t := ui.NewTable(ui.Col{Header: p.T("lexicon.info.col.tiles"), Right: true}, ui.Col{Header: p.T("lexicon.info.col.words"), Right: true})
	for n, c := range counts {
		if c > 0 {
			t.Row(p.Int(n), p.Int(c))
		}
	}
	return g.Print(doc.KV(pairs...).Table(t))
}
