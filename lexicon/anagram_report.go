package lexicon

import (
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// AnagramDoc is the anagrams (subanagrams when sub) of rack for a reader: the words grouped
// by length, longest first, the letters blanks stand for in lower case.
func AnagramDoc(p *i18n.Printer, ts *TileSet, rack []Tile, words [][]Tile, sub bool) *ui.Doc {
	title := p.T("anagram.title", "Rack", ts.Display(Alphagram(rack)))
	if sub {
		title = p.T("anagram.title_sub", "Rack", ts.Display(Alphagram(rack)))
	}
	doc := ui.NewDoc().H1(title)
	if len(words) == 0 {
		return doc.P(p.T("anagram.none"))
	}
	byLen := map[int][]string{}
	blanks := false
	for _, w := range words {
		byLen[len(w)] = append(byLen[len(w)], ts.DisplayBlanks(w))
		blanks = blanks || slices.ContainsFunc(w, Tile.IsBlanked)
	}
	lengths := make([]int, 0, len(byLen))
	for n := range byLen {
		lengths = append(lengths, n)
	}
	slices.Sort(lengths)
	slices.Reverse(lengths)
	for _, n := range lengths {
		doc.H2(p.N("anagram.length", n, "Words", p.N("count.words", len(byLen[n]))))
		doc.P(strings.Join(byLen[n], " "))
	}
	if blanks {
		doc.Note(p.T("words.blank_note"))
	}
	return doc
}
