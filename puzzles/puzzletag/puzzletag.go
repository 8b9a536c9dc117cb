// Package puzzletag names what a puzzle is about. A tag is a stable English identifier
// (BLANK_BINGO) in the store, in JSON and in scripts, and a name in the reader's language on
// screen ("scrabble con comodín"); --tag takes either, in either language. It is a package of its
// own so that stats, which package puzzles imports, names tags the same way.
//
// It must not import lexicon, engine, drills, stats, internal/studystore or a front end.
package puzzletag

import (
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// Tag says what a puzzle is about.
type Tag string

// Bingo puzzles' tags.
const (
	OnlyBingo  Tag = "ONLY_BINGO"   // one bingo word exists (in one or more placements)
	BlankBingo Tag = "BLANK_BINGO"  // the rack has a blank
	Bingo8Plus Tag = "BINGO_8_PLUS" // every bingo goes through board tiles: 8 tiles or more
	Digraph    Tag = "DIGRAPH"      // a bingo places a CH, LL or RR tile
)

// Best-play puzzles' tags.
const (
	Equity    Tag = "EQUITY"     // the answer leads the second play by the margin (10) or more
	Points    Tag = "POINTS"     // the answer is also the top scorer, by 10 points or more
	Bingo     Tag = "BINGO"      // the answer is a bingo
	NonBingo  Tag = "NON_BINGO"  // it is not
	PowerTile Tag = "POWER_TILE" // it places a power tile: CH, LL, RR, Ñ, J, Q, X or Z
	Exchange  Tag = "EXCHANGE"   // it is an exchange
)

// Endgame and pre-endgame puzzles' tags (see package puzzles, endgame.go, for how each is
// measured).
const (
	OutInTwo  Tag = "OUT_IN_TWO" // the optimal line goes out on the mover's second turn
	Block     Tag = "BLOCK"      // the answer takes away the opponent's best reply
	Setup     Tag = "SETUP"      // the answer does not go out but sets up the mover's out next turn
	StuckTile Tag = "STUCK_TILE" // a tile on a rack can never be played in the optimal line
	PassTag   Tag = "PASS"       // passing is optimal
)

// All lists every tag: bingo puzzles' first, endgame puzzles' last.
var All = []Tag{OnlyBingo, BlankBingo, Bingo8Plus, Digraph, Equity, Points, Bingo, NonBingo, PowerTile, Exchange,
	OutInTwo, Block, Setup, StuckTile, PassTag}

// Name is the tag as a reader of p's language calls it; an unknown tag (from a newer atril)
// is shown as stored.
func Name(p *i18n.Printer, t Tag) string {
	switch t {
	case OnlyBingo:
		return p.T("puzzle.tag.only_bingo")
	case BlankBingo:
		return p.T("puzzle.tag.blank_bingo")
	case Bingo8Plus:
		return p.T("puzzle.tag.bingo_8_plus")
	case Digraph:
		return p.T("puzzle.tag.digraph")
	case Equity:
		return p.T("puzzle.tag.equity")
	case Points:
		return p.T("puzzle.tag.points")
	case Bingo:
		return p.T("puzzle.tag.bingo")
	case NonBingo:
		return p.T("puzzle.tag.non_bingo")
	case PowerTile:
		return p.T("puzzle.tag.power_tile")
	case Exchange:
		return p.T("puzzle.tag.exchange")
	case OutInTwo:
		return p.T("egpuzzle.tag.out_in_two")
	case Block:
		return p.T("egpuzzle.tag.block")
	case Setup:
		return p.T("egpuzzle.tag.setup")
	case StuckTile:
		return p.T("egpuzzle.tag.stuck_tile")
	case PassTag:
		return p.T("egpuzzle.tag.pass")
	}
	return string(t)
}

// Names are the tags' names in p's language, joined by ", ", as a list on screen.
func Names(p *i18n.Printer, tags []Tag) string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = Name(p, t)
	}
	return strings.Join(out, ", ")
}

// Choices lists every tag for a reader of p's language: its name and, in brackets, its
// identifier ("ficha de poder (POWER_TILE)"), for help texts and errors.
func Choices(p *i18n.Printer) string {
	out := make([]string, len(All))
	for i, t := range All {
		out[i] = Name(p, t) + " (" + string(t) + ")"
	}
	return strings.Join(out, ", ")
}

// Parse reads a tag by its identifier or by its name in any language atril speaks, whatever
// the case, accents, underscores or hyphens: "POWER_TILE", "power tile", "Ficha de poder",
// "scrabble con comodin".
func Parse(s string) (Tag, bool) {
	key := fold(s)
	if key == "" {
		return "", false
	}
	for _, t := range All {
		if fold(string(t)) == key {
			return t, true
		}
	}
	for _, l := range i18n.Langs {
		p := i18n.For(l)
		if i := slices.IndexFunc(All, func(t Tag) bool { return fold(Name(p, t)) == key }); i >= 0 {
			return All[i], true
		}
	}
	return "", false
}

// fold is s as Parse compares it: lower case, accents dropped, '_' and '-' read as spaces,
// spaces collapsed.
func fold(s string) string {
	var sb strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r == '_' || r == '-':
			r = ' '
		}
		sb.WriteRune(unicode.ToLower(r))
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}

// IDs are the tags' identifiers, in All's order.
func IDs() []string {
	out := make([]string, len(All))
	for i, t := range All {
		out[i] = string(t)
	}
	return out
}
