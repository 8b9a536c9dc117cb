package puzzles

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Inputs are read whole, a missing file refused by name; nothing to resume is said so.
func TestReadInputsAndResumable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "a.gcg")
	if err := os.WriteFile(path, []byte("#player1 a A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := ReadInputs([]string{path})
	if err != nil || len(in) != 1 || in[0].Name != path || string(in[0].Data) != "#player1 a A\n" {
		t.Fatalf("%+v %v", in, err)
	}
	if _, err := ReadInputs([]string{path, filepath.Join(dir, "missing.gcg")}); err == nil || !strings.Contains(err.Error(), "missing.gcg") {
		t.Errorf("missing file: %v", err)
	}
	st := openStore(t)
	if _, _, _, _, err := Resumable(context.Background(), st); err == nil {
		t.Error("resumed a run that does not exist")
	}
}

// Answers as scripts read them: an exchange's notation as its word.
func TestAnswersJSON(t *testing.T) {
	t.Parallel()
	got := AnswersJSON([]Play{{Coords: "8H", Word: "CASA", Move: "8H CASA", Score: 12}, {Move: "-ABC", Equity: 3}})
	if len(got) != 2 || got[0].Word != "CASA" || got[0].Coords != "8H" || got[1].Word != "-ABC" || got[1].Equity != 3 {
		t.Errorf("%+v", got)
	}
}
