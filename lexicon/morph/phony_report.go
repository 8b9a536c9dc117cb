package morph

import (
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// PhonyJSON is one phony as `atril phonies --json` prints it.
type PhonyJSON struct {
	Word         string  `json:"word"`
	Stem         string  `json:"stem"`
	Rule         string  `json:"rule"`
	Kind         string  `json:"kind"`
	Plausibility float64 `json:"plausibility"`
}

// PhoniesReport is a draw of phonies as `atril phonies` shows it; its JSON is the list.
type PhoniesReport struct {
	Lexicon string      // the lexicon's name
	Asked   int         // how many phonies were asked for: the list may hold fewer
	Phonies []PhonyJSON // most plausible first
}

// PhoniesReport draws n phonies of f with seed (as PhoniesSeed), spelt in ts's display, for
// the lexicon named lexName.
func (m *Model) PhoniesReport(ts *lexicon.TileSet, lexName string, seed uint64, n int, f Filter) *PhoniesReport {
	phonies := m.PhoniesSeed(seed, n, f)
	out := &PhoniesReport{Lexicon: lexName, Asked: n, Phonies: make([]PhonyJSON, len(phonies))}
	for i, ph := range phonies {
		out.Phonies[i] = PhonyJSON{Word: ts.Display(ph.Word), Stem: ts.Display(ph.Stem), Rule: ph.Rule, Kind: ph.Class.String(), Plausibility: ph.Plausibility}
	}
	return out
}

// Doc is the phonies as a table, with a title when titled (a terminal), and a note when fewer
// were made than asked for.
func (r *PhoniesReport) Doc(p *i18n.Printer, titled bool) *ui.Doc {
	t := ui.NewTable(ui.Col{Header: p.T("phonies.col.word")}, ui.Col{Header: p.T("phonies.col.stem")},
		ui.Col{Header: p.T("phonies.col.rule"), Shrink: true}, ui.Col{Header: p.T("phonies.col.kind"), Drop: 1},
		ui.Col{Header: p.T("phonies.col.plausibility"), Right: true})
	for _, ph := range r.Phonies {
		t.Cells(ui.Cell{Text: ph.Word, Style: ui.Accent}, ui.Cell{Text: ph.Stem}, ui.Cell{Text: ph.Rule},
			ui.Cell{Text: p.T("phonies.kind." + ph.Kind)}, ui.Cell{Text: p.Percent(ph.Plausibility, 0)})
	}
	doc := ui.NewDoc()
	if titled {
		doc.H1(p.T("phonies.title", "Lexicon", r.Lexicon))
	}
	doc.Table(t)
	if len(r.Phonies) < r.Asked {
		doc.Note(p.T("phonies.fewer", "Made", len(r.Phonies), "Want", r.Asked))
	}
	return doc
}
