package lexicon

// Lexicon is a named word graph together with the alphabet it was compiled under.
type Lexicon struct {
	Name        string
	Description string
	Tiles       *TileSet // the tile set whose alphabet numbers the graph's tiles
	Graph       *KWG
}

// Contains reports whether the word is valid.
func (l *Lexicon) Contains(word []Tile) bool { return l.Graph.Contains(word) }

// Open resolves --lexicon in the data directory of the process's environment: a name (the
// embedded default, or a user lexicon added with `atril lexicon add`) or a path to a .kwg file.
// An empty name is the user's chosen default, else the embedded one. See Store.Open.
func Open(nameOrPath string, tiles *TileSet) (*Lexicon, error) {
	return NewStore(nil).Open(nameOrPath, tiles)
}
