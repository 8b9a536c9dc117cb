package lexicon

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// DiffReport is a difference between lexicons a and b as `atril lexicon diff` shows it; its
// JSON is what --json writes.
type DiffReport struct {
	A          string   `json:"a"`
	B          string   `json:"b"`
	OnlyACount int      `json:"only_a_count"`
	OnlyBCount int      `json:"only_b_count"`
	Common     int      `json:"common"`
	OnlyA      []string `json:"only_a"`
	OnlyB      []string `json:"only_b"`

	onlyA, onlyB [][]Tile
}

// Report is the difference between lexicons named a and b, words in ts's display.
func (d Difference) Report(a, b string, ts *TileSet) *DiffReport {
	plain := func(ws [][]Tile) []string {
		out := make([]string, len(ws))
		for i, w := range ws {
			out[i] = ts.Display(w)
		}
		return out
	}
	return &DiffReport{A: a, B: b, OnlyACount: len(d.OnlyA), OnlyBCount: len(d.OnlyB), Common: d.Common,
		OnlyA: plain(d.OnlyA), OnlyB: plain(d.OnlyB), onlyA: d.OnlyA, onlyB: d.OnlyB}
}

// Only is the report with the words only added (only in b) or only removed (only in a) listed,
// as asked for; the counts stay.
func (res *DiffReport) Only(added, removed bool) *DiffReport {
	out := *res
	if added {
		out.OnlyA = nil
	}
	if removed {
		out.OnlyB = nil
	}
	return &out
}

// WriteList writes the difference as a word list `lexicon add` reads back (the headers are
// comments): the words only in a, then those only in b; only added or removed ones if asked.
func (res *DiffReport) WriteList(out io.Writer, p *i18n.Printer, added, removed bool) error {
	w := bufio.NewWriter(out)
	if !added {
		if !removed {
			fmt.Fprintln(w, "# "+p.T("lexicon.diff.only_in", "Name", res.A, "Words", p.N("count.words", res.OnlyACount)))
		}
		for _, s := range res.OnlyA {
			fmt.Fprintln(w, s)
		}
	}
	if !removed {
		if !added {
			fmt.Fprintln(w, "# "+p.T("lexicon.diff.only_in", "Name", res.B, "Words", p.N("count.words", res.OnlyBCount)))
		}
		for _, s := range res.OnlyB {
			fmt.Fprintln(w, s)
		}
	}
	return w.Flush()
}

// diffShownWords is how many words of each list the terminal summary shows.
const diffShownWords = 60

// Doc sums a difference up: counts, counts by length, the first words of each list.
func (res *DiffReport) Doc(p *i18n.Printer) *ui.Doc {
	onlyA, onlyB := res.onlyA, res.onlyB
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
