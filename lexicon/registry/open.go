package registry

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/data/defaultlex"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/lexicon"
)

// Open resolves --lexicon in the data directory of the process's environment: a name (the
// embedded default, or a user lexicon added with `atril lexicon add`) or a path to a .kwg file.
// An empty name is the user's chosen default, else the embedded one. See Registry.Open.
func Open(nameOrPath string, tiles *lexicon.TileSet) (*lexicon.Lexicon, error) {
	return New(nil).Open(nameOrPath, tiles)
}

// defaultInfo and defaultGraph decode the embedded default once per process.
var (
	defaultInfo = sync.OnceValues(func() (lexicon.Info, error) {
		var info lexicon.Info
		if err := json.Unmarshal([]byte(defaultlex.InfoJSON), &info); err != nil {
			return info, i18n.Wrap(err, "registry.default_meta")
		}
		info.Embedded = true
		return info, nil
	})
	defaultGraph = sync.OnceValues(loadDefaultGraph)
)

// loadDefaultGraph reads the embedded graph in place (see lexicon.KWGInPlace).
func loadDefaultGraph() (*lexicon.KWG, error) {
	s := defaultlex.KWG
	if len(s) < 8 || len(s)%4 != 0 {
		return nil, i18n.E("registry.default_graph", "Bytes", len(s))
	}
	return lexicon.KWGInPlace(s), nil
}

// DefaultInfo describes the embedded default lexicon.
func DefaultInfo() lexicon.Info {
	info, err := defaultInfo()
	if err != nil {
		panic(err) // the embedded file is checked by tests
	}
	return info
}

// Open resolves --lexicon: "" is the lexicon chosen with `atril lexicon use`, else the embedded
// default; a name (any case) is the embedded default or a user lexicon; a path ending in .kwg
// is read as a graph in the default Spanish tile numbering. The graph is returned under tiles'
// alphabet (see lexicon.Remap).
func (r *Registry) Open(nameOrPath string, tiles *lexicon.TileSet) (*lexicon.Lexicon, error) {
	info, g, err := r.Load(nameOrPath)
	if err != nil {
		return nil, err
	}
	if !numbersAlike(info.Alphabet, tiles) {
		if cached := r.cachedRemap(info, g, tiles); cached != nil {
			return &lexicon.Lexicon{Name: info.Name, Description: info.Description, Tiles: tiles, Graph: cached}, nil
		}
	}
	return withAlphabet(info, g, tiles)
}

// remapCachePath is where graphs renumbered for another alphabet are kept, so that only the first
// run under a new --tiles pays for the rebuild.
func (r *Registry) remapCachePath(info lexicon.Info, tiles *lexicon.TileSet) string {
	if r.Dir == "" || !info.Embedded && info.Added.IsZero() {
		return "" // a .kwg given by path: not ours to cache
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n%s\n%s\n%s\n", info.Name, info.Words, info.Added.Format(time.RFC3339Nano), strings.Join(info.Alphabet, " "), strings.Join(tiles.Labels(), " "))
	if info.Embedded {
		// A new atril may ship a new default under the same name.
		fmt.Fprintf(h, "%08x", crc32.ChecksumIEEE([]byte(defaultlex.KWG)))
	}
	return filepath.Join(r.lexiconDir(), ".remapped", fmt.Sprintf("%s-%x.kwg", info.Name, h.Sum(nil)[:8]))
}

// cachedRemap returns the renumbered graph from the cache, building and storing it when absent;
// nil when there is no cache (the caller then builds it).
func (r *Registry) cachedRemap(info lexicon.Info, g *lexicon.KWG, tiles *lexicon.TileSet) *lexicon.KWG {
	path := r.remapCachePath(info, tiles)
	if path == "" {
		return nil
	}
	// A cache is ours, but a file on disk all the same: a damaged one is rebuilt, never walked.
	if cached, err := lexicon.ReadKWGFile(path); err == nil && cached.Validate(lexicon.Tile(tiles.NumLetters())) == nil {
		return cached
	}
	remapped, err := lexicon.Remap(g, info.Alphabet, tiles)
	if err != nil {
		return nil // withAlphabet reports it
	}
	if os.MkdirAll(filepath.Dir(path), 0o755) == nil {
		writeFileAtomic(path, remapped.Bytes()) // best effort: a cache
	}
	return remapped
}

// numbersAlike reports whether a graph numbered by alphabet reads correctly under tiles: the
// same letters with the same numbers, tiles perhaps adding letters after them (K and W at the
// end, say), which the graph simply never uses.
func numbersAlike(alphabet []string, tiles *lexicon.TileSet) bool {
	labels := tiles.Labels()
	return len(labels) >= len(alphabet) && slices.Equal(alphabet, labels[:len(alphabet)])
}

// Load is Open without the alphabet conversion: the lexicon's metadata and its graph, numbered
// as info.Alphabet says.
func (r *Registry) Load(nameOrPath string) (lexicon.Info, *lexicon.KWG, error) {
	if nameOrPath == "" {
		chosen, err := r.Chosen()
		if err != nil {
			return lexicon.Info{}, nil, err
		}
		if chosen == "" {
			chosen = lexicon.DefaultName
		}
		info, g, err := r.Load(chosen)
		if err != nil && chosen != lexicon.DefaultName {
			return lexicon.Info{}, nil, &ChosenError{Err: err}
		}
		return info, g, err
	}
	if strings.EqualFold(nameOrPath, lexicon.DefaultName) {
		info, err := defaultInfo()
		if err != nil {
			return lexicon.Info{}, nil, err
		}
		g, err := defaultGraph()
		return info, g, err
	}
	if strings.HasSuffix(strings.ToLower(nameOrPath), ".kwg") {
		g, err := lexicon.ReadKWGFile(nameOrPath)
		if err == nil {
			// A graph from outside atril: a cycle would make walks run forever.
			if verr := g.Validate(lexicon.Tile(lexicon.DefaultTileSet().NumLetters())); verr != nil {
				err = i18n.Wrap(verr, "registry.in_file", "File", nameOrPath)
			}
		}
		if err != nil {
			return lexicon.Info{}, nil, i18n.Wrap(textNamedKWG(err, fileHead(nameOrPath)), "registry.open_path")
		}
		name := strings.TrimSuffix(filepath.Base(nameOrPath), filepath.Ext(nameOrPath))
		info := lexicon.Info{Name: name, Description: "word graph " + nameOrPath, Source: nameOrPath, Alphabet: lexicon.DefaultTileSet().Labels()}
		return info, g, nil // Words unknown: counting costs a walk of the graph
	}
	if jsonPath, kwgPath, ok := r.find(nameOrPath); ok {
		info, g, err := loadUser(jsonPath, kwgPath, r.readInfo)
		if err != nil {
			return lexicon.Info{}, nil, &DamagedError{Name: strings.TrimSuffix(filepath.Base(jsonPath), ".json"), Err: err}
		}
		return info, g, nil
	}
	if st, err := os.Stat(nameOrPath); err == nil && !st.IsDir() {
		if !st.Mode().IsRegular() {
			return lexicon.Info{}, nil, fileio.CheckRegular(nameOrPath)
		}
		return lexicon.Info{}, nil, &WordListError{Path: nameOrPath}
	}
	return lexicon.Info{}, nil, r.notFound(nameOrPath)
}

// withAlphabet makes the lexicon for tiles, renumbering the graph when tiles' alphabet is not
// the one it was compiled under.
func withAlphabet(info lexicon.Info, g *lexicon.KWG, tiles *lexicon.TileSet) (*lexicon.Lexicon, error) {
	if !numbersAlike(info.Alphabet, tiles) {
		var err error
		g, err = lexicon.Remap(g, info.Alphabet, tiles)
		if err != nil {
			return nil, i18n.Wrap(err, "registry.under_tiles", "Name", info.Name, "Set", tiles.Name)
		}
	}
	return &lexicon.Lexicon{Name: info.Name, Description: info.Description, Tiles: tiles, Graph: g}, nil
}

// loadUser reads a user lexicon's metadata and graph and proves the graph safe to walk: its
// checksum is the one recorded when it was stored (a fraction of a millisecond: opening stays
// fast), or, for metadata written before checksums, the whole graph is validated under its
// alphabet (tens of milliseconds). A graph that fails either is refused, saying what is wrong
// when Validate can tell.
func loadUser(jsonPath, kwgPath string, readInfo func(string) (lexicon.Info, error)) (lexicon.Info, *lexicon.KWG, error) {
	info, err := readInfo(jsonPath)
	if err != nil {
		return info, nil, err
	}
	g, err := lexicon.ReadKWGFile(kwgPath)
	if err != nil {
		return info, nil, err
	}
	if info.Checksum != "" && g.Checksum() == info.Checksum {
		return info, g, nil
	}
	if err := g.Validate(lexicon.Tile(len(info.Alphabet))); err != nil {
		return info, nil, i18n.Wrap(err, "registry.in_file", "File", kwgPath)
	}
	if info.Checksum != "" {
		return info, nil, i18n.E("registry.changed", "File", kwgPath, "Got", g.Checksum(), "Want", info.Checksum)
	}
	// Metadata from before checksums: the graph is proven sound now, so record its checksum
	// (best effort: a read-only data directory just validates again next time).
	info.Checksum = g.Checksum()
	if meta, err := json.MarshalIndent(info, "", "  "); err == nil {
		writeFileAtomic(jsonPath, append(meta, '\n'))
	}
	return info, g, nil
}
