package cmd

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
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

// TestFlagNumbersReadAsElsewhere: a refused number names its flag, echoes what was typed and
// writes the limits as the language writes numbers; the JSON error is English with English
// numbers under --lang es.
func TestFlagNumbersReadAsElsewhere(t *testing.T) {
	t.Parallel()
	const cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AELS/ 0/0 0"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sim", "--cgp", cgp, "--iterations", "-3"}, "atril: --iterations -3: expected 1 to 1,000,000\n"},
		{[]string{"--lang", "es", "sim", "--cgp", cgp, "--iterations", "-3"}, "atril: --iterations -3: se esperaba de 1 a 1.000.000\n"},
		{[]string{"sim", "--cgp", cgp, "--plies", "11"}, "atril: --plies 11: expected 1 to 10\n"},
		{[]string{"puzzle", "gen", "--selfplay", "-2"}, "atril: --selfplay: -2 self-play games: expected 1 to 1,000,000\n"},
		{[]string{"--lang", "es", "puzzle", "gen", "--selfplay", "-2"}, "atril: --selfplay: -2 partidas de autojuego: se esperaban de 1 a 1.000.000\n"},
		{[]string{"drill", "twos", "--count", "-5"}, "atril: --count -5: expected 0 to 10,000 (0: every word the options select)\n"},
		{[]string{"--lang", "es", "drill", "twos", "--count", "-5"}, "atril: --count -5: se esperaba de 0 a 10.000 (0: todo lo que seleccionan las opciones)\n"},
		{[]string{"play", "--clock", "-5m"}, "atril: --clock -5m: give a duration such as 25m or 1h (0 for no clock)\n"},
		{[]string{"--lang", "es", "play", "--clock", "-5m"}, "atril: --clock -5m: dé una duración como 25m o 1h (0 para jugar sin reloj)\n"},
	} {
		_, stderr, code := runAtril(t, "", append(tc.args, "--db", t.TempDir()+"/s.db")...)
		if code != ExitError || stderr != tc.want {
			t.Errorf("%v: exit %d, %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
	out, stderr, code := runAtril(t, "", "--lang", "es", "selfplay", "--games", "-1", "--json")
	if code != ExitError || stderr != "atril: --games -1: se esperaba al menos 1 y como mucho 10.000.000\n" ||
		out != `{"error":{"code":2,"message":"--games -1: expected at least 1 and at most 10,000,000"}}`+"\n" {
		t.Errorf("selfplay --json under --lang es: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestInterruptedCountsReadAsTheBar: Ctrl-C before any game says the totals as the progress
// bar writes them, with the noun of the summary.
func TestInterruptedCountsReadAsTheBar(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"selfplay", "--games", "5000"}, "of 5,000 games"},
		{[]string{"--lang", "es", "selfplay", "--games", "5000"}, "de 5000 partidas"},
		{[]string{"--lang", "es", "selfplay", "--games", "50000"}, "de 50.000 partidas"},
		// Stopped before the run is recorded (it used to panic).
		{[]string{"puzzle", "gen", "--selfplay", "40"}, "atril: interrupted before the first game or position: nothing stored\n"},
		{[]string{"--lang", "es", "puzzle", "gen", "--selfplay", "40"}, "atril: interrumpida antes de la primera partida o posición: no se guardó nada\n"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out, errb bytes.Buffer
		args := append(tc.args, "--db", t.TempDir()+"/s.db")
		io := &IO{In: strings.NewReader(""), Out: &out, Err: &errb, Getenv: func(string) string { return "" }}
		code := execute(ctx, newRoot(io, args), io, args)
		if code != ExitInterrupted || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errb.String(), tc.want)
		}
	}
	// puzzle gen's count, with the noun of its summary.
	for lang, want := range map[i18n.Lang]string{
		i18n.English: "interrupted after 0 of 4,000 games or positions: atril puzzle gen --resume goes on",
		i18n.Spanish: "interrumpida tras 0 de 4000 partidas o posiciones: atril puzzle gen --resume continúa",
	} {
		if got := i18n.For(lang).Err(i18n.E("puzzle_gen.interrupted", "Done", i18n.Int(0), "Jobs", i18n.Int(4000))); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// TestTurnHelpSaysAfter: endgame's and peg's --turn is the position after N events, as show's
// is (engine/gcg.Source), in both languages.
func TestTurnHelpSaysAfter(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"endgame", "peg"} {
		for lang, want := range map[string]string{
			"en": "the position after this many events, as show --turn draws it",
			"es": "la posición tras este número de eventos, la que dibuja show --turn",
		} {
			out, _, code := runAtril(t, "", "--lang", lang, cmd, "--help")
			if flat := strings.Join(strings.Fields(out), " "); code != 0 || !strings.Contains(flat, want) {
				t.Errorf("%s --help (%s): exit %d, lacks %q:\n%s", cmd, lang, code, want, out)
			}
		}
	}
}

// TestRankZeroIsRefused: rank 0 does not exist, as the start of a range too.
func TestRankZeroIsRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"drill", "anagram", "--ranks", "0-5"}, "atril: --ranks \"0-5\": ranks start at 1 (the most probable word), e.g. 1-1000\n"},
		{[]string{"--lang", "es", "drill", "anagram", "--ranks", "0-5"}, "atril: --ranks \"0-5\": los puestos empiezan en 1 (la palabra más probable), p. ej. 1-1000\n"},
		{[]string{"drill", "hooks", "--ranks", "0-"}, "atril: --ranks \"0-\": ranks start at 1 (the most probable word), e.g. 1-1000\n"},
	} {
		_, stderr, code := runAtril(t, "", append(tc.args, "--db", t.TempDir()+"/s.db")...)
		if code != ExitError || stderr != tc.want {
			t.Errorf("%v: exit %d, %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestLongHelpIsWrapped: every command's long help, piped, is wrapped as written in the
// catalogue: no line of it runs past 100 columns, in either language.
func TestLongHelpIsWrapped(t *testing.T) {
	t.Parallel()
	for _, lang := range []i18n.Lang{i18n.English, i18n.Spanish} {
		var walk func(c *cobra.Command)
		walk = func(c *cobra.Command) {
			for _, sub := range c.Commands() {
				walk(sub)
			}
			for _, l := range strings.Split(c.Long, "\n") {
				if w := utf8.RuneCountInString(l); w > 100 {
					t.Errorf("%s (%s): a line of %d columns: %q", c.CommandPath(), lang, w, l)
				}
			}
		}
		walk(newRoot(&IO{}, []string{"--lang", string(lang)}))
	}
}

// TestSimExchangeBagIsPlural: an exchange the bag cannot serve names the bag's one tile in the
// singular.
func TestSimExchangeBagIsPlural(t *testing.T) {
	t.Parallel()
	lexPath := engineTestLexicon(t, "AL", "ALA", "ALAS", "ALE", "ALES", "SAL", "SALE", "QUE")
	tiles := toyTiles(t, map[string]string{"A": "3", "L": "3", "E": "3", "S": "3", "Q": "1", "U": "1"})
	const cgp = "15/15/15/15/15/15/15/7AL6/15/15/15/15/15/15/15 AELS/ 10/12 0"
	for lang, want := range map[string]string{
		"en": "the bag holds 1 tile, too few to exchange that many",
		"es": "la bolsa tiene 1 ficha, no basta para cambiar tantas",
	} {
		_, errOut, code := runEngineCmd(t, nil, "--lang", lang, "sim", "--lexicon", lexPath, "--tiles", tiles, "--cgp", cgp, "--play", "-AE", "--candidates", "1")
		if code != ExitError || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, %q, want %q", lang, code, errOut, want)
		}
	}
}
