package gcg

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/atril-scrabble/atril/engine"
	"github.com/atril-scrabble/atril/lexicon"
)

// Source.Position: a CGP's position, a record's at a turn or at its end, and each refusal
// with what the caller words it from.
func TestSourcePosition(t *testing.T) {
	t.Parallel()
	ts := lexicon.DefaultTileSet()
	layout := engine.StandardLayout()
	file := filepath.Join("testdata", "spanish.gcg")
	const turn1 = "15/15/15/15/15/15/15/5BOCA6/15/15/15/15/15/15/15 AEIRSTU/A[CH]EI[RR]T? 0/16 0 lex FILE2017; ld spanish;"

	for _, src := range []Source{{File: file, Turn: 1}, {CGP: turn1, Turn: -1}} {
		pos, err := src.Position(ts, layout)
		if err != nil || pos.CGP() != turn1 {
			t.Fatalf("%+v: %v, %v", src, pos, err)
		}
	}
	end, err := Source{File: file, Turn: -1}.Position(ts, layout)
	if err != nil || end.CGP() != "15/15/15/15/8[CH]6/8A6/8[RR]6/5BOCAS5/15/15/15/15/15/15/15 / 41/12 0 lex FILE2017; ld spanish;" {
		t.Fatalf("the end: %v, %v", end, err)
	}

	tests := []struct {
		src     Source
		problem SourceProblem
	}{
		{Source{Turn: -1}, SourceMissing},
		{Source{CGP: turn1, File: file, Turn: -1}, SourceMissing},
		{Source{CGP: turn1, Turn: 0}, SourceTurnWithCGP},
		{Source{CGP: "15/15 A/ 0/0 0", Turn: -1}, SourceBadCGP},
		{Source{File: file, Turn: 99}, SourceTurnRange},
	}
	for _, tc := range tests {
		_, err := tc.src.Position(ts, layout)
		var se *SourceError
		if !errors.As(err, &se) || se.Problem != tc.problem {
			t.Errorf("%+v: %v, want problem %d", tc.src, err, tc.problem)
			continue
		}
		if (se.Err != nil) != (tc.problem == SourceBadCGP) {
			t.Errorf("%+v: cause %v", tc.src, se.Err)
		}
		if tc.problem == SourceTurnRange && (se.Turn != 99 || se.Max != readFile(t, "spanish.gcg").Turns() || se.Max < 5 || se.File != file) {
			t.Errorf("turn range: %+v", se)
		}
	}
	// A record that cannot be read is its own error, not a refused source.
	_, err = Source{File: filepath.Join(t.TempDir(), "none.gcg"), Turn: -1}.Position(ts, layout)
	var se *SourceError
	if !errors.Is(err, os.ErrNotExist) || errors.As(err, &se) {
		t.Errorf("missing file: %v", err)
	}
}
