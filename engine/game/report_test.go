package game

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/gcg"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
)

// The run's document names the rules, the leaves and the strategies in the reader's words and
// gives each player's figures.
func TestReportDoc(t *testing.T) {
	t.Parallel()
	r := &Report{Summary: Summary{Games: 10, Players: [2]string{"equity", "score"}, MeanScore: [2]float64{412.5, 380}, Wins: [2]int{7, 3}},
		Seed: 4, Rules: SixScoreless.Name, Lexicon: "LEX", Leaves: "handset", Workers: 2, SavedTo: "out"}
	es := i18n.For(i18n.Spanish)
	var b strings.Builder
	term := ui.NewTerm(&b, false, 200, func(string) string { return "" })
	if err := term.Print(r.Doc(es)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	out := b.String()
	for _, want := range []string{es.T("selfplay.rules_six"), es.T("names.handset"), StrategyName(es, "equity"), "412,5", "out"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if StrategyName(es, "equity") == "equity" || StrategyName(es, "other") != "other" {
		t.Errorf("strategy names %q %q", StrategyName(es, "equity"), StrategyName(es, "other"))
	}
}

// A record is written to a regular file; a directory in its place is a SaveError.
func TestSaveRecord(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ts := lexicon.DefaultTileSet()
	rec := &gcg.Game{}
	path := filepath.Join(dir, "game.gcg")
	if err := SaveRecord(path, rec, ts); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	var se *SaveError
	if err := SaveRecord(dir, rec, ts); !errors.As(err, &se) {
		t.Errorf("a directory: %v", err)
	}
}
