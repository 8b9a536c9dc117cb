package lexicon

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// What a search shows its reader, the same for every front end: JSON for scripts, plain lines
// when piped, a document on a terminal.

// ResultJSON is a search's word as `atril search --json` writes it.
type ResultJSON struct {
	Word        string  `json:"word"`
	Alphagram   string  `json:"alphagram"`
	Probability float64 `json:"probability"`
	Rank        int     `json:"rank"`
}

// SearchJSON is a search's words as `atril search --json` writes them.
type SearchJSON struct {
	Results []ResultJSON `json:"results"`
}

// ResultsJSON is results for scripts, words in ts's display.
func ResultsJSON(ts *TileSet, results []Result) SearchJSON {
	out := SearchJSON{Results: make([]ResultJSON, len(results))}
	for i, r := range results {
		out.Results[i] = ResultJSON{ts.Display(r.Word), ts.Display(r.Alphagram), r.Probability, r.Rank}
	}
	return out
}

// ResultWords is results' words, one a line when piped.
func ResultWords(ts *TileSet, results []Result) []string {
	words := make([]string, len(results))
	for i, r := range results {
		words[i] = ts.Display(r.Word)
	}
	return words
}

// SearchDoc is the results of q as a table, most useful columns first.
func SearchDoc(p *i18n.Printer, ts *TileSet, q Search, results []Result) *ui.Doc {
	doc := ui.NewDoc().H1(p.N("search.title", len(results), "Search", q.Text(p)))
	if len(results) == 0 {
		return doc.P(p.T("search.none"))
	}
	t := ui.NewTable(
		ui.Col{Header: "#", Right: true},
		ui.Col{Header: p.T("search.col.word")},
		ui.Col{Header: p.T("search.col.alphagram")},
		ui.Col{Header: p.T("search.col.tiles"), Right: true},
		ui.Col{Header: p.T("search.col.points"), Right: true, Drop: 1},
		ui.Col{Header: p.T("search.col.rank"), Right: true},
		ui.Col{Header: p.T("search.col.probability"), Right: true, Drop: 2}, // a narrow terminal keeps the rank
	)
	for i, r := range results {
		t.Row(p.Int(i+1), ts.DisplayBlanks(r.Word), ts.Display(r.Alphagram), p.Int(len(r.Word)),
			p.Int(r.Points), p.Int(r.Rank), p.Significant(r.Probability, 3))
	}
	return doc.Table(t).Note(p.T("search.note"))
}

// AlphagramJSON is a search's alphagram as `atril search --by alphagram --json` writes it.
type AlphagramJSON struct {
	Alphagram   string   `json:"alphagram"`
	Words       []string `json:"words"`
	Probability float64  `json:"probability"`
	Rank        int      `json:"rank"`
}

// AlphagramsJSON is a search's alphagrams as `atril search --by alphagram --json` writes them.
type AlphagramsJSON struct {
	Alphagrams []AlphagramJSON `json:"alphagrams"`
}

// alphagramWords are an alphagram's words in ts's display.
func alphagramWords(ts *TileSet, a AlphagramResult) []string {
	out := make([]string, len(a.Words))
	for i, w := range a.Words {
		out[i] = ts.Display(w)
	}
	return out
}

// AlphagramResultsJSON is alphagrams for scripts.
func AlphagramResultsJSON(ts *TileSet, as []AlphagramResult) AlphagramsJSON {
	out := AlphagramsJSON{Alphagrams: make([]AlphagramJSON, len(as))}
	for i, a := range as {
		out.Alphagrams[i] = AlphagramJSON{ts.Display(a.Alphagram), alphagramWords(ts, a), a.Probability, a.Rank}
	}
	return out
}

// AlphagramLines is alphagrams one a line, each with its words, when piped.
func AlphagramLines(ts *TileSet, as []AlphagramResult) []string {
	lines := make([]string, len(as))
	for i, a := range as {
		lines[i] = ts.Display(a.Alphagram) + "  " + strings.Join(alphagramWords(ts, a), " ")
	}
	return lines
}

// AlphagramsDoc is the alphagrams of q as a table, most probable first.
func AlphagramsDoc(p *i18n.Printer, ts *TileSet, q Search, as []AlphagramResult) *ui.Doc {
	doc := ui.NewDoc().H1(p.N("search.title_alphagrams", len(as), "Search", q.Text(p)))
	if len(as) == 0 {
		return doc.P(p.T("search.none"))
	}
	t := ui.NewTable(
		ui.Col{Header: "#", Right: true},
		ui.Col{Header: p.T("search.col.alphagram")},
		ui.Col{Header: p.T("search.col.words"), Wrap: true},
		ui.Col{Header: p.T("search.col.rank"), Right: true},
		ui.Col{Header: p.T("search.col.probability"), Right: true, Drop: 1},
	)
	for i, a := range as {
		t.Row(p.Int(i+1), ts.Display(a.Alphagram), strings.Join(alphagramWords(ts, a), " "), p.Int(a.Rank), p.Significant(a.Probability, 3))
	}
	return doc.Table(t).Note(p.T("search.note_alphagrams"))
}
