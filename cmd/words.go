package cmd

import (
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/datadir"
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

// parseWordArg reads a word argument (lexicon.ParseQueryWord); a bad spelling is bad input
// (exit 2) naming the character.
func parseWordArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	w, err := ts.ParseQueryWord(s)
	if err != nil {
		return nil, withCode(ExitError, err)
	}
	return w, nil
}

// parseRackArg reads a rack argument ('?' blanks; lexicon.ParseQueryRack).
func parseRackArg(ts *lexicon.TileSet, s string) ([]lexicon.Tile, error) {
	r, err := ts.ParseQueryRack(s)
	if err != nil {
		return nil, withCode(ExitError, err)
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

// completeTileSets completes --tiles with the embedded tile sets; a path is also accepted, so the
// shell falls back to files when no name matches. Registered in root.go beside --lexicon's.
func completeTileSets(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return lexicon.EmbeddedTileSets(), cobra.ShellCompDirectiveDefault
}
