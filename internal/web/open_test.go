package web

import (
	"slices"
	"testing"
)

// Each desktop's way of opening a page in the default browser, the address one argument.
func TestBrowserCommand(t *testing.T) {
	t.Parallel()
	const url = "http://127.0.0.1:8080/?t=a b"
	for _, tc := range []struct {
		goos string
		want []string
	}{
		{"darwin", []string{"open", url}},
		{"windows", []string{"rundll32", "url.dll,FileProtocolHandler", url}},
		{"linux", []string{"xdg-open", url}},
		{"freebsd", []string{"xdg-open", url}},
	} {
		if got := browserCommand(tc.goos, url).Args; !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.goos, got, tc.want)
		}
	}
}
