package cmd

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A digraph drill's missed racks (find the word of A·A·LL·N·P) go into an anagram deck as
// anagram cards, its missed judgements into the judge deck named: never a rack as a judge card.
func TestDigraphMissesByKind(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	s, code := study(t, day1, strings.Repeat("n\n\n", 12), "--db", db, "drill", "digraphs", "--count", "10", "--seed", "3",
		"--deck-out", "misses", "--lexicon", "FISE2-LIBRE")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, s.err.String())
	}
	out := s.out.String()
	if !strings.Contains(out, "missed-anagram") {
		t.Fatalf("no anagram deck for the missed racks:\n%s", out)
	}
	s, _ = study(t, day1, "", "--db", db, "--json", "deck", "list")
	var decks []struct {
		Name, Kind string
		Cards      int
	}
	if err := json.Unmarshal(s.out.Bytes(), &decks); err != nil {
		t.Fatalf("%v: %s", err, s.out.String())
	}
	kinds := map[string]string{}
	for _, d := range decks {
		kinds[d.Name] = d.Kind
		if d.Cards == 0 {
			t.Errorf("deck %s has no cards", d.Name)
		}
	}
	if kinds["misses"] != "judge" || kinds["missed-anagram"] != "anagram" {
		t.Errorf("decks %v", kinds)
	}
}

// After a wrong word and the right one, the feedback says the word found, not only the wrong
// one.
func TestDrillFeedbackSaysFound(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, "RECAIDO", "CASA")
	s, code := study(t, day1, "cordiea recaído\n\n", "--db", filepath.Join(t.TempDir(), "a.db"), "--lexicon", kwg,
		"drill", "anagram", "--count", "1", "--length", "7", "--deck-out", "x")
	out := s.out.String()
	if code != 0 || !strings.Contains(out, "found:") || !strings.Contains(out, "RECAIDO") || !strings.Contains(out, "CORDIEA") {
		t.Errorf("exit %d:\n%s%s", code, out, s.err.String())
	}
}
