package lexicon

import "github.com/atril-scrabble/atril/internal/i18n"

// What a player types to the word commands (anagram, hooks, info): a word or a rack, read as
// the queries read them, with errors that say what was typed and how to write it.

// MaxRackQuery bounds a rack asked about: a few more than a word can hold keeps blank-heavy
// racks quick.
const MaxRackQuery = 15

// ParseQueryWord reads a word asked about: some tiles, no blanks, no longer than a query takes.
func (ts *TileSet) ParseQueryWord(s string) ([]Tile, error) {
	w, err := ts.ParseWord(s)
	if err != nil {
		return nil, i18n.Wrap(err, "words.bad_word")
	}
	if len(w) == 0 {
		return nil, i18n.E("words.no_tiles", "Input", i18n.Quote(s))
	}
	if err := CheckQueryTiles(w); err != nil {
		return nil, i18n.Wrap(err, "words.word_is", "Input", i18n.Quote(s))
	}
	return w, nil
}

// ParseQueryRack reads a rack asked about ('?' blanks): some tiles, at most MaxRackQuery, no
// more blanks than the tile set has.
func (ts *TileSet) ParseQueryRack(s string) ([]Tile, error) {
	r, err := ts.ParseRack(s)
	if err != nil {
		return nil, i18n.Wrap(err, "words.bad_rack")
	}
	if len(r) == 0 {
		return nil, i18n.E("words.no_tiles", "Input", i18n.Quote(s))
	}
	if len(r) > MaxRackQuery {
		return nil, i18n.E("words.rack_too_long", "Input", i18n.Quote(s), "Tiles", len(r), "Max", MaxRackQuery)
	}
	if err := ts.CheckRack(r); err != nil {
		return nil, i18n.Wrap(err, "words.rack_is", "Input", i18n.Quote(s))
	}
	return r, nil
}

// DisplayWords spells words as scripts and JSON get them, in a form `atril lexicon add` and
// the word commands read back as the same tiles: plain upper case, [C][H] only where C and H
// are separate tiles (see Display).
func (ts *TileSet) DisplayWords(ws [][]Tile) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = ts.Display(w)
	}
	return out
}
