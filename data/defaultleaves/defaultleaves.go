// Package defaultleaves embeds atril's built-in leave table: the value of every leave of 1 to 6
// tiles of the FISE set, learned from self-play on the default lexicon FISE2-LIBRE by
// stats/leaves/genbuiltin (PROVENANCE.md says how, and what it measured). Only what resolves the
// builtin leave table (stats/leaves) imports this package, so that importing the engine does not
// embed 4.7 MB.
//
// Like all of data/, it imports nothing of atril's.
package defaultleaves

import _ "embed"

// KLV2 is FISE2-LIBRE.klv2, the table in the KLV2 format of wolges and macondo.
//
//go:embed FISE2-LIBRE.klv2
var KLV2 string

// TileSet names the tile set the table was learned for (lexicon.LoadTileSet).
const TileSet = "fise"

// Lexicon names the lexicon it was learned on.
const Lexicon = "FISE2-LIBRE"
