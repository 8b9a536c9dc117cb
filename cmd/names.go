package cmd

import (
	"strings"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Names shown to a reader for the identifiers typed on the command line (--leaves builtin,
// --players equity,score): in Spanish, Spanish words; JSON keeps the identifiers.

// leaveTableName is a leave table as the reader says it: builtin, handset and none by their
// names in the reader's language (with what follows them, "builtin (FISE2-LIBRE)"), a file
// by its path.
func leaveTableName(p *i18n.Printer, name string) string {
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

// strategyName is a self-play player's strategy (equity, score) in the reader's words.
func strategyName(p *i18n.Printer, s string) string {
	switch s {
	case "equity":
		return p.T("names.equity")
	case "score":
		return p.T("names.score")
	}
	return s
}
