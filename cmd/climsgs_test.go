package cmd

import (
	"strings"
	"testing"
)

// TestMissingLexiconFileIsNoWordList: a --lexicon path that does not exist is said to be
// missing, in both languages, without the advice for a word list named .kwg.
func TestMissingLexiconFileIsNoWordList(t *testing.T) {
	t.Parallel()
	for lang, want := range map[string]string{
		"en": "atril: lexicon: /nope.kwg: no such file or directory\n",
		"es": "atril: léxico: /nope.kwg: no existe ese archivo o directorio\n",
	} {
		_, stderr, code := runAtril(t, "", "--lang", lang, "judge", "CASA", "--lexicon", "/nope.kwg")
		if code != ExitError || stderr != want {
			t.Errorf("%s: exit %d, stderr %q, want %q", lang, code, stderr, want)
		}
	}
}

var _ = strings.Contains
