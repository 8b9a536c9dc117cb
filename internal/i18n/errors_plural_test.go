package i18n

import "testing"

// TestErrorPluralsAndNumbers: EN chooses the plural form by its count, and Int placeholders are
// written as the reader's language writes numbers.
func TestErrorPluralsAndNumbers(t *testing.T) {
	t.Parallel()
	es, en := For(Spanish), For(English)
	for _, tc := range []struct{ got, want string }{
		{en.Err(EN("count.tiles", 1)), "1 tile"},
		{es.Err(EN("count.tiles", 1)), "1 ficha"},
		{en.Err(EN("count.tiles", 12345)), "12,345 tiles"},
		{es.Err(EN("count.tiles", 1234567)), "1.234.567 fichas"},
		{EN("count.tiles", 2).Error(), "2 tiles"},
		{en.Err(E("i18n.bad_lang", "Source", "--x", "Value", Int(1000000))), en.T("i18n.bad_lang", "Source", "--x", "Value", "1,000,000")},
		{es.Err(E("i18n.bad_lang", "Source", "--x", "Value", Int(1000000))), es.T("i18n.bad_lang", "Source", "--x", "Value", "1.000.000")},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
