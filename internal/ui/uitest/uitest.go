// Package uitest renders ui documents for tests. It imports only internal/ui.
package uitest

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/ui"
)

// Plain is d as a pipe would get it (no colour), width columns wide; it fails t when a message
// is missing from the catalogue (the printer shows those as [[id]]).
func Plain(t testing.TB, d *ui.Doc, width int) string {
	t.Helper()
	var b strings.Builder
	if err := ui.NewTerm(&b, false, width, func(string) string { return "" }).Print(d); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "[[") {
		t.Errorf("a message missing from the catalogue:\n%s", b.String())
	}
	return b.String()
}
