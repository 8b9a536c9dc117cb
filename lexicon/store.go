package lexicon

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/atril-scrabble/atril/data/defaultlex"
)

// DefaultName is the embedded lexicon's name.
const DefaultName = "FISE2-LIBRE"

// Info describes a compiled lexicon: NAME.json beside NAME.kwg in the user's store, and
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
}

// Store is the user's data directory: lexicons/NAME.kwg and NAME.json, and config.json with
// the lexicon chosen by `atril lexicon use`. Dir is "" when no directory can be found; the
// embedded default still works then.
type Store struct {
	Dir string
}

// DataDir is atril's data directory, for lexicons and the study database: $ATRIL_DATA_DIR,
// else $XDG_DATA_HOME/atril, else ~/.local/share/atril; "" when none of these is set. Home is
// $HOME, else the variable os.UserHomeDir reads on systems without HOME (USERPROFILE on
// Windows), but always through getenv so that an injected environment is the whole truth.
func DataDir(getenv func(string) string) string {
	if d := getenv("ATRIL_DATA_DIR"); d != "" {
		return d
	}
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "atril")
	}
	if h := homeDir(getenv); h != "" {
		return filepath.Join(h, ".local", "share", "atril")
	}
	return ""
}

func homeDir(getenv func(string) string) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	switch runtime.GOOS {
	case "windows":
		return getenv("USERPROFILE")
	case "plan9":
		return getenv("home")
	}
	return ""
}

// NewStore is the store in the data directory that getenv's environment names.
func NewStore(getenv func(string) string) *Store {
	if getenv == nil {
		getenv = os.Getenv
	}
	return &Store{Dir: DataDir(getenv)}
}

func (s *Store) lexiconDir() string { return filepath.Join(s.Dir, "lexicons") }
func (s *Store) configPath() string { return filepath.Join(s.Dir, "config.json") }

func (s *Store) needDir() error {
	if s.Dir == "" {
		return errors.New("no data directory: set ATRIL_DATA_DIR (or HOME or XDG_DATA_HOME)")
	}
	return nil
}

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// CheckName says whether name can name a user lexicon.
func CheckName(name string) error {
	if !validName.MatchString(name) || strings.HasSuffix(strings.ToLower(name), ".kwg") {
		return fmt.Errorf("lexicon name %q: use 1 to 64 letters, digits, '.', '-' or '_' (not a path, no .kwg), e.g. FILE2017", name)
	}
	if strings.EqualFold(name, DefaultName) {
		return fmt.Errorf("lexicon name %q is the embedded default's; choose another", name)
	}
	return nil
}

// defaultInfo and defaultGraph decode the embedded default once per process.
var (
	defaultInfo = sync.OnceValues(func() (Info, error) {
		var info Info
		if err := json.Unmarshal([]byte(defaultlex.InfoJSON), &info); err != nil {
			return info, fmt.Errorf("embedded default lexicon metadata: %w", err)
		}
		info.Embedded = true
		return info, nil
	})
	defaultGraph = sync.OnceValues(loadDefaultGraph)
)

// loadDefaultGraph reads the embedded graph in place (see kwgInPlace).
func loadDefaultGraph() (*KWG, error) {
	s := defaultlex.KWG
	if len(s) < 8 || len(s)%4 != 0 {
		return nil, fmt.Errorf("embedded default lexicon is not a word graph (%d bytes): run `go generate ./data/defaultlex`", len(s))
	}
	return kwgInPlace(s), nil
}

// DefaultInfo describes the embedded default lexicon.
func DefaultInfo() Info {
	info, err := defaultInfo()
	if err != nil {
		panic(err) // the embedded file is checked by tests
	}
	return info
}

// Chosen is the lexicon named by `atril lexicon use`, "" if none.
func (s *Store) Chosen() (string, error) {
	if s.Dir == "" {
		return "", nil
	}
	cfg, err := s.readConfig()
	if err != nil {
		return "", err
	}
	name, _ := cfg["lexicon"].(string)
	return name, nil
}

func (s *Store) readConfig() (map[string]any, error) {
	b, err := os.ReadFile(s.configPath())
	if errors.Is(err, os.ErrNotExist) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, err
	}
	cfg := map[string]any{}
	if err := json.Unmarshal(b, &cfg); err != nil {
		return nil, fmt.Errorf("%s: not valid JSON (%v); fix or delete it", s.configPath(), err)
	}
	return cfg, nil
}

// Use makes name the default lexicon from now on.
func (s *Store) Use(name string) (Info, error) {
	if err := s.needDir(); err != nil {
		return Info{}, err
	}
	info, err := s.Info(name)
	if err != nil {
		return Info{}, err
	}
	cfg, err := s.readConfig()
	if err != nil {
		return Info{}, err
	}
	cfg["lexicon"] = info.Name
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return Info{}, err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return Info{}, err
	}
	return info, writeFileAtomic(s.configPath(), append(b, '\n'))
}

// List is every lexicon: the embedded default first, then the user's by name. A user lexicon
// whose files are damaged (metadata that is not JSON, a graph missing or cut short) is left out
// and named in bad, one error per lexicon naming the file, so that one bad file never hides the
// others; err is for a data directory that cannot be read at all.
func (s *Store) List() (list []Info, bad []error, err error) {
	out := []Info{DefaultInfo()}
	if s.Dir == "" {
		return out, nil, nil
	}
	entries, err := os.ReadDir(s.lexiconDir())
	if errors.Is(err, os.ErrNotExist) {
		return out, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var user []Info
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		info, err := s.readInfo(filepath.Join(s.lexiconDir(), e.Name()))
		if err == nil {
			err = checkGraphFile(filepath.Join(s.lexiconDir(), base+".kwg"))
		}
		if err != nil {
			bad = append(bad, fmt.Errorf("%w (add it again with `atril lexicon add --force %s FILE`, or delete it)", err, base))
			continue
		}
		user = append(user, info)
	}
	slices.SortFunc(user, func(a, b Info) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return append(out, user...), bad, nil
}

// checkGraphFile is the cheap part of reading a graph: it exists and its size is whole nodes.
// Listing must not read every graph.
func checkGraphFile(path string) error {
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("%s: the word graph is missing", path)
	}
	if st.Size() < 8 || st.Size()%4 != 0 {
		return fmt.Errorf("%s: not a word graph (%d bytes, expected a multiple of 4)", path, st.Size())
	}
	return nil
}

func (s *Store) readInfo(path string) (Info, error) {
	var info Info
	b, err := os.ReadFile(path)
	if err != nil {
		return info, err
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return info, fmt.Errorf("%s: not valid lexicon metadata (%v)", path, err)
	}
	if info.Name == "" {
		return info, fmt.Errorf("%s: not valid lexicon metadata (no name)", path)
	}
	return info, nil
}

// find locates a user lexicon by name, ignoring case: its metadata and graph paths.
func (s *Store) find(name string) (jsonPath, kwgPath string, ok bool) {
	if s.Dir == "" || !validName.MatchString(name) {
		return "", "", false
	}
	entries, err := os.ReadDir(s.lexiconDir())
	if err != nil {
		return "", "", false
	}
	for _, e := range entries {
		base, isJSON := strings.CutSuffix(e.Name(), ".json")
		if isJSON && strings.EqualFold(base, name) {
			return filepath.Join(s.lexiconDir(), e.Name()), filepath.Join(s.lexiconDir(), base+".kwg"), true
		}
	}
	return "", "", false
}

// Info describes the lexicon called name (the embedded default or a user lexicon).
func (s *Store) Info(name string) (Info, error) {
	if strings.EqualFold(name, DefaultName) {
		return DefaultInfo(), nil
	}
	jsonPath, _, ok := s.find(name)
	if !ok {
		return Info{}, s.notFound(name)
	}
	return s.readInfo(jsonPath)
}

func (s *Store) notFound(name string) error {
	var names []string
	list, _, err := s.List() // damaged lexicons are left out: they cannot be opened either
	if err != nil {
		list = []Info{DefaultInfo()}
	}
	for _, info := range list {
		names = append(names, info.Name)
	}
	return fmt.Errorf("lexicon %q: not found (have: %s; add one with `atril lexicon add NAME FILE`, or give a path to a .kwg)", name, strings.Join(names, ", "))
}

// Put stores a compiled lexicon under info.Name; replace allows overwriting one of that name.
// `atril lexicon add` goes through Add, which reads and checks the input first.
func (s *Store) Put(info Info, g *KWG, replace bool) error {
	if err := s.needDir(); err != nil {
		return err
	}
	if err := CheckName(info.Name); err != nil {
		return err
	}
	if jsonPath, kwgPath, ok := s.find(info.Name); ok {
		if !replace {
			return fmt.Errorf("lexicon %q already exists (use --force to replace it)", info.Name)
		}
		// A different case of the same name is the same lexicon: remove the old files.
		os.Remove(jsonPath)
		os.Remove(kwgPath)
	}
	if err := os.MkdirAll(s.lexiconDir(), 0o755); err != nil {
		return err
	}
	meta, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	// The graph first: a metadata file is what makes a lexicon visible.
	if err := writeFileAtomic(filepath.Join(s.lexiconDir(), info.Name+".kwg"), g.Bytes()); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(s.lexiconDir(), info.Name+".json"), append(meta, '\n'))
}

// writeFileAtomic writes through a temporary file and a rename, so that an interrupted write
// never leaves a half file under the real name.
func writeFileAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o644) // CreateTemp makes 0600; these are ordinary data files
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Open resolves --lexicon: "" is the lexicon chosen with `atril lexicon use`, else the embedded
// default; a name (any case) is the embedded default or a user lexicon; a path ending in .kwg
// is read as a graph in the default Spanish tile numbering. The graph is returned under tiles'
// alphabet (see Remap).
func (s *Store) Open(nameOrPath string, tiles *TileSet) (*Lexicon, error) {
	info, g, err := s.Load(nameOrPath)
	if err != nil {
		return nil, err
	}
	if !numbersAlike(info.Alphabet, tiles) {
		if cached := s.cachedRemap(info, g, tiles); cached != nil {
			return &Lexicon{Name: info.Name, Description: info.Description, Tiles: tiles, Graph: cached}, nil
		}
	}
	return withAlphabet(info, g, tiles)
}

// remapCachePath is where graphs renumbered for another alphabet are kept, so that only the first
// run under a new --tiles pays for the rebuild.
func (s *Store) remapCachePath(info Info, tiles *TileSet) string {
	if s.Dir == "" || !info.Embedded && info.Added.IsZero() {
		return "" // a .kwg given by path: not ours to cache
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n%s\n%s\n%s\n", info.Name, info.Words, info.Added.Format(time.RFC3339Nano), strings.Join(info.Alphabet, " "), strings.Join(tiles.Labels(), " "))
	if info.Embedded {
		// A new atril may ship a new default under the same name.
		fmt.Fprintf(h, "%08x", crc32.ChecksumIEEE([]byte(defaultlex.KWG)))
	}
	return filepath.Join(s.lexiconDir(), ".remapped", fmt.Sprintf("%s-%x.kwg", info.Name, h.Sum(nil)[:8]))
}

// cachedRemap returns the renumbered graph from the cache, building and storing it when absent;
// nil when there is no cache (the caller then builds it).
func (s *Store) cachedRemap(info Info, g *KWG, tiles *TileSet) *KWG {
	path := s.remapCachePath(info, tiles)
	if path == "" {
		return nil
	}
	if cached, err := readKWGFileDirect(path); err == nil {
		return cached
	}
	remapped, err := Remap(g, info.Alphabet, tiles)
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
func numbersAlike(alphabet []string, tiles *TileSet) bool {
	labels := tiles.Labels()
	return len(labels) >= len(alphabet) && slices.Equal(alphabet, labels[:len(alphabet)])
}

// Load is Open without the alphabet conversion: the lexicon's metadata and its graph, numbered
// as info.Alphabet says.
func (s *Store) Load(nameOrPath string) (Info, *KWG, error) {
	if nameOrPath == "" {
		chosen, err := s.Chosen()
		if err != nil {
			return Info{}, nil, err
		}
		if chosen == "" {
			chosen = DefaultName
		}
		info, g, err := s.Load(chosen)
		if err != nil && chosen != DefaultName {
			return Info{}, nil, fmt.Errorf("%w (it was chosen with `atril lexicon use`; choose another)", err)
		}
		return info, g, err
	}
	if strings.EqualFold(nameOrPath, DefaultName) {
		info, err := defaultInfo()
		if err != nil {
			return Info{}, nil, err
		}
		g, err := defaultGraph()
		return info, g, err
	}
	if strings.HasSuffix(strings.ToLower(nameOrPath), ".kwg") {
		g, err := readKWGFileDirect(nameOrPath)
		if err == nil {
			// A graph from outside atril: a cycle would make walks run forever.
			if verr := g.Validate(Tile(DefaultTileSet().NumLetters())); verr != nil {
				err = fmt.Errorf("%s: %w", nameOrPath, verr)
			}
		}
		if err != nil {
			return Info{}, nil, fmt.Errorf("lexicon: %w", err)
		}
		name := strings.TrimSuffix(filepath.Base(nameOrPath), filepath.Ext(nameOrPath))
		info := Info{Name: name, Description: "word graph " + nameOrPath, Source: nameOrPath, Alphabet: DefaultTileSet().Labels()}
		return info, g, nil // Words unknown: counting costs a walk of the graph
	}
	if jsonPath, kwgPath, ok := s.find(nameOrPath); ok {
		info, err := s.readInfo(jsonPath)
		if err != nil {
			return Info{}, nil, err
		}
		g, err := readKWGFileDirect(kwgPath)
		if err != nil {
			return Info{}, nil, fmt.Errorf("lexicon %s: %w (add it again with `atril lexicon add --force`)", info.Name, err)
		}
		return info, g, nil
	}
	if st, err := os.Stat(nameOrPath); err == nil && !st.IsDir() {
		return Info{}, nil, fmt.Errorf("lexicon %q: a word list must first be compiled: `atril lexicon add NAME %s`, then `--lexicon NAME`", nameOrPath, nameOrPath)
	}
	return Info{}, nil, s.notFound(nameOrPath)
}

// withAlphabet makes the lexicon for tiles, renumbering the graph when tiles' alphabet is not
// the one it was compiled under.
func withAlphabet(info Info, g *KWG, tiles *TileSet) (*Lexicon, error) {
	if !numbersAlike(info.Alphabet, tiles) {
		var err error
		g, err = Remap(g, info.Alphabet, tiles)
		if err != nil {
			return nil, fmt.Errorf("lexicon %s under tile set %s: %w", info.Name, tiles.Name, err)
		}
	}
	return &Lexicon{Name: info.Name, Description: info.Description, Tiles: tiles, Graph: g}, nil
}

// Remap rebuilds a graph whose tiles number the labels of alphabet (tile i = alphabet[i-1])
// under tiles' numbering. A digraph the new set lacks becomes its letters (CH → C H) when the
// set has them; a letter it lacks altogether is an error, since dropping the words that use it
// would make valid words look invalid.
func Remap(g *KWG, alphabet []string, tiles *TileSet) (*KWG, error) {
	mapping := make([][]Tile, len(alphabet)+1)
	for i, label := range alphabet {
		if t, ok := tiles.Tile(label); ok && t != Blank {
			mapping[i+1] = []Tile{t}
			continue
		}
		if split, err := tiles.ParseWord(label); err == nil && len(split) > 1 {
			mapping[i+1] = split
		}
	}
	var words [][]Tile
	missing := map[string]bool{}
	var buf []Tile
	g.Walk(func(w []Tile) bool {
		buf = buf[:0]
		for _, t := range w {
			if int(t) >= len(mapping) || mapping[t] == nil {
				if int(t) < len(mapping) {
					missing[alphabet[t-1]] = true
				} else {
					missing[fmt.Sprintf("<tile %d>", t)] = true
				}
				return true
			}
			buf = append(buf, mapping[t]...)
		}
		words = append(words, slices.Clone(buf))
		return true
	})
	if len(missing) > 0 {
		labels := make([]string, 0, len(missing))
		for l := range missing {
			labels = append(labels, l)
		}
		slices.Sort(labels)
		return nil, fmt.Errorf("its words use %s, which the tile set does not have (tile set letters: %s)", strings.Join(labels, " "), strings.Join(tiles.Labels(), " "))
	}
	return BuildKWG(words)
}

// CountByLength counts a graph's words by length in tiles (index = length).
func CountByLength(g *KWG) []int {
	counts := make([]int, MaxWordTiles+1)
	g.Walk(func(w []Tile) bool {
		for len(w) >= len(counts) {
			counts = append(counts, 0)
		}
		counts[len(w)]++
		return true
	})
	return counts
}
