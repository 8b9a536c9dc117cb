package cmd

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// TestArgCountErrorsSayWhatIsExpected: a wrong number of arguments names the Use line's
// arguments and the command's help, in the reader's language, and exits 2.
func TestArgCountErrorsSayWhatIsExpected(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"anagram"}, "atril: too few arguments: expected RACK (see `atril anagram --help`)\n"},
		{[]string{"--lang", "es", "anagram"}, "atril: faltan argumentos: se esperaba ATRIL (vea `atril anagram --help`)\n"},
		{[]string{"judge"}, "atril: too few arguments: expected WORD... (see `atril judge --help`)\n"},
		{[]string{"--lang", "es", "judge"}, "atril: faltan argumentos: se esperaba PALABRA... (vea `atril judge --help`)\n"},
		{[]string{"hooks", "a", "b"}, "atril: too many arguments: expected WORD, got \"a\" \"b\" (see `atril hooks --help`)\n"},
		{[]string{"--lang", "es", "info", "a", "b"}, "atril: sobran argumentos: se esperaba PALABRA; recibidos: \"a\" \"b\" (vea `atril info --help`)\n"},
		{[]string{"lexicon", "info", "a", "b"}, "atril: too many arguments: expected [NAME|PATH.kwg], got \"a\" \"b\" (see `atril lexicon info --help`)\n"},
		{[]string{"lexicon", "add", "x"}, "atril: too few arguments: expected NAME FILE (see `atril lexicon add --help`)\n"},
		{[]string{"selfplay", "foo"}, "atril: takes no arguments, got \"foo\" (see `atril selfplay --help`)\n"},
		{[]string{"--lang", "es", "selfplay", "foo"}, "atril: esta orden no admite argumentos; recibidos: \"foo\" (vea `atril selfplay --help`)\n"},
		{[]string{"forecast", "x"}, "atril: takes no arguments, got \"x\" (see `atril forecast --help`)\n"},
		{[]string{"--lang", "es", "puzzle", "answer", "1"}, "atril: faltan argumentos: se esperaba NÚMERO JUGADA (vea `atril puzzle answer --help`)\n"},
		// A command with subcommands still calls a stray word an unknown command.
		{[]string{"drill", "foo"}, "atril: unknown command \"foo\" for \"atril drill\"\n"},
	} {
		_, stderr, code := runAtril(t, "", tc.args...)
		if code != ExitError || stderr != tc.want {
			t.Errorf("atril %s: exit %d, stderr\n%q, want\n%q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}

// TestEveryArgCountErrorIsExplained walks every command: when its validator refuses no
// arguments or six, the message is atril's own in both languages (never cobra's count) and
// points to the command's help.
func TestEveryArgCountErrorIsExplained(t *testing.T) {
	t.Parallel()
	for _, lang := range []i18n.Lang{i18n.English, i18n.Spanish} {
		p := i18n.For(lang)
		root := newRoot(&IO{}, []string{"--lang", string(lang)})
		var walk func(c *cobra.Command)
		checked := 0
		walk = func(c *cobra.Command) {
			for _, sub := range c.Commands() {
				walk(sub)
			}
			if c.Args == nil || c.HasSubCommands() {
				return
			}
			for _, args := range [][]string{nil, {"a", "b", "c", "d", "e", "f"}} {
				err := c.Args(c, args)
				if err == nil {
					continue
				}
				checked++
				msg := p.Err(err)
				if strings.Contains(msg, "argument(s)") || strings.Contains(msg, "unknown command") || strings.Contains(msg, "orden desconocida") ||
					!strings.Contains(msg, "`"+c.CommandPath()+" --help`") || strings.Contains(msg, "[[") {
					t.Errorf("%s with %d arguments (%s): %q", c.CommandPath(), len(args), lang, msg)
				}
			}
		}
		walk(root)
		if checked < 40 {
			t.Errorf("%s: only %d refusals checked: the walk missed commands", lang, checked)
		}
	}
}
