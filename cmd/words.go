package cmd

import (
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/datadir"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/morph"
)

// Helpers shared by the word commands (judge, anagram, hooks, info, search).

// morphology is lex's learnt morphology, kept in atril's cache directory between runs
// (learning it takes a second or two on a full lexicon; reading it back, a fraction).
func (g *Globals) morphology(lex *lexicon.Lexicon) *morph.Model {
	dir := datadir.CacheDir(g.io.Getenv)
	if dir != "" {
		dir = filepath.Join(dir, "morph")
	}
	return morph.ForCached(lex, dir)
}

// parseWordArg reads a word argument; a bad spelling is bad input (exit 2) naming the character.
func parseWordArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	w, err := ts.ParseWord(s)
	if err != nil {
		return nil, withCode(ExitError, i18n.Wrap(err, "words.bad_word"))
	}
	if len(w) == 0 {
		return nil, withCode(ExitError, i18n.E("words.no_tiles", "Input", i18n.Quote(s)))
	}
	if err := lexicon.CheckQueryTiles(w); err != nil {
		return nil, withCode(ExitError, i18n.Wrap(err, "words.word_is", "Input", i18n.Quote(s)))
	}
	return w, nil
}

// maxRackTiles bounds a rack: a few more than a word can hold keeps blank-heavy racks quick.
const maxRackTiles = 15

// parseRackArg reads a rack argument ('?' blanks).
func parseRackArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	r, err := ts.ParseRack(s)
	if err != nil {
		return nil, withCode(ExitError, i18n.Wrap(err, "words.bad_rack"))
	}
	if len(r) == 0 {
		return nil, withCode(ExitError, i18n.E("words.no_tiles", "Input", i18n.Quote(s)))
	}
	if len(r) > maxRackTiles {
		return nil, withCode(ExitError, i18n.E("words.rack_too_long", "Input", i18n.Quote(s), "Tiles", len(r), "Max", maxRackTiles))
	}
	if err := ts.CheckRack(r); err != nil {
		return nil, withCode(ExitError, i18n.Wrap(err, "words.rack_is", "Input", i18n.Quote(s)))
	}
	return r, nil
}

// printLines writes one item a line, nothing for none: the piped form of word lists, which
// scripts and `atril lexicon add` read.
func (g *Globals) printLines(items []string) error {
	if len(items) == 0 {
		return nil
	}
	return g.Print(ui.NewDoc().Pre(strings.Join(items, "\n")))
}

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

// completeTileSets completes --tiles with the embedded tile sets; a path is also accepted, so the
// shell falls back to files when no name matches. Registered in root.go beside --lexicon's.
func completeTileSets(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return lexicon.EmbeddedTileSets(), cobra.ShellCompDirectiveDefault
}
