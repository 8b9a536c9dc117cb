package bench

import (
	"os"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// The endgame figure's positions: the endgames of a file's positions, else the built-in set
// (at most MaxBuiltinEndgames); and a temporary file of them for the drivers.
func TestEndgamePositions(t *testing.T) {
	t.Parallel()
	lex := testlex.Default(t)
	ps, err := EndgamePositions(false, nil, lex, nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := BuiltinEndgames(lex, nil, 2, 3)
	if len(ps) != 2 || ps[0].CGP() != want[0].CGP() || ps[1].CGP() != want[1].CGP() {
		t.Fatalf("built-in: %d positions", len(ps))
	}
	// From a file, only the endgames are kept: the first position less its opponent's rack is not one.
	notEnd := *ps[0]
	notEnd.Racks[1] = nil
	got, err := EndgamePositions(true, []*engine.Position{&notEnd, ps[1]}, lex, nil, 2, 3)
	if err != nil || len(got) != 1 || got[0] != ps[1] {
		t.Fatalf("from a file: %d positions, %v", len(got), err)
	}
	if _, err := EndgamePositions(false, nil, lex, nil, 0, 3); err == nil {
		t.Error("no error for an empty set")
	}

	name, err := WriteTempPositions(ps, lex.Name)
	if err != nil {
		t.Fatal(err)
	}
	defer os.Remove(name)
	back, err := ReadPositionsFile(name, lex.Tiles, engine.StandardLayout())
	if err != nil || len(back) != 2 || !strings.HasPrefix(back[0].CGP(), ps[0].CGP()) {
		t.Fatalf("read back: %d positions, %v\n%s\n%s", len(back), err, back[0].CGP(), ps[0].CGP())
	}
	b, _ := os.ReadFile(name)
	if !strings.Contains(string(b), "lex "+lex.Name+";") {
		t.Errorf("the file does not name the lexicon:\n%s", b)
	}
}
