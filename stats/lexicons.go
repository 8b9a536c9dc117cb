package stats

import (
	"github.com/atril-scrabble/atril/lexicon"
	"github.com/atril-scrabble/atril/lexicon/registry"
)

// InstalledLexicons are the Lexicons the answers name, opened from a registry once each; one
// that cannot be opened is nil (its words have no probability rank). The tile set is the
// user's (tiles), or the default one when that cannot be read.
type InstalledLexicons struct {
	tiles func() (*lexicon.TileSet, error)
	reg   *registry.Registry
	ts    *lexicon.TileSet
	lexs  map[string]*lexicon.Lexicon
}

// NewInstalledLexicons opens lexicons from reg under the tile set tiles gives.
func NewInstalledLexicons(tiles func() (*lexicon.TileSet, error), reg *registry.Registry) *InstalledLexicons {
	return &InstalledLexicons{tiles: tiles, reg: reg}
}

// Tiles is the tile set the lexicons are opened under.
func (l *InstalledLexicons) Tiles() *lexicon.TileSet {
	if l.ts == nil {
		ts, err := l.tiles()
		if err != nil {
			ts, _ = lexicon.LoadTileSet("")
		}
		l.ts = ts
	}
	return l.ts
}

// Lexicon is the lexicon called name, nil when it cannot be opened.
func (l *InstalledLexicons) Lexicon(name string) *lexicon.Lexicon {
	if l.lexs == nil {
		l.lexs = map[string]*lexicon.Lexicon{}
	}
	if lex, ok := l.lexs[name]; ok {
		return lex
	}
	lex, err := l.reg.Open(name, l.Tiles())
	if err != nil {
		lex = nil
	}
	l.lexs[name] = lex
	return lex
}
