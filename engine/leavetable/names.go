package leavetable

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// DisplayName is a leave table as the reader says it: builtin, handset and none by their
// names in the reader's language (with what follows them, "builtin (FISE2-LIBRE)"), a file
// by its path.
func DisplayName(p *i18n.Printer, name string) string {
	id, rest, _ := strings.Cut(name, " ")
	var shown string
	switch id {
	case "builtin":
		shown = p.T("names.builtin")
	case "handset":
		shown = p.T("names.handset")
	case "none":
		shown = p.T("names.none")
	default:
		return name
	}
	if rest != "" {
		shown += " " + rest
	}
	return shown
}
