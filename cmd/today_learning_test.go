package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A card missed in review is in a learning step, which review's closing lines count apart
// from the reviews: today counts it apart too, never among the day's reviews.
func TestTodayCountsLearningApart(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	base := []string{"--db", filepath.Join(dir, "atril.db"), "--lexicon", kwg}
	words := filepath.Join(dir, "words.txt")
	os.WriteFile(words, []byte("CASA\nCOSA\n"), 0o644)
	if s, code := study(t, day1, "", append(base, "deck", "add", "cuatro", "--file", words)...); code != 0 {
		t.Fatal(s.err.String())
	}
	// AACS right; ACOS missed twice (the lines of the second answer, typed while the session
	// waits for its learning step, answer it): in a learning step.
	if s, code := study(t, day1, "casa saca\nROCAS\n\ncasa saca\nx\n\n", append(base, "review", "--seed", "3")...); code != 0 ||
		!strings.Contains(s.out.String(), "again ACOS") {
		t.Fatalf("exit %d\n%s%s", code, s.out.String(), s.err.String())
	}
	for _, at := range []time.Duration{2 * time.Minute, 11 * time.Minute} {
		s, _ := study(t, day1.Add(at), "", append(base, "--json", "today")...)
		var got struct{ Reviews, New, Learning int }
		if err := json.Unmarshal(s.out.Bytes(), &got); err != nil || got.Reviews != 0 || got.Learning != 1 {
			t.Errorf("%v later: %+v %v\n%s", at, got, err, s.out.String())
		}
		s, _ = study(t, day1.Add(at), "", append(base, "today")...)
		if out := s.out.String(); !strings.Contains(out, "nothing due") || !strings.Contains(out, "1 card missed minutes ago") {
			t.Errorf("%v later:\n%s", at, out)
		}
	}
}

// deck add NAME --search length:2 without --kind makes a twos deck, as README's tour suggests.
func TestDeckAddTwosInferred(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	base := []string{"--db", filepath.Join(t.TempDir(), "atril.db"), "--lexicon", kwg}
	s, code := study(t, day1, "", append(base, "--json", "deck", "add", "dos", "--search", "length:2")...)
	var got struct{ Kind string }
	if code != 0 || json.Unmarshal(s.out.Bytes(), &got) != nil || got.Kind != "twos" {
		t.Errorf("exit %d, %s %s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1, "", append(base, "--json", "deck", "add", "cuatro", "--search", "length:4")...)
	if code != 0 || json.Unmarshal(s.out.Bytes(), &got) != nil || got.Kind != "anagram" {
		t.Errorf("length 4: exit %d, %s %s", code, s.out.String(), s.err.String())
	}
}
