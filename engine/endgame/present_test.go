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
