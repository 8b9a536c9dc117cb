package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A card missed in review is in a learning step. Before the step is due, today counts it
// apart (learning), never among the day's reviews; once it is due, a review asks it, so today
// counts it among the reviews, and review's closing lines at that time say the same numbers.
func TestTodayCountsLearningAsReviewDoes(t *testing.T) {
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
	for _, tc := range []struct {
		at                time.Duration
		reviews, learning int
		text              string
	}{
		{2 * time.Minute, 0, 1, "1 card missed minutes ago comes back within 30 minutes"}, // the step not due yet
		{11 * time.Minute, 1, 0, "1 review and 0 new cards"},                              // the step due
	} {
		s, _ := study(t, day1.Add(tc.at), "", append(base, "--json", "today")...)
		var got struct{ Reviews, New, Learning int }
		if err := json.Unmarshal(s.out.Bytes(), &got); err != nil || got.Reviews != tc.reviews || got.New != 0 || got.Learning != tc.learning {
			t.Errorf("%v later: %+v %v, want %d reviews, %d learning\n%s", tc.at, got, err, tc.reviews, tc.learning, s.out.String())
		}
		s, _ = study(t, day1.Add(tc.at), "", append(base, "today")...)
		if out := s.out.String(); !strings.Contains(out, tc.text) || strings.Contains(out, "nothing due") != (tc.reviews == 0) ||
			strings.Contains(out, "Start with “atril review”") != (tc.reviews > 0) {
			t.Errorf("%v later, want %q:\n%s", tc.at, tc.text, out)
		}
	}
	// A review at 11 minutes asks ACOS; left unanswered, its end counts it as today does.
	s, _ := study(t, day1.Add(11*time.Minute), "", append(base, "review", "--seed", "3")...)
	if out := s.out.String(); !strings.Contains(out, "1/1 ACOS") || !strings.Contains(out, "Still due: 1 review, 0 new cards.") {
		t.Errorf("review at 11 minutes:\n%s", out)
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
