package i18n

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestDetect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		flag string
		env  func(string) string
		want Lang
		err  bool
	}{
		{"", env(), English, false},
		{"", env("LANG", "es_ES.UTF-8"), Spanish, false},
		{"", env("LANG", "es_AR"), Spanish, false},
		{"", env("LANG", "de_DE.UTF-8"), English, false},
		{"", env("LANG", "C.UTF-8"), English, false},
		// LC_ALL overrides LC_MESSAGES, which overrides LANG.
		{"", env("LC_ALL", "en_US.UTF-8", "LANG", "es_ES.UTF-8"), English, false},
		{"", env("LC_MESSAGES", "es_MX.UTF-8", "LANG", "en_US.UTF-8"), Spanish, false},
		{"", env("LC_ALL", "es_ES@euro", "LC_MESSAGES", "en_US"), Spanish, false},
		// ATRIL_LANG and --lang win, in that order.
		{"", env("ATRIL_LANG", "en", "LANG", "es_ES.UTF-8"), English, false},
		{"es", env("ATRIL_LANG", "en"), Spanish, false},
		{"en-GB", env("LANG", "es_ES"), English, false},
		{"fr", env(), English, true},
		{"", env("ATRIL_LANG", "klingon"), English, true},
		// A language atril does not speak is an error in the language the rest asks for.
		{"fr", env("LANG", "es_ES.UTF-8"), Spanish, true},
		{"fr", env("ATRIL_LANG", "es", "LANG", "en_US"), Spanish, true},
		{"", env("ATRIL_LANG", "klingon", "LANG", "es_ES.UTF-8"), Spanish, true},
	} {
		got, err := Detect(tc.flag, tc.env)
		if got != tc.want || (err != nil) != tc.err {
			t.Errorf("Detect(%q, ...) = %v, %v; want %v (error %v)", tc.flag, got, err, tc.want, tc.err)
		}
	}
}

func TestNumbers(t *testing.T) {
	t.Parallel()
	es, en := For(Spanish), For(English)
	for _, tc := range []struct{ got, want string }{
		{es.Int(636624), "636.624"},
		{en.Int(636624), "636,624"},
		{es.Int(1000), "1000"}, // Spanish groups from five digits
		{es.Int(-12345), "-12.345"},
		{en.Int(1000), "1,000"},
		{es.Float(-0.001, 1), "0,0"},
		{en.Float(1234567.891, 2), "1,234,567.89"},
		{es.Float(12.5, 1), "12,5"},
		{en.Float(12.5, 1), "12.5"},
		{es.Float(-0.125, 2), "-0,13"},
		{es.Percent(0.537, 1), "53,7\u00a0%"},
		{en.Percent(0.537, 1), "53.7%"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	err := E("i18n.bad_lang", "Source", "--lang", "Value", "fr")
	if got := err.Error(); got != "--lang fr: atril speaks es (español) and en (English)" {
		t.Errorf("English text %q", got)
	}
	if got := For(Spanish).Err(err); got != "--lang fr: atril habla es (español) y en (English)" {
		t.Errorf("Spanish text %q", got)
	}
	// Wrappers that add nothing are seen through; errors.Is matches by message.
	wrapped := fmt.Errorf("%w", err)
	if !errors.Is(wrapped, &Error{ID: "i18n.bad_lang"}) {
		t.Error("errors.Is does not match the message")
	}
	if got := For(Spanish).Err(wrapped); !strings.Contains(got, "atril habla") {
		t.Errorf("wrapped: %q", got)
	}
	// File-system errors in the reader's words.
	_, ferr := os.Open("/no/such/atril/file")
	if got := For(Spanish).Err(ferr); got != "/no/such/atril/file: no existe ese archivo o directorio" {
		t.Errorf("ENOENT in Spanish: %q", got)
	}
	if got := For(English).Err(Wrap(ferr, "i18n.bad_lang", "Source", "x", "Value", "y")); !strings.HasPrefix(got, "x y:") {
		t.Errorf("wrap: %q", got)
	}
	// A message that names the file does not name it twice (atril lexicon add NAME /tmp).
	dir := t.TempDir()
	_, derr := os.ReadFile(dir)
	if got, want := For(Spanish).Err(Wrap(derr, "wordlist.read", "File", dir)), dir+": es un directorio; se esperaba un archivo"; got != want {
		t.Errorf("directory in Spanish: %q, want %q", got, want)
	}
	if !errors.Is(Wrap(ferr, "i18n.bad_lang"), os.ErrNotExist) {
		t.Error("Wrap hides its cause from errors.Is")
	}
}

func TestYes(t *testing.T) {
	t.Parallel()
	for s, want := range map[string][2]bool{"s": {true, true}, "Sí": {true, true}, "yes": {true, true}, "N": {false, true}, "no": {false, true}, "quizá": {false, false}} {
		y, ok := Yes(s)
		if [2]bool{y, ok} != want {
			t.Errorf("Yes(%q) = %v %v", s, y, ok)
		}
	}
}

func TestMissingMessageIsVisible(t *testing.T) {
	t.Parallel()
	id := "no.such_message" // a variable, so that the catalogue test does not take it for a use
	if got := For(Spanish).T(id); got != "[[no.such_message]]" {
		t.Errorf("missing message shows %q", got)
	}
}

func TestPlurals(t *testing.T) {
	t.Parallel()
	es, en := For(Spanish), For(English)
	for _, tc := range []struct{ got, want string }{
		{es.N("count.words", 1), "1 palabra"},
		{es.N("count.words", 0), "0 palabras"},
		{es.N("count.words", 7), "7 palabras"},
		{es.N("count.words", 1000000), "1.000.000 palabras"}, // CLDR's "many" falls back to other
		{en.N("count.tiles", 1), "1 tile"},
		{en.N("count.tiles", 12345), "12,345 tiles"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
