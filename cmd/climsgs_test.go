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

// TestEndgameBagCountIsPlural: one tile left in the bag is "1 tile", "1 ficha"; two are plural.
func TestEndgameBagCountIsPlural(t *testing.T) {
	t.Parallel()
	lexPath := engineTestLexicon(t, "AL", "ALA", "ALAS", "ALE", "ALES", "SAL", "SALE", "QUE")
	tiles := toyTiles(t, map[string]string{"A": "3", "L": "3", "E": "3", "S": "3", "Q": "1", "U": "1"})
	more := toyTiles(t, map[string]string{"A": "3", "L": "3", "E": "3", "S": "3", "Q": "1", "U": "2"})
	const cgp = "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AELS/ 10/12 0"
	for _, tc := range []struct {
		lang, tiles, want string
	}{
		{"en", tiles, "atril: the bag still holds 1 tile: an endgame starts"},
		{"es", tiles, "atril: la bolsa aún tiene 1 ficha: el final empieza"},
		{"en", more, "atril: the bag still holds 2 tiles: an endgame starts"},
		{"es", more, "atril: la bolsa aún tiene 2 fichas: el final empieza"},
	} {
		_, errOut, code := runEngineCmd(t, nil, "--lang", tc.lang, "endgame", "--lexicon", lexPath, "--tiles", tc.tiles, "--cgp", cgp)
		if code != ExitError || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q, want %q", tc.lang, code, errOut, tc.want)
		}
	}
}
