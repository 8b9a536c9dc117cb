package i18n

import "testing"

func TestSigned(t *testing.T) {
	t.Parallel()
	en, es := For(English), For(Spanish)
	for _, c := range []struct{ got, want string }{
		{en.Signed(12), "+12"}, {en.Signed(-3), "-3"}, {en.Signed(0), "0"}, {en.Signed(12345), "+12,345"},
		{es.Signed(12345), "+12.345"}, {es.Signed(-1000), "-1000"},
		{en.SignedFloat(2.25, 1), "+2.3"}, {es.SignedFloat(2.25, 1), "+2,3"}, {en.SignedFloat(-0.5, 0), "-1"},
		{en.SignedFloat(0, 1), "0.0"}, {en.SignedFloat(-0.01, 1), "0.0"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
