package cmd

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Every library error with advice gets it, in both languages, around the library's own text,
// through the wrappers commands put on errors.
func TestAdvice(t *testing.T) {
	t.Parallel()
	for libID, adviceID := range adviceFor {
		err := withCode(ExitError, i18n.E(libID, "Deck", "sietes", "Lexicon", "FILE2017", "Games", 0, "Pairs", 0, "Workers", -1,
			"Generations", 0, "Limit", -1, "Value", "quizá", "File", "run.ckpt", "Err", "x"))
		advised := advise(err)
		for _, lang := range []i18n.Lang{i18n.English, i18n.Spanish} {
			p := i18n.For(lang)
			plain, got := p.Err(err), p.Err(advised)
			if got == plain || !strings.Contains(got, plain) || strings.Contains(got, "[[") {
				t.Errorf("%s → %s in %s: %q (the library says %q)", libID, adviceID, lang, got, plain)
			}
		}
	}
	if err := i18n.E("deck.err.other_kind"); advise(err) != err {
		t.Error("an error without advice was changed")
	}
}

// The advice reaches the player: the flag that changes what the library refused.
func TestAdviceOnTheCommandLine(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, leavesWords...)
	db := t.TempDir() + "/study.db"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"leaves", "eval", "--lexicon", lex, "--pairs", "0"}, "--pairs: 0 pairs of games: expected 1 to"},
		{[]string{"leaves", "eval", "--lexicon", lex, "--pairs", "0", "--lang", "es"}, "--pairs: 0 pares de partidas"},
		{[]string{"puzzle", "gen", "--db", db, "--selfplay", "0"}, "give --selfplay N, --gcg FILE or --cgp CGP"},
		{[]string{"puzzle", "gen", "--db", db, "--limit", "-1", "--selfplay", "1"}, "--limit: a limit of -1 puzzles"},
		{[]string{"puzzle", "gen", "--db", db, "--cgp", emptyRows + " / 0/0 0"}, "--cgp: the player to move has no rack"},
		{[]string{"puzzle", "gen", "--db", db, "--selfplay", "1", "--peg-accept", "-1"}, "--peg-candidates and --peg-accept must not be negative"},
		{[]string{"puzzle", "gen", "--db", db, "--selfplay", "1", "--max-tiles", "-1", "--lang", "es"}, "--peg-candidates y --peg-accept no pueden ser negativos"},
	} {
		_, errOut, code := runEngineCmd(t, nil, c.args...)
		if code != ExitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, code, errOut, c.want)
		}
	}
}
