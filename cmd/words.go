package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/lexicon"
)

// Helpers shared by the word commands (judge, anagram, hooks, info, search).

// parseWordArg reads a word argument; a bad spelling is bad input (exit 2) naming the character.
func parseWordArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	w, err := ts.ParseWord(s)
	if err != nil {
		return nil, withCode(ExitError, fmt.Errorf("word %v (write words as CASA, CHARRO, [C][H] for a C and an H tile)", err))
	}
	if len(w) == 0 {
		return nil, withCode(ExitError, fmt.Errorf("word %q: no tiles", s))
	}
	return w, nil
}

// maxRackTiles bounds a rack: a few more than a word can hold keeps blank-heavy racks quick.
const maxRackTiles = 15

// parseRackArg reads a rack argument ('?' blanks).
func parseRackArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	r, err := ts.ParseRack(s)
	if err != nil {
		return nil, withCode(ExitError, fmt.Errorf("rack %v (write racks as AEIRS??, with ? for a blank)", err))
	}
	if len(r) == 0 {
		return nil, withCode(ExitError, fmt.Errorf("rack %q: no tiles", s))
	}
	if len(r) > maxRackTiles {
		return nil, withCode(ExitError, fmt.Errorf("rack %q: %d tiles, at most %d", s, len(r), maxRackTiles))
	}
	if err := ts.CheckRack(r); err != nil {
		return nil, withCode(ExitError, fmt.Errorf("rack %q: %w", s, err))
	}
	return r, nil
}

const (
	ansiGreen = "\x1b[32m"
	ansiRed   = "\x1b[31m"
	ansiBold  = "\x1b[1m"
	ansiDim   = "\x1b[2m"
	ansiReset = "\x1b[0m"
)

// paint colours s when colour is on (a terminal without NO_COLOR).
func (g *Globals) paint(code, s string) string { // Deprecated: g.UI.Paint
	if !g.Color() {
		return s
	}
	return code + s + ansiReset
}

// spellBlanks spells a word for people: the tiles a blank stood for in lower case, single tiles
// that would read as a digraph bracketed ([C][H]E).
func spellBlanks(ts *lexicon.TileSet, w []lexicon.Tile) string { return ts.DisplayBlanks(w) }

// plainWords spells words as scripts and JSON get them, in a form `atril lexicon add` and the
// word commands read back as the same tiles: plain upper case, [C][H] only where C and H are
// separate tiles (see TileSet.Display).
func plainWords(ts *lexicon.TileSet, ws [][]lexicon.Tile) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Display(w)
	}
	return out
}

// tileLabels lists a word's tiles, so that CHICO shows as CH I C O.
func tileLabels(ts *lexicon.TileSet, w []lexicon.Tile) []string {
	out := make([]string, len(w))
	for i, t := range w {
		out[i] = ts.Label(t)
	}
	return out
}

// plural picks the noun for n: "1 word", "2 words".
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// completeTileSets completes --tiles with the embedded tile sets; a path is also accepted, so the
// shell falls back to files when no name matches. Registered in root.go beside --lexicon's.
func completeTileSets(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return lexicon.EmbeddedTileSets(), cobra.ShellCompDirectiveDefault
}
