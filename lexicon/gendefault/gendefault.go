// Command gendefault compiles atril's embedded default lexicon, FISE2-LIBRE, from its sources
// in data/defaultlex/source: the word list of the npm package an-array-of-spanish-words 2.0.0
// (index.json, gzipped as published) and FISE's 2016 update of two- and three-tile words. Run it
// with `go generate ./data/defaultlex`; a test proves the committed output is what it makes.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/lexicon"
)

// Source files, in the source directory.
const (
	SourceList   = "an-array-of-spanish-words-2.0.0.json.gz"
	SourceUpdate = "fise2016-update.txt"
)

// Report is what the generator did to the source list, for PROVENANCE.md.
type Report struct {
	SourceWords int            // entries in the source list
	Skipped     map[string]int // reason -> source entries left out
	Added       []string       // update: words added (plain spelling)
	Removed     []string       // update: words removed
}

// Generate builds the default lexicon: the .kwg bytes and its metadata.
func Generate(ts *lexicon.TileSet, listGz, update []byte) ([]byte, lexicon.Info, Report, error) {
	rep := Report{Skipped: map[string]int{}}
	zr, err := gzip.NewReader(bytes.NewReader(listGz))
	if err != nil {
		return nil, lexicon.Info{}, rep, fmt.Errorf("%s: %w", SourceList, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, lexicon.Info{}, rep, fmt.Errorf("%s: %w", SourceList, err)
	}
	var entries []string
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, lexicon.Info{}, rep, fmt.Errorf("%s: not a JSON array of words: %w", SourceList, err)
	}
	rep.SourceWords = len(entries)

	words := map[string][]lexicon.Tile{} // plain spelling -> tiles
	for _, e := range entries {
		w, err := ts.ParseWord(e)
		switch {
		case err != nil:
			rep.Skipped["letters outside the alphabet"]++
		case len(w) < lexicon.MinWordTiles:
			rep.Skipped["under 2 tiles"]++
		case len(w) > lexicon.MaxWordTiles:
			rep.Skipped["over 15 tiles"]++
		default:
			words[ts.Word(w)] = w
		}
	}

	sc := bufio.NewScanner(bytes.NewReader(update))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		op, spelling := text[0], text[1:]
		w, err := ts.ParseWord(spelling)
		if err != nil || (op != '+' && op != '-') || len(w) < 2 || len(w) > 3 {
			return nil, lexicon.Info{}, rep, fmt.Errorf("%s:%d: expected +word or -word of 2 or 3 tiles, got %q", SourceUpdate, line, text)
		}
		key := ts.Word(w)
		_, present := words[key]
		switch {
		case op == '+' && present:
			return nil, lexicon.Info{}, rep, fmt.Errorf("%s:%d: %s is already in the source list", SourceUpdate, line, key)
		case op == '-' && !present:
			return nil, lexicon.Info{}, rep, fmt.Errorf("%s:%d: %s is not in the source list", SourceUpdate, line, key)
		case op == '+':
			words[key] = w
			rep.Added = append(rep.Added, key)
		default:
			delete(words, key)
			rep.Removed = append(rep.Removed, key)
		}
	}

	keys := make([]string, 0, len(words))
	for k := range words {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	list := make([][]lexicon.Tile, len(keys))
	for i, k := range keys {
		list[i] = words[k]
	}
	g, err := lexicon.BuildKWG(list)
	if err != nil {
		return nil, lexicon.Info{}, rep, err
	}
	skipped := 0
	for _, n := range rep.Skipped {
		skipped += n
	}
	info := lexicon.Info{
		Name: lexicon.DefaultName,
		Description: "Open Spanish word list, about FISE-2 as of 2013, with FISE's 2016 update of " +
			"two- and three-tile words. Not the official FILE2017 list.",
		Source: "an-array-of-spanish-words 2.0.0 (npm, MIT; from the Letterpress list, CC0) + " +
			"FISE 2016 two/three-tile update; see data/defaultlex/PROVENANCE.md",
		Words:    len(list),
		Skipped:  skipped,
		Alphabet: ts.Labels(),
	}
	return g.Bytes(), info, rep, nil
}

// MetadataJSON is the .json written beside the .kwg.
func MetadataJSON(info lexicon.Info) ([]byte, error) {
	b, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
