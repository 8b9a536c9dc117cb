// Package testlex gives tests their lexicons: a small one compiled from words they list, the
// embedded default atril ships, and the official FILE2017 list when it is beside the project.
//
// FILE2017.kwg is for tests and comparisons only: it may not be redistributed, so tests read it
// in place, skip when it is absent, and commit nothing derived from it.
//
// It serves tests only.
package testlex

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/atril-scrabble/atril/internal/testlex/refdata"
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// noEnv keeps tests away from the user's data directory and chosen lexicon.
func noEnv(string) string { return "" }

// FILE2017Path is the path of the official FILE2017.kwg (tests only); the test is skipped when
// it is absent.
func FILE2017Path(tb testing.TB) string {
	tb.Helper()
	return refdata.Require(tb, refdata.FILE2017)
}

// FILE2017 opens the official FILE2017 list under the default tile set (tests and comparisons
// only, never shipped); the test is skipped when the file is absent. The file is read once per
// test binary: every call shares its graph, and with it what is derived from the graph and
// kept by it (the move generator's layout and word map, the morphology model), as the embedded
// default's callers already do.
func FILE2017(tb testing.TB) *lexicon.Lexicon {
	tb.Helper()
	path := FILE2017Path(tb)
	file2017.once.Do(func() {
		file2017.lex, file2017.err = registry.New(noEnv).Open(path, lexicon.DefaultTileSet())
	})
	if file2017.err != nil {
		tb.Fatal(file2017.err)
	}
	l := file2017.lex
	return &lexicon.Lexicon{Name: l.Name, Description: l.Description, Tiles: l.Tiles, Graph: l.Graph}
}

var file2017 struct {
	once sync.Once
	lex  *lexicon.Lexicon
	err  error
}

// Default is the embedded default lexicon atril ships, under the default tile set.
func Default(tb testing.TB) *lexicon.Lexicon {
	tb.Helper()
	lex, err := registry.New(noEnv).Open(lexicon.DefaultName, lexicon.DefaultTileSet())
	if err != nil {
		tb.Fatal(err)
	}
	return lex
}

// Small compiles the words (any spelling ParseWord reads: CHICO, [C][H]E, 1 2 3) into a
// lexicon named "small" under the default tile set.
func Small(tb testing.TB, words ...string) *lexicon.Lexicon {
	tb.Helper()
	ts := lexicon.DefaultTileSet()
	ws := make([][]lexicon.Tile, 0, len(words))
	for _, s := range words {
		w, err := ts.ParseWord(s)
		if err != nil {
			tb.Fatalf("test word %q: %v", s, err)
		}
		ws = append(ws, w)
	}
	g, err := lexicon.BuildKWG(ws)
	if err != nil {
		tb.Fatal(err)
	}
	return &lexicon.Lexicon{Name: "small", Tiles: ts, Graph: g}
}

// SmallKWG is Small written to a .kwg file in the test's temporary directory, for commands
// that take --lexicon PATH.
func SmallKWG(tb testing.TB, words ...string) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "small.kwg")
	if err := os.WriteFile(path, Small(tb, words...).Graph.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}
