package lexicon

import "time"

// Lexicon is a named word graph together with the alphabet it was compiled under.
type Lexicon struct {
	Name        string
	Description string
	Tiles       *TileSet // the tile set whose alphabet numbers the graph's tiles
	Graph       *KWG

	rankCache rankCache // probability ranks by length under Tiles, built on first use
}

// Contains reports whether the word is valid.
func (l *Lexicon) Contains(word []Tile) bool { return l.Graph.Contains(word) }

// DefaultName is the embedded lexicon's name.
const DefaultName = "FISE2-LIBRE"

// Info describes a compiled lexicon: NAME.json beside NAME.kwg in the lexicon registry, and
// data/defaultlex/FISE2-LIBRE.json for the embedded default.
type Info struct {
	Name        string    `json:"name"`
	Description string    `json:"description,omitempty"`
	Source      string    `json:"source,omitempty"`   // what it was compiled from
	Words       int       `json:"words"`              // words in the graph
	Skipped     int       `json:"skipped,omitempty"`  // source lines that were not words
	Alphabet    []string  `json:"alphabet"`           // tile labels in tile-number order, 1..n
	Added       time.Time `json:"added,omitzero"`     // when `atril lexicon add` compiled it
	Embedded    bool      `json:"embedded,omitempty"` // built into atril
	// Checksum is the graph file's KWG.Checksum when the registry stored it: opening the lexicon
	// compares it instead of validating the whole graph again.
	Checksum string `json:"checksum,omitempty"`
}
