// Package registry is the user's lexicon registry: the lexicons added with `atril lexicon add`
// (lexicons/NAME.kwg and NAME.json in atril's data directory), the one chosen with `atril
// lexicon use` (config.json), the embedded default beside them, and a cache of graphs renumbered
// for other tile sets. It is the only package that embeds the default (data/defaultlex); the
// word-graph code is package lexicon.
//
// Like all of lexicon/, it must not import engine, drills, puzzles, stats, internal/studystore or a
// front end.
package registry

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/atril-scrabble/atril/internal/datadir"
	"github.com/atril-scrabble/atril/internal/fileio"
	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/settings"
	"github.com/atril-scrabble/atril/lexicon"
)

// Registry is the user's data directory: lexicons/NAME.kwg and NAME.json, and config.json with
// the lexicon chosen by `atril lexicon use`. Dir is "" when no directory can be found; the
// embedded default still works then.
type Registry struct {
	Dir string
}

// New is the registry in the data directory that getenv's environment names (see datadir.Dir);
// getenv nil is os.Getenv.
func New(getenv func(string) string) *Registry {
	if getenv == nil {
		getenv = os.Getenv
	}
	return &Registry{Dir: datadir.Dir(getenv)}
}

func (r *Registry) lexiconDir() string { return filepath.Join(r.Dir, "lexicons") }
func (r *Registry) configPath() string { return filepath.Join(r.Dir, "config.json") }

func (r *Registry) needDir() error {
	if r.Dir == "" {
		return i18n.E("registry.no_data_dir")
	}
	return nil
}

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// CheckName says whether name can name a user lexicon.
func CheckName(name string) error {
	if !validName.MatchString(name) || strings.HasSuffix(strings.ToLower(name), ".kwg") {
		return i18n.E("registry.bad_name", "Name", i18n.Quote(name))
	}
	if strings.EqualFold(name, lexicon.DefaultName) {
		return i18n.E("registry.default_name", "Name", i18n.Quote(name))
	}
	return nil
}

// Chosen is the lexicon named by `atril lexicon use`, "" if none.
func (r *Registry) Chosen() (string, error) {
	if r.Dir == "" {
		return "", nil
	}
	cfg, err := r.readConfig()
	if err != nil {
		return "", err
	}
	name, _ := cfg["lexicon"].(string)
	return name, nil
}

// maxJSONBytes bounds a lexicon's metadata file (config.json is read by settings.ReadJSON).
const maxJSONBytes = 1 << 20

func (r *Registry) readConfig() (map[string]any, error) { return settings.ReadJSON(r.configPath()) }

// setConfig sets key in config.json ("" forgets it), as settings.json's keys are set.
func (r *Registry) setConfig(key, value string) error {
	return settings.SetJSON(r.configPath(), key, value)
}

// Use makes name the default lexicon from now on. A lexicon that does not open (a damaged one)
// is refused.
func (r *Registry) Use(name string) (lexicon.Info, error) {
	if err := r.needDir(); err != nil {
		return lexicon.Info{}, err
	}
	if strings.HasSuffix(strings.ToLower(name), ".kwg") {
		return lexicon.Info{}, r.notFound(name)
	}
	info, _, err := r.Load(name)
	if err != nil {
		return lexicon.Info{}, err
	}
	return info, r.setConfig("lexicon", info.Name)
}

// List is every lexicon: the embedded default first, then the user's by name. A user lexicon
// whose files are damaged (metadata that is not JSON, a graph missing, cut short or changed
// since it was added: each graph is read and its checksum compared, a few milliseconds) is left
// out and named in bad, a *DamagedError per lexicon naming the file, so that one bad file never
// hides the others; err is for a data directory that cannot be read at all.
func (r *Registry) List() (list []lexicon.Info, bad []error, err error) {
	out := []lexicon.Info{DefaultInfo()}
	if r.Dir == "" {
		return out, nil, nil
	}
	entries, err := os.ReadDir(r.lexiconDir())
	if errors.Is(err, os.ErrNotExist) {
		return out, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var user []lexicon.Info
	for _, e := range entries {
		base, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		info, _, err := loadUser(filepath.Join(r.lexiconDir(), e.Name()), filepath.Join(r.lexiconDir(), base+".kwg"), r.readInfo)
		if err != nil {
			bad = append(bad, &DamagedError{Name: base, Err: err})
			continue
		}
		user = append(user, info)
	}
	slices.SortFunc(user, func(a, b lexicon.Info) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return append(out, user...), bad, nil
}

func (r *Registry) readInfo(path string) (lexicon.Info, error) {
	var info lexicon.Info
	b, err := fileio.ReadFile(path, maxJSONBytes)
	if err != nil {
		return info, err
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return info, i18n.E("registry.bad_meta", "File", path, "Err", err.Error())
	}
	if info.Name == "" {
		return info, i18n.E("registry.meta_no_name", "File", path)
	}
	if len(info.Alphabet) == 0 || len(info.Alphabet) > lexicon.MaxLetters {
		return info, i18n.E("registry.meta_no_alphabet", "File", path)
	}
	return info, nil
}

// find locates a user lexicon by name, ignoring case: its metadata and graph paths.
func (r *Registry) find(name string) (jsonPath, kwgPath string, ok bool) {
	if r.Dir == "" || !validName.MatchString(name) {
		return "", "", false
	}
	entries, err := os.ReadDir(r.lexiconDir())
	if err != nil {
		return "", "", false
	}
	for _, e := range entries {
		base, isJSON := strings.CutSuffix(e.Name(), ".json")
		if isJSON && strings.EqualFold(base, name) {
			return filepath.Join(r.lexiconDir(), e.Name()), filepath.Join(r.lexiconDir(), base+".kwg"), true
		}
	}
	return "", "", false
}

// Info describes the lexicon called name (the embedded default or a user lexicon).
func (r *Registry) Info(name string) (lexicon.Info, error) {
	if strings.EqualFold(name, lexicon.DefaultName) {
		return DefaultInfo(), nil
	}
	jsonPath, _, ok := r.find(name)
	if !ok {
		return lexicon.Info{}, r.notFound(name)
	}
	info, err := r.readInfo(jsonPath)
	if err != nil {
		return info, &DamagedError{Name: strings.TrimSuffix(filepath.Base(jsonPath), ".json"), Err: err}
	}
	return info, nil
}

func (r *Registry) notFound(name string) error {
	var names []string
	list, _, err := r.List() // damaged lexicons are left out: they cannot be opened either
	if err != nil {
		list = []lexicon.Info{DefaultInfo()}
	}
	for _, info := range list {
		names = append(names, info.Name)
	}
	return &NotFoundError{Name: name, Have: names}
}

// Put stores a compiled lexicon under info.Name; replace allows overwriting one of that name.
// The graph is validated under info.Alphabet (no cycles, no tile past the alphabet) and its
// checksum recorded in the metadata, so that opening it later needs only the checksum.
// `atril lexicon add` goes through Add, which reads and checks the input first.
func (r *Registry) Put(info lexicon.Info, g *lexicon.KWG, replace bool) error {
	if err := r.needDir(); err != nil {
		return err
	}
	if err := CheckName(info.Name); err != nil {
		return err
	}
	if len(info.Alphabet) == 0 || len(info.Alphabet) > lexicon.MaxLetters {
		return i18n.E("registry.put_no_alphabet", "Name", info.Name)
	}
	if err := g.Validate(lexicon.Tile(len(info.Alphabet))); err != nil {
		return err
	}
	info.Checksum = g.Checksum()
	if jsonPath, kwgPath, ok := r.find(info.Name); ok {
		if !replace {
			return &ExistsError{Name: info.Name}
		}
		// A different case of the same name is the same lexicon: remove the old files.
		os.Remove(jsonPath)
		os.Remove(kwgPath)
	}
	if err := os.MkdirAll(r.lexiconDir(), 0o755); err != nil {
		return err
	}
	meta, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	// The graph first: a metadata file is what makes a lexicon visible.
	if err := writeFileAtomic(filepath.Join(r.lexiconDir(), info.Name+".kwg"), g.Bytes()); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(r.lexiconDir(), info.Name+".json"), append(meta, '\n'))
}

// writeFileAtomic writes a whole file or nothing (see fileio.Output), so that an interrupted
// write never leaves a half file under the real name.
func writeFileAtomic(path string, b []byte) error {
	return fileio.WriteFile(path, func(w io.Writer) error { _, err := w.Write(b); return err })
}
