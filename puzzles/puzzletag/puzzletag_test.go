package puzzletag

import (
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// TestNames: every tag has a name of its own in each language, taken from the catalogue (not
// its identifier), and Spanish readers see the words Spanish players use.
func TestNames(t *testing.T) {
	t.Parallel()
	// No name or identifier, in any language, stands for two tags: Parse is never ambiguous.
	seen := map[string]Tag{}
	claim := func(key string, tg Tag) {
		if other, ok := seen[fold(key)]; ok && other != tg {
			t.Errorf("%q names both %s and %s", key, other, tg)
		}
		seen[fold(key)] = tg
	}
	for _, tg := range All {
		claim(string(tg), tg)
	}
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		for _, tg := range All {
			name := Name(p, tg)
			if name == "" || name == string(tg) || strings.Contains(name, "[[") {
				t.Errorf("%s: %s is named %q", l, tg, name)
			}
			claim(name, tg)
		}
	}
	es := i18n.For(i18n.Spanish)
	for tg, want := range map[Tag]string{BlankBingo: "scrabble con comodín", Equity: "ventaja en valoración",
		NonBingo: "sin scrabble", Points: "ventaja en puntos", PowerTile: "ficha de poder"} {
		if got := Name(es, tg); got != want {
			t.Errorf("%s in Spanish: %q, want %q", tg, got, want)
		}
	}
	if got := Names(es, []Tag{Equity, NonBingo}); got != "ventaja en valoración, sin scrabble" {
		t.Errorf("Names: %q", got)
	}
	if got := Name(es, "NEW_TAG"); got != "NEW_TAG" {
		t.Errorf("an unknown tag (a newer atril's) shows as %q, want it as stored", got)
	}
	if c := Choices(es); !strings.Contains(c, "ficha de poder (POWER_TILE)") || strings.Count(c, "(") != len(All) {
		t.Errorf("Choices: %q", c)
	}
}

// TestParse: --tag takes an identifier or a name in either language, whatever the case,
// accents, underscores or hyphens; nothing else.
func TestParse(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Tag{
		"POWER_TILE":                 PowerTile,
		"power_tile":                 PowerTile,
		" power tile ":               PowerTile,
		"Power-Tile":                 PowerTile,
		"ficha de poder":             PowerTile,
		"FICHA DE PODER":             PowerTile,
		"scrabble con comodín":       BlankBingo,
		"Scrabble con comodin":       BlankBingo,
		"blank bingo":                BlankBingo,
		"sin scrabble":               NonBingo,
		"non-bingo":                  NonBingo,
		"NON_BINGO":                  NonBingo,
		"scrabble":                   Bingo,
		"bingo":                      Bingo,
		"ventaja en valoración":      Equity,
		"ventaja   en puntos":        Points,
		"bingo_8_plus":               Bingo8Plus,
		"scrabble de 8 o más fichas": Bingo8Plus,
		"cambio":                     Exchange,
		"exchange":                   Exchange,
	} {
		if got, ok := Parse(in); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "  ", "NADA", "power", "ficha", "BINGO8PLUS", "scrabble con"} {
		if got, ok := Parse(in); ok {
			t.Errorf("Parse(%q) = %q, want no tag", in, got)
		}
	}
	// Every identifier and every name reads back as its tag.
	for _, tg := range All {
		for _, l := range i18n.Langs {
			if got, ok := Parse(Name(i18n.For(l), tg)); !ok || got != tg {
				t.Errorf("%s's %s name: %q", tg, l, got)
			}
		}
		if got, ok := Parse(string(tg)); !ok || got != tg {
			t.Errorf("%s: %q", tg, got)
		}
	}
}
