package bench

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// Prepare: the built-in set, the endgame figure's positions only when asked for, the files the
// drivers read (removed by remove), a file's positions kept as the file, and which errors are
// atril's (BuiltinError).
func TestPrepare(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)

	cfg, remove, err := Prepare(Setup{Lexicon: lex, Count: 3, Seed: 5})
	remove()
	if err != nil {
		t.Fatal(err)
	}
	if want := builtin(t, lex, 3, 5); len(cfg.Positions) != 3 || cfg.Positions[2].CGP() != want[2].CGP() {
		t.Fatalf("built-in set: %d positions", len(cfg.Positions))
	}
	if cfg.Endgames != nil || cfg.PositionsFile != "" || cfg.EndgamesFile != "" || cfg.Drivers != nil {
		t.Fatalf("no endgame figure, no drivers: %+v", cfg)
	}

	cfg, remove, err = Prepare(Setup{Lexicon: lex, Count: 2, Seed: 5, Figures: []Figure{Endgame}, Magpie: "/bin/magpie", Macondo: "/bin/macondo"})
	if err != nil {
		remove()
		t.Fatal(err)
	}
	if len(cfg.Drivers) != 2 || cfg.Drivers[0] != (Driver{"MAGPIE", "/bin/magpie"}) || cfg.Drivers[1].Name != "macondo" {
		t.Errorf("drivers %+v", cfg.Drivers)
	}
	if len(cfg.Endgames) != 2 {
		t.Errorf("%d endgames, want 2", len(cfg.Endgames))
	}
	for _, name := range []string{cfg.PositionsFile, cfg.EndgamesFile} {
		ps, err := ReadPositionsFile(name, lex.Tiles, engine.StandardLayout())
		if err != nil || len(ps) != 2 {
			t.Errorf("%q: %d positions, %v", name, len(ps), err)
		}
	}
	remove()
	for _, name := range []string{cfg.PositionsFile, cfg.EndgamesFile} {
		if _, err := os.Stat(name); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s not removed: %v", name, err)
		}
	}

	// A file's positions: the drivers read the file itself, which stays.
	file := filepath.Join(t.TempDir(), "p.cgp")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePositions(f, cfg.Positions, lex.Name); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, remove, err := Prepare(Setup{Lexicon: lex, File: file, Magpie: "/bin/magpie", Figures: []Figure{Endgame}})
	remove()
	if err != nil || got.PositionsFile != file || len(got.Positions) != 2 || len(got.Endgames) != 0 || got.EndgamesFile != "" {
		t.Fatalf("from a file: %+v, %v", got, err)
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("the user's file removed: %v", err)
	}

	var be *BuiltinError
	if _, remove, err := Prepare(Setup{Lexicon: lex, File: file + ".none"}); err == nil || errors.As(err, &be) {
		remove()
		t.Errorf("a missing file: %v, want an input error", err)
	}
	if _, remove, err := Prepare(Setup{Lexicon: lex, Count: 0}); !errors.As(err, &be) {
		remove()
		t.Errorf("no built-in set of 0: %v, want a BuiltinError", err)
	}
}

// ParseFigures: names in the order given, spaces ignored; the first unknown name refused.
func TestParseFigures(t *testing.T) {
	t.Parallel()
	got, err := ParseFigures([]string{" sim", "endgame ", "topeq"})
	if err != nil || len(got) != 3 || got[0] != Sim || got[1] != Endgame || got[2] != TopEquity {
		t.Fatalf("got %v, %v", got, err)
	}
	if got, err := ParseFigures(nil); err != nil || got != nil {
		t.Errorf("none: %v, %v", got, err)
	}
	if got, err := ParseFigures([]string{"all", "fast", "slow"}); err == nil || got != nil || !strings.Contains(err.Error(), `"fast"`) {
		t.Errorf("unknown: %v, %v", got, err)
	}
}
