package puzzles

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/testlex"
)

// A request becomes the run's options, its kinds and tags read; bad values are refused by name.
func TestGenRequestOptions(t *testing.T) {
	t.Parallel()
	en := i18n.For(i18n.English)
	ok := GenRequest{SelfPlay: 3, Seed: 2, Player: "ana", MinLoss: 7, SimCandidates: 2, SimIterations: 1, SimPlies: 1,
		Kinds: []string{string(KindBest)}, GCG: []string{"a.gcg"}}
	o, err := ok.Options(en)
	if err != nil || o.SelfPlay != 3 || o.MinLoss != 7 || !o.Verify || len(o.Kinds) != 1 || o.Kinds[0] != KindBest || o.GCG[0] != "a.gcg" {
		t.Fatalf("options %+v %v", o, err)
	}
	noPlayer := ok
	noPlayer.Player = ""
	if o, _ := noPlayer.Options(en); o.MinLoss != 0 {
		t.Errorf("min loss without a player: %v", o.MinLoss)
	}
	for _, bad := range []func(*GenRequest){
		func(r *GenRequest) { r.SimCandidates = 1 },
		func(r *GenRequest) { r.Exact.Margin = -1 },
		func(r *GenRequest) { r.Kinds = []string{"nokind"} },
		func(r *GenRequest) { r.Tags = []string{"notag"} },
	} {
		r := ok
		bad(&r)
		if _, err := r.Options(en); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
}

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
	if _, _, _, _, err := Resumable(context.Background(), st, testlex.Default(t)); err == nil {
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
