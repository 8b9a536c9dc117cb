package endgame

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
	"github.com/atril-scrabble/atril/internal/ui"
)

// A solve's JSON and document say what the solve found: the best play first, its line as the
// principal variation, the final spread, and every play's value.
func TestResultJSONAndDoc(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps := selfPlayEndgames(t, lex, 20, 3, 1, func(p *engine.Position) bool { return tilesOnRacks(p) <= 6 })
	if len(ps) == 0 {
		t.Fatal("no endgame")
	}
	pos := ps[0]
	res := solve(t, Config{Lexicon: lex, Threads: 1, TableBytes: MinTableBytes}, pos, Options{})
	j := res.JSON(pos, lex.Tiles)
	if j.Value != res.Value || !j.Proven || len(j.Plays) != len(res.Plays) || j.Plays[0].Play != j.Best ||
		len(j.PV) != len(res.Best.Line.Turns) || j.PV[0] != j.Best {
		t.Fatalf("JSON %+v of %+v", j, res)
	}
	var b strings.Builder
	term := ui.NewTerm(&b, false, 200, func(string) string { return "" })
	if err := term.Print(res.Doc(i18n.For("en"), pos, 3)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	out := b.String()
	if !strings.Contains(out, j.Best) || !strings.Contains(out, "Proven") && !strings.Contains(out, "proven") {
		t.Errorf("document without the best play %q or the proof:\n%s", j.Best, out)
	}
}

// The pre-endgame document's legend names its columns by their headings (the draws column is
// "Final spread by tile in the bag", not "draws"), in both languages.
func TestPegLegendNamesTheColumns(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ts := lex.Tiles
	pos, err := engine.ParseCGP(strings.TrimSuffix(strings.Repeat("15/", engine.Dim), "/")+" ACEOSST/ 0/0 0", ts, engine.StandardLayout())
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.ParseMove("8H CASA", pos.Board, ts)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := ts.Tile("A")
	res := &PegResult{Complete: true, Plays: []PegPlay{{Move: m, Win: 0.5, Spread: 3, Proven: true,
		Draws: []PegDraw{{Tile: a, Count: 2, Value: 3, Proven: true}}}}}
	out := res.JSON(pos, ts)
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		var b strings.Builder
		term := ui.NewTerm(&b, false, 300, func(string) string { return "" })
		if err := term.Print(res.Doc(p, pos, &out)); err != nil {
			t.Fatal(err)
		}
		doc := b.String()
		legend := p.T("peg.legend", "Win", p.T("peg.col.win"), "Spread", p.T("peg.col.spread"), "Draws", p.T("peg.col.draws"))
		if strings.Contains(doc, "[[") || !strings.Contains(strings.Join(strings.Fields(doc), " "), legend) {
			t.Errorf("%s: no legend %q in\n%s", l, legend, doc)
		}
		for _, col := range []string{"peg.col.win", "peg.col.spread", "peg.col.draws"} {
			if h := p.T(col); !strings.Contains(doc, h) || !strings.Contains(legend, h+":") {
				t.Errorf("%s: the heading %q is not what the legend explains: %s", l, h, legend)
			}
		}
		if strings.Contains(legend, "draws:") || strings.Contains(legend, "fichas:") {
			t.Errorf("%s: the legend names a column the table does not have: %s", l, legend)
		}
	}
}
