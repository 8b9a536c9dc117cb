package registry

import (
	"strconv"
	"strings"
	"time"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// What `lexicon list` and `lexicon info` show of the registry's lexicons, the same for every
// front end.

// Description is what a lexicon is, in the reader's language for the embedded default.
func Description(p *i18n.Printer, info lexicon.Info) string {
	if info.Embedded && info.Name == lexicon.DefaultName {
		return p.T("lexicon.embedded.description_text")
	}
	return info.Description
}

// Source is where a lexicon's words came from, in the reader's language for the embedded
// default (its metadata holds the English, for --json).
func Source(p *i18n.Printer, info lexicon.Info) string {
	if info.Embedded && info.Name == lexicon.DefaultName {
		return p.T("lexicon.embedded.source_text")
	}
	return info.Source
}

// Listed is a lexicon as `lexicon list --json` writes it.
type Listed struct {
	lexicon.Info
	Default bool `json:"default"`
}

// chosenName is the lexicon commands use when none is named: the user's choice, or the default.
func (r *Registry) chosenName() (string, error) {
	chosen, err := r.Chosen()
	if chosen == "" {
		chosen = lexicon.DefaultName
	}
	return chosen, err
}

// Listing is list (the registry's lexicons) with the one in use marked.
func (r *Registry) Listing(list []lexicon.Info) ([]Listed, error) {
	chosen, err := r.chosenName()
	if err != nil {
		return nil, err
	}
	out := make([]Listed, len(list))
	for i, info := range list {
		out[i] = Listed{Info: info, Default: lexicon.SameName(info.Name, chosen)}
	}
	return out, nil
}

// ListDoc is the lexicons for a reader, the note on choosing one only on a terminal (tty).
func ListDoc(p *i18n.Printer, out []Listed, tty bool) *ui.Doc {
	t := ui.NewTable(
		ui.Col{},
		ui.Col{Header: p.T("lexicon.list.col.name")},
		ui.Col{Header: p.T("lexicon.list.col.words"), Right: true},
		ui.Col{Header: p.T("lexicon.list.col.about"), Shrink: true},
	)
	for _, l := range out {
		mark := ""
		if l.Default {
			mark = "*"
		}
		desc := Description(p, l.Info)
		if l.Embedded {
			desc = p.T("lexicon.list.embedded", "Description", desc)
		}
		t.Cells(ui.Cell{Text: mark, Style: ui.Accent}, ui.Cell{Text: l.Name, Style: ui.Bold}, ui.Cell{Text: p.Int(l.Words)}, ui.Cell{Text: desc})
	}
	doc := ui.NewDoc().Table(t)
	if tty {
		doc.Note(p.T("lexicon.list.note"))
	}
	return doc
}

// InfoReportJSON is a lexicon as `lexicon info` shows it; its JSON is what --json writes.
type InfoReportJSON struct {
	lexicon.Info
	Default bool           `json:"default"`
	Lengths map[string]int `json:"lengths"` // tiles -> words

	byPath bool
	counts []int
}

// InfoReport is the lexicon loaded as info and graph, asked for as name (a name or a .kwg path).
func (r *Registry) InfoReport(name string, info lexicon.Info, graph *lexicon.KWG) (*InfoReportJSON, error) {
	chosen, err := r.chosenName()
	if err != nil {
		return nil, err
	}
	byPath := strings.HasSuffix(strings.ToLower(name), ".kwg")
	counts := lexicon.CountByLength(graph)
	out := &InfoReportJSON{Info: info, Default: lexicon.SameName(info.Name, chosen) && !byPath, Lengths: map[string]int{},
		byPath: byPath, counts: counts}
	out.Words = 0
	for n, c := range counts {
		if c > 0 {
			out.Lengths[strconv.Itoa(n)] = c
			out.Words += c
		}
	}
	return out, nil
}

// Doc is the lexicon for a reader: what it is, its words by length, where they came from.
func (out *InfoReportJSON) Doc(p *i18n.Printer) *ui.Doc {
	doc := ui.NewDoc().H1(out.Name)
	switch {
	case out.byPath:
		doc.P(p.T("lexicon.info.path_description"))
	case out.Description != "":
		doc.P(Description(p, out.Info))
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
		pairs = append(pairs, [2]string{p.T("lexicon.info.source"), Source(p, out.Info)})
	}
	if out.Skipped > 0 {
		pairs = append(pairs, [2]string{p.T("lexicon.info.skipped"), p.Int(out.Skipped)})
	}
	if !out.Added.IsZero() {
		pairs = append(pairs, [2]string{p.T("lexicon.info.added"), out.Added.Format(time.DateTime + " MST")})
	}
	pairs = append(pairs, [2]string{p.T("lexicon.info.alphabet"), strings.Join(out.Alphabet, " ")})
	t := ui.NewTable(ui.Col{Header: p.T("lexicon.info.col.tiles"), Right: true}, ui.Col{Header: p.T("lexicon.info.col.words"), Right: true})
	for n, c := range out.counts {
		if c > 0 {
			t.Row(p.Int(n), p.Int(c))
		}
	}
	return doc.KV(pairs...).Table(t)
}
