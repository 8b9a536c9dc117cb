package play

import (
	"testing"
	"unicode"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// The unfinished game's label in `today` is written as the other labels there are: lower case
// ("unfinished game" beside "to study", "tournament"), in both languages.
func TestTodayGameLabelLikeTheOthers(t *testing.T) {
	t.Parallel()
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		for _, id := range []string{"today.study", "today.learning", "today.tournament", "today.puzzle_rating", "today.yesterday", "today.game.label"} {
			label := p.T(id)
			r := []rune(label)
			if len(r) == 0 || label[0] == '[' || !unicode.IsLower(r[0]) {
				t.Errorf("%s %s = %q: want a lower-case label like the others", l, id, label)
			}
		}
	}
}
