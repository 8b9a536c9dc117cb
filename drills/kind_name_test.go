package drills

import (
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

func TestNameAs(t *testing.T) {
	t.Parallel()
	en, es := i18n.For(i18n.English), i18n.For(i18n.Spanish)
	for _, tc := range []struct {
		k    Kind
		form NameForm
		en   string
	}{
		{KindAnagram, InList, "anagrams"},
		{KindAnagram, InTitle, "anagram drill"},
		{KindAnagram, InColumn, "anagram"},
		{KindDigraphs, InList, "digraph tiles"},
		{KindDigraphs, InReport, "digraphs"},
		{KindDigraphs, InColumn, "digraphs"}, // no deck holds them: the identifier
		{KindReview, InReport, "reviews"},
		{KindReview, InTitle, "review"},
		{Kind("other"), InList, "other"},
	} {
		if got := NameAs(en, tc.k, tc.form); got != tc.en {
			t.Errorf("NameAs(%s, %d) = %q, want %q", tc.k, tc.form, got, tc.en)
		}
	}
	// Every kind has its names in both languages, none the raw catalogue key.
	for k, keys := range kindNames {
		for form, key := range keys {
			if key == "" {
				continue
			}
			e, s := NameAs(en, k, NameForm(form)), NameAs(es, k, NameForm(form))
			if e == key || s == key || e == "" || s == "" {
				t.Errorf("%s form %d: %q / %q", k, form, e, s)
			}
		}
	}
}
