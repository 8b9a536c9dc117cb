package drills

import "github.com/atril-scrabble/atril/internal/i18n"

// NameForm is where a drill kind's name is shown, each with its own words.
type NameForm int

const (
	// InList: "anagrams", "two-tile words" (a drill list's title, menus).
	InList NameForm = iota
	// InTitle: "anagram drill" (a drill session's title).
	InTitle
	// InColumn: "anagram" (a deck table's kind of card; only kinds decks hold).
	InColumn
	// InReport: "digraphs", "reviews" (the study report's groups).
	InReport
)

// kindNames are the catalogue keys of each kind's name, by NameForm; "" when the kind has no
// name there (its identifier is shown).
var kindNames = map[Kind][4]string{
	KindAnagram:  {"drill.kind.anagram", "drill.name.anagram", "deck.kind.anagram", "stats.kind.anagram"},
	KindBuild:    {"drill.kind.build", "drill.name.build", "", "stats.kind.build"},
	KindTwos:     {"drill.kind.twos", "drill.name.twos", "deck.kind.twos", "stats.kind.twos"},
	KindDigraphs: {"drill.kind.digraphs", "drill.name.digraphs", "", "stats.kind.digraphs"},
	KindHooks:    {"drill.kind.hooks", "drill.name.hooks", "deck.kind.hooks", "stats.kind.hooks"},
	KindJudge:    {"drill.kind.judge", "drill.name.judge", "deck.kind.judge", "stats.kind.judge"},
	KindFamily:   {"family.kind_name", "family.drill_name", "", "family.kind_name"},
	KindReview:   {"drill.kind.review", "", "", "stats.kind.review"},
}

// NameAs is a drill or card kind as the reader calls it where form says: the one place kinds
// get their names.
func NameAs(p *i18n.Printer, k Kind, form NameForm) string {
	if key := kindNames[k][form]; key != "" {
		return p.T(key)
	}
	return string(k)
}

// KindName is a drill kind as the reader calls it in a list ("anagrams", "anagramas").
func KindName(p *i18n.Printer, k Kind) string { return NameAs(p, k, InList) }
