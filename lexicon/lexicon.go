package lexicon

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Lexicon is a named word graph together with the alphabet it was compiled under.
type Lexicon struct {
	Name        string
	Description string
	Tiles       *TileSet // the tile set whose alphabet numbers the graph's tiles
	Graph       *KWG
}

// Contains reports whether the word is valid.
func (l *Lexicon) Contains(word []Tile) bool { return l.Graph.Contains(word) }

// Open resolves --lexicon: a name (the embedded default, or a user lexicon added with
// `atril lexicon add`) or a path to a .kwg file. An empty name is the user's chosen default.
// The graph is read under tiles' alphabet.
func Open(nameOrPath string, tiles *TileSet) (*Lexicon, error) {
	if strings.HasSuffix(strings.ToLower(nameOrPath), ".kwg") {
		g, err := ReadKWGFile(nameOrPath)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(nameOrPath), filepath.Ext(nameOrPath))
		return &Lexicon{Name: name, Description: "word graph " + nameOrPath, Tiles: tiles, Graph: g}, nil
	}
	if _, err := os.Stat(nameOrPath); err == nil && nameOrPath != "" {
		return nil, fmt.Errorf("lexicon %q: a word list must first be compiled with `atril lexicon add NAME %s`", nameOrPath, nameOrPath)
	}
	return nil, fmt.Errorf("lexicon %q: not found", nameOrPath)
}
