package cmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/internal/studystore"
)

// --length is explicit: 0 is refused (it used to mean any length for hooks and judge, and
// anagram blamed --blanks); an open side is written as one.
func TestDrillLengthFlags(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	base := []string{"--lexicon", kwg, "--db", filepath.Join(t.TempDir(), "atril.db"), "drill"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"anagram", "--length", "0"}, "length 0: words have 2 to 15 tiles"},
		{[]string{"anagram", "--length", "1"}, "length 1: words have 2 to 15 tiles"},
		{[]string{"hooks", "--length", "0"}, `--length "0": words have 2 to 15 tiles`},
		{[]string{"judge", "--length", "0"}, `--length "0": words have 2 to 15 tiles`},
		{[]string{"judge", "--length", "0-5"}, `--length "0-5": words have 2 to 15 tiles`},
		{[]string{"digraphs", "--length", "3-16"}, `--length "3-16": words have 2 to 15 tiles`},
		{[]string{"hooks", "--length", ""}, `--length "": expected N or FROM-TO`},
	} {
		d, code := runDrillCmd(t, "", append(base, c.args...)...)
		if code != ExitError || !strings.Contains(d.err.String(), c.want) || strings.Contains(d.err.String(), "blanks") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, d.err.String(), c.want)
		}
	}
	// open sides: up to 3 tiles, from 4 tiles
	for _, l := range []string{"-3", "4-"} {
		d, code := runDrillCmd(t, "", append(base, "hooks", "--length", l, "--list", "--count", "2")...)
		if code != 0 {
			t.Errorf("hooks --length %s: exit %d %s", l, code, d.err.String())
		}
	}
	d, _ := runDrillCmd(t, "", "drill", "anagram", "--help")
	if !strings.Contains(d.out.String(), "questions to ask, up to 10000; 0 asks every rack the options select (default 20)") {
		t.Errorf("anagram --count help:\n%s", d.out.String())
	}
	d, _ = runDrillCmd(t, "", "drill", "judge", "--help")
	if !strings.Contains(d.out.String(), "0 asks 50 questions (a study sheet) (default 20)") {
		t.Errorf("judge --count help:\n%s", d.out.String())
	}
}

// Commands with nothing to record refuse a missing database, naming it, and create neither
// it nor its directory (a mistyped --db used to leave both behind).
func TestReadOnlyStudyCommandsNeedTheDatabase(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "typo")
	db := filepath.Join(dir, "atril.db")
	for _, args := range [][]string{
		{"deck", "list"}, {"deck", "rm", "sietes"},
		{"review", "--list"}, {"review"}, {"review", "postpone", "--days", "3"},
	} {
		s, code := study(t, day1, "", append([]string{"--db", db}, args...)...)
		if code != ExitError || !strings.Contains(s.err.String(), "study database "+db+" does not exist") {
			t.Errorf("%v: exit %d, stderr %q", args, code, s.err.String())
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("%v created %s", args, dir)
		}
	}
	// completing --deck says nothing, and creates nothing either
	if s, code := study(t, day1, "", "__complete", "--db", db, "review", "--deck", ""); code != 0 || strings.Contains(s.out.String(), "sietes") {
		t.Errorf("completion: %d %q", code, s.out.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("completion created %s", dir)
	}
	// recording commands make the file, not a directory typed in --db
	kwg := engineTestLexicon(t, drillTestWords...)
	if s, code := study(t, day1, "", "--lexicon", kwg, "--db", db, "deck", "add", "sietes", "--search", "length:4"); code != ExitError || !strings.Contains(s.err.String(), "the directory "+dir+" does not exist") {
		t.Errorf("deck add into a missing directory: exit %d, stderr %q", code, s.err.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("deck add created %s", dir)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if s, code := study(t, day1, "", "--lexicon", kwg, "--db", db, "deck", "add", "sietes", "--search", "length:4"); code != 0 {
		t.Fatalf("deck add: %d %s", code, s.err.String())
	}
	if s, code := study(t, day1, "", "--db", db, "deck", "list"); code != 0 || !strings.Contains(s.out.String(), "sietes") {
		t.Errorf("deck list: %d %q %s", code, s.out.String(), s.err.String())
	}
}

// A deck's lexicon is matched without regard to case, by review as by drill: the lexicon
// store names fise2 and FISE2 alike.
func TestReviewLexiconNameAnyCase(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	dir := t.TempDir()
	upper := filepath.Join(dir, "SMALL.kwg")
	b, _ := os.ReadFile(kwg)
	os.WriteFile(upper, b, 0o644)
	db := filepath.Join(dir, "atril.db")
	if s, code := study(t, day1, "", "--lexicon", kwg, "--db", db, "deck", "add", "dos", "--search", "length:2", "--kind", "twos", "--new-per-day", "2"); code != 0 {
		t.Fatal(s.err.String())
	}
	l := listDue(t, day1, []string{"--lexicon", upper, "--db", db}, "--deck", "dos")
	if l.New != 2 {
		t.Errorf("review --deck dos under SMALL (deck under small): %d new, want 2", l.New)
	}
	l = listDue(t, day1, []string{"--lexicon", upper, "--db", db})
	if l.New != 2 {
		t.Errorf("review under SMALL: %d new, want 2", l.New)
	}
	d, code := runDrillCmd(t, "", "--lexicon", upper, "--db", db, "drill", "twos", "--deck", "dos", "--list")
	if code != 0 {
		t.Errorf("drill --deck under SMALL: %d %s", code, d.err.String())
	}
}

// Counts of one read in the singular.
func TestStudyMessagesSingular(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	d, code := runDrillCmd(t, "y\n", "--lexicon", kwg, "--db", filepath.Join(t.TempDir(), "a.db"), "drill", "twos", "--count", "1", "--seed", "3")
	if code != 0 || !strings.Contains(d.out.String(), "1 question. ") {
		t.Errorf("drill --count 1: exit %d, %q", code, d.out.String())
	}
	words := filepath.Join(t.TempDir(), "w.txt")
	os.WriteFile(words, []byte("CASA\n"), 0o644)
	s, code := study(t, day1, "", "--lexicon", kwg, "--db", filepath.Join(t.TempDir(), "b.db"), "deck", "add", "uno", "--file", words)
	if code != 0 || !strings.Contains(s.out.String(), "deck uno created: 1 anagram card from 1 word; 1 card in all") {
		t.Errorf("deck add of one word: %q %s", s.out.String(), s.err.String())
	}
}

// Deck names complete wherever a deck is named: drill --deck (decks of that kind), review
// --deck and postpone --deck, deck rm and deck add (any kind).
func TestDeckNameCompletion(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "study.db")
	st := openTestStore(t, db)
	for _, d := range []studystore.Deck{
		{Name: "sietes", Lexicon: "FISE2-LIBRE", Kind: "anagram", Scheduler: "fsrs"},
		{Name: "seises", Lexicon: "FISE2-LIBRE", Kind: "anagram", Scheduler: "fsrs"},
		{Name: "sabias", Lexicon: "FISE2-LIBRE", Kind: "hooks", Scheduler: "fsrs"},
		{Name: "ganchos", Lexicon: "FISE2-LIBRE", Kind: "hooks", Scheduler: "fsrs"},
	} {
		if _, err := st.CreateDeck(context.Background(), d); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"drill", "anagram", "--deck", "s"}, "seises\nsietes\n:4\n"},
		{[]string{"review", "--deck", "s"}, "sabias\nseises\nsietes\n:4\n"},
		{[]string{"review", "postpone", "--deck", "g"}, "ganchos\n:4\n"},
		{[]string{"deck", "rm", "s"}, "sabias\nseises\nsietes\n:4\n"},
		{[]string{"deck", "rm", "sietes", ""}, ":4\n"},
		{[]string{"deck", "add", "g"}, "ganchos\n:4\n"},
	} {
		d, code := runDrillCmd(t, "", append([]string{"__complete", "--db", db}, c.args...)...)
		if code != 0 || !strings.HasPrefix(d.out.String(), c.want) {
			t.Errorf("%v: exit %d, completions %q, want %q", c.args, code, d.out.String(), c.want)
		}
	}
}

// Adding the same search to a judge deck again adds nothing: its phonies come from the deck's
// name unless --seed says otherwise.
func TestDeckAddJudgeSearchTwice(t *testing.T) {
	t.Parallel()
	kwg := engineTestLexicon(t, drillTestWords...)
	base := []string{"--lexicon", kwg, "--db", filepath.Join(t.TempDir(), "a.db"), "deck", "add", "fallos", "--search", "length:4", "--kind", "judge"}
	s, code := study(t, day1, "", base...)
	if code != 0 || !strings.Contains(s.out.String(), "non-word") {
		t.Fatalf("first add: %d %q %s", code, s.out.String(), s.err.String())
	}
	s, code = study(t, day1.Add(time.Hour), "", base...)
	if code != 0 || !strings.Contains(s.out.String(), "deck fallos: 0 judge cards added from") {
		t.Errorf("second add: %d %q %s", code, s.out.String(), s.err.String())
	}
}
