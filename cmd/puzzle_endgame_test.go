package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestPuzzleEndgame: endgame puzzles from self-play on the shipped lexicon, served with
// --kind endgame, answered right from the JSON's answer, rated on their own rating, counted by
// puzzle stats; --kind refuses what it does not know; the help says the acceptance rules.
func TestPuzzleEndgame(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "e.db")
	out, errOut, code := runAtril(t, "", "puzzle", "gen", "--selfplay", "4", "--seed", "3", "--kind", "endgame", "--json", "--db", db)
	if code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errOut)
	}
	var gen struct {
		Puzzles []struct {
			ID      int64  `json:"id"`
			Kind    string `json:"kind"`
			CGP     string `json:"cgp"`
			Answers []struct {
				Coords, Word string
			} `json:"answers"`
		} `json:"puzzles"`
	}
	if err := json.Unmarshal([]byte(out), &gen); err != nil || len(gen.Puzzles) == 0 {
		t.Fatalf("gen: %v\n%s", err, out)
	}
	for _, p := range gen.Puzzles {
		if p.Kind != "endgame" || len(p.Answers) == 0 {
			t.Fatalf("puzzle %+v", p)
		}
	}
	out, errOut, code = runAtril(t, "", "puzzle", "next", "--kind", "endgame", "--json", "--db", db)
	var next struct {
		ID   int64  `json:"id"`
		Kind string `json:"kind"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &next) != nil || next.Kind != "endgame" {
		t.Fatalf("next: exit %d %s %s", code, out, errOut)
	}
	answer := ""
	for _, p := range gen.Puzzles {
		if p.ID == next.ID {
			a := p.Answers[0]
			answer = strings.TrimSpace(a.Coords + " " + a.Word)
		}
	}
	out, errOut, code = runAtril(t, "", "puzzle", "answer", "--json", "--db", db, fmt.Sprint(next.ID), answer)
	var res struct {
		Correct bool `json:"correct"`
		Grade   struct {
			Figure string  `json:"figure"`
			Value  float64 `json:"value"`
			Answer float64 `json:"answer"`
		} `json:"grade"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || !res.Correct || res.Grade.Figure != "exact" || res.Grade.Value != res.Grade.Answer {
		t.Fatalf("answer %q: exit %d %s %s", answer, code, out, errOut)
	}
	out, errOut, code = runAtril(t, "", "puzzle", "stats", "--kind", "endgame", "--json", "--db", db)
	var st struct {
		Kind    string `json:"kind"`
		Rated   int    `json:"rated"`
		Ratings []struct {
			Kinds []string `json:"kinds"`
			Rated int      `json:"rated"`
		} `json:"ratings"`
		ByKind []struct {
			Name     string `json:"name"`
			Attempts int    `json:"attempts"`
		} `json:"by_kind"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st.Kind != "endgame" || st.Rated != 1 || len(st.ByKind) != 1 || st.ByKind[0].Name != "endgame" {
		t.Fatalf("stats: exit %d %s %s", code, out, errOut)
	}
	if len(st.Ratings) != 3 || st.Ratings[0].Rated != 0 || st.Ratings[1].Rated != 1 {
		t.Errorf("ratings by kind: %+v", st.Ratings)
	}
	out, _, code = runAtril(t, "", "puzzle", "stats", "--db", db, "--kind", "endgame", "--lang", "es")
	if code != 0 || !strings.Contains(out, "Puntuaciones por tipo") {
		t.Errorf("stats in Spanish: exit %d\n%s", code, out)
	}
	if _, errOut, code := runAtril(t, "", "puzzle", "next", "--kind", "finales", "--db", db); code != ExitError || !strings.Contains(errOut, "endgame or preendgame") {
		t.Errorf("bad kind: exit %d %s", code, errOut)
	}
	for lang, want := range map[string]string{"en": "equals the optimum", "es": "sea el óptimo"} {
		out, _, _ := runAtril(t, "", "puzzle", "--help", "--lang", lang)
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("puzzle --help (%s) does not say %q", lang, want)
		}
	}
}

// TestPuzzleGenEndgameKilled: an endgame generation killed with SIGKILL loses nothing
// committed, and --resume ends with the same puzzles, values and lines as a run left alone.
func TestPuzzleGenEndgameKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("a child process")
	}
	t.Parallel()
	// 6 games make 7 endgame puzzles (the seventh game's endgame alone would double the cost).
	genKilledAndResumed(t, "puzzle gen --selfplay 6 --seed 4 --kind endgame", 5)
}
